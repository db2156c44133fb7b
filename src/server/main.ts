import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { type DemoAdminSignIn, demoAdminSignIn } from './features/accounts/demo-admin';
import { networkExposureWarning } from './http/local-only';
import { everyAnswerHeaders, fileAnswerHeaders, isPrivatePage } from './http/security-headers';
import type { Database } from './platform/db/client';
import { ensureDefaults } from './platform/db/defaults';
import { migrate } from './platform/db/migrate';
import { type Env, EnvError, loadEnv } from './platform/env';
import { createTurnQueue } from './platform/http/turns';
import { createLogger, type Logger } from './platform/logger';
import { seedDemoData } from './setup/seed';
import { createShop, openShopDatabase, type Shop } from './shop';
import { readyBlock, type StartUpReport, startUpReport } from './start-up';

/** How long an idle kept-alive connection stays open: longer than a load balancer's own (60 s). */
const KEEP_ALIVE_MS = 65_000;
/** A server process's message to the primary once it listens and has said so in the log. */
const SERVER_PROCESS_READY = 'shop:server-process-ready';

function open(env: Env, report?: StartUpReport): Promise<Database> {
  // A brand-new data folder starts from the build's template (setup/template.ts): no initdb here.
  return openShopDatabase(env, (folder) => report?.step(`Creating the database in ${folder}…`));
}

/**
 * What happens once per start, before any request is served: migrations, defaults, the job
 * queue's tables, demo data and the demo admin (shown with the start-up block).
 */
async function prepare(env: Env, logger: Logger, database: Database, report: StartUpReport, web: boolean) {
  const version = await migrate(database);
  await ensureDefaults(database);
  const shop = await createShop(env, { database, logger, web });
  await shop.deps.jobs.install();
  if (env.demoData) {
    let announced = false;
    await seedDemoData(shop.deps, {
      onProgress(done, total) {
        if (!announced) report.step('Adding the demo catalogue (first start only)…');
        announced = true;
        report.count('  storing demo images', done, total);
      },
    });
  }
  let admin: DemoAdminSignIn | null = null;
  if (env.demoData && !env.isProduction) admin = await demoAdminSignIn(shop.deps);
  return { shop, version, admin };
}

/** One server process: HTTP and the job workers, until SIGTERM or SIGINT. */
async function runServer(env: Env, logger: Logger, options: { prepared: boolean }) {
  const report = startUpReport(env);
  const database = await open(env, options.prepared ? undefined : report);
  let version: number | undefined;
  let admin: DemoAdminSignIn | null = null;
  let shop: Shop;
  if (options.prepared) {
    shop = await createShop(env, { database, logger, web: true });
  } else {
    ({ shop, version, admin } = await prepare(env, logger, database, report, true));
  }
  const { app, deps } = shop;
  await shop.start();

  const toApp = getRequestListener(app.fetch, { hostname: env.host });
  const files = shop.web?.files;
  const fileHeaders = Object.entries(
    fileAnswerHeaders({ https: env.publicUrl.startsWith('https://') }),
  ).flat();
  // The build's files are answered from memory before the app sees the request, with the headers
  // the app would give them (the shop's security headers, a request id, the request's log line):
  // a script or a logo costs what a bare Node server costs, not a pass through the app.
  const answerFile = (req: IncomingMessage, res: ServerResponse) =>
    logged(req, performance.now(), files?.serveNode(req, res, fileHeaders));
  // So are the pages kept for anonymous visitors (a drop's product page under its crowd), with
  // their own policy (the nonce of their rendering) and the headers of every answer: a page
  // answered again costs about what a file costs, and the event loop stays free for the orders.
  const pages = deps.pageCache;
  const pageHeaders = Object.entries(
    everyAnswerHeaders({ https: env.publicUrl.startsWith('https://') }),
  ).flat();
  const fromMemory = (req: IncomingMessage) => !isPrivatePage(pathOf(req)) && pages?.canServe(req) === true;
  // Under a crowd those answers go a slice per turn of the event loop, so the database's replies
  // to an order are read between two slices instead of after the whole crowd (platform/http/turns).
  const pageTurns = createTurnQueue(env.pagesPerTurn);
  const answerPage = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    pageTurns.run(() => {
      // A change may have come meanwhile: then serveNode answers nothing and the app answers, as
      // it would have.
      if (!logged(req, started, pages?.serveNode(req, res, pageHeaders))) void toApp(req, res);
    });
  };
  const pathOf = (req: IncomingMessage) => (req.url ?? '').replace(/\?.*$/, '');
  /** The request's log line, as the app writes it, for an answer given ahead of the app. */
  const logged = (
    req: IncomingMessage,
    started: number,
    sent: { status: number; requestId: string } | null | undefined,
  ) => {
    if (!sent) return false;
    if (logger.isLevelEnabled('info')) {
      const path = pathOf(req);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info({ reqId: sent.requestId, method: req.method, path, status: sent.status, ms }, 'request');
    }
    return true;
  };
  const server = createServer((req, res) => {
    if (answerFile(req, res)) return;
    if (fromMemory(req)) answerPage(req, res);
    else void toApp(req, res);
  });
  server.listen(env.port, env.host, () => {
    const info = server.address() as AddressInfo;
    if (cluster.isWorker) {
      logger.info({ port: info.port, worker: cluster.worker?.id, pid: process.pid }, 'server process ready');
      // Told after the line is written, so the primary's 'Shop ready' line always comes after it
      // (cluster's own 'listening' message can overtake it).
      process.send?.(SERVER_PROCESS_READY);
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

  // A client (a browser, a load balancer) may send on a kept-alive connection at the very moment
  // the server closes it for idleness, and then sees it reset. Node closes idle ones after 5 s;
  // load balancers keep theirs open for about 60 s (AWS's default), so the shop waits longer than
  // they do and it is always they who close first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Open live streams would keep the server from closing; their pages reconnect elsewhere. Their
    // connections become idle only once each stream has ended, after close() has looked for idle
    // ones, so they are closed as they go quiet.
    deps.events.close();
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
    // Then the shop in its order: running jobs finish (or are retried elsewhere after
    // JOB_TIMEOUT_SECONDS if this is cut short), the mailer, the database.
    server.close(async () => {
      await shop.stop();
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** A server process that dies is started again after this, doubling while they keep dying. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
/** Exits within this long of each other count as dying repeatedly (the delay keeps doubling). */
const RESTART_WINDOW_MS = 60_000;
/** Server processes that exit before they ever listen, in a row, before the primary gives up. */
const START_FAILURES_LIMIT = 5;

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, checked by loadEnv): this process prepares the database
 * once, then starts that many server processes sharing the port, says the shop is ready once they
 * all listen, replaces any that dies (sooner or later as they keep dying), gives up with one line
 * when they keep dying before they listen (a port in use, a configuration the database refuses),
 * and stops them all on SIGTERM or SIGINT.
 */
async function runPrimary(env: Env, logger: Logger) {
  const report = startUpReport(env);
  const database = await open(env, report);
  const { shop, version, admin } = await prepare(env, logger, database, report, false);
  await shop.stop();

  let stopping = false;
  let exitCode = 0;
  let ready = false;
  let startFailures = 0;
  let recentExits: number[] = [];
  const listening = new Set<number>();
  const fork = () => {
    if (!stopping) cluster.fork({ SHOP_PREPARED: '1' });
  };

  const stopAll = () => {
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };

  cluster.on('message', (worker, message) => {
    if (message !== SERVER_PROCESS_READY) return;
    listening.add(worker.id);
    startFailures = 0;
    if (ready || listening.size < env.webConcurrency) return;
    ready = true;
    if (env.logFormat === 'pretty')
      process.stdout.write(readyBlock(env, admin, { processes: env.webConcurrency }));
    else
      logger.info(
        { port: env.port, database: database.kind, migrationVersion: version, processes: env.webConcurrency },
        `Shop ready at ${env.publicUrl}`,
      );
  });
  cluster.on('exit', (worker, code, signal) => {
    const listened = listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (!listened) startFailures += 1;
    if (startFailures >= START_FAILURES_LIMIT) {
      stopping = true;
      exitCode = 1;
      console.error(
        `The server processes keep exiting before they listen (${startFailures} in a row): stopping. The reason is in the lines above.`,
      );
      setTimeout(() => process.exit(1), 15_000).unref();
      stopAll();
      return;
    }
    const now = Date.now();
    recentExits = [...recentExits.filter((at) => now - at < RESTART_WINDOW_MS), now];
    const delay = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (recentExits.length - 1));
    logger.error(
      { worker: worker.id, code, signal, listened, restartInMs: delay },
      listened
        ? 'a server process exited; starting another'
        : 'a server process exited before it listened; starting another',
    );
    // Not unref'd: while every process is down, this timer is what keeps the primary alive.
    setTimeout(fork, delay);
  });
  for (let i = 0; i < env.webConcurrency; i++) fork();
  const warning = networkExposureWarning(env);
  if (warning) console.error(warning);

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 15_000).unref();
    stopAll();
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
