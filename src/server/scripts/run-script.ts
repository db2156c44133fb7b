/**
 * What every command-line script shares: the server's configuration, its database (DATABASE_URL or
 * the local PGlite data folder) migrated and with its defaults, the dependencies built as the
 * server builds them, and one line for a configuration or domain error instead of a stack.
 */
import path from 'node:path';
import type { AppDeps } from '../context';
import { openDatabase } from '../db/client';
import { ensureDefaults } from '../db/defaults';
import { migrate } from '../db/migrate';
import { copyTemplate } from '../db/template';
import { createDeps } from '../deps';
import { type Env, EnvError, loadEnv } from '../env';
import { AppError } from '../errors';
import { createLogger } from '../logger';

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
  if (!env.databaseUrl) copyTemplate(path.join(env.dataDir, 'pglite'), env.buildDir);
  const database = await openDatabase(
    env.databaseUrl
      ? { kind: 'postgres', url: env.databaseUrl, maxConnections: 2 }
      : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') },
  );
  try {
    await migrate(database);
    await ensureDefaults(database);
    const deps = await createDeps({ env, database, logger });
    try {
      return await work(deps, env);
    } finally {
      deps.mailer.close();
    }
  } finally {
    await database.close();
  }
}
