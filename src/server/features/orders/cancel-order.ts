import { LIMITS } from '#shared/constants';
import { type Actor, type AppDeps, systemActor } from '../../context';
import { announce } from '../../db/announce';
import type { SqlRunner } from '../../db/client';
import { notFound } from '../../errors';
import { defineJob } from '../../jobs/define';
import { recordAudit } from '../audit/record-audit';
import { releaseStock } from '../inventory/stock';
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
  const [order] = await sql.query<{ user_id: string | null; status: string; stock_released_at: Date | null }>(
    'SELECT user_id, status, stock_released_at FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  if (!order) throw notFound('Order not found');
  const released = order.stock_released_at === null;
  await sql.query(
    `UPDATE orders
        SET status = 'cancelled', cancelled_by = $3,
            stock_released_at = coalesce(stock_released_at, now()),
            notes = CASE WHEN $2::text IS NULL THEN notes ELSE concat_ws(E'\\n', notes, $2::text) END,
            updated_at = now()
      WHERE id = $1`,
    [orderId, reason ?? null, by],
  );
  if (released) await releaseStock(sql, [orderId]);
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
    const rows = await sql.query<{ id: string; user_id: string | null }>(
      `WITH due AS (
         SELECT id FROM orders
          WHERE status = 'pending' AND payment_status = 'pending' AND stock_released_at IS NULL
            AND created_at <= $1
            AND NOT EXISTS (SELECT 1 FROM payment_transactions pt
                             WHERE pt.order_id = orders.id AND pt.status = 'pending')
          ORDER BY created_at
          LIMIT 200
            FOR UPDATE SKIP LOCKED
       )
       UPDATE orders o
          SET status = 'cancelled', cancelled_by = 'expiry', payment_status = 'failed', stock_released_at = now(),
              notes = concat_ws(E'\\n', o.notes, $2::text), updated_at = now()
         FROM due
        WHERE o.id = due.id AND o.stock_released_at IS NULL
       RETURNING o.id, o.user_id`,
      [cutoff.toISOString(), EXPIRY_NOTE],
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

/** The scheduled sweep (jobs/all-jobs.ts): every minute, once across all server processes. */
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
