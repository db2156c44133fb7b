/**
 * Creates a confirmed admin, or promotes an existing account:
 *   npm run admin:create -- <email> [--password <pw>] [--super]
 * Uses the same configuration as the server (DATABASE_URL or the local PGlite data folder).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../db/client';
import { ensureDefaults } from '../db/defaults';
import { migrate } from '../db/migrate';
import { createDeps } from '../deps';
import { EnvError, loadEnv } from '../env';
import { AppError } from '../errors';
import { createOrPromoteAdmin } from '../features/accounts/accounts';
import { createLogger } from '../logger';

const USAGE = 'Usage: npm run admin:create -- <email> [--password <password>] [--super]';

async function run(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { password: { type: 'string' }, super: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const email = z.email().safeParse(positionals[0]?.trim());
  if (positionals.length !== 1 || !email.success) {
    console.error(USAGE);
    return 2;
  }
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
    const result = await createOrPromoteAdmin(deps, {
      email: email.data,
      password: values.password,
      superAdmin: values.super,
    });
    const role = result.role === 'super_admin' ? 'super admin' : 'admin';
    console.log(result.created ? `Created ${role} ${result.email}.` : `${result.email} is now ${role}.`);
    if (result.password) console.log(`Password (shown once): ${result.password}`);
    else if (values.password) console.log('Password set; the account was signed out everywhere.');
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
