import { sql as pg } from 'kysely';
import type { Actor, AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import { conflict, notFound } from '../../platform/errors';
import { getCart, lockCart, mergeCartIn } from '../cart/cart';
import { readOrderMoney } from '../payments/ledger';
import { cancelOrderIn } from './cancel-order';

export const RETURNED_NOTE = 'Cancelled by the shopper: went back to checkout before paying.';

/**
 * 'Return to Checkout' from the payment page: the shopper's unpaid order is cancelled (its stock
 * released exactly once, by cancelOrderIn) and its items go back into their cart, capped by what
 * is in stock, in one transaction; the shopper then checks out again. A paid order is refused. An
 * order that expired meanwhile only gives its items back. Items go back once per order (the note
 * marks it), so pressing twice adds nothing. A payment that still arrives for
 * the order later is handled like one for an expired order: its items are reserved again when in
 * stock and within its drop's rules, otherwise it is refunded in full (payments/charges.ts).
 */
export async function returnOrderToCart(deps: AppDeps, actor: Actor, orderId: string) {
  if (actor.kind !== 'user') throw notFound('Order not found');
  const userId = actor.id;
  const notices = await deps.database.transaction(async (sql) => {
    // The cart first, as placing an order takes it: the two never wait on each other in a circle.
    await lockCart(sql, userId);
    const db = queries(sql);
    const order = await db
      .selectFrom('orders')
      .select(['user_id', 'status', 'payment_status', 'notes'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order || order.user_id !== userId) throw notFound('Order not found');
    if ((await readOrderMoney(sql, orderId)).appliedKobo > 0) {
      throw conflict('order_already_paid', 'This order has already been paid.');
    }
    // A transfer Paystack is still confirming may land: going back now could mean paying twice.
    const waiting = await db
      .selectFrom('payment_transactions')
      .select(pg<number>`1`.as('one'))
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    // (An order already cancelled, its window over, puts its items back whatever the bank does.)
    if (waiting && order.status === 'pending') {
      throw conflict(
        'payment_pending',
        'Your payment for this order is still being confirmed by your bank. Please wait: this page updates by itself, and the order is cancelled by itself if the payment does not go through.',
      );
    }
    // Its items go back once: pressed again (a double click, another tab) nothing is added twice.
    if (order.notes?.includes(RETURNED_NOTE)) return [];
    if (order.status === 'pending') {
      await cancelOrderIn(sql, actor, orderId, 'shopper', RETURNED_NOTE);
      await db.updateTable('orders').set({ payment_status: 'failed' }).where('id', '=', orderId).execute();
    } else if (order.status === 'cancelled') {
      // Expired meanwhile: its stock is back already; the items still go back to the cart.
      await db
        .updateTable('orders')
        .set({
          notes: pg<string>`concat_ws(E'\\n', notes, ${RETURNED_NOTE}::text)`,
          updated_at: pg<Date>`now()`,
        })
        .where('id', '=', orderId)
        .execute();
    } else {
      return [];
    }
    const items = await db
      .selectFrom('order_items')
      .select(['product_id', 'variant_id', 'gender', 'quantity'])
      .where('order_id', '=', orderId)
      .execute();
    return mergeCartIn(
      sql,
      userId,
      items
        .filter((item) => item.product_id && item.variant_id)
        .map((item) => ({
          productId: item.product_id!,
          variantId: item.variant_id!,
          gender: item.gender ?? 'men',
          quantity: item.quantity,
        })),
    );
  });
  return getCart(deps, userId, notices);
}
