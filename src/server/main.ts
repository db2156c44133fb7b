import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { ensureDefaults } from './db/defaults';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createDeps } from './deps';
import { EnvError, loadEnv } from './env';
import { ensureDemoAdmin } from './features/accounts/accounts';
import { expireUnpaidOrders } from './features/orders/cancel-order';
import { networkExposureWarning } from './http/local-only';
import { startJobs } from './jobs';
import { createLogger } from './logger';
import { createWebHandlers } from './web';

async function main() {
  // A local .env file, when there is one, fills in what the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  const logger = createLogger(env.logLevel);
  const database = await openDatabase(
    env.databaseUrl
      ? { kind: 'postgres', url: env.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') },
  );
  const version = await migrate(database);
  await ensureDefaults(database);
  const deps = await createDeps({ env, database, logger });
  if (env.demoData) await seedDemoData(deps);
  if (env.demoData && !env.isProduction) await ensureDemoAdmin(deps);

  const app = createApp(deps, { web: await createWebHandlers(env.buildDir) });

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    const warning = networkExposureWarning(env);
    if (warning) console.error(warning);
    logger.info(
      { port: info.port, database: database.kind, migrationVersion: version },
      `Shop ready at ${env.publicUrl}`,
    );
  });
  const jobs = startJobs(
    [{ name: 'expire-unpaid-orders', everyMs: 60_000, run: () => expireUnpaidOrders(deps) }],
    logger,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const jobsStopped = jobs.stop();
    // Open live streams would keep the server from closing; their pages reconnect elsewhere. Their
    // connections become idle only once each stream has ended, after close() has looked for idle
    // ones, so they are closed as they go quiet.
    deps.events.close();
    if ('closeIdleConnections' in server) {
      const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
      closeIdle.unref();
    }
    server.close(async () => {
      await jobsStopped;
      await database
        .close()
        .catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
