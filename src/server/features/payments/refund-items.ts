import { paidForUnits } from '#shared/money';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { conflict } from '../../platform/errors';

export type RefundItem = { orderItemId: string; quantity: number };

/**
 * The units of each line of the order refunded by refunds that did not fail (pending or
 * processed), by order item id; a line with none is absent. The one count of what is left to
 * refund: `refundOfItems` refuses more, and the admin's order detail shows it.
 */
export async function refundedUnitsOf(sql: SqlRunner, orderId: string): Promise<Map<string, number>> {
  const refunds = await queries(sql)
    .selectFrom('refunds')
    .select('items')
    .where('order_id', '=', orderId)
    .where('status', '!=', 'failed')
    .where('items', 'is not', null)
    .execute();
  const units = new Map<string, number>();
  for (const item of refunds.flatMap((refund) => refund.items ?? [])) {
    units.set(item.orderItemId, (units.get(item.orderItemId) ?? 0) + item.quantity);
  }
  return units;
}

/**
 * The amount a refund of these items gives back: for each, what its units were paid after the
 * order's discount, never units already refunded (by refunds not failed). Call under the
 * order's row lock (refunds of one order are reserved one at a time).
 */
export async function refundOfItems(
  sql: SqlRunner,
  orderId: string,
  items: readonly RefundItem[],
): Promise<number> {
  const lines = await queries(sql)
    .selectFrom('order_items')
    .select(['id', 'name', 'size', 'quantity', 'unit_price_kobo', 'discount_kobo'])
    .where('order_id', '=', orderId)
    .execute();
  const already = await refundedUnitsOf(sql, orderId);
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.orderItemId, (wanted.get(item.orderItemId) ?? 0) + item.quantity);
  let amount = 0;
  for (const [orderItemId, quantity] of wanted) {
    const line = lines.find((row) => row.id === orderItemId);
    if (!line) throw conflict('refund_item_unknown', 'That item is not part of this order.');
    const done = already.get(orderItemId) ?? 0;
    const left = line.quantity - done;
    if (quantity > left) {
      const label = line.size ? `${line.name} (${line.size})` : line.name;
      throw conflict(
        'refund_exceeds_items',
        left === 0
          ? `${label} has already been refunded.`
          : `Only ${left} of ${label} ${left === 1 ? 'is' : 'are'} left to refund.`,
        { orderItemId, left },
      );
    }
    const paid = line.unit_price_kobo * line.quantity - line.discount_kobo;
    amount += paidForUnits(paid, line.quantity, done + quantity) - paidForUnits(paid, line.quantity, done);
  }
  return amount;
}
