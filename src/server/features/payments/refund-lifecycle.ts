import { sql as pg, type Selectable } from 'kysely';
import type { PaymentStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import type { RefundStatus } from '#shared/schemas/admin-orders';
import type { Disposition } from '#shared/schemas/money';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { AppError, conflict, notFound } from '../../platform/errors';
import {
  fetchRefund,
  listRefunds,
  PaystackError,
  type ProviderRefund,
  refundTransaction,
} from '../../platform/paystack/client';
import { type Gateway, paymentGateway } from '../../platform/paystack/gateway';
import { actorLabel, recordAudit } from '../audit/record-audit';
import { queueOrderEmail } from '../orders/order-emails';
import { findCharge, recordLedgerEntry, refreshPaymentStatus, refundableOfCharge } from './ledger';

/**
 * Refunds through the provider's Refund API (Paystack's, or the simulator's, by the same client),
 * following Paystack's lifecycle: a refund is answered pending or processing and settles later.
 * See docs/decisions/2026-11-26-refund-lifecycle.md.
 *
 * 1. Reserve: under the order's row lock, the refund is written 'pending' with its amount, if the
 *    charge's amount less every pending and processed refund of it still covers it. A second
 *    request waits for the lock and then sees the first one's amount, so two admins pressing at
 *    the same moment can never refund more than was paid.
 * 2. Ask: Paystack is asked to create it, outside any transaction (the simulator answers through
 *    this same app). A request sent again first looks for the earlier one at Paystack.
 * 3. Settle: only when Paystack says 'processed' (in its answer, a refund.* webhook, or the
 *    reconcile job's Fetch Refund) does the order's payment status become refunded or partially
 *    refunded, the shopper get the refund email, and the entry reach the audit log as 'refunded'.
 *    'failed' frees the amount again and is shown to the admin, who can retry it.
 *
 * Whatever happens between the steps (no answer, a process killed), the refund stays 'pending'
 * with a next check time: the reconcile job asks Paystack about it with back-off, finds a refund
 * whose creation was never answered in the transaction's list of refunds, and fails one Paystack
 * never received, so no amount stays reserved for ever.
 */

/**
 * Why a refund was made: an admin's, or one the shop made by itself for a charge it could not keep
 * (its disposition in the ledger) or for a paid order an admin cancelled.
 */
export type RefundKind = 'admin' | 'order_cancelled' | Exclude<Disposition, 'applied' | 'unmatched'>;

export type RefundRow = Selectable<DB['refunds']>;

/** How long a request to Paystack may still be on its way (its timeout is 15 s) before we look. */
const IN_FLIGHT = pg`interval '2 minutes'`;
/** When a request sent now is surely no longer on its way. */
const AFTER_IN_FLIGHT = pg<Date>`now() + ${IN_FLIGHT}`;
/** The next check: a minute after the first, then twice as long each time, at most six hours. */
const NEXT_CHECK = pg<Date>`now() + least(interval '1 minute' * power(2, least(checks, 10)), interval '6 hours')`;

export const REFUND_NOT_AT_PROVIDER =
  'Paystack has no record of this refund: it never reached Paystack. No money moved; you can retry it.';
const REFUND_FAILED_AT_PROVIDER =
  'Paystack could not complete this refund. No money moved; you can retry it.';

/**
 * Step 1, inside the caller's transaction, which must already hold the order's row lock: writes
 * the refund as pending (first checked by the reconcile job once no request can still be on its
 * way), audited, or refuses an amount the charge cannot cover.
 */
export async function reserveRefund(
  sql: SqlRunner,
  actor: Actor,
  input: {
    orderId: string;
    reference: string;
    amountKobo?: number;
    /** The items it gives back, for a refund of items (their amount is amountKobo). */
    items?: { orderItemId: string; quantity: number }[];
    kind: RefundKind;
    reason?: string | null;
    retryOf?: string;
  },
): Promise<{ id: string; amountKobo: number }> {
  const charge = await findCharge(sql, input.reference);
  const left = charge ? await refundableOfCharge(sql, input.reference) : 0;
  const amount = input.amountKobo ?? left;
  if (left <= 0) {
    throw conflict('nothing_to_refund', 'This payment has already been refunded in full.');
  }
  if (amount > left) {
    throw conflict(
      'refund_exceeds_payment',
      `A refund cannot be more than what is left of the payment (${formatNaira(left)}).`,
      { refundableKobo: left },
    );
  }
  const row = await queries(sql)
    .insertInto('refunds')
    .values({
      order_id: input.orderId,
      reference: input.reference,
      amount_kobo: amount,
      kind: input.kind,
      status: 'pending',
      reason: input.reason ?? null,
      actor_id: actor.kind === 'user' ? actor.id : null,
      actor_label: actorLabel(actor),
      retry_of: input.retryOf ?? null,
      // As JSON text: an array parameter would be sent as a PostgreSQL array.
      items: input.items ? pg<RefundRow['items']>`${JSON.stringify(input.items)}::jsonb` : null,
      next_check_at: AFTER_IN_FLIGHT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordLedgerEntry(sql, actor, {
    orderId: input.orderId,
    kind: 'refund_requested',
    amountKobo: amount,
    currency: charge!.currency,
    disposition: charge!.disposition,
    reference: input.reference,
    refundId: row.id,
    reason: input.reason ?? null,
  });
  await recordAudit(sql, actor, {
    action: input.retryOf ? 'refund_retried' : 'refund_requested',
    entityType: 'refund',
    entityId: row.id,
    orderId: input.orderId,
    after: { status: 'pending', amountKobo: amount },
    details: {
      reference: input.reference,
      ...(input.kind !== 'admin' ? { automatic: input.kind } : {}),
      ...(input.kind === 'second_payment' ? { secondPayment: true } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.retryOf ? { retryOf: input.retryOf } : {}),
    },
  });
  return { id: row.id, amountKobo: amount };
}

export type RefundResult = {
  id: string;
  amountKobo: number;
  status: RefundStatus;
  paymentStatus: PaymentStatus;
};

async function currentResult(sql: SqlRunner, refundId: string): Promise<RefundResult> {
  const row = await queries(sql)
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.amount_kobo', 'r.status', 'o.payment_status'])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
  if (!row) throw notFound('Refund not found');
  return {
    id: row.id,
    amountKobo: row.amount_kobo,
    status: row.status,
    paymentStatus: row.payment_status,
  };
}

const refundChange = (orderId: string, userId: string | null, action: string) =>
  ({ table: 'orders', id: orderId, userId, action }) as const;

/** The order's owner, its row locked until the transaction ends: refunds of an order go one at a time. */
const lockOrder = (sql: SqlRunner, orderId: string) =>
  queries(sql)
    .selectFrom('orders')
    .select('user_id')
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();

/**
 * Paystack says the refund is done: marks it processed (once, whoever gets here first: the answer,
 * the webhook or the reconcile job), sets the order's payment status from what has been refunded,
 * audits, announces and emails the shopper, in one transaction.
 */
async function settleRefund(
  deps: AppDeps,
  actor: Actor,
  refund: RefundRow,
  answer: ProviderRefund,
): Promise<void> {
  const amountKobo = refund.amount_kobo;
  await deps.database.transaction(async (sql) => {
    const order = await lockOrder(sql, refund.order_id);
    const done = await queries(sql)
      .updateTable('refunds')
      .set((eb) => ({
        status: 'processed',
        provider_refund_id: eb.fn.coalesce('provider_refund_id', eb.val(answer.id)),
        provider_status: answer.status,
        processed_at: pg<Date>`now()`,
        next_check_at: null,
        error: null,
      }))
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!order || !done) return;
    const charge = await findCharge(sql, refund.reference);
    await recordLedgerEntry(sql, actor, {
      orderId: refund.order_id,
      kind: 'refund_processed',
      amountKobo,
      currency: charge?.currency ?? 'NGN',
      disposition: charge?.disposition ?? 'applied',
      reference: refund.reference,
      refundId: refund.id,
    });
    const paymentStatus = await refreshPaymentStatus(sql, refund.order_id);
    await recordAudit(sql, actor, {
      action:
        refund.kind === 'admin' || refund.kind === 'order_cancelled' ? 'refunded' : 'second_payment_refunded',
      entityType: 'refund',
      entityId: refund.id,
      orderId: refund.order_id,
      // A refund of money the order never kept leaves its payment status as it was.
      ...(paymentStatus.before === paymentStatus.after
        ? {}
        : { before: { paymentStatus: paymentStatus.before }, after: { paymentStatus: paymentStatus.after } }),
      details: {
        reference: refund.reference,
        amountKobo,
        providerRefundId: answer.id,
        requestedBy: refund.actor_label,
        ...(refund.kind !== 'admin' ? { automatic: refund.kind } : {}),
        ...(refund.reason ? { reason: refund.reason } : {}),
      },
    });
    await announce(sql, refundChange(refund.order_id, order.user_id, 'refunded'));
    // The shopper was told of an automatic refund when the shop found it was due.
    if (refund.kind === 'admin') {
      await queueOrderEmail(deps, sql, refund.order_id, 'refund_issued', { amountKobo });
    }
  });
}

/**
 * The refund did not happen (Paystack refused or failed it, or never received it): its amount is
 * free again, and the admin sees why. `onlyIfNeverReceived` fails it only when Paystack never
 * confirmed it and no request for it can still be on its way, under the row's lock, so a request
 * sent meanwhile is never declared lost.
 */
async function failRefund(
  deps: AppDeps,
  actor: Actor,
  refund: RefundRow,
  failure: { error: string; answer?: ProviderRefund; onlyIfNeverReceived?: boolean },
): Promise<boolean> {
  return deps.database.transaction(async (sql) => {
    const order = await lockOrder(sql, refund.order_id);
    const failed = await queries(sql)
      .updateTable('refunds')
      .set((eb) => ({
        status: 'failed',
        error: failure.error.slice(0, 1000),
        provider_refund_id: eb.fn.coalesce('provider_refund_id', eb.val(failure.answer?.id ?? null)),
        provider_status: eb.fn.coalesce(eb.val(failure.answer?.status ?? null), 'provider_status'),
        processed_at: pg<Date>`now()`,
        next_check_at: null,
      }))
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .$if(failure.onlyIfNeverReceived === true, (update) =>
        update
          .where('provider_refund_id', 'is', null)
          .where((eb) =>
            eb(eb.fn.coalesce('last_attempt_at', 'created_at'), '<', pg<Date>`now() - ${IN_FLIGHT}`),
          ),
      )
      .returning('id')
      .executeTakeFirst();
    if (!failed) return false;
    const charge = await findCharge(sql, refund.reference);
    await recordLedgerEntry(sql, actor, {
      orderId: refund.order_id,
      kind: 'refund_failed',
      amountKobo: refund.amount_kobo,
      currency: charge?.currency ?? 'NGN',
      disposition: charge?.disposition ?? 'applied',
      reference: refund.reference,
      refundId: refund.id,
      reason: failure.error,
    });
    await recordAudit(sql, actor, {
      action: 'refund_failed',
      entityType: 'refund',
      entityId: refund.id,
      orderId: refund.order_id,
      before: { status: 'pending' },
      after: { status: 'failed' },
      details: {
        reference: refund.reference,
        amountKobo: refund.amount_kobo,
        error: failure.error,
        requestedBy: refund.actor_label,
      },
    });
    await announce(sql, refundChange(refund.order_id, order?.user_id ?? null, 'refund_failed'));
    return true;
  });
}

/** What Paystack said about a refund, applied: settled, failed, or still on its way. */
async function applyProviderAnswer(
  deps: AppDeps,
  actor: Actor,
  refund: RefundRow,
  answer: ProviderRefund,
  options: { checked: boolean },
): Promise<RefundResult> {
  if (answer.status === 'processed') {
    await settleRefund(deps, actor, refund, answer);
  } else if (answer.status === 'failed') {
    await failRefund(deps, actor, refund, { error: REFUND_FAILED_AT_PROVIDER, answer });
  } else {
    // pending, processing (or a status Paystack adds later): checked again with back-off.
    await deps.database.transaction(async (sql) => {
      const order = await queries(sql)
        .selectFrom('orders')
        .select('user_id')
        .where('id', '=', refund.order_id)
        .executeTakeFirst();
      const changed = await queries(sql)
        .updateTable('refunds')
        .set((eb) => ({
          provider_refund_id: eb.fn.coalesce('provider_refund_id', eb.val(answer.id)),
          provider_status: answer.status.slice(0, 50),
          error: null,
          ...(options.checked ? { checks: eb('checks', '+', 1), last_checked_at: pg<Date>`now()` } : {}),
          next_check_at: NEXT_CHECK,
        }))
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (changed)
        await announce(sql, refundChange(refund.order_id, order?.user_id ?? null, 'refund_pending'));
    });
  }
  return currentResult(deps.database.sql, refund.id);
}

/**
 * A refund Paystack may have without our having its id (its creation was never answered): looks
 * for it among the charge's refunds at Paystack, by amount, leaving out those already ours.
 */
async function findAtProvider(
  deps: AppDeps,
  gateway: Gateway,
  refund: RefundRow,
): Promise<ProviderRefund | null> {
  const db = queries(deps.database.sql);
  const charge = await db
    .selectFrom('payment_transactions')
    // Paystack's answer is JSON of Paystack's shape, not the shop's: its id read as text.
    .select(pg<string | null>`provider_response->>'id'`.as('provider_id'))
    .where('reference', '=', refund.reference)
    .executeTakeFirst();
  // Paystack lists refunds by its own transaction id, which Verify reported.
  const listed = await listRefunds(gateway, charge?.provider_id ?? refund.reference);
  // Paystack's refunds that are another refund's of ours. This refund's own id may have been
  // stored meanwhile (the admin's request applying Create Refund's answer while a webhook's check
  // runs): it still names this refund.
  const others = new Set(
    (
      await db
        .selectFrom('refunds')
        .select('provider_refund_id')
        .where('reference', '=', refund.reference)
        .where('provider_refund_id', 'is not', null)
        .where('id', '<>', refund.id)
        .execute()
    ).map((row) => row.provider_refund_id),
  );
  const amount = refund.amount_kobo;
  const candidates = listed.filter(
    (candidate) => candidate.id !== null && !others.has(candidate.id) && candidate.amountKobo === amount,
  );
  return candidates.find((candidate) => candidate.status !== 'failed') ?? candidates[0] ?? null;
}

export async function readRefund(sql: SqlRunner, refundId: string): Promise<RefundRow | undefined> {
  return queries(sql).selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
}

/**
 * Step 2 for one pending refund Paystack has not confirmed yet: asks Paystack to create it and
 * applies the answer. A refusal marks it failed and throws a 502 with the provider's words; when
 * Paystack cannot be reached (or fails on its side) the refund stays pending for the reconcile
 * job and the `PaystackError` is thrown. Run again, it reports where the refund stands.
 */
export async function executeRefund(deps: AppDeps, actor: Actor, refundId: string): Promise<RefundResult> {
  const gateway = paymentGateway(deps);
  const claimed = await queries(deps.database.sql)
    .updateTable('refunds')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_attempt_at: pg<Date>`now()`,
      next_check_at: AFTER_IN_FLIGHT,
    }))
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .where('provider_refund_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return currentResult(deps.database.sql, refundId);
  if (claimed.attempts > 1) {
    // An earlier request may have reached Paystack without its answer reaching us: never twice.
    const found = await findAtProvider(deps, gateway, claimed);
    if (found) return applyProviderAnswer(deps, actor, claimed, found, { checked: true });
  }
  let answer: ProviderRefund;
  try {
    answer = await refundTransaction(gateway, {
      reference: claimed.reference,
      amountKobo: claimed.amount_kobo,
      reason: claimed.reason ?? undefined,
    });
  } catch (error) {
    if (error instanceof PaystackError && error.kind === 'rejected') {
      const words = error.message.replace(/^Paystack refused: /, '');
      await failRefund(deps, actor, claimed, { error: `Paystack refused the refund: ${words}` });
      throw new AppError('refund_refused', 502, `The payment provider refused the refund: ${words}`);
    }
    if (error instanceof PaystackError) {
      await queries(deps.database.sql)
        .updateTable('refunds')
        .set({ error: error.message.slice(0, 1000) })
        .where('id', '=', refundId)
        .where('status', '=', 'pending')
        .execute();
    }
    throw error;
  }
  return applyProviderAnswer(deps, actor, claimed, answer, { checked: false });
}

/**
 * Asks Paystack where one pending refund stands and applies the answer: by its id (Fetch Refund),
 * or, never confirmed, by looking for it among the charge's refunds; one Paystack never received
 * fails once no request for it can still be on its way. Throws `PaystackError` when Paystack
 * cannot be reached (the next check is pushed back).
 */
export async function checkRefund(deps: AppDeps, actor: Actor, refundId: string): Promise<RefundResult> {
  const refund = await readRefund(deps.database.sql, refundId);
  if (!refund) throw notFound('Refund not found');
  if (refund.status !== 'pending') return currentResult(deps.database.sql, refundId);
  const gateway = paymentGateway(deps);
  try {
    const answer = refund.provider_refund_id
      ? await fetchRefund(gateway, refund.provider_refund_id)
      : await findAtProvider(deps, gateway, refund);
    if (answer) return await applyProviderAnswer(deps, actor, refund, answer, { checked: true });
    const failed = await failRefund(deps, actor, refund, {
      error: REFUND_NOT_AT_PROVIDER,
      onlyIfNeverReceived: true,
    });
    if (!failed) await checkedAgainLater(deps.database.sql, refundId);
    return currentResult(deps.database.sql, refundId);
  } catch (error) {
    if (error instanceof PaystackError) {
      await checkedAgainLater(deps.database.sql, refundId, `Last check: ${error.message}`.slice(0, 1000));
    }
    throw error;
  }
}

/** A pending refund's check is over without an answer: checked again later, with back-off. */
async function checkedAgainLater(sql: SqlRunner, refundId: string, error?: string): Promise<void> {
  await queries(sql)
    .updateTable('refunds')
    .set((eb) => ({
      checks: eb('checks', '+', 1),
      last_checked_at: pg<Date>`now()`,
      next_check_at: NEXT_CHECK,
      ...(error === undefined ? {} : { error }),
    }))
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute();
}
