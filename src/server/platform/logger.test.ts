import { describe, expect, it } from 'vitest';
import { prettyLine } from './logger';

const line = (event: Record<string, unknown>) =>
  JSON.stringify({ time: '2026-11-23T16:30:23.456Z', level: 30, ...event });

describe('pretty development logs', () => {
  it('shows a request as one short line', () => {
    expect(
      prettyLine(line({ reqId: 'r1', method: 'GET', path: '/cart', status: 200, ms: 3.2, msg: 'request' })),
    ).toBe('16:30:23 info  GET /cart 200 3.2ms\n');
  });

  it('puts an email’s links on lines of their own, where they are easy to find', () => {
    const text = prettyLine(
      line({
        msg: 'email to a@b.ng "Confirm your account" kept in the mailbox (http://localhost:3000/dev/mailbox)',
        emailId: 'e1',
        to: 'a@b.ng',
        links: ['http://localhost:3000/auth/confirm?token=abc'],
      }),
    );
    expect(text).toBe(
      '16:30:23 info  email to a@b.ng "Confirm your account" kept in the mailbox (http://localhost:3000/dev/mailbox)\n' +
        '           → http://localhost:3000/auth/confirm?token=abc\n',
    );
  });

  it('keeps the detail of warnings and the stack of errors', () => {
    const text = prettyLine(
      JSON.stringify({
        time: '2026-11-23T16:30:23.456Z',
        level: 50,
        msg: 'unhandled error',
        reqId: 'r9',
        err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' },
      }),
    );
    expect(text).toBe(
      '16:30:23 ERROR unhandled error  reqId=r9\n           Error: boom\n               at x (y.ts:1:1)\n',
    );
  });

  it('passes anything that is not a JSON line through', () => {
    expect(prettyLine('plain\n')).toBe('plain\n');
  });
});
