import { announceAll, CHANGES_CHANNEL, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
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
    // RETURNING shows the row as updated: an alert stamped now() was stamped by this statement
    // (now() is the transaction's start, which no earlier transaction's stamp can equal).
    const [taken] = await sql.query<LowStockVariant & { alerted: boolean }>(
      `WITH taken AS (
         UPDATE product_variants v
            SET stock_quantity = v.stock_quantity - $2, updated_at = now(),
                low_stock_alerted_at = CASE
                  WHEN $3::integer IS NOT NULL AND v.low_stock_alerted_at IS NULL
                       AND v.stock_quantity - $2 <= $3 THEN now()
                  ELSE v.low_stock_alerted_at END
          WHERE v.id = $1 AND v.stock_quantity >= $2
          RETURNING v.id, v.product_id, v.sku, v.stock_quantity,
                    v.low_stock_alerted_at IS NOT DISTINCT FROM now() AS alerted
       )
       SELECT t.id AS "variantId", t.product_id AS "productId", p.name, t.sku,
              t.stock_quantity AS stock, t.alerted,
              pg_notify($4, json_build_object('table', 'product_variants', 'id', t.id, 'userId', NULL,
                                              'action', 'reserved', 'productId', t.product_id)::text)
         FROM taken t JOIN products p ON p.id = t.product_id`,
      [claim.variantId, claim.quantity, lowStockAt, CHANGES_CHANNEL],
    );
    if (taken) {
      // A second line of the same variant sees the stamp of the first one (same now()).
      if (taken.alerted) {
        const { alerted: _, ...variant } = taken;
        lowStock.set(variant.variantId, variant);
      }
      continue;
    }
    const [row] = await sql.query<{ stock_quantity: number }>(
      'SELECT stock_quantity FROM product_variants WHERE id = $1',
      [claim.variantId],
    );
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
  await sql.query(
    `SELECT v.id FROM product_variants v
      WHERE v.id IN (SELECT variant_id FROM order_items WHERE order_id = ANY($1::uuid[]) AND variant_id IS NOT NULL)
      ORDER BY v.id FOR UPDATE`,
    [orderIds],
  );
  // Back above the low-stock line, a variant may alert the admins again when it next runs low.
  const released = await sql.query<{ id: string; product_id: string }>(
    `UPDATE product_variants v
        SET stock_quantity = v.stock_quantity + r.quantity, updated_at = now(),
            low_stock_alerted_at = CASE WHEN v.stock_quantity + r.quantity > $2 THEN NULL
                                        ELSE v.low_stock_alerted_at END
       FROM (SELECT variant_id, sum(quantity)::integer AS quantity
               FROM order_items
              WHERE order_id = ANY($1::uuid[]) AND variant_id IS NOT NULL
              GROUP BY variant_id) r
      WHERE v.id = r.variant_id
      RETURNING v.id, v.product_id`,
    [orderIds, threshold],
  );
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
  const wanted = await sql.query<{ variant_id: string | null; quantity: number }>(
    `SELECT variant_id, sum(quantity)::integer AS quantity FROM order_items
      WHERE order_id = $1 GROUP BY variant_id ORDER BY variant_id`,
    [orderId],
  );
  if (wanted.some((row) => row.variant_id === null)) return false;
  const stock = await sql.query<{ id: string; stock_quantity: number }>(
    'SELECT id, stock_quantity FROM product_variants WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [wanted.map((row) => row.variant_id)],
  );
  const available = new Map(stock.map((row) => [row.id, row.stock_quantity]));
  if (wanted.some((row) => (available.get(row.variant_id!) ?? 0) < row.quantity)) return false;
  const taken: Change[] = [];
  for (const row of wanted) {
    const updated = await sql.query<{ id: string; product_id: string }>(
      `UPDATE product_variants SET stock_quantity = stock_quantity - $2, updated_at = now()
        WHERE id = $1 AND stock_quantity >= $2
        RETURNING id, product_id`,
      [row.variant_id, row.quantity],
    );
    if (updated[0]) taken.push(stockChange(updated[0], 'reserved'));
  }
  await announceAll(sql, taken);
  return true;
}
