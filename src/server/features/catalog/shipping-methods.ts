import type { ShippingMethod } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';

/** Enabled shipping methods in display order: the one source for the policy page and checkout. */
export async function listShippingMethods(sql: SqlRunner): Promise<ShippingMethod[]> {
  return queries(sql)
    .selectFrom('shipping_methods')
    .select([
      'code',
      'name',
      'fee_kobo as feeKobo',
      'free_above_kobo as freeAboveKobo',
      'min_days as minDays',
      'max_days as maxDays',
    ])
    .where((eb) => eb.ref('is_enabled'))
    .orderBy('display_order')
    .orderBy('name')
    .execute();
}
