import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { type Database, openDatabase } from './db/client';
import { ensureDefaults } from './db/defaults';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createDeps } from './deps';
import { type Env, EnvError, loadEnv } from './env';
import { type DemoAdminSignIn, demoAdminSignIn } from './features/accounts/demo-admin';
import { networkExposureWarning } from './http/local-only';
import { createPageCache } from './http/page-cache';
import { createLogger, type Logger } from './logger';
import { readyBlock, type StartUpReport, startUpReport } from './start-up';
import { createWebHandlers } from './web';

function open(env: Env, report?: StartUpReport): Promise<Database> {
  if (report) {
    const pgliteDir = path.join(env.dataDir, 'pglite');
    if (!env.databaseUrl && !existsSync(pgliteDir)) report.step(`Creating the database in ${pgliteDir}…`);
  }
  return openDatabase(
    env.databaseUrl
      ? { kind: 'postgres', url: env.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(env.dataDir, 'pglite') },
  );
}

/**
 * What happens once per start, before any request is served: migrations, defaults, the job
 * queue's tables, demo data and the demo admin (shown with the start-up block).
 */
async function prepare(env: Env, logger: Logger, database: Database, report: StartUpReport) {
  const version = await migrate(database);
  await ensureDefaults(database);
  const deps = await createDeps({ env, database, logger });
  await deps.jobs.install();
  if (env.demoData) {
    let announced = false;
    await seedDemoData(deps, {
      onProgress(done, total) {
        if (!announced) report.step('Adding the demo catalogue (first start only)…');
        announced = true;
        report.count('  storing demo images', done, total);
      },
    });
  }
  let admin: DemoAdminSignIn | null = null;
  if (env.demoData && !env.isProduction) admin = await demoAdminSignIn(deps);
  return { deps, version, admin };
}

/** One server process: HTTP and the job workers, until SIGTERM or SIGINT. */
async function runServer(env: Env, logger: Logger, options: { prepared: boolean }) {
  const report = startUpReport(env);
  const database = await open(env, options.prepared ? undefined : report);
  let version: number | undefined;
  let admin: DemoAdminSignIn | null = null;
  let deps: Awaited<ReturnType<typeof createDeps>>;
  if (options.prepared) {
    deps = await createDeps({ env, database, logger });
  } else {
    ({ deps, version, admin } = await prepare(env, logger, database, report));
  }
  await deps.jobs.start();

  // The catalogue's pages and JSON for anonymous visitors, cleared by every announced change.
  const cache = createPageCache(deps.events);
  const app = createApp(deps, {
    web: await createWebHandlers(env.buildDir, { cache }),
    cache,
  });
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    if (cluster.isWorker) {
      logger.info({ port: info.port, worker: cluster.worker?.id, pid: process.pid }, 'server process ready');
      return;
    }
    const warning = networkExposureWarning(env);
    if (warning) console.error(warning);
    if (env.logFormat === 'pretty') process.stdout.write(readyBlock(env, admin));
    else
      logger.info(
        { port: info.port, database: database.kind, migrationVersion: version },
        `Shop ready at ${env.publicUrl}`,
      );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Running jobs finish (or are retried elsewhere after JOB_TIMEOUT_SECONDS if this is cut short).
    const jobsStopped = deps.jobs
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'stopping the jobs failed'));
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
      deps.mailer.close();
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

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, checked by loadEnv): this process prepares the database
 * once, then starts that many server processes sharing the port, replaces any that dies, and
 * stops them all on SIGTERM or SIGINT.
 */
async function runPrimary(env: Env, logger: Logger) {
  const report = startUpReport(env);
  const database = await open(env, report);
  const { deps, version, admin } = await prepare(env, logger, database, report);
  await deps.jobs.stop();
  deps.events.close();
  deps.mailer.close();
  await database.close();

  let stopping = false;
  const fork = () => cluster.fork({ SHOP_PREPARED: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        process.exit(0);
      }
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'a server process exited; starting another');
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < env.webConcurrency; i++) fork();
  const warning = networkExposureWarning(env);
  if (warning) console.error(warning);
  if (env.logFormat === 'pretty')
    process.stdout.write(readyBlock(env, admin, { processes: env.webConcurrency }));
  else
    logger.info(
      { port: env.port, database: database.kind, migrationVersion: version, processes: env.webConcurrency },
      `Shop ready at ${env.publicUrl}`,
    );

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 15_000).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function main() {
  // A local .env file, when there is one, fills in what the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  const logger = createLogger(env.logLevel, env.logFormat);
  if (cluster.isPrimary && env.webConcurrency > 1) return runPrimary(env, logger);
  return runServer(env, logger, { prepared: cluster.isWorker && process.env.SHOP_PREPARED === '1' });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
