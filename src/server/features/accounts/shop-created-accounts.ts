import { randomBytes } from 'node:crypto';
import { sql as pg } from 'kysely';
import type { Role } from '#shared/constants';
import { strongPassword } from '#shared/schemas/accounts';
import { type AppDeps, systemActor } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { badRequest } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { displayNameOf, profileChange } from './profile';

// Accounts created by the shop itself (admin command, demo admin, test factories)

export type CreateAccountInput = {
  email: string;
  password: string;
  role?: Role;
  confirmed?: boolean;
  firstName?: string;
  lastName?: string;
};

/** The password sign-in of an account, as Better Auth writes it (its account id is the user's). */
const insertCredential = (sql: SqlRunner, userId: string, hash: string) =>
  queries(sql)
    .insertInto('accounts')
    .values({ user_id: userId, account_id: userId, provider_id: 'credential', password: hash })
    .execute();

/** Writes an account with its credential directly (hashed as Better Auth hashes at sign-up). */
export async function createAccount(deps: AppDeps, input: CreateAccountInput): Promise<{ id: string }> {
  const auth = deps.auth;
  const hash = await (await auth.$context).password.hash(input.password);
  const firstName = input.firstName ?? '';
  const lastName = input.lastName ?? '';
  return deps.database.transaction(async (sql) => {
    const user = await queries(sql)
      .insertInto('users')
      .values({
        email: input.email.trim().toLowerCase(),
        email_verified: input.confirmed ?? true,
        name: displayNameOf(firstName, lastName),
        first_name: firstName,
        last_name: lastName,
        display_name: displayNameOf(firstName, lastName) || null,
        role: input.role ?? 'customer',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertCredential(sql, user.id, hash);
    await announce(sql, profileChange(user.id, 'created'));
    return { id: user.id };
  });
}

/** A password that passes the reset page's rules (upper, lower, number, 8+). */
export const generatePassword = () => `${randomBytes(12).toString('base64url')}-Aa7`;

export type AdminResult = { userId: string; email: string; role: Role; created: boolean; password?: string };

/**
 * Creates a confirmed admin, or promotes (and confirms) an existing account. A given password
 * replaces the account's password and signs out its sessions; without one a new account gets a
 * generated password, returned once. A super_admin is never demoted by this command.
 */
export async function createOrPromoteAdmin(
  deps: AppDeps,
  input: { email: string; password?: string; superAdmin?: boolean },
): Promise<AdminResult> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) {
    const check = strongPassword.safeParse(input.password);
    if (!check.success) throw badRequest(check.error.issues[0]?.message ?? 'Invalid password');
  }
  const wanted: Role = input.superAdmin ? 'super_admin' : 'admin';
  const existing = await queries(deps.database.sql)
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!existing) {
    const password = input.password ?? generatePassword();
    const { id } = await createAccount(deps, { email, password, role: wanted, confirmed: true });
    return {
      userId: id,
      email,
      role: wanted,
      created: true,
      password: input.password ? undefined : password,
    };
  }
  const role: Role = existing.role === 'super_admin' ? 'super_admin' : wanted;
  const hash = input.password ? await (await deps.auth.$context).password.hash(input.password) : undefined;
  await deps.database.transaction(async (sql) => {
    await queries(sql)
      .updateTable('users')
      .set({ role, email_verified: true, updated_at: pg<Date>`now()` })
      .where('id', '=', existing.id)
      .execute();
    if (hash) {
      const updated = await queries(sql)
        .updateTable('accounts')
        .set({ password: hash, updated_at: pg<Date>`now()` })
        .where('user_id', '=', existing.id)
        .where('provider_id', '=', 'credential')
        .returning('id')
        .executeTakeFirst();
      if (!updated) await insertCredential(sql, existing.id, hash);
      await queries(sql).deleteFrom('sessions').where('user_id', '=', existing.id).execute();
    }
    // A role given by the command is in the audit log like one given in the panel (nothing when unchanged).
    await recordAudit(sql, systemActor('script'), {
      action: 'role_changed',
      entityType: 'user',
      entityId: existing.id,
      before: { role: existing.role },
      after: { role },
      details: { email },
    });
    await announce(sql, profileChange(existing.id, 'role_changed'));
  });
  return { userId: existing.id, email, role, created: false };
}

export const DEMO_ADMIN_EMAIL = 'admin@naijastreet.test';

/**
 * Outside production with demo data on: a demo super admin, created once with a random password.
 * Returns that password when this call created the account, null when it existed already (see
 * demo-admin.ts, which keeps the password in the data folder for the start-up block).
 */
export async function ensureDemoAdmin(deps: AppDeps): Promise<string | null> {
  if (deps.env.isProduction) return null;
  const existing = await queries(deps.database.sql)
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .executeTakeFirst();
  if (existing) return null;
  const password = generatePassword();
  try {
    await createAccount(deps, {
      email: DEMO_ADMIN_EMAIL,
      password,
      role: 'super_admin',
      confirmed: true,
      firstName: 'Demo',
      lastName: 'Admin',
    });
  } catch (error) {
    // Another server process starting at the same moment created it.
    if ((error as { code?: unknown }).code === '23505') return null;
    throw error;
  }
  return password;
}
