import type { ShippingMethod } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';

/** Enabled shipping methods in display order: the one source for the policy page and checkout. */
export async function listShippingMethods(sql: SqlRunner): Promise<ShippingMethod[]> {
  const rows = await sql.query<ShippingMethod>(
    `SELECT code, name, fee_kobo AS "feeKobo", free_above_kobo AS "freeAboveKobo",
            min_days AS "minDays", max_days AS "maxDays"
     FROM shipping_methods WHERE is_enabled ORDER BY display_order, name`,
  );
  return rows.map((row) => ({
    ...row,
    feeKobo: Number(row.feeKobo),
    freeAboveKobo: row.freeAboveKobo === null ? null : Number(row.freeAboveKobo),
  }));
}
