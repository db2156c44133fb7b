import { sql as pg } from 'kysely';
import { announceAll, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { conflict } from '../../platform/errors';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';

export type StockClaim = { variantId: string; quantity: number; label: string };

/**
 * The claims one per variant, their quantities added up (a cart holds one line per variant and
 * gender, so one variant can be claimed twice), in the order each variant first came.
 */
export function claimsByVariant(claims: ReadonlyArray<StockClaim>): StockClaim[] {
  const merged = new Map<string, StockClaim>();
  for (const claim of claims) {
    const seen = merged.get(claim.variantId);
    if (seen) seen.quantity += claim.quantity;
    else merged.set(claim.variantId, { ...claim });
  }
  return [...merged.values()];
}

/** A variant a sale took to or below the low-stock threshold, claimed for the admins' alert. */
export type LowStockVariant = {
  variantId: string;
  productId: string;
  name: string;
  sku: string;
  stock: number;
};

/** The answer to a claim for more than is left (409 out_of_stock, naming the item and what is left). */
export function outOfStock(claim: StockClaim, stock: number) {
  const available = Math.max(0, stock);
  const message =
    available === 0
      ? `Sorry, ${claim.label} is sold out.`
      : `Sorry, only ${available} of ${claim.label} left in stock.`;
  return conflict('out_of_stock', message, {
    item: { variantId: claim.variantId, name: claim.label, available, requested: claim.quantity },
  });
}

const stockChange = (row: { id: string; product_id: string }, action: string): Change => ({
  table: 'product_variants',
  id: row.id,
  userId: null,
  action,
  productId: row.product_id,
});

/**
 * Puts the items of these orders back on the shelf. Callers must have just set
 * orders.stock_released_at in the same transaction (that guard is what makes it happen once).
 */
export async function releaseStock(sql: SqlRunner, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const { threshold } = await readOutOfStockSettings(sql);
  // The variant rows in id order first, as holdStock and reReserveOrderStock take them: the
  // UPDATE … FROM below would lock them in whatever order its join reads them, and two changes
  // sharing two variants could then each hold one the other needs.
  const db = queries(sql);
  const items = () =>
    db
      .selectFrom('order_items')
      .where((eb) => eb('order_id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
      .where('variant_id', 'is not', null);
  await db
    .selectFrom('product_variants')
    .select('id')
    .where('id', 'in', items().select('variant_id'))
    .orderBy('id')
    .forUpdate()
    .execute();
  // Back above the low-stock line, a variant may alert the admins again when it next runs low.
  const released = await db
    .updateTable('product_variants as v')
    .from(
      items()
        .select(['variant_id', pg<number>`sum(quantity)::integer`.as('quantity')])
        .groupBy('variant_id')
        .as('r'),
    )
    .set({
      stock_quantity: pg<number>`v.stock_quantity + r.quantity`,
      updated_at: pg<Date>`now()`,
      low_stock_alerted_at: pg<Date | null>`CASE WHEN v.stock_quantity + r.quantity > ${threshold}::integer
                                                THEN NULL ELSE v.low_stock_alerted_at END`,
    })
    .whereRef('v.id', '=', 'r.variant_id')
    .returning(['v.id', 'v.product_id'])
    .execute();
  await announceAll(
    sql,
    released.map((row) => stockChange(row, 'released')),
  );
}

/**
 * Takes the items of a cancelled order off the shelf again (a payment arrived after the order
 * was cancelled). All or nothing: returns false, changing nothing, when any item ran short.
 */
export async function reReserveOrderStock(sql: SqlRunner, orderId: string): Promise<boolean> {
  const db = queries(sql);
  const wanted = await db
    .selectFrom('order_items')
    .select(['variant_id', pg<number>`sum(quantity)::integer`.as('quantity')])
    .where('order_id', '=', orderId)
    .groupBy('variant_id')
    .orderBy('variant_id')
    .execute();
  const variantIds = wanted.flatMap((row) => (row.variant_id ? [row.variant_id] : []));
  if (variantIds.length < wanted.length) return false;
  const stock = await db
    .selectFrom('product_variants')
    .select(['id', 'stock_quantity'])
    .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${variantIds}::uuid[]`)))
    .orderBy('id')
    .forUpdate()
    .execute();
  const available = new Map(stock.map((row) => [row.id, row.stock_quantity]));
  if (wanted.some((row) => (available.get(row.variant_id ?? '') ?? 0) < row.quantity)) return false;
  const taken: Change[] = [];
  for (const row of wanted) {
    const updated = await db
      .updateTable('product_variants')
      .set({ stock_quantity: pg<number>`stock_quantity - ${row.quantity}`, updated_at: pg<Date>`now()` })
      .where('id', '=', row.variant_id)
      .where('stock_quantity', '>=', row.quantity)
      .returning(['id', 'product_id'])
      .executeTakeFirst();
    if (updated) taken.push(stockChange(updated, 'reserved'));
  }
  await announceAll(sql, taken);
  return true;
}
