/**
 * What every command-line script shares: the server's configuration, its database (DATABASE_URL or
 * the local PGlite data folder) migrated and with its defaults, the dependencies built as the
 * server builds them, and one line for a configuration or domain error instead of a stack.
 */
import type { AppDeps } from '../context';
import { ensureDefaults } from '../platform/db/defaults';
import { migrate } from '../platform/db/migrate';
import { type Env, EnvError, loadEnv } from '../platform/env';
import { AppError } from '../platform/errors';
import { createLogger } from '../platform/logger';
import { createShop, openShopDatabase } from '../shop';

/** Runs `work` with the shop's dependencies, then closes them; exits with its code. */
export function runScript(work: (deps: AppDeps, env: Env) => Promise<number>): void {
  run(work)
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      if (error instanceof EnvError || error instanceof AppError) console.error(error.message);
      else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}

async function run(work: (deps: AppDeps, env: Env) => Promise<number>): Promise<number> {
  const env = loadEnv();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', env.logFormat);
  const database = await openShopDatabase(env);
  try {
    await migrate(database);
    await ensureDefaults(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const shop = await createShop(env, { database, logger, caches: false });
  try {
    return await work(shop.deps, env);
  } finally {
    await shop.stop();
  }
}
