import path from 'node:path';
import { openDatabase } from '../../../src/server/db/client';
import { ensureDefaults } from '../../../src/server/db/defaults';
import { migrate } from '../../../src/server/db/migrate';

/** Standard shipping fee the browser tests set in the database, to prove pages read it from there. */
export const E2E_STANDARD_FEE_KOBO = 275_000;

/**
 * Prepares the shop's embedded database before the shop starts: migrated, with the defaults, and
 * with a standard shipping fee that differs from the default.
 */
export async function prepareData(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await migrate(database);
  await ensureDefaults(database);
  await database.sql.query(`UPDATE shipping_methods SET fee_kobo = $1 WHERE code = 'standard'`, [E2E_STANDARD_FEE_KOBO]);
  await database.close();
}
