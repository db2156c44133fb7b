import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, lastEmailTo, signIn } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let logs = '';
beforeAll(async () => {
  t = await createTestApp();
  // Everything the server logs in this file, at the most verbose level, to look for passwords.
  t.deps.logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    }),
  );
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const post = (
  path: string,
  json: unknown,
  extra: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.request(path, {
    method: 'POST',
    json,
    cookie: extra.cookie,
    headers: { 'x-forwarded-for': extra.ip ?? freshIp(), ...extra.headers },
  });
const TOO_MANY = {
  error: { code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.' },
};

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, path /, not Secure on http', async () => {
    const user = await createUser(t);
    const response = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    const line = response.headers.getSetCookie().find((l) => l.startsWith('naija.session_token='))!;
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure (with the __Secure- prefix) when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://shop.example.ng' });
    try {
      const user = await createUser(secure);
      const response = await secure.request('/api/auth/sign-in', {
        method: 'POST',
        json: { email: user.email, password: user.password },
        headers: { origin: 'https://shop.example.ng' },
      });
      expect(response.status).toBe(200);
      const line = response.headers.getSetCookie().find((l) => l.includes('session_token='))!;
      expect(line.startsWith('__Secure-naija.session_token=')).toBe(true);
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*HttpOnly/i);
      const cookie = line.split(';')[0]!;
      expect((await secure.request('/api/auth/session', { cookie })).body).toMatchObject({
        user: { id: user.id },
      });
    } finally {
      await secure.close();
    }
  });

  it('gets a new token at every sign-in, even when an old cookie is presented', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user.email, user.password);
    const response = await post(
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { cookie: first },
    );
    const second = response.headers
      .getSetCookie()
      .map((l) => l.split(';')[0]!)
      .find((p) => p.startsWith('naija.session_token='))!;
    expect(second).toBeDefined();
    const token = (pair: string) => pair.slice(pair.indexOf('=') + 1).split('.')[0];
    expect(token(second)).toHaveLength(32);
    expect(token(second)).not.toBe(token(first));
    const rows = await t.database.sql.query<{ token: string }>(
      'SELECT token FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(rows.map((r) => r.token).sort()).toEqual([token(first), token(second)].sort());
  });

  it('refuses a forged or tampered cookie', async () => {
    const { cookie } = await createSignedInUser(t);
    const [name, value] = cookie.split('=') as [string, string];
    const [token] = value.split('.');
    const forged = `${name}=${token}.${encodeURIComponent('AAAA')}`;
    expect((await t.request('/api/auth/session', { cookie: forged })).body).toEqual({ user: null });
    expect((await t.request('/api/auth/session', { cookie: `${name}=${token}` })).body).toEqual({
      user: null,
    });
    // Well formed, but signed with another key.
    const otherKey = createHmac('sha256', 'not-the-shop-key').update(token!).digest('base64');
    const resigned = `${name}=${encodeURIComponent(`${token}.${otherKey}`)}`;
    expect((await t.request('/api/auth/session', { cookie: resigned })).body).toEqual({ user: null });
  });

  it('refuses an expired session and clears its cookie', async () => {
    const { cookie, user } = await createSignedInUser(t);
    await t.database.sql.query(
      `UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    const response = await t.request('/api/auth/session', { cookie });
    expect(response.body).toEqual({ user: null });
    const cleared = response.headers.getSetCookie().find((l) => l.startsWith('naija.session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);
  });

  it('renews a session a day after it was made: a later expiry and a new cookie', async () => {
    const { cookie, user } = await createSignedInUser(t);
    // Made a day and a minute ago: due for its daily renewal.
    await t.database.sql.query(
      `UPDATE sessions SET expires_at = now() + interval '6 days' - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    const response = await t.request('/api/auth/session', { cookie });
    expect(response.body).toMatchObject({ user: { id: user.id } });
    expect(
      response.headers.getSetCookie().some((l) => /^naija\.session_token=.+Max-Age=604800/i.test(l)),
    ).toBe(true);
    const [row] = await t.database.sql.query<{ days: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(Number(row!.days)).toBeGreaterThan(6.99);
    // Not due again: the next request reads it without renewing.
    const next = await t.request('/api/auth/session', { cookie });
    expect(next.body).toMatchObject({ user: { id: user.id } });
    expect(next.headers.getSetCookie()).toEqual([]);
  });
});

describe('idle sign-out', () => {
  const idleFor = (userId: string, minutes: number) =>
    t.database.sql.query(
      `UPDATE sessions SET last_active_at = now() - make_interval(mins => $2) WHERE user_id = $1`,
      [userId, minutes],
    );

  it('keeps a shopper idle 29 minutes and records the activity', async () => {
    const { user, cookie } = await createSignedInUser(t);
    await idleFor(user.id, 29);
    expect((await t.request('/api/auth/session', { cookie })).body).toMatchObject({ user: { id: user.id } });
    const [row] = await t.database.sql.query<{ idle: number }>(
      `SELECT extract(epoch FROM now() - last_active_at)::int AS idle FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(row!.idle).toBeLessThan(10);
  });

  it('refuses and deletes a shopper session idle more than 30 minutes', async () => {
    const { user, cookie } = await createSignedInUser(t);
    await idleFor(user.id, 31);
    const response = await t.request('/api/auth/session', { cookie });
    expect(response.body).toEqual({ user: null });
    expect(response.headers.get('x-session-expired')).toBe('idle');
    expect(await t.database.sql.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(
      0,
    );
    expect((await t.request('/api/account/addresses', { cookie })).status).toBe(401);
  });

  it('signs out an admin idle more than 15 minutes', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const shopper = await createSignedInUser(t);
    await idleFor(admin.user.id, 16);
    await idleFor(shopper.user.id, 16);
    expect((await t.request('/api/auth/session', { cookie: admin.cookie })).body).toEqual({ user: null });
    expect((await t.request('/api/auth/session', { cookie: shopper.cookie })).body).toMatchObject({
      user: { id: shopper.user.id },
    });
  });

  it('writes activity at most once a minute', async () => {
    const { user, cookie } = await createSignedInUser(t);
    await t.database.sql.query(
      `UPDATE sessions SET last_active_at = now() - interval '30 seconds' WHERE user_id = $1`,
      [user.id],
    );
    await t.request('/api/auth/session', { cookie });
    const [row] = await t.database.sql.query<{ idle: number }>(
      `SELECT extract(epoch FROM now() - last_active_at)::int AS idle FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(row!.idle).toBeGreaterThanOrEqual(29);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request from another site, before it does anything', async () => {
    const user = await createUser(t);
    const response = await post(
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { code: 'csrf_rejected' } });
    expect(response.headers.getSetCookie()).toEqual([]);

    const { cookie } = await createSignedInUser(t);
    const profile = await t.request('/api/account/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'Hacked', lastName: 'X' },
      headers: { origin: 'null' },
    });
    expect(profile.status).toBe(403);
  });

  it('refuses Sec-Fetch-Site cross-site / same-site without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await t.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { origin: '', 'sec-fetch-site': site },
      });
      expect(response.status).toBe(403);
    }
  });

  it("allows PUBLIC_URL's origin only, GET from anywhere, and the payment webhook", async () => {
    const behindProxy = await createTestApp({ PUBLIC_URL: 'https://shop.example.ng' });
    try {
      // The address the request was sent to does not count: only PUBLIC_URL names the shop.
      const hostOrigin = await behindProxy.request('/api/auth/sign-out', { method: 'POST' });
      expect(hostOrigin.status).toBe(403);
      const publicOrigin = await behindProxy.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { origin: 'https://shop.example.ng', 'sec-fetch-site': 'same-origin' },
      });
      expect(publicOrigin.status).toBe(200);
    } finally {
      await behindProxy.close();
    }
    const get = await t.request('/api/auth/session', { headers: { origin: 'https://evil.example' } });
    expect(get.status).toBe(200);
    const webhook = await t.request('/api/payments/webhook', {
      method: 'POST',
      json: {},
      headers: { origin: 'https://paystack.example' },
    });
    expect(webhook.body).not.toMatchObject({ error: { code: 'csrf_rejected' } });
  });
});

describe('rate limits', () => {
  // Sign-in back-off per account and address, trusted proxies: lockout.api.test.ts.
  it('limits failed sign-ins per IP across accounts', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 30; i++) {
      const response = await post(
        '/api/auth/sign-in',
        { email: `spray${i}@example.ng`, password: 'wrong' },
        { ip },
      );
      expect(response.status).toBe(401);
    }
    const user = await createUser(t);
    const blocked = await post('/api/auth/sign-in', { email: user.email, password: user.password }, { ip });
    expect(blocked.status).toBe(429);
    expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).status).toBe(
      200,
    );
  });

  it('limits sign-ups per address and per IP', async () => {
    const body = (email: string) => ({
      firstName: 'A',
      lastName: 'B',
      email,
      password: 'secret12',
      confirmPassword: 'secret12',
    });
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/register', body('flood@example.ng'))).status).toBe(201);
    const perEmail = await post('/api/auth/register', body('flood@example.ng'));
    expect(perEmail.status).toBe(429);
    expect(perEmail.body).toEqual(TOO_MANY);

    const ip = '192.0.2.201';
    for (let i = 0; i < 10; i++)
      expect((await post('/api/auth/register', body(`bulk${i}@example.ng`), { ip })).status).toBe(201);
    expect((await post('/api/auth/register', body('bulk-last@example.ng'), { ip })).status).toBe(429);
    expect(
      await t.database.sql.query(`SELECT 1 FROM users WHERE email = 'bulk-last@example.ng'`),
    ).toHaveLength(0);
  });

  it('limits confirmation resends and reset requests per address', async () => {
    const user = await createUser(t, { confirmed: false });
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/resend-confirmation', { email: user.email })).status).toBe(200);
    expect((await post('/api/auth/resend-confirmation', { email: user.email })).body).toEqual(TOO_MANY);

    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: user.email })).status).toBe(429);
    // Unknown addresses hit the same limit: no enumeration through 429.
    for (let i = 0; i < 3; i++) await post('/api/auth/forgot-password', { email: 'nobody3@example.ng' });
    expect((await post('/api/auth/forgot-password', { email: 'nobody3@example.ng' })).status).toBe(429);
  });

  it('limits reset requests per IP', async () => {
    const ip = '192.0.2.202';
    for (let i = 0; i < 10; i++)
      await post('/api/auth/forgot-password', { email: `r${i}@example.ng` }, { ip });
    expect((await post('/api/auth/forgot-password', { email: 'r-last@example.ng' }, { ip })).status).toBe(
      429,
    );
  });

  it('limits wrong current passwords on the account page', async () => {
    const { user, cookie } = await createSignedInUser(t);
    for (let i = 0; i < 10; i++) {
      const response = await post(
        '/api/account/password',
        { currentPassword: `guess-${i}`, newPassword: 'secret12', confirmPassword: 'secret12' },
        { cookie },
      );
      expect(response.status).toBe(400);
    }
    const blocked = await post(
      '/api/account/password',
      { currentPassword: user.password, newPassword: 'secret12', confirmPassword: 'secret12' },
      { cookie },
    );
    expect(blocked.status).toBe(429);
  });

  it('counts wrong current passwords sent at once one by one', async () => {
    const { cookie } = await createSignedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/account/password',
          { currentPassword: `guess-${i}`, newPassword: 'secret12', confirmPassword: 'secret12' },
          { cookie },
        ),
      ),
    );
    // Before: all 20 were checked (each passed the limit before any failure was counted).
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });
});

describe('logs', () => {
  it('never contain a password, in any flow', async () => {
    const password = 'Unl0gged-Secret-42';
    await post('/api/auth/register', {
      firstName: 'Log',
      lastName: 'Check',
      email: 'logcheck@example.ng',
      password,
      confirmPassword: password,
    });
    await post('/api/auth/sign-in', { email: 'logcheck@example.ng', password });
    await post('/api/auth/sign-in', { email: 'logcheck@example.ng', password: `${password}-wrong` });
    await post('/api/auth/sign-in', { email: 'nobody-log@example.ng', password });
    const user = await createUser(t, { password });
    const cookie = await signIn(t, user.email, password);
    await post(
      '/api/account/password',
      { currentPassword: password, newPassword: `${password}2`, confirmPassword: `${password}2` },
      { cookie },
    );
    await post('/api/auth/forgot-password', { email: user.email });
    const link = (await lastEmailTo(t, user.email, 'password_reset'))!.links[0]!;
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    await post('/api/auth/reset-password', {
      token,
      password: `${password}3`,
      confirmPassword: `${password}3`,
    });

    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('"path":"/api/auth/sign-in"');
    expect(logs).not.toContain(password);
  });
});
