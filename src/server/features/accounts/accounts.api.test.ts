import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, lastEmailTo, signIn } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each caller gets its own address so the per-IP limits of one test do not leak into another.
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const post = (path: string, json: unknown, extra: { cookie?: string; ip?: string } = {}) =>
  t.request(path, {
    method: 'POST',
    json,
    cookie: extra.cookie,
    headers: { 'x-forwarded-for': extra.ip ?? freshIp() },
  });
const valid = (email: string) => ({
  firstName: '  Chioma ',
  lastName: ' Eze ',
  email,
  password: 'secret12',
  confirmPassword: 'secret12',
});
const tokenFrom = (link: string) => new URL(link).searchParams.get('token_hash')!;
const resetTokenFrom = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
const sessionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.includes('session_token=') && !pair.endsWith('='));

describe('POST /api/auth/register', () => {
  it.each([
    [{ ...valid('a1@example.ng'), firstName: '   ' }, 'firstName', 'Please enter your first and last name.'],
    [{ ...valid('a2@example.ng'), lastName: '' }, 'lastName', 'Please enter your first and last name.'],
    [
      { ...valid('a3@example.ng'), confirmPassword: 'other12' },
      'confirmPassword',
      "Passwords don't match. Please make sure your passwords match.",
    ],
    [
      { ...valid('a4@example.ng'), password: 'abc12', confirmPassword: 'abc12' },
      'password',
      'Password must be at least 6 characters long.',
    ],
    [{ ...valid('not-an-email') }, 'email', 'Please enter a valid email address'],
  ])('refuses %o with the form message', async (body, field, message) => {
    const response = await post('/api/auth/register', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'bad_request', message, fields: { [field]: message } },
    });
    const [{ count }] = (await t.database.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE email = $1`,
      [body.email],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('checks the names first, as the form shows them', async () => {
    const response = await post('/api/auth/register', {
      firstName: '',
      lastName: '',
      email: 'a5@example.ng',
      password: '1',
      confirmPassword: '2',
    });
    expect(response.body).toMatchObject({ error: { message: 'Please enter your first and last name.' } });
  });

  it('creates an unconfirmed account with trimmed names and emails the confirmation link', async () => {
    const response = await post('/api/auth/register', valid('Chioma@Example.ng'));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: 'Registration successful! Please check your email for verification.',
    });
    expect(response.headers.getSetCookie()).toEqual([]);

    const [user] = await t.database.sql.query<Record<string, unknown>>(
      `SELECT email, email_verified, first_name, last_name, display_name, name, role FROM users WHERE email = 'chioma@example.ng'`,
    );
    expect(user).toEqual({
      email: 'chioma@example.ng',
      email_verified: false,
      first_name: 'Chioma',
      last_name: 'Eze',
      display_name: 'Chioma Eze',
      name: 'Chioma Eze',
      role: 'customer',
    });
    const [credential] = await t.database.sql.query<{ password: string }>(
      `SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'chioma@example.ng'`,
    );
    expect(credential!.password).not.toContain('secret12');
    expect(credential!.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // scrypt salt:key

    const email = await lastEmailTo(t, 'chioma@example.ng', 'confirm_email');
    expect(email?.status).toBe('stored');
    const link = email!.links.find((l) => l.includes('/auth/confirm'))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token_hash=[^&]+&type=signup$/);
    expect(email!.html).toContain('Naija Street');
  });

  it('answers the same for an address that already has an account, and tells only its owner', async () => {
    const existing = await createUser(t, { email: 'taken@example.ng' });
    const response = await post('/api/auth/register', valid('TAKEN@example.ng'));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: 'Registration successful! Please check your email for verification.',
    });
    const [{ count }] = (await t.database.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE email = 'taken@example.ng'`,
    )) as [{ count: number }];
    expect(count).toBe(1);
    expect((await lastEmailTo(t, existing.email))?.kind).toBe('account_exists');
    // The original password still works.
    await expect(signIn(t, existing.email, existing.password)).resolves.toContain('session_token=');
  });
});

describe('password hashing', () => {
  it("is Better Auth's own in a real shop, and the tests' cheap form only where a test asks", async () => {
    const storedHash = async (app: TestApp, email: string) => {
      const [row] = await app.database.sql.query<{ password: string }>(
        `SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1`,
        [email],
      );
      return row!.password;
    };
    const real = await createTestApp({}, { realPasswordHashing: true });
    try {
      const user = await createUser(real, { email: 'hashed@example.ng', password: 'Lagos-2026' });
      const hash = await storedHash(real, user.email);
      expect(await verifyPassword({ hash, password: 'Lagos-2026' })).toBe(true);
      expect(await verifyPassword({ hash, password: 'Lagos-2025' })).toBe(false);
      expect(await signIn(real, user.email, 'Lagos-2026')).toContain('session_token=');
    } finally {
      await real.close();
    }
    // This file's shop hashes at the tests' cost: a hash Better Auth's own parameters do not match.
    const cheap = await createUser(t, { email: 'cheap@example.ng', password: 'Lagos-2026' });
    const hash = await storedHash(t, cheap.email);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'Lagos-2026' })).toBe(false);
    expect(await signIn(t, cheap.email, 'Lagos-2026')).toContain('session_token=');
  });
});

describe('POST /api/auth/confirm and sign-in of unconfirmed accounts', () => {
  it('refuses an unconfirmed account (after the password check), resends, confirms and signs in', async () => {
    await post('/api/auth/register', valid('newbie@example.ng'));

    const wrong = await post('/api/auth/sign-in', { email: 'newbie@example.ng', password: 'wrong-pass' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { code: 'invalid_credentials' } });

    const refused = await post('/api/auth/sign-in', { email: 'newbie@example.ng', password: 'secret12' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'email_not_confirmed' } });
    expect(sessionCookie(refused.headers)).toBeUndefined();

    const resend = await post('/api/auth/resend-confirmation', { email: 'newbie@example.ng' });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({
      message: 'If this account still needs confirming, a new confirmation email is on its way.',
    });
    const sent = await t.database.sql.query(
      `SELECT 1 FROM emails WHERE to_address = 'newbie@example.ng' AND kind = 'confirm_email'`,
    );
    expect(sent).toHaveLength(2);
    const second = await lastEmailTo(t, 'newbie@example.ng', 'confirm_email');

    const missing = await post('/api/auth/confirm', { token_hash: tokenFrom(second!.links[0]!) });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { message: 'Invalid confirmation link. Please try again.' },
    });
    const bad = await post('/api/auth/confirm', { token_hash: 'garbage', type: 'signup' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'invalid_token' } });

    const confirmed = await post('/api/auth/confirm', {
      token_hash: tokenFrom(second!.links[0]!),
      type: 'signup',
    });
    expect(confirmed.status).toBe(200);
    // Confirming does not sign in whoever opened the link (login CSRF): the password is asked next.
    expect(confirmed.body).toEqual({ message: 'Email confirmed successfully!', signedIn: false });
    expect(sessionCookie(confirmed.headers)).toBeUndefined();
    const [{ sessions }] = (await t.database.sql.query<{ sessions: number }>(
      `SELECT count(*)::int AS sessions FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'newbie@example.ng'`,
    )) as [{ sessions: number }];
    expect(sessions).toBe(0);

    const signedIn = await post('/api/auth/sign-in', { email: 'newbie@example.ng', password: 'secret12' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      message: 'Login successful!',
      user: { email: 'newbie@example.ng' },
    });
  });

  it('answers resend the same for unknown and confirmed addresses, sending nothing', async () => {
    const confirmed = await createUser(t);
    for (const email of ['nobody@example.ng', confirmed.email]) {
      const response = await post('/api/auth/resend-confirmation', { email });
      expect(response.status).toBe(200);
      expect(await lastEmailTo(t, email)).toBeUndefined();
    }
  });
});

describe('sign-in, session and sign-out', () => {
  it('answers GET /api/auth/session with null for guests and the profile when signed in', async () => {
    expect((await t.request('/api/auth/session')).body).toEqual({ user: null });
    const { user, cookie } = await createSignedInUser(t, {
      role: 'admin',
      firstName: 'Bola',
      lastName: 'Ade',
    });
    const response = await t.request('/api/auth/session', { cookie });
    expect(response.body).toEqual({
      user: {
        id: user.id,
        email: user.email,
        firstName: 'Bola',
        lastName: 'Ade',
        displayName: 'Bola Ade',
        phone: null,
        role: 'admin',
        isAdmin: true,
        idleTimeoutMinutes: 15,
      },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const user = await createUser(t);
    const wrong = await post('/api/auth/sign-in', { email: user.email, password: 'nope-nope' });
    const unknown = await post('/api/auth/sign-in', { email: 'ghost@example.ng', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password.' },
    });
  });

  it('validates the sign-in form', async () => {
    const response = await post('/api/auth/sign-in', { email: 'bad', password: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { fields: { email: 'Please enter a valid email address' } },
    });
  });

  it('signs out: the session row is deleted and the cookie cleared', async () => {
    const { user, cookie } = await createSignedInUser(t);
    const response = await post('/api/auth/sign-out', {}, { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out successfully' });
    expect(response.headers.getSetCookie().some((l) => /session_token=;.*Max-Age=0/i.test(l))).toBe(true);
    const rows = await t.database.sql.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
    expect((await t.request('/api/auth/session', { cookie })).body).toEqual({ user: null });
  });

  it('signs out a guest without an error', async () => {
    const response = await post('/api/auth/sign-out', {});
    expect(response.status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers forgot-password the same whether or not the account exists', async () => {
    const user = await createUser(t);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.ng' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: 'Password reset email sent. Please check your inbox.' });
    expect(unknown.body).toEqual(known.body);
    expect(await lastEmailTo(t, 'nobody-here@example.ng')).toBeUndefined();
    const email = await lastEmailTo(t, user.email, 'password_reset');
    expect(email!.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password#token=[A-Za-z0-9_-]+$/);
  });

  it('validates the forgot-password email', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'nope' });
    expect(response.body).toMatchObject({ error: { message: 'Please enter a valid email address' } });
  });

  it.each([
    ['Ab1', 'password', 'Password must be at least 8 characters'],
    ['abcdefg1', 'password', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1', 'password', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh', 'password', 'Password must contain at least one number'],
  ])('refuses the new password %s', async (password, field, message) => {
    const response = await post('/api/auth/reset-password', {
      token: 'x',
      password,
      confirmPassword: password,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { message, fields: { [field]: message } } });
  });

  it('refuses a confirmation that does not match', async () => {
    const response = await post('/api/auth/reset-password', {
      token: 'x',
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg2',
    });
    expect(response.body).toMatchObject({ error: { fields: { confirmPassword: "Passwords don't match" } } });
  });

  it('resets once with the emailed token, signs out every session, and refuses the token again', async () => {
    const user = await createUser(t);
    const cookieA = await signIn(t, user.email, user.password);
    const cookieB = await signIn(t, user.email, user.password);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = resetTokenFrom((await lastEmailTo(t, user.email, 'password_reset'))!.links[0]!);

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password updated successfully' });
    for (const cookie of [cookieA, cookieB]) {
      expect((await t.request('/api/auth/session', { cookie })).body).toEqual({ user: null });
    }
    expect(await t.database.sql.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(
      0,
    );

    const again = await post('/api/auth/reset-password', {
      token,
      password: 'Other1234',
      confirmPassword: 'Other1234',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      error: {
        code: 'invalid_token',
        message: 'Invalid or expired reset link. Please request a new password reset link.',
      },
    });
    expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).status).toBe(
      401,
    );
    await expect(signIn(t, user.email, 'NewPass123')).resolves.toContain('session_token=');
  });

  it('checks a reset link without using it up, for the reset page to verify first', async () => {
    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = resetTokenFrom((await lastEmailTo(t, user.email, 'password_reset'))!.links[0]!);
    const check = () => post('/api/auth/reset-password/check', { token });
    expect(await check()).toMatchObject({ status: 200, body: { valid: true } });
    // Checking twice still leaves the token good: the reset itself uses it.
    expect((await check()).status).toBe(200);
    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(reset.status).toBe(200);
    // A used link, an unknown one and an empty one are all refused with the page's message.
    for (const body of [{ token }, { token: 'not-a-real-token' }, { token: '' }]) {
      const refused = await post('/api/auth/reset-password/check', body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { message: 'Invalid or expired reset link. Please request a new password reset link.' },
      });
    }
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = resetTokenFrom((await lastEmailTo(t, user.email, 'password_reset'))!.links[0]!);
    const [row] = await t.database.sql.query<{ expires_at: Date }>(
      `UPDATE verifications SET expires_at = now() - interval '1 second' WHERE identifier = $1 RETURNING expires_at`,
      [`reset-password:${token}`],
    );
    expect(row).toBeDefined();
    const response = await post('/api/auth/reset-password', {
      token,
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'invalid_token' } });
  });

  it('issues reset tokens that expire after one hour', async () => {
    const user = await createUser(t);
    await post('/api/auth/forgot-password', { email: user.email });
    await t.jobsIdle();
    const [row] = await t.database.sql.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM verifications
       WHERE value = $1 AND identifier LIKE 'reset-password:%'`,
      [user.id],
    );
    expect(row!.minutes).toBe(60);
  });
});

describe('POST /api/account/password', () => {
  it('needs a signed-in user', async () => {
    const response = await post('/api/account/password', {
      currentPassword: 'x',
      newPassword: 'secret12',
      confirmPassword: 'secret12',
    });
    expect(response.status).toBe(401);
  });

  it("refuses new passwords that don't match and a wrong current password", async () => {
    const { cookie } = await createSignedInUser(t);
    const mismatch = await post(
      '/api/account/password',
      { currentPassword: 'Passw0rd!', newPassword: 'secret12', confirmPassword: 'secret13' },
      { cookie },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: { message: "New passwords don't match" } });

    const noCurrent = await post(
      '/api/account/password',
      { newPassword: 'secret12', confirmPassword: 'secret12' },
      { cookie },
    );
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body).toMatchObject({ error: { fields: { currentPassword: expect.any(String) } } });

    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'not-it-1', newPassword: 'secret12', confirmPassword: 'secret12' },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: { code: 'invalid_current_password', message: 'Your current password is incorrect.' },
    });
  });

  it('changes the password, deletes every session and hands the caller a new one', async () => {
    const user = await createUser(t);
    const cookie = await signIn(t, user.email, user.password);
    const other = await signIn(t, user.email, user.password);
    const response = await post(
      '/api/account/password',
      { currentPassword: user.password, newPassword: 'brandnew1', confirmPassword: 'brandnew1' },
      { cookie },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Password updated successfully' });
    const fresh = sessionCookie(response.headers)!;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie);
    expect((await t.request('/api/auth/session', { cookie: other })).body).toEqual({ user: null });
    expect((await t.request('/api/auth/session', { cookie })).body).toEqual({ user: null });
    expect((await t.request('/api/auth/session', { cookie: fresh })).body).toMatchObject({
      user: { id: user.id },
    });
    expect(await t.database.sql.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(
      1,
    );
    await expect(signIn(t, user.email, 'brandnew1')).resolves.toContain('session_token=');
  });
});

describe('PATCH /api/account/profile', () => {
  it('saves names, display name and phone', async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await t.request('/api/account/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: ' Emeka ', lastName: 'Nwosu', displayName: 'Emy', phone: '08012345678' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: { firstName: 'Emeka', lastName: 'Nwosu', displayName: 'Emy', phone: '08012345678' },
    });
    expect((await t.request('/api/auth/session', { cookie })).body).toMatchObject({
      user: { firstName: 'Emeka', displayName: 'Emy', phone: '08012345678' },
    });
  });

  it('requires both names and a plausible phone number', async () => {
    const { cookie } = await createSignedInUser(t);
    const names = await t.request('/api/account/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: '', lastName: 'X' },
    });
    expect(names.body).toMatchObject({ error: { message: 'Please enter your first and last name.' } });
    const phone = await t.request('/api/account/profile', {
      method: 'PATCH',
      cookie,
      json: { firstName: 'A', lastName: 'B', phone: '12' },
    });
    expect(phone.body).toMatchObject({ error: { fields: { phone: 'Please enter a valid phone number' } } });
  });

  it('needs a signed-in user', async () => {
    const response = await t.request('/api/account/profile', {
      method: 'PATCH',
      json: { firstName: 'A', lastName: 'B' },
    });
    expect(response.status).toBe(401);
  });
});

describe('/api/account/addresses', () => {
  const home = {
    fullName: 'Ada Obi',
    email: 'ada@example.ng',
    phone: '08012345678',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
  };

  it('adds, lists, edits, switches the default and deletes', async () => {
    const { cookie } = await createSignedInUser(t);
    const first = await t.request('/api/account/addresses', { method: 'POST', cookie, json: home });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ address: { ...home, isDefault: true } });
    const second = await t.request('/api/account/addresses', {
      method: 'POST',
      cookie,
      json: { ...home, address: '4 Broad Street', city: 'Lagos Island' },
    });
    expect(second.body).toMatchObject({ address: { isDefault: false } });
    const secondId = (second.body as { address: { id: string } }).address.id;
    const firstId = (first.body as { address: { id: string } }).address.id;

    const made = await t.request(`/api/account/addresses/${secondId}/default`, { method: 'POST', cookie });
    expect(made.body).toMatchObject({ address: { id: secondId, isDefault: true } });
    const list = await t.request('/api/account/addresses', { cookie });
    const addresses = (list.body as { addresses: Array<{ id: string; isDefault: boolean }> }).addresses;
    expect(addresses.map((a) => [a.id, a.isDefault])).toEqual([
      [secondId, true],
      [firstId, false],
    ]);

    const edited = await t.request(`/api/account/addresses/${firstId}`, {
      method: 'PATCH',
      cookie,
      json: { city: 'Yaba', isDefault: true },
    });
    expect(edited.body).toMatchObject({
      address: { id: firstId, city: 'Yaba', address: '12 Allen Avenue', isDefault: true },
    });
    const defaults = await t.database.sql.query(
      'SELECT id FROM addresses WHERE id = ANY($1::uuid[]) AND is_default',
      [[firstId, secondId]],
    );
    expect(defaults).toEqual([{ id: firstId }]);

    const removed = await t.request(`/api/account/addresses/${secondId}`, { method: 'DELETE', cookie });
    expect(removed.status).toBe(200);
    expect(
      ((await t.request('/api/account/addresses', { cookie })).body as { addresses: unknown[] }).addresses,
    ).toHaveLength(1);
  });

  it('validates with the checkout messages', async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await t.request('/api/account/addresses', {
      method: 'POST',
      cookie,
      json: { ...home, fullName: 'A', state: 'Atlantis' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { fields: { fullName: 'Full name is required', state: 'State is required' } },
    });
  });

  it("never shows or changes another user's address", async () => {
    const owner = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const created = await t.request('/api/account/addresses', {
      method: 'POST',
      cookie: owner.cookie,
      json: home,
    });
    const id = (created.body as { address: { id: string } }).address.id;
    expect(
      (
        (await t.request('/api/account/addresses', { cookie: stranger.cookie })).body as {
          addresses: unknown[];
        }
      ).addresses,
    ).toEqual([]);
    for (const [method, path] of [
      ['PATCH', `/api/account/addresses/${id}`],
      ['POST', `/api/account/addresses/${id}/default`],
      ['DELETE', `/api/account/addresses/${id}`],
    ] as const) {
      const response = await t.request(path, {
        method,
        cookie: stranger.cookie,
        json: method === 'PATCH' ? { city: 'Abuja' } : undefined,
      });
      expect(response.status).toBe(404);
    }
    const [row] = await t.database.sql.query<{ city: string }>('SELECT city FROM addresses WHERE id = $1', [
      id,
    ]);
    expect(row!.city).toBe('Ikeja');
    expect((await t.request('/api/account/addresses')).status).toBe(401);
  });
});
