import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { EnvError, loadEnv } from '../../platform/env';
import { addressKey, TrustedProxies } from '../../platform/http/client-ip';
import {
  backoffMs,
  LIMITS_BY_ACTION,
  pruneRateLimits,
  RATE_LIMIT_KEEP_MS,
  SIGN_IN_BACKOFF,
} from './rate-limit';

/**
 * Issue 11, finding 9: wrong passwords slow the guesser down instead of locking the owner out;
 * X-Forwarded-For counts only from TRUSTED_PROXIES; forgot-password does the same work whether or
 * not the account exists. Finding 10: the counters are pruned.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUSTED_PROXIES: '10.9.0.0/16' });
});
afterAll(() => t.close());

const TOO_MANY = {
  error: { code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.' },
};

/** A request arriving on a socket from `peer` (the in-process test app has no socket otherwise). */
async function signInFrom(peer: string, body: { email: string; password: string }, forwardedFor?: string) {
  const headers = new Headers({ 'content-type': 'application/json', origin: 'http://localhost:3000' });
  if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
  const response = await t.app.request(
    'http://localhost:3000/api/auth/sign-in',
    { method: 'POST', headers, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: peer } } },
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Moves a pair's last failure `ms` into the past, as if the attacker had waited. */
async function wait(email: string, ip: string, ms: number) {
  await t.database.sql.query('UPDATE rate_limits SET last_request = last_request - $2 WHERE key = $1', [
    `sign-in:pair:${email}|${ip}`,
    ms,
  ]);
}

describe('sign-in back-off', () => {
  it('doubles the wait after a few failures, at most 15 minutes', () => {
    expect([0, 4].map(backoffMs)).toEqual([0, 0]);
    expect([5, 6, 7, 8].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(50)).toBe(15 * 60_000);
    expect(backoffMs(10_000)).toBe(15 * 60_000);
  });

  it('slows the guessing address down while the owner signs in from elsewhere', async () => {
    const user = await createUser(t);
    const attacker = '198.51.100.66';
    for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures; i++) {
      expect((await signInFrom(attacker, { email: user.email, password: `wrong-${i}` })).status).toBe(401);
    }
    // At once again: refused, even with the right password (the guesser learns nothing).
    const refused = await signInFrom(attacker, { email: user.email, password: user.password });
    expect(refused).toEqual({ status: 429, body: TOO_MANY });
    // The owner, from their own address, is not locked out.
    expect((await signInFrom('198.51.100.7', { email: user.email, password: user.password })).status).toBe(
      200,
    );

    // After the 1 s wait, one more guess; then 2 s, then 4 s…
    await wait(user.email, attacker, 1000);
    expect((await signInFrom(attacker, { email: user.email, password: 'wrong' })).status).toBe(401);
    expect((await signInFrom(attacker, { email: user.email, password: 'wrong' })).status).toBe(429);
    await wait(user.email, attacker, 1500);
    expect((await signInFrom(attacker, { email: user.email, password: 'wrong' })).status).toBe(429);
    await wait(user.email, attacker, 500);
    expect((await signInFrom(attacker, { email: user.email, password: 'wrong' })).status).toBe(401);

    // An unknown account is slowed down the same way: the answers say nothing about existence.
    for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures; i++) {
      await signInFrom(attacker, { email: 'ghost@example.ng', password: 'wrong' });
    }
    expect(await signInFrom(attacker, { email: 'ghost@example.ng', password: 'x' })).toEqual(refused);
  });

  it('a success clears the pair', async () => {
    const user = await createUser(t);
    const ip = '198.51.100.67';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures - 1; i++) {
        expect((await signInFrom(ip, { email: user.email, password: 'wrong' })).status).toBe(401);
      }
      expect((await signInFrom(ip, { email: user.email, password: user.password })).status).toBe(200);
    }
  });

  it('many addresses guessing one account cannot lock its owner out', async () => {
    const user = await createUser(t);
    for (let n = 1; n <= 4; n++) {
      for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures + 1; i++) {
        await signInFrom(`203.0.113.${n}`, { email: user.email, password: 'wrong' });
      }
    }
    expect((await signInFrom('198.51.100.8', { email: user.email, password: user.password })).status).toBe(
      200,
    );
  });
});

describe('parallel guesses', () => {
  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((count, { status }) => {
      count[status] = (count[status] ?? 0) + 1;
      return count;
    }, {});

  it('30 wrong passwords at once on one account: only the free attempts reach the password check', async () => {
    const user = await createUser(t);
    const attacker = '198.51.100.140';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInFrom(attacker, { email: user.email, password: `wrong-${i}` }),
      ),
    );
    // Before: every one of them was checked (each passed the limits before any failure was counted).
    expect(statuses(answers)).toEqual({
      401: SIGN_IN_BACKOFF.freeFailures,
      429: 30 - SIGN_IN_BACKOFF.freeFailures,
    });
    for (const answer of answers.filter((a) => a.status === 429)) expect(answer.body).toEqual(TOO_MANY);
    // Each checked guess is counted: the pair waits out the back-off of 5 failures.
    const [pair] = await t.database.sql.query<{ count: number }>(
      'SELECT count FROM rate_limits WHERE key = $1',
      [`sign-in:pair:${user.email}|${attacker}`],
    );
    expect(pair?.count).toBe(SIGN_IN_BACKOFF.freeFailures);
    // Meanwhile the owner, from their own address, signs in.
    expect((await signInFrom('198.51.100.141', { email: user.email, password: user.password })).status).toBe(
      200,
    );
  });

  it('a burst across many accounts from one address stops at the cap per address', async () => {
    const { max } = LIMITS_BY_ACTION.signInPerIp;
    const sprayer = '198.51.100.142';
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        signInFrom(sprayer, { email: `burst-${i}@example.ng`, password: 'wrong' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: max, 429: 10 });
  });

  it('sign-ins that succeed do not use up the address’s attempts', async () => {
    const user = await createUser(t);
    const office = '198.51.100.143';
    const { max } = LIMITS_BY_ACTION.signInPerIp;
    for (let i = 0; i < max - 1; i++) {
      expect((await signInFrom(office, { email: `typo-${i}@example.ng`, password: 'wrong' })).status).toBe(
        401,
      );
    }
    for (let i = 0; i < 3; i++) {
      expect((await signInFrom(office, { email: user.email, password: user.password })).status).toBe(200);
    }
    expect((await signInFrom(office, { email: 'typo-last@example.ng', password: 'wrong' })).status).toBe(401);
    expect((await signInFrom(office, { email: 'typo-over@example.ng', password: 'wrong' })).status).toBe(429);
  });
});

describe('IPv6 addresses', () => {
  it('count by their /64: the block one home or phone is given', () => {
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:2:3::192.0.2.1')).toBe('2001:db8:1:2::/64');
    // IPv4, also when it arrives on a dual-stack socket, counts by itself.
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('a guesser moving through one /64 stays slowed down; another /64 is someone else', async () => {
    const user = await createUser(t);
    for (let i = 1; i <= SIGN_IN_BACKOFF.freeFailures; i++) {
      const from = `2001:db8:77:1::${i.toString(16)}`;
      expect((await signInFrom(from, { email: user.email, password: 'wrong' })).status).toBe(401);
    }
    expect(await signInFrom('2001:db8:77:1:ffff::9', { email: user.email, password: user.password })).toEqual(
      {
        status: 429,
        body: TOO_MANY,
      },
    );
    expect(
      (await signInFrom('2001:db8:77:2::1', { email: user.email, password: user.password })).status,
    ).toBe(200);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored from a peer that is not a trusted proxy, private or not', async () => {
    // Before: any private or loopback peer was believed, so a client on the same network could
    // name a new address for every guess. 30 failed sign-ins per address, whatever it claims.
    const peer = '10.1.2.3';
    for (let i = 0; i < 30; i++) {
      const response = await signInFrom(
        peer,
        { email: `spray-${i}@example.ng`, password: 'wrong' },
        `192.0.2.${i}`,
      );
      expect(response.status).toBe(401);
    }
    const blocked = await signInFrom(peer, { email: 'spray-x@example.ng', password: 'wrong' }, '192.0.2.250');
    expect(blocked.status).toBe(429);
  });

  it('from a trusted proxy, names the client', async () => {
    const user = await createUser(t);
    const proxy = '10.9.0.1';
    for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures; i++) {
      await signInFrom(proxy, { email: user.email, password: 'wrong' }, '198.51.100.90');
    }
    expect(
      (await signInFrom(proxy, { email: user.email, password: user.password }, '198.51.100.90')).status,
    ).toBe(429);
    // Another client behind the same proxy is someone else.
    expect(
      (await signInFrom(proxy, { email: user.email, password: user.password }, '198.51.100.91')).status,
    ).toBe(200);
  });

  it('is read from the right, skipping trusted proxies only', () => {
    const proxies = new TrustedProxies(['10.9.0.0/16', '192.168.1.10', 'fd00::/8']);
    expect(proxies.clientIp('203.0.113.5', '1.2.3.4')).toBe('203.0.113.5');
    expect(proxies.clientIp('127.0.0.1', '1.2.3.4')).toBe('127.0.0.1');
    expect(proxies.clientIp('10.9.3.4', '1.2.3.4')).toBe('1.2.3.4');
    expect(proxies.clientIp('::ffff:10.9.3.4', 'spoofed, 1.2.3.4')).toBe('1.2.3.4');
    expect(proxies.clientIp('10.9.3.4', '6.6.6.6, 1.2.3.4, 192.168.1.10')).toBe('1.2.3.4');
    expect(proxies.clientIp('fd00::1', '2001:db8::7')).toBe('2001:db8::7');
    expect(proxies.clientIp('10.9.3.4', undefined)).toBe('10.9.3.4');
    expect(proxies.clientIp('10.9.3.4', 'not-an-ip')).toBe('10.9.3.4');
    expect(new TrustedProxies([]).clientIp('10.0.0.1', '1.2.3.4')).toBe('10.0.0.1');
    // In-process calls (page rendering, tests) have no socket: the header is our own.
    expect(new TrustedProxies([]).clientIp(undefined, '1.2.3.4')).toBe('1.2.3.4');
  });

  it('TRUSTED_PROXIES takes IPs and CIDR ranges only', () => {
    expect(loadEnv({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1' }).trustedProxies).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
    ]);
    expect(loadEnv({ TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3']) {
      expect(() => loadEnv({ TRUSTED_PROXIES: bad })).toThrow(EnvError);
    }
  });
});

describe('forgot-password', () => {
  // Its own app with the job workers off: a worker running the first request's job while the
  // second is counted would count the worker's work, not the request's.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({}, { startJobs: false });
  });
  afterAll(() => quiet.close());

  it('does the same work whether or not the account exists: one queued job, no email built', async () => {
    const user = await createUser(quiet);
    const counted = async (email: string, ip: string) => {
      const sql = quiet.database.sql;
      const original = sql.query.bind(sql);
      const statements: string[] = [];
      sql.query = ((text: string, params?: unknown[]) => {
        statements.push(text.replace(/\s+/g, ' ').trim());
        return original(text, params as never);
      }) as typeof sql.query;
      try {
        const response = await quiet.request('/api/auth/forgot-password', {
          method: 'POST',
          json: { email },
          headers: { 'x-forwarded-for': ip },
        });
        expect(response.status).toBe(200);
        return statements;
      } finally {
        sql.query = original as typeof sql.query;
      }
    };
    const known = await counted(user.email, '198.51.100.30');
    const unknown = await counted('nobody-here@example.ng', '198.51.100.31');
    expect(known).toEqual(unknown);
    expect(known.length).toBeGreaterThan(0);
    expect(known.join('\n')).not.toMatch(/FROM users|INSERT INTO emails/i);
  });
});

describe('the rate-limit table', () => {
  it('is pruned of counters older than every window', async () => {
    const now = Date.now();
    await t.database.sql.query(
      `INSERT INTO rate_limits (key, count, last_request) VALUES ('old:1', 3, $1), ('fresh:1', 3, $2)`,
      [now - RATE_LIMIT_KEEP_MS - 1, now - 60_000],
    );
    expect(await pruneRateLimits(t.deps, now)).toBeGreaterThanOrEqual(1);
    const keys = (
      await t.database.sql.query<{ key: string }>("SELECT key FROM rate_limits WHERE key LIKE '%:1'")
    ).map((row) => row.key);
    expect(keys).toEqual(['fresh:1']);
  });
});
