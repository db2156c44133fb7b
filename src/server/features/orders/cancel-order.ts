import { sql as pg } from 'kysely';
import { LIMITS } from '#shared/constants';
import { PAYMENT_WINDOW_MINUTES } from '#shared/payment-channels';
import { windowText } from '#shared/schemas/payments';
import { type Actor, type AppDeps, systemActor } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { releaseStock } from '../inventory/stock';
import { releaseUses } from '../promotions/discount-codes';
import { queueOrderEmail } from './order-emails';

/** The note of an order that expired after `minutes` unpaid (its payment window). */
export const expiryNote = (minutes: number) =>
  `Cancelled automatically: not paid within ${windowText(minutes)}.`;

/** The note of an order that expired with no payment under way. */
export const EXPIRY_NOTE = expiryNote(LIMITS.unpaidOrderMinutes);

/**
 * Cancels an order inside the caller's transaction and puts its reserved stock back exactly
 * once (the stock_released_at guard, checked under the row lock). Returns whether stock moved.
 */
export async function cancelOrderIn(
  sql: SqlRunner,
  actor: Actor,
  orderId: string,
  by: 'shopper' | 'admin',
  reason?: string,
): Promise<{ userId: string | null; released: boolean }> {
  const db = queries(sql);
  const order = await db
    .selectFrom('orders')
    .select(['user_id', 'status', 'stock_released_at'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  const released = order.stock_released_at === null;
  await db
    .updateTable('orders')
    .set((eb) => ({
      status: 'cancelled',
      cancelled_by: by,
      stock_released_at: eb.fn.coalesce('stock_released_at', pg<Date>`now()`),
      ...(reason === undefined ? {} : { notes: pg<string>`concat_ws(E'\\n', notes, ${reason}::text)` }),
      updated_at: pg<Date>`now()`,
    }))
    .where('id', '=', orderId)
    .execute();
  if (released) {
    // The code's use before the stock: the order placing takes them (promotions/discount-codes.ts).
    await releaseUses(sql, [orderId]);
    await releaseStock(sql, [orderId]);
  }
  await recordAudit(sql, actor, {
    action: 'status_changed',
    entityType: 'order',
    entityId: orderId,
    before: { status: order.status },
    after: { status: 'cancelled' },
    details: { stockReleased: released, ...(reason ? { reason } : {}) },
  });
  await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'cancelled' });
  return { userId: order.user_id, released };
}

/** Cancels an order in its own transaction, with the email telling the shopper. */
export async function cancelOrder(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  reason?: string,
): Promise<{ released: boolean }> {
  return deps.database.transaction(async (sql) => {
    const { released } = await cancelOrderIn(sql, actor, orderId, 'admin', reason);
    await queueOrderEmail(deps, sql, orderId, 'order_status');
    return { released };
  });
}

/** A pending transaction's window in minutes, by its channel (PAYMENT_WINDOW_MINUTES). */
const WINDOW_OF_CHANNEL = pg<number>`CASE pt.channel ${pg.join(
  Object.entries(PAYMENT_WINDOW_MINUTES).map(
    ([channel, minutes]) => pg`WHEN ${channel} THEN ${minutes}::int`,
  ),
  pg` `,
)} ELSE ${PAYMENT_WINDOW_MINUTES.card}::int END`;

/**
 * How long an unpaid order (`orders` under the name `order`) keeps its stock: the window of the
 * channel of the payment Paystack reports pending for it (the longest if several), or
 * LIMITS.unpaidOrderMinutes with none.
 */
export const unpaidWindowMinutes = (order: 'orders' | 'o') =>
  pg<number>`coalesce(
  (SELECT max(${WINDOW_OF_CHANNEL}) FROM payment_transactions pt
    WHERE pt.order_id = ${pg.ref(`${order}.id`)} AND pt.status = 'pending'),
  ${LIMITS.unpaidOrderMinutes}::int)`;
const UNPAID_WINDOW_MINUTES = unpaidWindowMinutes('orders');

/** No order expires sooner than this. */
const SHORTEST_WINDOW_MINUTES = Math.min(LIMITS.unpaidOrderMinutes, ...Object.values(PAYMENT_WINDOW_MINUTES));

/**
 * Cancels orders paid through Paystack and still unpaid at the end of their window: status
 * cancelled, payment failed, a note saying why, stock released once, the shopper's email queued
 * with it. The window is LIMITS.unpaidOrderMinutes from creation; while Paystack reports a payment
 * of the order pending, the window of its channel (a transfer 3 hours, USSD 1 hour). Past it the
 * order expires even though the payment is still pending: a late success then goes through the
 * charge rule (revived if still deliverable, else refunded). A pay-on-delivery order is paid at
 * the door and never expires here. Safe with several server processes running it at once: rows
 * another process is handling are skipped (SKIP LOCKED) and the update is conditional.
 */
export async function expireUnpaidOrders(deps: AppDeps, now: Date = new Date()): Promise<string[]> {
  const earliest = new Date(now.getTime() - SHORTEST_WINDOW_MINUTES * 60_000);
  const expired = await deps.database.transaction(async (sql) => {
    const due = await queries(sql)
      .selectFrom('orders')
      .select(['id', UNPAID_WINDOW_MINUTES.as('minutes')])
      .where('status', '=', 'pending')
      .where('payment_status', '=', 'pending')
      .where('payment_kind', '<>', 'pay_on_delivery')
      .where('stock_released_at', 'is', null)
      .where('created_at', '<=', earliest)
      .where(
        pg<boolean>`orders.created_at + make_interval(mins => ${UNPAID_WINDOW_MINUTES}) <= ${now}::timestamptz`,
      )
      .orderBy('created_at')
      .limit(200)
      .forUpdate()
      .skipLocked()
      .execute();
    const byWindow = new Map<number, string[]>();
    for (const row of due) {
      const minutes = Number(row.minutes);
      byWindow.set(minutes, [...(byWindow.get(minutes) ?? []), row.id]);
    }
    const rows: { id: string; user_id: string | null; note: string }[] = [];
    for (const [minutes, ids] of byWindow) {
      const note = expiryNote(minutes);
      const updated = await queries(sql)
        .updateTable('orders')
        .set({
          status: 'cancelled',
          cancelled_by: 'expiry',
          payment_status: 'failed',
          stock_released_at: pg<Date>`now()`,
          notes: pg<string>`concat_ws(E'\\n', notes, ${note}::text)`,
          updated_at: pg<Date>`now()`,
        })
        .where('id', 'in', ids)
        .where('stock_released_at', 'is', null)
        .returning(['id', 'user_id'])
        .execute();
      rows.push(...updated.map((row) => ({ ...row, note })));
    }
    const ids = rows.map((row) => row.id);
    await releaseUses(sql, ids);
    await releaseStock(sql, ids);
    for (const row of rows) {
      await recordAudit(sql, systemActor('order-expiry'), {
        action: 'status_changed',
        entityType: 'order',
        entityId: row.id,
        before: { status: 'pending', paymentStatus: 'pending' },
        after: { status: 'cancelled', paymentStatus: 'failed' },
        details: { stockReleased: true, reason: row.note },
      });
      await announce(sql, { table: 'orders', id: row.id, userId: row.user_id, action: 'expired' });
      await queueOrderEmail(deps, sql, row.id, 'order_status');
    }
    return ids;
  });
  if (expired.length > 0) deps.logger.info({ count: expired.length }, 'expired unpaid orders');
  return expired;
}
