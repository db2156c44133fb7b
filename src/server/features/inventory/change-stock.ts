import { sql as pg } from 'kysely';
import type { AdminStockReason } from '#shared/schemas/admin-products';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
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
  const row = await queries(sql)
    .selectFrom('product_variants')
    .select(['product_id', 'sku', 'stock_quantity'])
    .where('id', '=', change.variantId)
    .forUpdate()
    .executeTakeFirst();
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
  await queries(sql)
    .updateTable('product_variants')
    .set({
      stock_quantity: after,
      updated_at: pg<Date>`now()`,
      // Back above the low-stock level: the next fall below it alerts again.
      ...(after > threshold ? { low_stock_alerted_at: null } : {}),
    })
    .where('id', '=', change.variantId)
    .execute();
  await queries(sql)
    .insertInto('inventory_adjustments')
    .values({
      variant_id: change.variantId,
      product_id: row.product_id,
      sku: row.sku,
      delta: after - before,
      quantity_after: after,
      reason: change.reason,
      note: change.note ?? null,
      actor_id: actor.kind === 'user' ? actor.id : null,
    })
    .execute();
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
    const variant = await queries(sql)
      .selectFrom('product_variants')
      .select(pg<number>`1`.as('one'))
      .where('id', '=', change.variantId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!variant) throw notFound('Variant not found');
    return changeVariantStock(sql, actor, change);
  });
}
