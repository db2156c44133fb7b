import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { createDeps } from '../../src/server/deps';
import { loadEnv } from '../../src/server/env';
import type { JobQueueOptions } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/logger';
import { adminUrl, databaseUrl } from './postgres';

/** A fresh copy of the migrated template database, for one test file. */
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
 * The real app on a fresh database, called in-process with `request()`. `env` adds or overrides
 * configuration (for example SMTP_URL or PAYSTACK_BASE_URL pointing at a local fake).
 *
 * The job workers run for real, polling often and retrying at once (no back-off) so a test does
 * not wait; `jobsIdle()` waits until every due job has run. Schedules are off unless asked.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { jobs?: Partial<JobQueueOptions>; startJobs?: boolean } = {},
) {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-'));
  const appEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const deps = await createDeps({
    env: appEnv,
    database,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    jobs: { pollSeconds: 0.2, retryDelaySeconds: 0, schedules: false, ...options.jobs },
  });
  const app = createApp(deps);
  if (options.startJobs ?? true) await deps.jobs.start();
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
    /** Waits until the job queue has run every due job (emails, webhooks, password resets). */
    jobsIdle: () => deps.jobs.idle(),
    async close() {
      await deps.jobs.stop();
      deps.mailer.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
