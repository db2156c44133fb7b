import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, lastEmailTo } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let rejectNext = false;

// A real SMTP server on a free local port: the shop's only outside party in this file.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (rejectNext) {
      rejectNext = false;
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return callback(error);
    }
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      raw += chunk;
    });
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      callback();
    });
  },
});

/** The raw message with quoted-printable soft line breaks and escapes undone, so links read whole. */
function decodeQuotedPrintable(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return decoded;
}

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email through SMTP', () => {
  it('delivers the confirmation email, whose link confirms the account', async () => {
    const response = await t.request('/api/auth/register', {
      method: 'POST',
      json: {
        firstName: 'Tunde',
        lastName: 'Bakare',
        email: 'tunde@example.ng',
        password: 'secret12',
        confirmPassword: 'secret12',
      },
    });
    expect(response.status).toBe(201);
    await t.jobsIdle();

    const message = received.find((m) => m.to.includes('tunde@example.ng'));
    expect(message).toBeDefined();
    expect(message!.from).toBe('support@naijastreet.ng');
    expect(message!.raw).toMatch(/^Subject: Confirm your Naija Street account/m);
    expect(message!.raw).toMatch(/multipart\/alternative/);
    const link = decodeQuotedPrintable(message!.raw).match(
      /http:\/\/localhost:3000\/auth\/confirm\?token_hash=[^\s"<&]+&type=signup/,
    )?.[0];
    expect(link).toBeDefined();

    const recorded = await lastEmailTo(t, 'tunde@example.ng', 'confirm_email');
    expect(recorded?.status).toBe('sent');

    const url = new URL(link!);
    const confirm = await t.request('/api/auth/confirm', {
      method: 'POST',
      json: { token_hash: url.searchParams.get('token_hash'), type: url.searchParams.get('type') },
    });
    expect(confirm.status).toBe(200);
    // Confirmed, not signed in: whoever opens the link still needs the password.
    expect(confirm.body).toMatchObject({ signedIn: false });
    const [row] = await t.database.sql.query<{ email_verified: boolean }>(
      `SELECT email_verified FROM users WHERE email = 'tunde@example.ng'`,
    );
    expect(row!.email_verified).toBe(true);
  });

  it('records a refused delivery as failed with the reason, and the request still succeeds', async () => {
    const user = await createUser(t);
    rejectNext = true;
    const response = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: user.email },
    });
    expect(response.status).toBe(200);
    const recorded = await lastEmailTo(t, user.email, 'password_reset');
    expect(recorded?.status).toBe('failed');
    const [row] = await t.database.sql.query<{ error: string }>(
      `SELECT error FROM emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
      [user.email],
    );
    expect(row!.error).toMatch(/550|Mailbox unavailable/);
  });
});
