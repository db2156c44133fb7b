import { sql as pg } from 'kysely';
import { type AppDeps, defineJob, systemActor } from '../../context';
import { queries } from '../../platform/db/queries';
import { refundUnattendedCharges } from './automatic-refunds';
import { checkRefund } from './refund-lifecycle';

/**
 * Pending refunds checked with Paystack until they settle: every minute by the reconcile-refunds
 * job, and whenever a refund.* webhook names their charge (see refund-lifecycle.ts).
 */
/**
 * The reconcile job's work: every pending refund whose check is due is asked about (a few at a
 * time, oldest first). A refund Paystack cannot tell us about now is simply checked again later.
 */
export async function reconcileRefunds(
  deps: AppDeps,
  options: { limit?: number } = {},
): Promise<{ checked: number; failures: number }> {
  if (!deps.payments) return { checked: 0, failures: 0 };
  const due = await queries(deps.database.sql)
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_check_at', '<=', pg<Date>`now()`)
    .orderBy('next_check_at')
    .limit(options.limit ?? 50)
    .execute();
  let failures = 0;
  for (const { id } of due) {
    try {
      await checkRefund(deps, systemActor('refund-check'), id);
    } catch (error) {
      failures += 1;
      deps.logger.warn({ refundId: id, err: error }, 'a refund could not be checked with the provider');
    }
  }
  return { checked: due.length, failures };
}

/** Scheduled every minute (src/server/jobs.ts): pending refunds never stay unsettled for ever. */
export const reconcileRefundsJob = defineJob<Record<string, never>>({
  name: 'reconcile-refunds',
  background: true,
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    if (deps.payments) await refundUnattendedCharges(deps);
    await reconcileRefunds(deps);
  },
});

/** What a refund.* webhook names: the transaction whose refund changed, nothing to trust alone. */
export type RefundEvent = { event?: unknown; data?: { transaction_reference?: unknown } };

/**
 * A refund.pending / processing / processed / failed webhook. It does not carry the refund's id,
 * so it is taken as a prompt: every pending refund of that charge is checked with Paystack, whose
 * answer is applied. Throws when Paystack cannot be reached, so the event's job tries again.
 */
export async function handleRefundEvent(
  deps: AppDeps,
  event: RefundEvent,
): Promise<'processed' | 'unknown_reference'> {
  const reference =
    typeof event.data?.transaction_reference === 'string' ? event.data.transaction_reference : '';
  const open = reference
    ? await queries(deps.database.sql)
        .selectFrom('refunds')
        .select('id')
        .where('reference', '=', reference)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .execute()
    : [];
  if (open.length === 0) return 'unknown_reference';
  for (const { id } of open) await checkRefund(deps, systemActor('payment-webhook'), id);
  return 'processed';
}
