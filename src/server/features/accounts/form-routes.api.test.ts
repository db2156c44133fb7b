import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, messageKeyOf, messageOfKey } from '#shared/schemas/accounts';
import { createUser, signIn } from '../../../../tests/factories/accounts';
import { postedAnswerIn, postForm, sessionIn } from '../../../../tests/factories/html-forms';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each request from its own address: the shop limits sign-ins and sign-ups per address. */
let address = 0;
const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });

describe('the account forms posted before the page script runs', () => {
  it('signs in, then the login page sends the shopper on to where they were going', async () => {
    const user = await createUser(t);
    const response = await postForm(
      t,
      '/login?redirect=%2Fcheckout',
      { email: user.email, password: user.password },
      { headers: from() },
    );
    expect(response.status).toBe(303);
    expect(response.location).toBe('/login?redirect=%2Fcheckout');
    const cookie = sessionIn(response.setCookies);
    expect(cookie).not.toBeNull();
    const session = await t.request('/api/auth/session', { cookie: cookie! });
    expect(session.body).toMatchObject({ user: { email: user.email } });
  });

  it('sends a refused sign-in back to the login page with the message to show, and no session', async () => {
    const user = await createUser(t);
    const unconfirmed = await createUser(t, { confirmed: false });
    const cases: [Record<string, string>, string][] = [
      [{ email: user.email, password: 'wrong-password' }, 'invalidCredentials'],
      [{ email: 'not an email', password: 'x' }, 'email'],
      [{ email: user.email }, 'passwordRequired'],
      [{ email: unconfirmed.email, password: unconfirmed.password }, 'emailNotConfirmed'],
    ];
    for (const [fields, key] of cases) {
      const response = await postForm(t, '/login?redirect=%2Fcheckout', fields, { headers: from() });
      expect(response.status, key).toBe(303);
      expect(response.location, key).toBe(`/login?redirect=%2Fcheckout&problem=${key}`);
      expect(sessionIn(response.setCookies), key).toBeNull();
    }
  });

  it('signs an admin in from Admin Access, or sends the refusal back there', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const signedIn = await postForm(
      t,
      '/admin',
      { email: admin.email, password: admin.password },
      { headers: from() },
    );
    expect(signedIn.status).toBe(303);
    // Admin Access sends an admin on to the dashboard (its load).
    expect(signedIn.location).toBe('/admin');
    const cookie = sessionIn(signedIn.setCookies);
    const session = await t.request('/api/auth/session', { cookie: cookie! });
    expect(session.body).toMatchObject({ user: { email: admin.email, isAdmin: true } });
    const refused = await postForm(
      t,
      '/admin',
      { email: admin.email, password: 'wrong-password' },
      { headers: from() },
    );
    expect(refused.location).toBe('/admin?problem=invalidCredentials');
    expect(sessionIn(refused.setCookies)).toBeNull();
  });

  it('registers an account, or says what to fix', async () => {
    const email = `form-${Date.now()}@example.test`;
    const fields = {
      firstName: 'Ngozi',
      lastName: 'Eze',
      email,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
    };
    const mismatch = await postForm(
      t,
      '/register',
      { ...fields, confirmPassword: 'other' },
      { headers: from() },
    );
    expect(mismatch.location).toBe('/register?problem=registerMismatch');
    const registered = await postForm(t, '/register', fields, { headers: from() });
    expect(registered.status).toBe(303);
    expect(registered.location).toBe('/register?done=1');
    const [row] = await t.database.sql.query<{ email_verified: boolean }>(
      'SELECT email_verified FROM users WHERE email = $1',
      [email],
    );
    expect(row).toEqual({ email_verified: false });
  });

  it('asks for a reset link, or says what to fix', async () => {
    const user = await createUser(t);
    const sent = await postForm(t, '/forgot-password', { email: user.email }, { headers: from() });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/forgot-password?sent=1');
    // The same answer for an address without an account.
    const unknown = await postForm(
      t,
      '/forgot-password',
      { email: 'nobody@example.test' },
      { headers: from() },
    );
    expect(unknown.location).toBe('/forgot-password?sent=1');
    const invalid = await postForm(t, '/forgot-password', { email: 'nope' }, { headers: from() });
    expect(invalid.location).toBe('/forgot-password?problem=email');
  });

  it('signs out: the session ends, its cookie is cleared, and home says so', async () => {
    const user = await createUser(t);
    const cookie = await signIn(t, user.email, user.password);
    const response = await postForm(t, '/logout', {}, { cookie, headers: from() });
    expect(response.status).toBe(303);
    expect(response.location).toBe('/');
    expect(postedAnswerIn(response.setCookies)).toEqual({ kind: 'signed-out' });
    // The session cookie is cleared, and the session itself is gone: the old cookie opens nothing.
    expect(response.setCookies.some((line) => /session_token=;/.test(line))).toBe(true);
    const after = await t.request('/api/auth/session', { cookie });
    expect(after.body).toMatchObject({ user: null });
  });

  it('refuses each form from another website', async () => {
    const user = await createUser(t);
    const headers = { ...from(), origin: 'https://evil.example' };
    for (const [path, fields] of [
      ['/login', { email: user.email, password: user.password }],
      ['/admin', { email: user.email, password: user.password }],
      [
        '/register',
        {
          firstName: 'A',
          lastName: 'B',
          email: 'x@example.test',
          password: 'Passw0rd!',
          confirmPassword: 'Passw0rd!',
        },
      ],
      ['/forgot-password', { email: user.email }],
      ['/logout', {}],
    ] as const) {
      const response = await postForm(t, path, fields, { headers });
      expect(response.status, path).toBe(403);
      expect(sessionIn(response.setCookies), path).toBeNull();
    }
    // A stranger's page cannot sign a visitor out either.
    const cookie = await signIn(t, user.email, user.password);
    const refused = await postForm(t, '/logout', {}, { cookie, headers });
    expect(refused.status).toBe(403);
    const still = await t.request('/api/auth/session', { cookie });
    expect(still.body).toMatchObject({ user: { email: user.email } });
  });
});

describe('problem keys', () => {
  it("name the shop's own texts only", () => {
    expect(messageKeyOf(MESSAGES.invalidCredentials)).toBe('invalidCredentials');
    expect(messageKeyOf('Some library said something')).toBe('tryAgain');
    expect(messageOfKey('registerMismatch')).toBe(MESSAGES.registerMismatch);
    expect(messageOfKey('Call 0800 for your prize')).toBeNull();
    expect(messageOfKey('toString')).toBeNull();
    expect(messageOfKey(null)).toBeNull();
  });
});
