import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createOrPromoteAdmin, DEMO_ADMIN_EMAIL, ensureDemoAdmin } from './accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleOf = async (email: string) =>
  (
    await t.database.sql.query<{ role: string; email_verified: boolean }>(
      'SELECT role, email_verified FROM users WHERE email = $1',
      [email],
    )
  )[0];

describe('createOrPromoteAdmin (npm run admin:create)', () => {
  it('creates a confirmed admin with a generated password that signs in', async () => {
    const result = await createOrPromoteAdmin(t.deps, { email: 'Boss@Example.ng' });
    expect(result).toMatchObject({ email: 'boss@example.ng', role: 'admin', created: true });
    expect(result.password).toMatch(/[A-Z]/);
    expect(result.password).toMatch(/[a-z]/);
    expect(result.password).toMatch(/[0-9]/);
    expect(await roleOf('boss@example.ng')).toEqual({ role: 'admin', email_verified: true });
    const cookie = await signIn(t, 'boss@example.ng', result.password!);
    expect((await t.request('/api/auth/session', { cookie })).body).toMatchObject({
      user: { role: 'admin', isAdmin: true, idleTimeoutMinutes: 15 },
    });
  });

  it('creates a super admin with the given password', async () => {
    const result = await createOrPromoteAdmin(t.deps, {
      email: 'owner@example.ng',
      password: 'Owner1234',
      superAdmin: true,
    });
    expect(result).toMatchObject({ role: 'super_admin', created: true });
    expect(result.password).toBeUndefined();
    await expect(signIn(t, 'owner@example.ng', 'Owner1234')).resolves.toContain('session_token=');
  });

  it('refuses a weak password', async () => {
    await expect(
      createOrPromoteAdmin(t.deps, { email: 'weak@example.ng', password: 'short' }),
    ).rejects.toThrow('Password must be at least 8 characters');
    expect(await roleOf('weak@example.ng')).toBeUndefined();
  });

  it('promotes and confirms an existing account, keeping its password unless one is given', async () => {
    const user = await createUser(t, { confirmed: false });
    const result = await createOrPromoteAdmin(t.deps, { email: user.email });
    expect(result).toMatchObject({ userId: user.id, role: 'admin', created: false });
    expect(result.password).toBeUndefined();
    expect(await roleOf(user.email)).toEqual({ role: 'admin', email_verified: true });
    const cookie = await signIn(t, user.email, user.password);

    await createOrPromoteAdmin(t.deps, { email: user.email, password: 'Replaced99', superAdmin: true });
    expect((await roleOf(user.email))?.role).toBe('super_admin');
    expect((await t.request('/api/auth/session', { cookie })).body).toEqual({ user: null });
    await expect(signIn(t, user.email, 'Replaced99')).resolves.toContain('session_token=');

    // Running it again without --super never demotes a super admin.
    expect((await createOrPromoteAdmin(t.deps, { email: user.email })).role).toBe('super_admin');
  });
});

describe('ensureDemoAdmin', () => {
  it('creates the demo admin once and prints its password that one time', async () => {
    let logs = '';
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          logs += chunk.toString();
          done();
        },
      }),
    );
    const deps = { ...t.deps, logger };
    await ensureDemoAdmin(deps);
    const printed = logs.match(/password ([A-Za-z0-9_-]+)/)?.[1];
    expect(logs).toContain(DEMO_ADMIN_EMAIL);
    expect(printed).toBeDefined();
    expect(await roleOf(DEMO_ADMIN_EMAIL)).toEqual({ role: 'super_admin', email_verified: true });
    await expect(signIn(t, DEMO_ADMIN_EMAIL, printed!)).resolves.toContain('session_token=');

    logs = '';
    await ensureDemoAdmin(deps);
    expect(logs).toBe('');
  });

  it('is created once when several server processes start at the same moment', async () => {
    await t.database.sql.query('DELETE FROM users WHERE email = $1', [DEMO_ADMIN_EMAIL]);
    await Promise.all(Array.from({ length: 3 }, () => ensureDemoAdmin(t.deps)));
    const rows = await t.database.sql.query('SELECT id FROM users WHERE email = $1', [DEMO_ADMIN_EMAIL]);
    expect(rows).toHaveLength(1);
  });
});
