import {
  type Compilable,
  type CompiledQuery,
  type ConnectionProvider,
  type DatabaseConnection,
  DefaultQueryExecutor,
  type Dialect,
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

/** Every query of a runner's builder runs on that runner: its pool, or its transaction. */
class RunnerConnectionProvider implements ConnectionProvider {
  private readonly connection: RunnerConnection;
  constructor(sql: SqlRunner) {
    this.connection = new RunnerConnection(sql);
  }
  provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    return consumer(this.connection);
  }
}

const NO_TRANSACTIONS = 'Open transactions with database.transaction and pass its runner to queries().';

/** Kysely's own connections and transactions are not used: the runner is the connection. */
class RunnerDriver implements Driver {
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    throw new Error('queries(sql) runs on its runner: pass the pool or a transaction.');
  }
  async beginTransaction(): Promise<void> {
    throw new Error(NO_TRANSACTIONS);
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/*
 * One compiler, adapter and dialect for the process. Each transaction has its own runner, so a
 * builder is made per runner; made from these parts it costs an object or two, not a dialect.
 */
const driver = new RunnerDriver();
const compiler = new PostgresQueryCompiler();
const adapter = new PostgresAdapter();
const dialect: Dialect = {
  createAdapter: () => adapter,
  createDriver: () => driver,
  createIntrospector: (kysely) => new PostgresIntrospector(kysely),
  createQueryCompiler: () => compiler,
};
const config = { dialect };

const bound = new WeakMap<SqlRunner, Kysely<DB>>();

/** The typed query builder on this runner (the pool's, or a transaction's). */
export function queries(sql: SqlRunner): Kysely<DB> {
  let db = bound.get(sql);
  if (!db) {
    const executor = new DefaultQueryExecutor(compiler, adapter, new RunnerConnectionProvider(sql), []);
    db = new Kysely<DB>({ config, dialect, driver, executor });
    bound.set(sql, db);
  }
  return db;
}

/** A builder that only compiles: prepared queries run on the runner given at each call. */
const compileOnly = new Kysely<DB>({
  config,
  dialect,
  driver,
  executor: new DefaultQueryExecutor(
    compiler,
    adapter,
    new RunnerConnectionProvider({
      exec: () => Promise.reject(new Error('A prepared query runs on the runner given to it.')),
      query: () => Promise.reject(new Error('A prepared query runs on the runner given to it.')),
    }),
    [],
  ),
});

/** Stands for a value given at each call of a prepared query (see `prepared`). */
class Parameter {
  constructor(readonly name: string) {}
}

/** What a prepared query's builder receives to name its values: `value('userId')`. */
export type ParameterOf<Values> = <Name extends keyof Values & string>(name: Name) => Values[Name];

/**
 * A typed query built and compiled once, then run with new values: for the queries behind every
 * signed-in request and the cart, where building and compiling with Kysely at each call cost more
 * than the database's own work. The builder names each value with `value(name)`; each is bound as
 * one parameter (an array too: write `= any(${value('ids')}::uuid[])`, never `in`). Building it
 * refuses a value the compiler did not bind as a parameter.
 *
 *   const cartOf = prepared<{ userId: string }>()((db, value) =>
 *     db.selectFrom('carts').select('id').where('user_id', '=', value('userId')));
 *   const rows = await cartOf(sql, { userId });
 */
export function prepared<Values extends Record<string, unknown>>() {
  return <Row>(
    build: (db: Kysely<DB>, value: ParameterOf<Values>) => Compilable<Row>,
  ): ((sql: SqlRunner, values: Values) => Promise<Row[]>) => {
    let compiled: { sql: string; parameters: readonly unknown[] } | null = null;
    const compile = () => {
      const named = new Set<string>();
      const value = ((name: string) => {
        named.add(name);
        return new Parameter(name);
      }) as ParameterOf<Values>;
      const query = build(compileOnly, value).compile();
      for (const name of named) {
        if (!query.parameters.some((p) => p instanceof Parameter && p.name === name)) {
          throw new Error(`prepared(): the value "${name}" is not bound as a parameter of its query`);
        }
      }
      return { sql: query.sql, parameters: query.parameters };
    };
    return async (sql, values) => {
      compiled ??= compile();
      const parameters = compiled.parameters.map((p) => (p instanceof Parameter ? values[p.name] : p));
      return sql.query<Row>(compiled.sql, parameters);
    };
  };
}
