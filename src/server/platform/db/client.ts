import { createHash } from 'node:crypto';
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
  /**
   * Inside a transaction: runs `fn` once the transaction has committed (never if it rolls back).
   * Absent outside one, where every statement commits by itself.
   */
  afterCommit?(fn: () => void): void;
}

/** A transaction's SqlRunner, with the callbacks to run once it commits. */
function inTransaction(runner: SqlRunner): { sql: SqlRunner; committed(): void } {
  const callbacks: (() => void)[] = [];
  return {
    sql: { ...runner, afterCommit: (fn) => callbacks.push(fn) },
    committed() {
      for (const fn of callbacks) fn();
    },
  };
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  sql: SqlRunner;
  /**
   * For a single statement that only reads: a SELECT that writes nothing and takes no row lock
   * (no FOR UPDATE, no advisory lock), so no other statement's row lock holds it up. On
   * PostgreSQL these go pipelined over a connection of their own (`pipelined`), never queued
   * behind the pool's transactions or a statement waiting for a row lock; on PGlite it is `sql`.
   */
  reads: SqlRunner;
  /**
   * For a single statement whose change is provisional: it commits by itself, and a later
   * transaction either confirms it with a commit of its own or undoes it (a stock hold, consumed by
   * its order or given back). It waits at most for its statement's row locks, never holds one
   * across a round trip, and must not wait on a lock for long. On PostgreSQL these go pipelined over
   * a connection of their own, one after another, and commit without waiting for the disk: the
   * confirming commit waits for it, and writes the provisional change to disk with its own
   * (docs/decisions/2026-12-07-provisional-statements.md). One that waits for a row lock gives its
   * place up after PROVISIONAL_LOCK_TIMEOUT_MS and runs on the pool instead. On PGlite it is `sql`.
   */
  provisional: SqlRunner;
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
  /** Closes the pool, the read connection and the LISTEN connection. */
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/**
 * Numbers from the database are numbers once, here, on both drivers: bigint (int8: kobo, counts)
 * and numeric (what sum() of bigint gives) arrive as JavaScript numbers. node-postgres and PGlite
 * give them as strings to avoid precision loss; the shop's amounts are far below 2^53, and a value
 * that is not is refused rather than rounded.
 */
export function parseDatabaseNumber(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) && !(Number.isFinite(number) && Math.abs(number) < 2 ** 53)) {
    throw new RangeError(`The database answered ${value}, which a number cannot hold exactly`);
  }
  return number;
}
const NUMBER_PARSERS = {
  [pg.types.builtins.INT8]: parseDatabaseNumber,
  [pg.types.builtins.NUMERIC]: parseDatabaseNumber,
};
for (const [type, parse] of Object.entries(NUMBER_PARSERS)) pg.types.setTypeParser(Number(type), parse);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.maxConnections)
    : openPglite(options);
}

/**
 * Lets at most `limit` callers run at once; the others wait their turn, first come first served.
 */
export function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await fn();
      } finally {
        // The slot goes straight to the next in line, or back to the pool of free slots.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/**
 * Connections kept from transactions for single statements. A transaction can wait a long time
 * for a row lock (two hundred buyers of a drop's last units queue on one stock row); without
 * these, such a queue would hold every connection and a page's statements would wait behind it.
 * (The reads that take no row lock do not use the pool at all: `Database.reads`.)
 */
export const CONNECTIONS_KEPT_FOR_READS = 2;

const statementNames = new Map<string, string | null>();
/** More distinct statements than the shop has means SQL built from values: those are not prepared. */
const MAX_PREPARED = 1000;

/**
 * The name a statement is prepared under, on each connection the first time it runs there: the
 * server then parses and plans it once per connection instead of at every call, which on this
 * machine more than halved what a simple read cost PostgreSQL. Only statements with parameters
 * (the extended protocol, one statement each); the name is a hash of the text, so the same text is
 * the same statement on every connection. Statements matching a LIKE pattern are planned at every
 * call: the best plan depends on the word (a rare one from the trigram index, a common one by
 * walking the newest products), and a prepared statement would settle on one plan for all.
 */
function statementName(text: string): string | null {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED) return null;
    // Remembered either way, so the text is searched once, not at every call.
    name = /\bLIKE\s+\$/i.test(text)
      ? null
      : `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** One statement on a node-postgres pool or client, prepared under its name when it has one. */
async function runStatement<Row>(
  client: pg.Pool | pg.PoolClient | pg.Client,
  text: string,
  params?: unknown[],
): Promise<Row[]> {
  const name = params && params.length > 0 ? statementName(text) : null;
  const result = name ? await client.query({ name, text, values: params }) : await client.query(text, params);
  return result.rows as Row[];
}

/**
 * Statements sent pipelined (PostgreSQL's extended protocol, each with its own Sync, so each
 * is its own transaction and an error fails that statement alone): a statement goes out as soon as
 * it is asked, without waiting for the answers before it, on whichever of `count` connections has
 * the fewest in flight, opened at their first use and again after one is lost. The statements
 * asked within one turn of the event loop leave in one write, and the server reads them together:
 * a statement costs the shop a share of one system call instead of its own, and the server a share
 * of one wake-up (docs/decisions/2026-12-07-pipelined-reads.md).
 *
 * Only for statements that do not wait on locks: the answers come back in the order asked, so a
 * statement that waits holds up every one behind it. One that does wait (a SELECT for a table's
 * exclusive lock, a migration's; a provisional write for a row a transaction has locked) waits here
 * at most `lockTimeoutMs`, then goes to `fallback` (the pool), where its wait holds up no one
 * else; the statement given up changed nothing. A connection that stops answering without closing
 * is given up after ANSWER_TIMEOUT_MS, failing the statements in flight on it. `options` are the
 * connection's settings (PostgreSQL's `-c name=value`).
 */
function pipelined(
  url: string,
  count: number,
  fallback: SqlRunner,
  settings: { lockTimeoutMs: number; options?: string },
): SqlRunner & { close(): Promise<void> } {
  type Connection = { client: Promise<pg.Client> | null; inFlight: number; corked: boolean };
  const connections: Connection[] = Array.from({ length: Math.max(1, count) }, () => ({
    client: null,
    inFlight: 0,
    corked: false,
  }));
  let closed = false;
  const open = (connection: Connection): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      pipeline: true,
      lock_timeout: settings.lockTimeoutMs,
      options: settings.options,
      query_timeout: ANSWER_TIMEOUT_MS,
      keepAlive: true,
    });
    const ready = client.connect().then(() => client);
    // A lost connection fails the reads in flight on it (their callers see the error, as with
    // the pool), is closed if it was not, and is opened again for the next read.
    const forget = () => {
      if (connection.client === ready) connection.client = null;
      client.connection.stream.destroy();
    };
    client.on('error', forget);
    client.on('end', forget);
    ready.catch(forget);
    connection.client = ready;
    return ready;
  };
  /** Holds this turn's statements for one write, made once the turn's I/O callbacks have run. */
  const batch = (connection: Connection, client: pg.Client) => {
    if (connection.corked) return;
    const socket = client.connection.stream;
    connection.corked = true;
    socket.cork();
    setImmediate(() => {
      connection.corked = false;
      socket.uncork();
    });
  };
  const send = async <Row>(text: string, params?: unknown[]): Promise<Row[]> => {
    if (closed) throw new Error('The database is closed');
    let connection = connections[0]!;
    for (const other of connections) if (other.inFlight < connection.inFlight) connection = other;
    connection.inFlight += 1;
    try {
      const client = await (connection.client ?? open(connection));
      batch(connection, client);
      return await runStatement<Row>(client, text, params);
    } catch (error) {
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
    } finally {
      connection.inFlight -= 1;
    }
    return fallback.query<Row>(text, params);
  };
  return {
    async exec(text) {
      await send(text);
    },
    query: send,
    async close() {
      closed = true;
      await Promise.all(
        connections.map(async (connection) => {
          const client = await connection.client?.catch(() => null);
          await client?.end().catch(() => {});
        }),
      );
    },
  };
}

/** PostgreSQL's code for a lock not had within lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';
/** How long a pipelined read may wait for a table's lock before it goes to the pool. */
export const READ_LOCK_TIMEOUT_MS = 200;
/**
 * How long a provisional statement may wait for a row lock before it goes to the pool: the
 * provisional statements behind it wait as long.
 */
export const PROVISIONAL_LOCK_TIMEOUT_MS = 100;
/** How long a pipelined statement waits for its answer before its connection is given up. */
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * Connections of their own for pipelined reads (beside the pool's). One: on two cores its database
 * process, never idle, does more than two taking turns (docs/decisions/2026-12-07-pipelined-reads.md).
 */
export const READ_CONNECTIONS = 1;

async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  const transactions = createGate(Math.max(1, max - CONNECTIONS_KEPT_FOR_READS));
  const listener = createPostgresListener(url);
  // An idle connection can be closed by the server (restart, failover, a dropped test database).
  // node-postgres reports that as an 'error' event; the pool replaces the connection, so it must
  // not crash the process. Queries in flight still fail and are handled by their callers.
  pool.on('error', () => {});
  const runner = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    async exec(text) {
      await client.query(text);
    },
    query: (text, params) => runStatement(client, text, params),
  });
  const sql = runner(pool);
  const reads = pipelined(url, READ_CONNECTIONS, sql, { lockTimeoutMs: READ_LOCK_TIMEOUT_MS });
  // One connection: its statements are taken one after another by one database process, so those
  // queued on one row (a drop's buyers) never wait for each other's lock, and the row is free as
  // soon as each has run.
  const provisional = pipelined(url, 1, sql, {
    lockTimeoutMs: PROVISIONAL_LOCK_TIMEOUT_MS,
    options: '-c synchronous_commit=off',
  });
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    sql,
    reads,
    provisional,
    transaction: (fn) =>
      transactions.run(async () => {
        const client = await pool.connect();
        const tx = inTransaction(runner(client));
        try {
          await client.query('BEGIN');
          const result = await fn(tx.sql);
          await client.query('COMMIT');
          tx.committed();
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      }),
    listen: (channel, subscriber) => listener.listen(channel, subscriber),
    get listeners() {
      return listener.size;
    },
    close: once(async () => {
      await listener.close();
      await reads.close();
      await provisional.close();
      await pool.end();
    }),
  };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Database> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    parsers: NUMBER_PARSERS,
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
    reads: runner(client),
    provisional: runner(client),
    async transaction(fn) {
      const tx = { current: null as ReturnType<typeof inTransaction> | null };
      const result = await client.transaction((pgliteTx) => {
        tx.current = inTransaction(runner(pgliteTx));
        return fn(tx.current.sql);
      });
      tx.current?.committed();
      return result;
    },
    listen: (channel, subscriber) => listener.listen(channel, subscriber),
    get listeners() {
      return listener.size;
    },
    close: once(async () => {
      await listener.close();
      await client.close();
    }),
  };
}

/** Closing twice (a shop's stop, then its owner's) closes once. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** PGlite only: the whole database as a tarball, to clone test databases quickly. */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPglite needs a PGlite database');
  // The drizzle handle keeps the PGlite client as `$client`.
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
