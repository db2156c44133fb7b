import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/platform/db/client';
import { loadEnv } from '../../src/server/platform/env';
import type { JobQueueOptions } from '../../src/server/platform/jobs/queue';
import { createLogger } from '../../src/server/platform/logger';
import { createShop } from '../../src/server/shop';
import { adminUrl, databaseUrl } from './postgres';

/**
 * A fresh copy of the migrated template database, for one test file. `drop` closes it (once, even
 * when a shop using it has closed it already) and, on PostgreSQL, drops it.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const tarball = await readFile(source.file);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([tarball]) });
    return { database, drop: () => database.close() };
  }
  const name = `${source.template}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(source.url), maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(source.url, name) });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real shop on a fresh database, built by createShop as the server builds it, called
 * in-process with `request()`. `env` adds or overrides configuration (for example SMTP_URL or
 * PAYSTACK_BASE_URL pointing at a local fake).
 *
 * The job workers run for real, polling often and retrying at once (no back-off) so a test does
 * not wait; `jobsIdle()` waits until every due job has run. Schedules are off unless asked. The
 * two read caches (the page cache and the listings' totals) are off unless asked: factories write
 * rows straight to the database, announcing nothing that would clear them. Passwords are hashed
 * at a test's cost unless asked (platform/auth.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    jobs?: Partial<JobQueueOptions>;
    startJobs?: boolean;
    caches?: boolean;
    /** Better Auth's own password hashing, as a real shop has it, instead of the tests' cheap one. */
    realPasswordHashing?: boolean;
  } = {},
) {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-'));
  const appEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const shop = await createShop(appEnv, {
    database,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    jobs: { pollSeconds: 0.2, retryDelaySeconds: 0, schedules: false, ...options.jobs },
    caches: options.caches ?? false,
    // A real shop's scrypt costs some 80 ms of a core per hash, and the suite hashes over a
    // thousand passwords: the same hashing at a test's cost (platform/auth.ts).
    cheapPasswordHashing: !options.realPasswordHashing,
  });
  const { deps, app } = shop;
  if (options.startJobs ?? true) await shop.start();
  const origin = 'http://localhost:3000';

  /** Calls the API; `json` bodies are serialised and the cookie jar travels with each call. */
  async function request(
    pathname: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string>; cookie?: string } = {},
  ) {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.cookie) headers.set('cookie', init.cookie);
    if (!headers.has('origin') && init.method && init.method !== 'GET') headers.set('origin', origin);
    const response = await app.request(`${origin}${pathname}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return {
      status: response.status,
      headers: response.headers,
      body: body as Record<string, unknown> & unknown,
    };
  }

  return {
    app,
    deps,
    database,
    db: database.db,
    request,
    /** Starts the job workers (for a test that made the app with `startJobs: false`). */
    startJobs: () => shop.start(),
    /** Waits until the job queue has run every due job (emails, webhooks, password resets). */
    jobsIdle: () => deps.jobs.idle(),
    async close() {
      await shop.stop();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
