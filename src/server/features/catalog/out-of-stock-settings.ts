import { OUT_OF_STOCK_DEFAULTS, type OutOfStockSettings } from '#shared/constants';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';

/** The 'out_of_stock' setting, with the defaults filling any key an older row lacks. */
export async function readOutOfStockSettings(sql: SqlRunner): Promise<OutOfStockSettings> {
  const row = await queries(sql)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'out_of_stock')
    .executeTakeFirst();
  return outOfStockFrom((row?.value ?? null) as Partial<OutOfStockSettings> | null);
}

/** The setting from its stored value, read by the caller. */
export function outOfStockFrom(value: Partial<OutOfStockSettings> | null): OutOfStockSettings {
  return { ...OUT_OF_STOCK_DEFAULTS, ...(value ?? {}) };
}
