import { OUT_OF_STOCK_DEFAULTS, type OutOfStockSettings } from '#shared/constants';
import type { SqlRunner } from '../../platform/db/client';

/** The 'out_of_stock' setting, with the defaults filling any key an older row lacks. */
export async function readOutOfStockSettings(sql: SqlRunner): Promise<OutOfStockSettings> {
  const [row] = await sql.query<{ value: Partial<OutOfStockSettings> | null }>(
    `SELECT value FROM settings WHERE key = 'out_of_stock'`,
  );
  return outOfStockFrom(row?.value ?? null);
}

/** The setting from its stored value, read by the caller. */
export function outOfStockFrom(value: Partial<OutOfStockSettings> | null): OutOfStockSettings {
  return { ...OUT_OF_STOCK_DEFAULTS, ...(value ?? {}) };
}
