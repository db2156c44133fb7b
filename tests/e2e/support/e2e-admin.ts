import path from 'node:path';
import { openDatabase } from '../../../src/server/db/client';
import { createDeps } from '../../../src/server/deps';
import { loadEnv } from '../../../src/server/env';
import { createOrPromoteAdmin } from '../../../src/server/features/accounts/accounts';
import { createLogger } from '../../../src/server/logger';

/**
 * The admin the browser tests sign in with. The demo admin's password is random, so the tests
 * make their own the way an operator would: the domain function behind `npm run admin:create`,
 * run on the prepared data folder before the shop starts (PGlite has one process at a time).
 */
export const E2E_ADMIN = { email: 'e2e-admin@example.test', password: 'E2eAdminPassw0rd' } as const;
/** A super admin, who can grant and revoke admin access (the Customers section). */
export const E2E_SUPER_ADMIN = { email: 'e2e-owner@example.test', password: 'E2eOwnerPassw0rd' } as const;

export async function createE2eAdmin(dataDir: string) {
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const deps = await createDeps({ env, database, logger: createLogger('warn') });
  try {
    await createOrPromoteAdmin(deps, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await createOrPromoteAdmin(deps, { ...E2E_SUPER_ADMIN, superAdmin: true });
  } finally {
    deps.mailer.close();
    await database.close();
  }
}
