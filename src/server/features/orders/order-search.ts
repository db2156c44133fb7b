import type { Expression, ExpressionBuilder, Kysely, Nullable, SqlBool } from 'kysely';
import { sql as pg } from 'kysely';
import type { OrderStatus } from '#shared/constants';
import { shortId } from '#shared/constants';
import type { AdminOrderRow } from '#shared/schemas/admin-orders';
import type { DB } from '../../platform/db/types';
import { iso, likeContaining, likeStartingWith } from '../../platform/db/values';

/** The admin's search of orders, shared by the Orders tab and its CSV export. */

export type OrderSearch = { q?: string; status: 'all' | OrderStatus };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders `o` with their account `u` (none for a guest's order), as the search reads them. */
type OrdersAndAccounts = ExpressionBuilder<DB & { o: DB['orders']; u: Nullable<DB['users']> }, 'o' | 'u'>;

/**
 * The admin search's condition, on orders `o` and their account `u`: the order id in full or its
 * start (the 8-character short id, as shown and emailed), the shipping name, the shipping email or
 * the account's email; and the status filter. LIKE patterns match the text as typed: %, _ and \
 * lose their meaning.
 */
export function searchClause(search: OrderSearch) {
  return (eb: OrdersAndAccounts): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    const q = search.q?.trim();
    if (q) {
      if (UUID.test(q)) {
        conditions.push(eb('o.id', '=', q.toLowerCase()));
      } else {
        const contains = likeContaining(q);
        conditions.push(
          eb.or([
            eb(pg<string>`o.id::text`, 'like', likeStartingWith(q.toLowerCase())),
            eb(eb.ref('o.shipping_address', '->>').key('fullName'), 'ilike', contains),
            eb('o.email', 'ilike', contains),
            eb('u.email', 'ilike', contains),
          ]),
        );
      }
    }
    if (search.status !== 'all') conditions.push(eb('o.status', '=', search.status));
    return eb.and(conditions);
  };
}

/** Orders `o` with their account `u`: what the search and the count read. */
export const searchedOrders = (db: Kysely<DB>) =>
  db.selectFrom('orders as o').leftJoin('users as u', 'u.id', 'o.user_id');

/**
 * A page of the Orders tab, or a batch of its CSV: orders `o` with their account `u` and their
 * money `m` (the ledger's `order_money` view, one row per order), with the list's columns.
 */
export const listedOrders = (db: Kysely<DB>) =>
  searchedOrders(db)
    .innerJoin('order_money as m', 'm.order_id', 'o.id')
    .select((eb) => [
      'o.id',
      'o.created_at',
      'u.email as customer_email',
      eb.ref('o.shipping_address', '->>').key('fullName').as('shipping_name'),
      'o.email',
      'o.total_amount_kobo',
      'o.status',
      'o.payment_status',
      'o.shipping_zone',
      'o.fulfilment',
      'o.pickup_location',
      'o.payment_kind',
      eb
        .exists(
          eb
            .selectFrom('payment_transactions as pt')
            .select('pt.id')
            .whereRef('pt.order_id', '=', 'o.id')
            .where('pt.status', '=', 'pending'),
        )
        .$castTo<boolean>()
        .as('awaiting_payment'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('order_items as oi')
            .select((eb) => eb.fn.sum<number>('oi.quantity').as('units'))
            .whereRef('oi.order_id', '=', 'o.id'),
          eb.lit(0),
        )
        .as('item_count'),
      eb('m.refund_due_kobo', '>', 0).$castTo<boolean>().as('refund_due'),
    ]);

export type ListRow = Awaited<ReturnType<ReturnType<typeof listedOrders>['execute']>>[number];

export const toRow = (row: ListRow): AdminOrderRow => ({
  id: row.id,
  shortId: shortId(row.id),
  createdAt: iso(row.created_at),
  customerEmail: row.customer_email,
  shippingName: row.shipping_name ?? '',
  shippingEmail: row.email,
  itemCount: row.item_count,
  totalAmountKobo: row.total_amount_kobo,
  status: row.status,
  paymentStatus: row.payment_status,
  shippingZone: row.shipping_zone,
  fulfilment: row.fulfilment,
  pickup: row.fulfilment === 'pickup' ? row.pickup_location : null,
  paymentKind: row.payment_kind,
  awaitingPayment: row.awaiting_payment,
  refundDue: row.refund_due,
});
