import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-log';

function logger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { root: pino({ level: 'info', base: undefined }, sink), lines };
}

describe('requestLogger', () => {
  it('writes lines carrying the request id, through a child made at the first use only', () => {
    const { root, lines } = logger();
    const child = vi.spyOn(root, 'child');
    const log = requestLogger(root, 'req-1');
    expect(child).not.toHaveBeenCalled();
    log.error({ code: 'x' }, 'failed');
    log.info('again');
    log.debug('not at this level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, msg, code }) => ({ reqId, msg, code }))).toEqual([
      { reqId: 'req-1', msg: 'failed', code: 'x' },
      { reqId: 'req-1', msg: 'again', code: undefined },
    ]);
  });

  it('changes only its own level, never the shop’s logger', () => {
    const { root } = logger();
    const log = requestLogger(root, 'req-2');
    log.level = 'error';
    expect(log.level).toBe('error');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(root.level).toBe('info');
  });
});
