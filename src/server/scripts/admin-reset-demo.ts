/**
 * Development only: sets a new password for the demo admin (creating it when missing), keeps it
 * in the data folder for the start-up block and prints it:
 *   npm run admin:reset-demo
 * Uses the same configuration as the server (DATABASE_URL or the local PGlite data folder); stop
 * the shop first when it runs on the embedded database (one process at a time can open it).
 */
import path from 'node:path';
import { openDatabase } from '../db/client';
import { ensureDefaults } from '../db/defaults';
import { migrate } from '../db/migrate';
import { createDeps } from '../deps';
import { EnvError, loadEnv } from '../env';
import { AppError } from '../errors';
import { resetDemoAdmin } from '../features/accounts/demo-admin';
import { createLogger } from '../logger';

async function run(): Promise<number> {
  const env = loadEnv();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', env.logFormat);
  const database = await openDatabase(
    env.databaseUrl
      ? { kind: 'postgres', url: env.databaseUrl, maxConnections: 2 }
      : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') },
  );
  try {
    await migrate(database);
    await ensureDefaults(database);
    const deps = await createDeps({ env, database, logger });
    const admin = await resetDemoAdmin(deps);
    console.log(`Demo admin: ${admin.email}  password ${admin.password}`);
    console.log(`Sign in at ${env.publicUrl}/admin (the shop shows this password at every start).`);
    deps.mailer.close();
    return 0;
  } finally {
    await database.close();
  }
}

run()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof EnvError || error instanceof AppError) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
