import type { DropSettingsInput, ProductDrop } from '#shared/schemas/drops';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import { notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';

type DropColumns = { release_at: Date | string | null; limit_per_customer: number | null };

const toDrop = (productId: string, row: DropColumns): ProductDrop => ({
  productId,
  releaseAt: row.release_at === null ? null : new Date(row.release_at).toISOString(),
  limitPerCustomer: row.limit_per_customer,
});

/**
 * Sets or clears a product's release time and limit per customer (an admin's change), audited
 * and announced in the same transaction: a product page counting down hears it at once. A
 * release time in the past simply puts the product on sale now.
 */
export async function setProductDrop(
  deps: AppDeps,
  actor: Actor,
  productId: string,
  input: DropSettingsInput,
): Promise<ProductDrop> {
  return deps.database.transaction(async (sql) => {
    const [before] = await sql.query<DropColumns>(
      'SELECT release_at, limit_per_customer FROM products WHERE id = $1 FOR UPDATE',
      [productId],
    );
    if (!before) throw notFound('Product not found');
    const [after] = await sql.query<DropColumns>(
      `UPDATE products SET release_at = $2, limit_per_customer = $3, updated_at = now()
        WHERE id = $1 RETURNING release_at, limit_per_customer`,
      [productId, input.releaseAt, input.limitPerCustomer],
    );
    const previous = toDrop(productId, before);
    const next = toDrop(productId, after!);
    await recordAudit(sql, actor, {
      action: 'drop_updated',
      entityType: 'product',
      entityId: productId,
      before: { releaseAt: previous.releaseAt, limitPerCustomer: previous.limitPerCustomer },
      after: { releaseAt: next.releaseAt, limitPerCustomer: next.limitPerCustomer },
    });
    await announce(sql, { table: 'products', id: productId, userId: null, action: 'drop_updated' });
    return next;
  });
}
