import { sql as pg } from 'kysely';
import { type Actor, type AppDeps, defineJob, systemActor } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { AppError } from '../../platform/errors';
import {
  appliedChargeReference,
  listLedgerEntries,
  offlineKeptKobo,
  readOrderMoney,
  refundableOfCharge,
} from './ledger';
import { executeRefund, type RefundKind, reserveRefund } from './refund-lifecycle';

/**
 * A refund the shop makes by itself, inside the transaction that found it due (which holds the
 * order's row lock): the rest of the charge is written as a pending refund, audited, and its
 * request to Paystack enqueued, so the finding, the refund and (the caller's) email commit
 * together. Until Paystack has refunded it, the order shows it as due.
 */
export async function refundAutomatically(
  deps: AppDeps,
  sql: SqlRunner,
  actor: Actor,
  input: { orderId: string; reference: string; kind: Exclude<RefundKind, 'admin'>; reason: string },
): Promise<{ id: string; amountKobo: number } | null> {
  if ((await refundableOfCharge(sql, input.reference)) <= 0) return null;
  const refund = await reserveRefund(sql, actor, {
    orderId: input.orderId,
    reference: input.reference,
    kind: input.kind,
    reason: input.reason,
  });
  await deps.jobs.enqueue(sql, automaticRefundJob, { refundId: refund.id });
  return refund;
}

/**
 * An admin cancelled an order the shopper had paid: what the shop kept of the charge that paid it
 * goes back automatically (the shop never keeps money for goods it will not deliver). Money
 * received outside Paystack cannot go back through it: it stays due, for the admin to pay back
 * and record. Inside the cancellation's transaction. Returns what was asked of Paystack.
 */
export async function refundCancelledOrder(
  deps: AppDeps,
  sql: SqlRunner,
  actor: Actor,
  orderId: string,
): Promise<number> {
  const reference = await appliedChargeReference(sql, orderId);
  if (!reference) return 0;
  // Never more than is still due and not already on its way back: money received outside Paystack
  // is not the charge's to give back.
  const money = await readOrderMoney(sql, orderId);
  const offline = offlineKeptKobo(await listLedgerEntries(sql, orderId));
  const due = Math.min(
    await refundableOfCharge(sql, reference),
    money.refundDueKobo - money.refundPendingKobo - offline,
  );
  if (due <= 0) return 0;
  const refund = await reserveRefund(sql, actor, {
    orderId,
    reference,
    amountKobo: due,
    kind: 'order_cancelled',
    reason: 'The order was cancelled.',
  });
  await deps.jobs.enqueue(sql, automaticRefundJob, { refundId: refund.id });
  return refund.amountKobo;
}

/**
 * Charges the shop could not keep whose refund was never asked for (written into the ledger from
 * what the shop knew before it, or left by a failure between the steps): each is refunded the way
 * a new one is. One a refund was ever asked for is left alone: a failed one waits for an admin's
 * retry. Run by the reconcile-refunds job.
 */
export async function refundUnattendedCharges(
  deps: AppDeps,
  options: { limit?: number } = {},
): Promise<number> {
  const refundable = ['second_payment', 'not_deliverable', 'amount_mismatch'] as const;
  const unattended = await queries(deps.database.sql)
    .selectFrom('ledger_entries as c')
    .select(['c.order_id', 'c.reference', 'c.disposition', 'c.reason'])
    .where('c.kind', '=', 'charge')
    .where('c.order_id', 'is not', null)
    .where('c.disposition', 'in', refundable)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refunds as r')
            .select(pg<number>`1`.as('one'))
            .whereRef('r.reference', '=', 'c.reference'),
        ),
      ),
    )
    .orderBy('c.seq')
    .limit(options.limit ?? 20)
    .$narrowType<{ order_id: string; reference: string; disposition: (typeof refundable)[number] }>()
    .execute();
  for (const charge of unattended) {
    await deps.database.transaction(async (sql) => {
      await queries(sql)
        .selectFrom('orders')
        .select('id')
        .where('id', '=', charge.order_id)
        .forUpdate()
        .execute();
      const taken = await queries(sql)
        .selectFrom('refunds')
        .select(pg<number>`1`.as('one'))
        .where('reference', '=', charge.reference)
        .limit(1)
        .executeTakeFirst();
      if (taken) return;
      await refundAutomatically(deps, sql, systemActor('payment-refund'), {
        orderId: charge.order_id,
        reference: charge.reference,
        kind: charge.disposition,
        reason: charge.reason ?? 'A payment the shop could not keep.',
      });
    });
  }
  return unattended.length;
}

/**
 * Asks Paystack for a refund the shop makes by itself. Retried with back-off while Paystack
 * cannot be reached (each retry first looks for the earlier request at Paystack); after the last
 * try the refund stays pending for the reconcile job. A refusal leaves it failed, shown to admins
 * as due, with a Retry.
 */
export const automaticRefundJob = defineJob<{ refundId: string }>({
  name: 'automatic-refund',
  retryLimit: 6,
  retryDelaySeconds: 30,
  async run({ refundId }, { deps, log }) {
    try {
      await executeRefund(deps, systemActor('payment-refund'), refundId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'refund_refused') {
        log.warn({ refundId, err: error }, 'Paystack refused an automatic refund: refund due');
        return;
      }
      throw error;
    }
  },
});

/**
 * The same work under the job's earlier name: refunds of second payments queued before the
 * ledger (as 'refund-second-payment') still reach Paystack.
 */
export const legacySecondPaymentRefundJob = defineJob<{ refundId: string }>({
  ...automaticRefundJob,
  name: 'refund-second-payment',
  background: true,
});
