import { sql as pg } from 'kysely';
import { announceAll, CHANGES_CHANNEL, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { prepared, queries } from '../../platform/db/queries';
import { conflict } from '../../platform/errors';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';

export type StockClaim = { variantId: string; quantity: number; label: string };

/** A variant a sale took to or below the low-stock threshold, claimed for the admins' alert. */
export type LowStockVariant = {
  variantId: string;
  productId: string;
  name: string;
  sku: string;
  stock: number;
};

/**
 * One claim's statement (reserveStock): takes the stock only if enough is left, claims the
 * low-stock alert, and announces the change, under the one lock. RETURNING shows the row as
 * updated: an alert stamped now() was stamped by this statement (now() is the transaction's
 * start, which no earlier transaction's stamp can equal).
 */
const takeStock = prepared<{ variantId: string; quantity: number; lowStockAt: number | null }>()(
  (db, value) =>
    db
      .with('taken', (db) =>
        db
          .updateTable('product_variants as v')
          .set({
            stock_quantity: pg<number>`v.stock_quantity - ${value('quantity')}`,
            updated_at: pg<Date>`now()`,
            low_stock_alerted_at: pg<Date | null>`CASE
              WHEN ${value('lowStockAt')}::integer IS NOT NULL AND v.low_stock_alerted_at IS NULL
                   AND v.stock_quantity - ${value('quantity')} <= ${value('lowStockAt')}::integer THEN now()
              ELSE v.low_stock_alerted_at END`,
          })
          .where('v.id', '=', value('variantId'))
          .where('v.stock_quantity', '>=', value('quantity'))
          .returning([
            'v.id',
            'v.product_id',
            'v.sku',
            'v.stock_quantity',
            pg<boolean>`v.low_stock_alerted_at IS NOT DISTINCT FROM now()`.as('alerted'),
          ]),
      )
      .selectFrom('taken as t')
      .innerJoin('products as p', 'p.id', 't.product_id')
      .select([
        't.id as variantId',
        't.product_id as productId',
        'p.name',
        't.sku',
        't.stock_quantity as stock',
        't.alerted',
        pg<string>`pg_notify(${CHANGES_CHANNEL}, json_build_object('table', 'product_variants', 'id', t.id,
          'userId', NULL, 'action', 'reserved', 'productId', t.product_id)::text)`.as('announced'),
      ]),
);

const stockOf = prepared<{ variantId: string }>()((db, value) =>
  db.selectFrom('product_variants').select('stock_quantity').where('id', '=', value('variantId')),
);

/**
 * Takes stock for every claim, or throws 409 out_of_stock naming the first item that ran short
 * (the caller's transaction then rolls everything back). Each update is conditional, so stock can
 * never go below zero however many buyers race; rows are locked in id order to avoid deadlocks.
 *
 * Callers take stock last: from here to the commit the variant rows stay locked, and every other
 * buyer of them waits. So one statement per variant does all that needs the lock: it takes the
 * stock, claims the low-stock alert (when `lowStockAt` is a threshold: the variant falls to or
 * below it and its admins have not been told since it was last above) and announces the change.
 * Returns the variants claimed for an alert, each once (an order may hold one variant on two
 * lines, e.g. under two genders: the alert names it once, with its stock after both).
 */
export async function reserveStock(
  sql: SqlRunner,
  claims: StockClaim[],
  lowStockAt: number | null = null,
): Promise<LowStockVariant[]> {
  const lowStock = new Map<string, LowStockVariant>();
  const sorted = [...claims].sort((a, b) =>
    a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0,
  );
  for (const claim of sorted) {
    const [taken] = await takeStock(sql, {
      variantId: claim.variantId,
      quantity: claim.quantity,
      lowStockAt,
    });
    if (taken) {
      // A second line of the same variant sees the stamp of the first one (same now()).
      if (taken.alerted) {
        const { alerted: _, announced: __, ...variant } = taken;
        lowStock.set(variant.variantId, variant);
      }
      continue;
    }
    const [row] = await stockOf(sql, { variantId: claim.variantId });
    throw outOfStock(claim, row?.stock_quantity ?? 0);
  }
  return [...lowStock.values()];
}

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
  // The variant rows in id order first, as reserveStock and reReserveOrderStock take them: the
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
