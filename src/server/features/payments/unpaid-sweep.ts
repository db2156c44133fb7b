import { sql as pg } from 'kysely';
import { type AppDeps, defineJob, systemActor } from '../../context';
import { expireUnpaidOrders, unpaidWindowMinutes } from '../orders/cancel-order';
import { confirmPayment, transactionRows } from './payments';

/**
 * Before an unpaid order is given up on at the end of its window, Paystack is asked once more
 * about each payment of it that was last reported pending: a transfer that succeeded but whose
 * webhook was lost (and whose next check, backed off, was still to come) pays the order instead of
 * letting its stock go. A Paystack that cannot be reached does not hold the order: it expires, and
 * a success that lands later goes through the charge rule. Returns how many were asked.
 */
export async function askPaystackBeforeExpiry(deps: AppDeps, now: Date = new Date()): Promise<number> {
  if (!deps.payments) return 0;
  const due = await transactionRows(deps.database.sql)
    .where('pt.status', '=', 'pending')
    .where('o.status', '=', 'pending')
    .where('o.payment_status', '=', 'pending')
    .where('o.payment_kind', '<>', 'pay_on_delivery')
    .where(
      pg<boolean>`o.created_at + make_interval(mins => ${unpaidWindowMinutes('o')}) <= ${now}::timestamptz`,
    )
    .orderBy('pt.created_at')
    .limit(50)
    .execute();
  for (const transaction of due) {
    try {
      await confirmPayment(deps, systemActor('order-expiry'), transaction);
    } catch (error) {
      deps.logger.warn(
        { reference: transaction.reference, err: error },
        'a pending payment could not be checked before its order expired',
      );
    }
  }
  return due.length;
}

/** One sweep: the last word from Paystack on payments still pending, then the expiry. */
export async function sweepUnpaidOrders(deps: AppDeps, now: Date = new Date()): Promise<string[]> {
  await askPaystackBeforeExpiry(deps, now);
  return expireUnpaidOrders(deps, now);
}

/** The scheduled sweep (src/server/jobs.ts): every minute, once across all server processes. */
export const expireUnpaidOrdersJob = defineJob<Record<string, never>>({
  name: 'expire-unpaid-orders',
  background: true,
  // The next minute's run is the retry.
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    await sweepUnpaidOrders(deps);
  },
});
