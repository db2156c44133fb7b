import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { DEMO_ADMIN_PASSWORD_FILE, demoAdminSignIn, resetDemoAdmin } from './demo-admin';
import { createOrPromoteAdmin, DEMO_ADMIN_EMAIL, ensureDemoAdmin } from './shop-created-accounts';

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

    // Each role it gave is in the audit log, by the command; the unchanged third run adds nothing.
    const audit = await t.database.sql.query<{ actor_label: string; before: unknown; after: unknown }>(
      `SELECT actor_label, before, after FROM audit_log
        WHERE entity_type = 'user' AND entity_id = $1 AND action = 'role_changed' ORDER BY created_at, id`,
      [user.id],
    );
    expect(audit).toEqual([
      { actor_label: 'system:script', before: { role: 'customer' }, after: { role: 'admin' } },
      { actor_label: 'system:script', before: { role: 'admin' }, after: { role: 'super_admin' } },
    ]);
  });
});

describe('demo admin', () => {
  it('is created once; its kept password is shown at every start until it stops working', async () => {
    const first = await demoAdminSignIn(t.deps);
    expect(first?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(first?.password).toMatch(/^[A-Za-z0-9_-]{16,}-Aa7$/);
    expect(await roleOf(DEMO_ADMIN_EMAIL)).toEqual({ role: 'super_admin', email_verified: true });
    await expect(signIn(t, DEMO_ADMIN_EMAIL, first!.password!)).resolves.toContain('session_token=');
    const kept = await readFile(path.join(t.deps.env.dataDir, DEMO_ADMIN_PASSWORD_FILE), 'utf8');
    expect(kept.trim()).toBe(first!.password);
    expect((await stat(path.join(t.deps.env.dataDir, DEMO_ADMIN_PASSWORD_FILE))).mode & 0o077).toBe(0);

    // A later start: the same account, the same password, no second account.
    expect(await ensureDemoAdmin(t.deps)).toBeNull();
    expect(await demoAdminSignIn(t.deps)).toEqual(first);

    // Changed elsewhere: the old password is not shown as if it still worked.
    await createOrPromoteAdmin(t.deps, { email: DEMO_ADMIN_EMAIL, password: 'Changed-elsewhere-1' });
    expect(await demoAdminSignIn(t.deps)).toEqual({ email: DEMO_ADMIN_EMAIL, password: null });

    // npm run admin:reset-demo: a new password that signs in and is shown from then on.
    const reset = await resetDemoAdmin(t.deps);
    expect(reset.password).not.toBe(first!.password);
    await expect(signIn(t, DEMO_ADMIN_EMAIL, reset.password!)).resolves.toContain('session_token=');
    expect(await demoAdminSignIn(t.deps)).toEqual(reset);
    expect(await roleOf(DEMO_ADMIN_EMAIL)).toEqual({ role: 'super_admin', email_verified: true });
  });

  // At the same moment only on PostgreSQL (PGlite runs one transaction at a time; the test above
  // covers starts one after another).
  const simultaneousStarts =
    'is created once when several server processes start at the same moment (PostgreSQL)';
  it.runIf(process.env.TEST_DATABASE_URL)(simultaneousStarts, async () => {
    await t.database.sql.query('DELETE FROM users WHERE email = $1', [DEMO_ADMIN_EMAIL]);
    await Promise.all(Array.from({ length: 3 }, () => ensureDemoAdmin(t.deps)));
    const rows = await t.database.sql.query('SELECT id FROM users WHERE email = $1', [DEMO_ADMIN_EMAIL]);
    expect(rows).toHaveLength(1);
  });
});
