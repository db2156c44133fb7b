import type { PaymentStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import type { RefundStatus } from '#shared/schemas/admin-orders';
import type { Disposition } from '#shared/schemas/money';
import { type Actor, type AppDeps, defineJob, systemActor } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
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
import {
  appliedChargeReference,
  findCharge,
  listLedgerEntries,
  offlineKeptKobo,
  readOrderMoney,
  recordLedgerEntry,
  refreshPaymentStatus,
  refundableOfCharge,
} from './ledger';

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

type RefundRow = {
  id: string;
  order_id: string;
  reference: string;
  amount_kobo: number | string;
  kind: RefundKind;
  reason: string | null;
  status: RefundStatus;
  provider_refund_id: string | null;
  actor_label: string;
  attempts: number;
  retry_of: string | null;
};

/** How long a request to Paystack may still be on its way (its timeout is 15 s) before we look. */
const IN_FLIGHT = "interval '2 minutes'";
/** The next check: a minute after the first, then twice as long each time, at most six hours. */
const NEXT_CHECK = `now() + least(interval '1 minute' * power(2, least(checks, 10)), interval '6 hours')`;

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
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO refunds (order_id, reference, amount_kobo, kind, reason, actor_id, actor_label, retry_of, next_check_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + ${IN_FLIGHT}) RETURNING id`,
    [
      input.orderId,
      input.reference,
      amount,
      input.kind,
      input.reason ?? null,
      actor.kind === 'user' ? actor.id : null,
      actorLabel(actor),
      input.retryOf ?? null,
    ],
  );
  await recordLedgerEntry(sql, actor, {
    orderId: input.orderId,
    kind: 'refund_requested',
    amountKobo: amount,
    currency: charge!.currency,
    disposition: charge!.disposition,
    reference: input.reference,
    refundId: row!.id,
    reason: input.reason ?? null,
  });
  await recordAudit(sql, actor, {
    action: input.retryOf ? 'refund_retried' : 'refund_requested',
    entityType: 'refund',
    entityId: row!.id,
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
  return { id: row!.id, amountKobo: amount };
}

export type RefundResult = {
  id: string;
  amountKobo: number;
  status: RefundStatus;
  paymentStatus: PaymentStatus;
};

async function currentResult(sql: SqlRunner, refundId: string): Promise<RefundResult> {
  const [row] = await sql.query<{
    id: string;
    amount_kobo: string | number;
    status: RefundStatus;
    payment_status: PaymentStatus;
  }>(
    `SELECT r.id, r.amount_kobo, r.status, o.payment_status
       FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.id = $1`,
    [refundId],
  );
  if (!row) throw notFound('Refund not found');
  return {
    id: row.id,
    amountKobo: Number(row.amount_kobo),
    status: row.status,
    paymentStatus: row.payment_status,
  };
}

const refundChange = (orderId: string, userId: string | null, action: string) =>
  ({ table: 'orders', id: orderId, userId, action }) as const;

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
  const amountKobo = Number(refund.amount_kobo);
  await deps.database.transaction(async (sql) => {
    const [order] = await sql.query<{ user_id: string | null }>(
      'SELECT user_id FROM orders WHERE id = $1 FOR UPDATE',
      [refund.order_id],
    );
    const [done] = await sql.query<{ id: string }>(
      `UPDATE refunds SET status = 'processed', provider_refund_id = coalesce(provider_refund_id, $2),
              provider_status = $3, processed_at = now(), next_check_at = NULL, error = NULL
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [refund.id, answer.id, answer.status],
    );
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
    const [order] = await sql.query<{ user_id: string | null }>(
      'SELECT user_id FROM orders WHERE id = $1 FOR UPDATE',
      [refund.order_id],
    );
    const guard = failure.onlyIfNeverReceived
      ? `AND provider_refund_id IS NULL AND coalesce(last_attempt_at, created_at) < now() - ${IN_FLIGHT}`
      : '';
    const [failed] = await sql.query<{ id: string }>(
      `UPDATE refunds SET status = 'failed', error = $2, provider_refund_id = coalesce(provider_refund_id, $3),
              provider_status = coalesce($4, provider_status), processed_at = now(), next_check_at = NULL
        WHERE id = $1 AND status = 'pending' ${guard} RETURNING id`,
      [refund.id, failure.error.slice(0, 1000), failure.answer?.id ?? null, failure.answer?.status ?? null],
    );
    if (!failed) return false;
    const charge = await findCharge(sql, refund.reference);
    await recordLedgerEntry(sql, actor, {
      orderId: refund.order_id,
      kind: 'refund_failed',
      amountKobo: Number(refund.amount_kobo),
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
        amountKobo: Number(refund.amount_kobo),
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
      const [order] = await sql.query<{ user_id: string | null }>(
        'SELECT user_id FROM orders WHERE id = $1',
        [refund.order_id],
      );
      const [changed] = await sql.query<{ id: string }>(
        `UPDATE refunds SET provider_refund_id = coalesce(provider_refund_id, $2), provider_status = $3, error = NULL,
                ${options.checked ? 'checks = checks + 1, last_checked_at = now(),' : ''}
                next_check_at = ${NEXT_CHECK}
          WHERE id = $1 AND status = 'pending' RETURNING id`,
        [refund.id, answer.id, answer.status.slice(0, 50)],
      );
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
  const sql = deps.database.sql;
  const [charge] = await sql.query<{ provider_id: string | null }>(
    `SELECT provider_response->>'id' AS provider_id FROM payment_transactions WHERE reference = $1`,
    [refund.reference],
  );
  // Paystack lists refunds by its own transaction id, which Verify reported.
  const listed = await listRefunds(gateway, charge?.provider_id ?? refund.reference);
  // Paystack's refunds that are another refund's of ours. This refund's own id may have been
  // stored meanwhile (the admin's request applying Create Refund's answer while a webhook's check
  // runs): it still names this refund.
  const others = new Set(
    (
      await sql.query<{ provider_refund_id: string }>(
        `SELECT provider_refund_id FROM refunds
          WHERE reference = $1 AND provider_refund_id IS NOT NULL AND id <> $2`,
        [refund.reference, refund.id],
      )
    ).map((row) => row.provider_refund_id),
  );
  const amount = Number(refund.amount_kobo);
  const candidates = listed.filter(
    (candidate) => candidate.id !== null && !others.has(candidate.id) && candidate.amountKobo === amount,
  );
  return candidates.find((candidate) => candidate.status !== 'failed') ?? candidates[0] ?? null;
}

async function readRefund(sql: SqlRunner, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await sql.query<RefundRow>('SELECT * FROM refunds WHERE id = $1', [refundId]);
  return row;
}

/**
 * Step 2 for one pending refund Paystack has not confirmed yet: asks Paystack to create it and
 * applies the answer. A refusal marks it failed and throws a 502 with the provider's words; when
 * Paystack cannot be reached (or fails on its side) the refund stays pending for the reconcile
 * job and the `PaystackError` is thrown. Run again, it reports where the refund stands.
 */
export async function executeRefund(deps: AppDeps, actor: Actor, refundId: string): Promise<RefundResult> {
  const gateway = paymentGateway(deps);
  const [claimed] = await deps.database.sql.query<RefundRow>(
    `UPDATE refunds SET attempts = attempts + 1, last_attempt_at = now(), next_check_at = now() + ${IN_FLIGHT}
      WHERE id = $1 AND status = 'pending' AND provider_refund_id IS NULL RETURNING *`,
    [refundId],
  );
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
      amountKobo: Number(claimed.amount_kobo),
      reason: claimed.reason ?? undefined,
    });
  } catch (error) {
    if (error instanceof PaystackError && error.kind === 'rejected') {
      const words = error.message.replace(/^Paystack refused: /, '');
      await failRefund(deps, actor, claimed, { error: `Paystack refused the refund: ${words}` });
      throw new AppError('refund_refused', 502, `The payment provider refused the refund: ${words}`);
    }
    if (error instanceof PaystackError) {
      await deps.database.sql.query(`UPDATE refunds SET error = $2 WHERE id = $1 AND status = 'pending'`, [
        refundId,
        error.message.slice(0, 1000),
      ]);
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
    if (!failed) {
      await deps.database.sql.query(
        `UPDATE refunds SET checks = checks + 1, last_checked_at = now(), next_check_at = ${NEXT_CHECK}
          WHERE id = $1 AND status = 'pending'`,
        [refundId],
      );
    }
    return currentResult(deps.database.sql, refundId);
  } catch (error) {
    if (error instanceof PaystackError) {
      await deps.database.sql.query(
        `UPDATE refunds SET checks = checks + 1, last_checked_at = now(), next_check_at = ${NEXT_CHECK}, error = $2
          WHERE id = $1 AND status = 'pending'`,
        [refundId, `Last check: ${error.message}`.slice(0, 1000)],
      );
    }
    throw error;
  }
}

/**
 * The reconcile job's work: every pending refund whose check is due is asked about (a few at a
 * time, oldest first). A refund Paystack cannot tell us about now is simply checked again later.
 */
export async function reconcileRefunds(
  deps: AppDeps,
  options: { limit?: number } = {},
): Promise<{ checked: number; failures: number }> {
  if (!deps.payments) return { checked: 0, failures: 0 };
  const due = await deps.database.sql.query<{ id: string }>(
    `SELECT id FROM refunds WHERE status = 'pending' AND next_check_at <= now()
      ORDER BY next_check_at LIMIT $1`,
    [options.limit ?? 50],
  );
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
    ? await deps.database.sql.query<{ id: string }>(
        `SELECT id FROM refunds WHERE reference = $1 AND status = 'pending' ORDER BY created_at`,
        [reference],
      )
    : [];
  if (open.length === 0) return 'unknown_reference';
  for (const { id } of open) await checkRefund(deps, systemActor('payment-webhook'), id);
  return 'processed';
}

function unansweredError(error: unknown): never {
  if (error instanceof PaystackError) {
    throw new AppError(
      'refund_unconfirmed',
      502,
      'Paystack did not answer. The refund is kept as pending and checked with Paystack automatically: it will show here as refunded or failed.',
    );
  }
  throw error;
}

/**
 * Locks the order and finds the charge a refund goes back against: the one named, if the book
 * has it for this order, or the one that paid the order.
 */
async function refundableCharge(sql: SqlRunner, orderId: string, reference?: string): Promise<string> {
  const [order] = await sql.query<{ id: string }>('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [
    orderId,
  ]);
  if (!order) throw notFound('Order not found');
  const named = reference ?? (await appliedChargeReference(sql, orderId));
  const charge = named ? await findCharge(sql, named) : null;
  if (!charge || charge.orderId !== orderId) {
    throw conflict('not_refundable', 'This order has no card payment to refund.');
  }
  return charge.reference!;
}

/**
 * An admin refunds a paid order, in full (no amount) or in part, against the charge that paid it
 * or, with `reference`, against another successful charge of the order (a second payment).
 * Answers the refund as Paystack left it: usually pending, settled later.
 */
export async function refundOrder(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  input: { amountKobo?: number; reason?: string | null; reference?: string },
): Promise<RefundResult> {
  paymentGateway(deps);
  const reserved = await deps.database.transaction(async (sql) => {
    const reference = await refundableCharge(sql, orderId, input.reference);
    return reserveRefund(sql, actor, {
      orderId,
      reference,
      amountKobo: input.amountKobo,
      kind: 'admin',
      reason: input.reason,
    });
  });
  return executeRefund(deps, actor, reserved.id).catch(unansweredError);
}

/**
 * An admin tries a failed refund again: a new refund of the same amount against the same charge
 * (if it is still free), naming the one it retries; a refund is retried once.
 */
export async function retryRefund(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  refundId: string,
): Promise<RefundResult> {
  paymentGateway(deps);
  const reserved = await deps.database.transaction(async (sql) => {
    const [order] = await sql.query<{ id: string }>('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [
      orderId,
    ]);
    if (!order) throw notFound('Order not found');
    const [failed] = await sql.query<RefundRow & { retried: boolean }>(
      `SELECT r.*, EXISTS (SELECT 1 FROM refunds n WHERE n.retry_of = r.id) AS retried
         FROM refunds r WHERE r.id = $1 AND r.order_id = $2`,
      [refundId, orderId],
    );
    if (!failed) throw notFound('Refund not found');
    if (failed.status !== 'failed')
      throw conflict('refund_not_failed', 'Only a failed refund can be retried.');
    if (failed.retried) throw conflict('refund_retried', 'This refund has already been retried.');
    return reserveRefund(sql, actor, {
      orderId,
      reference: failed.reference,
      amountKobo: Number(failed.amount_kobo),
      kind: failed.kind,
      reason: failed.reason,
      retryOf: failed.id,
    });
  });
  return executeRefund(deps, actor, reserved.id).catch(unansweredError);
}

/** 'Check with Paystack now' on a pending refund of the order. */
export async function checkOrderRefund(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  refundId: string,
): Promise<RefundResult> {
  const refund = await readRefund(deps.database.sql, refundId);
  if (!refund || refund.order_id !== orderId) throw notFound('Refund not found');
  return checkRefund(deps, actor, refundId).catch((error: unknown) => {
    if (error instanceof PaystackError) {
      throw new AppError(
        'payment_provider_error',
        502,
        'Paystack did not answer. The refund stays pending and is checked again automatically.',
      );
    }
    throw error;
  });
}

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
  const unattended = await deps.database.sql.query<{
    order_id: string;
    reference: string;
    disposition: Exclude<RefundKind, 'admin' | 'order_cancelled'>;
    reason: string | null;
  }>(
    `SELECT c.order_id, c.reference, c.disposition, c.reason FROM ledger_entries c
      WHERE c.kind = 'charge' AND c.order_id IS NOT NULL
        AND c.disposition IN ('second_payment', 'not_deliverable', 'amount_mismatch')
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.reference = c.reference)
      ORDER BY c.seq LIMIT $1`,
    [options.limit ?? 20],
  );
  for (const charge of unattended) {
    await deps.database.transaction(async (sql) => {
      await sql.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [charge.order_id]);
      const [taken] = await sql.query('SELECT 1 FROM refunds WHERE reference = $1 LIMIT 1', [
        charge.reference,
      ]);
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
