import type { Database } from '../../../src/server/platform/db/client';

/**
 * Tables a refused request may still write, by design: attempt counters (a refused sign-in is
 * counted) and sessions (each request a session makes refreshes its idle clock).
 */
const WRITTEN_BY_REFUSALS = new Set(['rate_limits', 'sessions', 'schema_migrations']);

/**
 * One hash of every row of every table of the shop (the job queue's own schema aside): equal
 * before and after a request when that request wrote nothing.
 */
export async function databaseFingerprint(database: Database): Promise<() => Promise<string>> {
  const tables = await database.sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const hashed = tables
    .map((row) => row.table_name)
    .filter((name) => !WRITTEN_BY_REFUSALS.has(name))
    .map((name) => `SELECT '${name}' || md5(t::text) AS h FROM "${name}" t`);
  const query = `SELECT md5(coalesce(string_agg(h, ',' ORDER BY h), '')) AS hash FROM (${hashed.join(' UNION ALL ')}) rows`;
  return async () => {
    const [row] = await database.sql.query<{ hash: string }>(query);
    return row?.hash ?? '';
  };
}
