import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  createPgliteListener,
  createPostgresListener,
  type NotificationListener,
  type Unlisten,
} from './listen';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle; the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle handle that may be a transaction: domain functions accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type DatabaseKind = 'pglite' | 'postgres';

/** Plain SQL, for migrations and the few statements Drizzle does not express. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  sql: SqlRunner;
  /** Runs `fn` in one transaction with plain SQL. */
  transaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel (see db/announce.ts). One LISTEN per channel per process, on a
   * dedicated connection that reconnects by itself, fanned out to this process's subscribers.
   * Resolves once listening, so anything committed afterwards is heard.
   */
  listen(channel: string, listener: NotificationListener): Promise<Unlisten>;
  /** How many subscriptions this process holds (a closed live stream must give its own back). */
  readonly listeners: number;
  /** Closes the pool and the LISTEN connection. */
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

// node-postgres returns bigint (int8) as strings to avoid precision loss. Kobo amounts are far
// below 2^53, so numbers are safe and keep money arithmetic simple.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.maxConnections)
    : openPglite(options);
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  const listener = createPostgresListener(url);
  // An idle connection can be closed by the server (restart, failover, a dropped test database).
  // node-postgres reports that as an 'error' event; the pool replaces the connection, so it must
  // not crash the process. Queries in flight still fail and are handled by their callers.
  pool.on('error', () => {});
  const runner = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    async exec(text) {
      await client.query(text);
    },
    async query<Row>(text: string, params?: unknown[]) {
      const result = await client.query(text, params);
      return result.rows as Row[];
    },
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    sql: runner(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, subscriber) => listener.listen(channel, subscriber),
    get listeners() {
      return listener.size;
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const listener = createPgliteListener(client);
  type Queryable = Pick<PGlite, 'exec' | 'query'>;
  const runner = (target: Queryable): SqlRunner => ({
    async exec(text) {
      await target.exec(text);
    },
    async query<Row>(text: string, params?: unknown[]) {
      const result = await target.query<Row>(text, params);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    sql: runner(client),
    transaction: (fn) => client.transaction((tx) => fn(runner(tx))),
    listen: (channel, subscriber) => listener.listen(channel, subscriber),
    get listeners() {
      return listener.size;
    },
    async close() {
      await listener.close();
      await client.close();
    },
  };
}

/** PGlite only: the whole database as a tarball, to clone test databases quickly. */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPglite needs a PGlite database');
  // The drizzle handle keeps the PGlite client as `$client`.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
