import { randomUUID } from 'node:crypto';
import { type Database, openDatabase } from '../../../src/server/platform/db/client';
import { adminUrl, databaseUrl } from '../../setup/postgres';

/** The PostgreSQL server process tests use: TEST_DATABASE_URL, or the local default. */
export const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throwaway database on the test server for one test file: its URL for the shop processes, a
 * connection for the test to arrange and check data, and `drop` to remove it (forcefully, even if
 * a killed process left connections behind).
 */
export async function createThrowawayDatabase(): Promise<{
  url: string;
  database: Database;
  drop: () => Promise<void>;
}> {
  const name = `shop_process_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(SERVER_URL), maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  const url = databaseUrl(SERVER_URL, name);
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
