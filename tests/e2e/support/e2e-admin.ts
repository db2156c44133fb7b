import path from 'node:path';
import { createOrPromoteAdmin } from '../../../src/server/features/accounts/shop-created-accounts';
import { openDatabase } from '../../../src/server/platform/db/client';
import { loadEnv } from '../../../src/server/platform/env';
import { createLogger } from '../../../src/server/platform/logger';
import { createShop } from '../../../src/server/shop';

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
  const shop = await createShop(env, { database, logger: createLogger('warn') });
  try {
    await createOrPromoteAdmin(shop.deps, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await createOrPromoteAdmin(shop.deps, { ...E2E_SUPER_ADMIN, superAdmin: true });
  } finally {
    await shop.stop();
  }
}
