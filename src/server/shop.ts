import { existsSync } from 'node:fs';
import path from 'node:path';
import { type App, createApp } from './app';
import type { AppDeps } from './context';
import { createDeps, type DepsInput } from './deps';
import type { LiveOptions } from './features/live/live-connection';
import { type Database, openDatabase } from './platform/db/client';
import type { Env } from './platform/env';
import { createLogger, type Logger } from './platform/logger';
import { copyTemplate } from './setup/template';
import { createWebHandlers, type WebHandlers } from './web';

/**
 * The composition root: one shop, built the same way for the server (main.ts), the command-line
 * scripts and every test. The platform (src/server/platform) knows nothing of the shop; createDeps
 * builds the shop's dependencies from it; createApp mounts the features' routes on them; this
 * attaches the app to the dependencies' in-process fetch and owns starting and stopping.
 */
export type Shop = {
  deps: AppDeps;
  app: App;
  /** The web app's handlers, when it serves the web app (its built files are answered ahead of the app). */
  web?: WebHandlers;
  /** Starts the job workers (and their schedules, unless turned off). */
  start(): Promise<void>;
  /**
   * Stops in order: the job workers (the running jobs finish), the live change feed (open streams
   * end), the mailer, then the database. The HTTP server, when there is one, is closed first by
   * its owner (main.ts), so no request is left without its database.
   */
  stop(): Promise<void>;
};

export type ShopOptions = Partial<
  Pick<DepsInput, 'mailer' | 'storage' | 'jobs' | 'caches' | 'cheapPasswordHashing'>
> & {
  /** An open, migrated database; by default the one the environment names (opened here). */
  database?: Database;
  logger?: Logger;
  /** Serve the built web app (static files and server-rendered pages) from the build folder. */
  web?: boolean;
  /** Live-update stream timing (tests shorten the heartbeat). */
  live?: LiveOptions;
};

/**
 * The database the environment names: DATABASE_URL, or the embedded one in DATA_DIR, which a
 * brand-new data folder starts as a copy of the build's template (setup/template.ts).
 */
export function openShopDatabase(env: Env, onCreate?: (folder: string) => void): Promise<Database> {
  if (env.databaseUrl) return openDatabase({ kind: 'postgres', url: env.databaseUrl });
  const folder = path.join(env.dataDir, 'pglite');
  if (onCreate && !existsSync(folder)) onCreate(folder);
  copyTemplate(folder, env.buildDir);
  return openDatabase({ kind: 'pglite', dataDir: folder });
}

export async function createShop(env: Env, options: ShopOptions = {}): Promise<Shop> {
  const logger = options.logger ?? createLogger(env.logLevel, env.logFormat);
  const database = options.database ?? (await openShopDatabase(env));
  const deps = await createDeps({
    env,
    database,
    logger,
    mailer: options.mailer,
    storage: options.storage,
    jobs: options.jobs,
    caches: options.caches,
    cheapPasswordHashing: options.cheapPasswordHashing,
  });
  const web = options.web
    ? await createWebHandlers(env.buildDir, { cache: deps.pageCache ?? undefined })
    : undefined;
  const app = createApp(deps, { web, live: options.live });
  // Pages, payments and the simulator call the app in-process.
  deps.inProcess.attach((request, bindings) => app.fetch(request, bindings));
  let stopped: Promise<void> | null = null;
  return {
    deps,
    app,
    web,
    async start() {
      await deps.jobs.start(deps);
    },
    stop() {
      stopped ??= (async () => {
        await deps.jobs
          .stop()
          .catch((error: unknown) => logger.error({ err: error }, 'stopping the jobs failed'));
        deps.events.close();
        deps.mailer.close();
        await database
          .close()
          .catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
      })();
      return stopped;
    },
  };
}
