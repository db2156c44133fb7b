import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { SqlRunner } from './client';
import type { DB } from './types';

/**
 * Typed queries: Kysely over our own SqlRunner, so a query runs exactly where the caller's plain
 * SQL would (the pool, or the caller's transaction, with its statement preparation and its
 * after-commit hooks) on PostgreSQL and PGlite alike. The tables' types are generated from the
 * migrated database (types.ts, `npm run db:types`); numbers arrive as numbers (client.ts).
 *
 *   const order = await queries(sql).selectFrom('orders').select(['id', 'status'])
 *     .where('id', '=', orderId).executeTakeFirst();
 *
 * Transactions stay `database.transaction(async (sql) => …)`: pass its `sql` here. Kysely's own
 * transaction API is not wired (it would open a second, separate one).
 */

class RunnerConnection implements DatabaseConnection {
  constructor(private readonly sql: SqlRunner) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Row counts of statements without RETURNING are not reported: add RETURNING where they matter.
    return { rows: await this.sql.query<R>(compiled.sql, [...compiled.parameters]) };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; this says so when asked.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported: read in pages (keyset) instead.');
  }
}

class RunnerDriver implements Driver {
  constructor(private readonly sql: SqlRunner) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RunnerConnection(this.sql);
  }
  async beginTransaction(): Promise<void> {
    throw new Error('Open transactions with database.transaction and pass its runner to queries().');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const bound = new WeakMap<SqlRunner, Kysely<DB>>();

/** The typed query builder on this runner (the pool's, or a transaction's). */
export function queries(sql: SqlRunner): Kysely<DB> {
  let db = bound.get(sql);
  if (!db) {
    db = new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new RunnerDriver(sql),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    bound.set(sql, db);
  }
  return db;
}
