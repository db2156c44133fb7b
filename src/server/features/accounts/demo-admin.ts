import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import { AppError } from '../../platform/errors';
import {
  createOrPromoteAdmin,
  DEMO_ADMIN_EMAIL,
  ensureDemoAdmin,
  generatePassword,
} from './shop-created-accounts';

/**
 * The demo admin's password, kept (development only) in the data folder so the start-up block
 * can show it at every start, not just the first. Readable by this user only.
 */
export const DEMO_ADMIN_PASSWORD_FILE = 'demo-admin-password.txt';

export type DemoAdminSignIn = { email: string; password: string | null };

const passwordFile = (deps: AppDeps) => path.join(deps.env.dataDir, DEMO_ADMIN_PASSWORD_FILE);

async function keep(deps: AppDeps, password: string) {
  await mkdir(deps.env.dataDir, { recursive: true });
  await writeFile(passwordFile(deps), `${password}\n`, { mode: 0o600 });
}

/**
 * Creates the demo admin when missing and says how to sign in as it: the kept password when it
 * still is the account's password, otherwise null (changed in the panel, or kept in another data
 * folder): `npm run admin:reset-demo` then sets a new one.
 */
export async function demoAdminSignIn(deps: AppDeps): Promise<DemoAdminSignIn | null> {
  if (deps.env.isProduction) return null;
  const created = await ensureDemoAdmin(deps);
  if (created) {
    await keep(deps, created);
    deps.logger.info({ email: DEMO_ADMIN_EMAIL, passwordFile: passwordFile(deps) }, 'demo admin created');
    return { email: DEMO_ADMIN_EMAIL, password: created };
  }
  const kept = (await readFile(passwordFile(deps), 'utf8').catch(() => '')).trim();
  if (!kept) return { email: DEMO_ADMIN_EMAIL, password: null };
  return { email: DEMO_ADMIN_EMAIL, password: (await passwordMatches(deps, kept)) ? kept : null };
}

async function passwordMatches(deps: AppDeps, password: string): Promise<boolean> {
  const row = await queries(deps.database.sql)
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.password')
    .where('u.email', '=', DEMO_ADMIN_EMAIL)
    .where('a.provider_id', '=', 'credential')
    .executeTakeFirst();
  if (!row?.password) return false;
  return (await deps.auth.$context).password.verify({ hash: row.password, password });
}

/** `npm run admin:reset-demo`: a new password for the demo admin (created if missing), kept and returned. */
export async function resetDemoAdmin(deps: AppDeps): Promise<DemoAdminSignIn> {
  if (deps.env.isProduction) {
    throw new AppError(
      'demo_admin_in_production',
      400,
      'There is no demo admin in production; use admin:create.',
    );
  }
  const password = generatePassword();
  await createOrPromoteAdmin(deps, { email: DEMO_ADMIN_EMAIL, password, superAdmin: true });
  await keep(deps, password);
  return { email: DEMO_ADMIN_EMAIL, password };
}
