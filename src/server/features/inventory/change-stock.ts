import type { AdminStockReason } from '#shared/schemas/admin-products';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';

/** Why stock changed: an admin's reason, or 'initial' for the stock a product was created with. */
export type StockReason = 'initial' | AdminStockReason;

export type StockChange = {
  variantId: string;
  reason: StockReason;
  note?: string | null;
  /** The stock the admin saw; when given and no longer true, nothing changes (409 stock_changed). */
  expected?: number;
} & ({ to: number } | { by: number });

export type StockChangeResult = { variantId: string; before: number; after: number; changed: boolean };

/**
 * Sets or moves one variant's stock by hand (an admin's restock, correction or damage), inside
 * the caller's transaction: the row is locked, the result can never go below zero, and the
 * adjustment, the audit entry and the change announcement commit with it.
 */
export async function changeVariantStock(
  sql: SqlRunner,
  actor: Actor,
  change: StockChange,
): Promise<StockChangeResult> {
  const [row] = await sql.query<{ product_id: string; sku: string; stock_quantity: number }>(
    'SELECT product_id, sku, stock_quantity FROM product_variants WHERE id = $1 FOR UPDATE',
    [change.variantId],
  );
  if (!row) throw notFound('Variant not found');
  const before = row.stock_quantity;
  if (change.expected !== undefined && change.expected !== before) {
    throw conflict('stock_changed', `The stock of ${row.sku} changed meanwhile: it is now ${before}.`, {
      variantId: change.variantId,
      stock: before,
    });
  }
  const after = 'to' in change ? change.to : before + change.by;
  if (!Number.isInteger(after) || after < 0) throw badRequest('Stock must be zero or positive');
  if (after === before) return { variantId: change.variantId, before, after, changed: false };

  const { threshold } = await readOutOfStockSettings(sql);
  await sql.query(
    `UPDATE product_variants
        SET stock_quantity = $2::integer, updated_at = now(),
            low_stock_alerted_at = CASE WHEN $2::integer > $3::integer THEN NULL ELSE low_stock_alerted_at END
      WHERE id = $1`,
    [change.variantId, after, threshold],
  );
  await sql.query(
    `INSERT INTO inventory_adjustments (variant_id, product_id, sku, delta, quantity_after, reason, note, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      change.variantId,
      row.product_id,
      row.sku,
      after - before,
      after,
      change.reason,
      change.note ?? null,
      actor.kind === 'user' ? actor.id : null,
    ],
  );
  await recordAudit(sql, actor, {
    action: 'stock_adjusted',
    entityType: 'variant',
    entityId: change.variantId,
    before: { stock: before },
    after: { stock: after },
    details: { sku: row.sku, reason: change.reason, ...(change.note ? { note: change.note } : {}) },
  });
  await announce(sql, {
    table: 'product_variants',
    id: change.variantId,
    userId: null,
    action: 'adjusted',
    productId: row.product_id,
  });
  return { variantId: change.variantId, before, after, changed: true };
}

/**
 * An admin's change to one variant of a product (Products → Stock by variant), in its own
 * transaction: 404 when the variant is not that product's, 409 when its stock is no longer what
 * the admin saw (`expected`).
 */
export async function changeProductVariantStock(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  productId: string,
  change: StockChange,
): Promise<StockChangeResult> {
  return deps.database.transaction(async (sql) => {
    const [variant] = await sql.query('SELECT 1 FROM product_variants WHERE id = $1 AND product_id = $2', [
      change.variantId,
      productId,
    ]);
    if (!variant) throw notFound('Variant not found');
    return changeVariantStock(sql, actor, change);
  });
}
