import { sql as pg, type Selectable } from 'kysely';
import type { DropSettingsInput, ProductDrop } from '#shared/schemas/drops';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { isoOrNull } from '../../platform/db/values';
import { notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';

const DROP_COLUMNS = ['release_at', 'limit_per_customer'] as const;

type DropColumns = Pick<Selectable<DB['products']>, (typeof DROP_COLUMNS)[number]>;

const toDrop = (productId: string, row: DropColumns): ProductDrop => ({
  productId,
  releaseAt: isoOrNull(row.release_at),
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
    const before = await queries(sql)
      .selectFrom('products')
      .select(DROP_COLUMNS)
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Product not found');
    const after = await queries(sql)
      .updateTable('products')
      .set({
        release_at: input.releaseAt,
        limit_per_customer: input.limitPerCustomer,
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', productId)
      .returning(DROP_COLUMNS)
      .executeTakeFirstOrThrow();
    const previous = toDrop(productId, before);
    const next = toDrop(productId, after);
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
