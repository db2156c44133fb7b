import { type Kysely, type NotNull, sql as pg, type Selectable } from 'kysely';
import { formatDateTime } from '#shared/dates';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { isoOrNull } from '../../platform/db/values';
import { conflict } from '../../platform/errors';

/**
 * The drop rules every way into a cart or an order applies (cart/cart.ts, checkout/place-order.ts):
 * nothing before its release time, and never more than the limit per customer across that
 * account's orders that are not cancelled. Decisions: docs/decisions/2026-11-23-drops.md.
 */

/** A product's drop columns as the cart and checkout queries read them (see DROP_COLUMNS). */
export type DropRow = Pick<Selectable<DB['products']>, 'name' | 'release_at' | 'limit_per_customer'> & {
  product_id: string;
  /** release_at is still ahead on the database's clock. */
  coming_soon: boolean;
};

/**
 * DropRow's drop columns as a selection from `products p`. The database's clock decides, never a
 * client's.
 */
export const DROP_COLUMNS = [
  'p.release_at',
  'p.limit_per_customer',
  pg<boolean>`(p.release_at IS NOT NULL AND p.release_at > now())`.as('coming_soon'),
] as const;

/** "Lagos Drop Tee drops Tue, 24 Nov 2026, 6:00 pm (Lagos time)…", code coming_soon. */
export function comingSoonError(row: Pick<DropRow, 'name' | 'release_at' | 'product_id'>) {
  const when = row.release_at ? formatDateTime(row.release_at) : 'soon';
  return conflict(
    'coming_soon',
    `${row.name} is not out yet. It drops ${when} (Lagos time); you can add it to your cart from then.`,
    { productId: row.product_id, releaseAt: isoOrNull(row.release_at) },
  );
}

/** "Only 2 per customer", and what the account has already ordered. */
export function limitMessage(name: string, limit: number, ordered: number): string {
  const already = ordered > 0 ? ` You have already ordered ${ordered}.` : '';
  return `${name} is a limited drop: ${limit} per customer.${already}`;
}

export function limitReachedError(
  row: Pick<DropRow, 'name' | 'product_id'>,
  limit: number,
  ordered: number,
  requested: number,
) {
  const left = Math.max(0, limit - ordered);
  const tail = left === 0 ? ' You have reached the limit.' : ` You can order ${left} more.`;
  return conflict('limit_reached', `${limitMessage(row.name, limit, ordered)}${tail}`, {
    productId: row.product_id,
    limit,
    ordered,
    requested,
    available: left,
  });
}

/** Units of each product this account has in orders that are not cancelled, grouped by product. */
function orderedUnitsQuery(db: Kysely<DB>, userId: string, productIds: readonly string[]) {
  return (
    db
      .selectFrom('order_items as oi')
      .innerJoin('orders as o', 'o.id', 'oi.order_id')
      .select((eb) => ['oi.product_id', eb.fn.sum<number>('oi.quantity').as('units')])
      .where('o.user_id', '=', userId)
      .where((eb) => eb('oi.product_id', '=', eb.fn.any(pg<string[]>`${productIds}::uuid[]`)))
      .where('o.status', '<>', 'cancelled')
      .groupBy('oi.product_id')
      // Only lines naming one of these products.
      .$narrowType<{ product_id: NotNull }>()
  );
}

/**
 * Units of each product this account has in orders that are not cancelled (unpaid or paid):
 * what its limit per customer counts. Products without any are left out of the map.
 */
export async function orderedUnits(
  sql: SqlRunner,
  userId: string,
  productIds: string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await orderedUnitsQuery(queries(sql), userId, productIds).execute();
  return new Map(rows.map((row) => [row.product_id, row.units]));
}

/**
 * The same units by product id, as one JSON expression ({} for none): for the statement that
 * writes an order, read after lockDropAllowances (a statement that takes the lock cannot count
 * what was committed while it waited).
 */
export function orderedUnitsJson(db: Kysely<DB>, userId: string, productIds: readonly string[]) {
  return pg<Record<string, number>>`(SELECT coalesce(json_object_agg(u.product_id, u.units), '{}')
    FROM ${orderedUnitsQuery(db, userId, productIds)} AS u)`;
}

/**
 * Serialises this account's orders of these limited products until the caller's transaction ends
 * (a transaction-scoped advisory lock per account and product, taken in product order so two
 * orders never wait on each other in a circle; all in one statement, which takes them in the
 * array's order). Taken before any stock row is touched: the variant row locks stay last and short.
 */
export async function lockDropAllowances(
  sql: SqlRunner,
  userId: string,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  const keys = [...new Set(productIds)].sort().map((productId) => `drop-limit:${userId}:${productId}`);
  await pg`SELECT count(pg_advisory_xact_lock(hashtextextended(key, 0)))
             FROM unnest(${keys}::text[]) AS key`.execute(queries(sql));
}

/** The products among these lines that have a limit per customer. */
export function limitedProducts(
  lines: readonly Pick<DropRow, 'product_id' | 'limit_per_customer'>[],
): string[] {
  return [
    ...new Set(lines.filter((line) => line.limit_per_customer !== null).map((line) => line.product_id)),
  ];
}

/**
 * Refuses an order whose lines would pass a product's limit per customer (409 limit_reached),
 * given what the account has ordered already (orderedUnits or orderedUnitsJson, read after
 * lockDropAllowances so simultaneous orders of one account are counted one after the other).
 */
export function checkDropLimits(
  lines: readonly (DropRow & { quantity: number })[],
  ordered: ReadonlyMap<string, number>,
): void {
  const limited = new Map<string, { row: DropRow; limit: number; quantity: number }>();
  for (const line of lines) {
    if (line.limit_per_customer === null) continue;
    const entry = limited.get(line.product_id) ?? { row: line, limit: line.limit_per_customer, quantity: 0 };
    entry.quantity += line.quantity;
    limited.set(line.product_id, entry);
  }
  for (const [productId, { row, limit, quantity }] of limited) {
    const already = ordered.get(productId) ?? 0;
    if (already + quantity > limit) throw limitReachedError(row, limit, already, quantity);
  }
}
