import { sql as pg } from 'kysely';
import { LIMITS } from '#shared/constants';
import { type Actor, type AppDeps, defineJob, systemActor } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { releaseStock } from '../inventory/stock';
import { releaseUses } from '../promotions/discount-codes';
import { queueOrderEmail } from './order-emails';

export const EXPIRY_NOTE = `Cancelled automatically: not paid within ${LIMITS.unpaidOrderMinutes} minutes.`;

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

/**
 * Cancels orders still unpaid LIMITS.unpaidOrderMinutes after creation: status cancelled, payment
 * failed, a note saying why, stock released once, the shopper's email queued with it. An order
 * whose payment Paystack still reports as pending (a transfer being confirmed) waits for its
 * answer. Safe with several server processes running it at once: rows another process is handling
 * are skipped (SKIP LOCKED) and the update is conditional.
 */
export async function expireUnpaidOrders(deps: AppDeps, now: Date = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - LIMITS.unpaidOrderMinutes * 60_000);
  const expired = await deps.database.transaction(async (sql) => {
    const rows = await queries(sql)
      .with('due', (db) =>
        db
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'pending')
          .where('payment_status', '=', 'pending')
          .where('stock_released_at', 'is', null)
          .where('created_at', '<=', cutoff)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('payment_transactions as pt')
                  .select(pg<number>`1`.as('one'))
                  .whereRef('pt.order_id', '=', 'orders.id')
                  .where('pt.status', '=', 'pending'),
              ),
            ),
          )
          .orderBy('created_at')
          .limit(200)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('orders as o')
      .from('due')
      .set({
        status: 'cancelled',
        cancelled_by: 'expiry',
        payment_status: 'failed',
        stock_released_at: pg<Date>`now()`,
        notes: pg<string>`concat_ws(E'\\n', o.notes, ${EXPIRY_NOTE}::text)`,
        updated_at: pg<Date>`now()`,
      })
      .whereRef('o.id', '=', 'due.id')
      .where('o.stock_released_at', 'is', null)
      .returning(['o.id', 'o.user_id'])
      .execute();
    await releaseUses(
      sql,
      rows.map((row) => row.id),
    );
    await releaseStock(
      sql,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      await recordAudit(sql, systemActor('order-expiry'), {
        action: 'status_changed',
        entityType: 'order',
        entityId: row.id,
        before: { status: 'pending', paymentStatus: 'pending' },
        after: { status: 'cancelled', paymentStatus: 'failed' },
        details: { stockReleased: true, reason: EXPIRY_NOTE },
      });
      await announce(sql, { table: 'orders', id: row.id, userId: row.user_id, action: 'expired' });
      await queueOrderEmail(deps, sql, row.id, 'order_status');
    }
    return rows.map((row) => row.id);
  });
  if (expired.length > 0) deps.logger.info({ count: expired.length }, 'expired unpaid orders');
  return expired;
}

/** The scheduled sweep (src/server/jobs.ts): every minute, once across all server processes. */
export const expireUnpaidOrdersJob = defineJob<Record<string, never>>({
  name: 'expire-unpaid-orders',
  background: true,
  // The next minute's run is the retry.
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    await expireUnpaidOrders(deps);
  },
});
