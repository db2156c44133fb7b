import { sql as pg, type RawBuilder } from 'kysely';
import type { SqlRunner } from './client';

/** The channel every data change is announced on; the live-updates feature listens to it. */
export const CHANGES_CHANNEL = 'shop_changes';

/** Tables whose changes live screens show, and so are announced. */
export type ChangedTable =
  | 'orders'
  | 'order_items'
  | 'payment_transactions'
  | 'product_variants'
  | 'products'
  | 'users'
  | 'site_notifications'
  | 'settings'
  | 'shipping_zones'
  | 'shipping_methods'
  | 'discounts';

/**
 * What changed, never the data itself: ids and the owner, so a listener can decide who may hear
 * of it and pages read the row again through the API. No personal data goes on the wire.
 */
export type Change = {
  table: ChangedTable;
  id: string;
  /** The owner of the row (an order's shopper; a profile's own id), or null for shop-wide rows. */
  userId: string | null;
  action: string;
  /** For order_items and payment_transactions: the order they belong to. */
  orderId?: string;
  /** For product_variants: their product. */
  productId?: string;
};

/**
 * Announces a change from inside the transaction that made it: PostgreSQL delivers NOTIFY only
 * at commit, so a rolled-back change is never announced, and every server process hears it.
 */
export async function announce(sql: SqlRunner, change: Change): Promise<void> {
  await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(change)]);
}

/** Several changes in one statement (a whole order's items, every variant a release touched). */
export async function announceAll(sql: SqlRunner, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  await sql.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
    CHANGES_CHANNEL,
    changes.map((change) => JSON.stringify(change)),
  ]);
}

/**
 * The same as a query of its own, to go inside a statement that makes the changes (a common table
 * expression): one round trip fewer on the busiest paths. Count its rows to have it run.
 */
export function announcement(changes: Change[]): RawBuilder<{ announced: string }> {
  // In parentheses: the builder writes a raw common table expression as it is given.
  return pg`(SELECT pg_notify(${CHANGES_CHANNEL}, payload) AS announced
               FROM unnest(${changes.map((change) => JSON.stringify(change))}::text[]) AS payload)`;
}
