import { randomBytes } from 'node:crypto';
import { LIMITS } from '#shared/constants';
import type { InitializePaymentResponse, VerifyPaymentResponse } from '#shared/schemas/payments';
import { type Actor, type AppDeps, type SessionUser, systemActor } from '../../context';
import { announce, type Change } from '../../db/announce';
import { AppError, conflict, notFound } from '../../errors';
import { defineJob } from '../../jobs/define';
import { recordAudit } from '../audit/record-audit';
import { reReserveOrderStock } from '../inventory/stock';
import { queueOrderEmail } from '../orders/order-emails';
import { paymentGateway } from './gateway';
import { initializeTransaction, PaystackError, type VerifyResult, verifyTransaction } from './paystack';
import { flagSecondPayment, handleRefundEvent, payingReference, type RefundEvent } from './refunds';

const CURRENCY = 'NGN';
const VERIFY_FAILED = 'Payment verification failed';
const SECOND_PAYMENT_MESSAGE =
  'This order had already been paid. Your second payment is being refunded; we have emailed you about it.';
const REFUND_MESSAGE =
  'This order was cancelled before your payment arrived and its items are no longer available. We will refund you.';

type TransactionRow = {
  order_id: string;
  user_id: string | null;
  reference: string;
  amount_kobo: number;
  currency: string;
  status: string;
};

function providerError(error: unknown): never {
  if (error instanceof PaystackError) {
    throw new AppError(
      'payment_provider_error',
      502,
      'We could not reach the payment provider. Please try again in a moment.',
    );
  }
  throw error;
}

/** Starts a Paystack transaction for one of the shopper's unpaid orders. */
export async function initializePayment(
  deps: AppDeps,
  user: SessionUser,
  orderId: string,
  now: Date = new Date(),
): Promise<InitializePaymentResponse> {
  const sql = deps.database.sql;
  const [order] = await sql.query<{
    id: string;
    email: string;
    status: string;
    payment_status: string;
    total_amount_kobo: number;
    created_at: Date | string;
  }>(
    `SELECT id, email, status, payment_status, total_amount_kobo, created_at
       FROM orders WHERE id = $1 AND user_id = $2`,
    [orderId, user.id],
  );
  if (!order) throw notFound('Order not found');
  if (order.payment_status === 'paid')
    throw conflict('order_already_paid', 'This order has already been paid.');
  const expiresAt = new Date(order.created_at).getTime() + LIMITS.unpaidOrderMinutes * 60_000;
  if (order.status !== 'pending' || order.payment_status !== 'pending' || now.getTime() >= expiresAt) {
    throw conflict(
      'order_not_payable',
      'This order can no longer be paid: unpaid orders are cancelled after 30 minutes. Please place your order again.',
    );
  }
  const gateway = paymentGateway(deps);
  const amountKobo = Number(order.total_amount_kobo);
  const email = order.email || user.email;
  // The order id and the time (plus a little randomness so two clicks in one millisecond differ).
  const reference = `${order.id}-${now.getTime()}-${randomBytes(2).toString('hex')}`;
  // Recorded before the call, so a webhook that beats the answer still finds its transaction.
  await deps.database.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO payment_transactions (order_id, reference, amount_kobo, currency, status)
       VALUES ($1, $2, $3, $4, 'initialized')
       RETURNING id`,
      [order.id, reference, amountKobo, CURRENCY],
    );
    await announce(tx, paymentChange(row!.id, order.id, user.id, 'initialized'));
  });
  const result = await initializeTransaction(gateway, {
    email,
    amountKobo,
    reference,
    currency: CURRENCY,
    callbackUrl: `${deps.env.publicUrl}/payment/${order.id}`,
    metadata: { order_id: order.id },
  }).catch(providerError);
  await sql.query('UPDATE payment_transactions SET access_code = $2 WHERE reference = $1', [
    reference,
    result.accessCode,
  ]);
  return {
    reference,
    accessCode: result.accessCode,
    authorizationUrl: result.authorizationUrl,
    publicKey: gateway.publicKey,
    amountKobo,
    email,
    mode: gateway.mode,
  };
}

const paymentChange = (id: string, orderId: string, userId: string | null, action: string): Change => ({
  table: 'payment_transactions',
  id,
  userId,
  action,
  orderId,
});

type PaidOutcome = 'paid' | 'already_paid' | 'refund_due' | 'already_refund_due' | 'second_payment';

/**
 * Marks the order paid exactly once. The order row is locked and the update is conditional on
 * payment_status <> 'paid', so concurrent verify calls and webhooks change it once.
 *
 * A payment for an order cancelled by the 30-minute expiry takes its items again if every one is
 * still in stock (the order then goes ahead); otherwise, and for orders cancelled by an admin, the
 * order stays cancelled, is recorded as paid, and gets a 'REFUND DUE' note for the admins.
 */
async function markOrderPaid(deps: AppDeps, actor: Actor, orderId: string, reference: string, raw: unknown) {
  return deps.database.transaction(async (sql): Promise<PaidOutcome> => {
    const [order] = await sql.query<{
      user_id: string | null;
      status: string;
      payment_status: string;
      stock_released_at: Date | null;
    }>('SELECT user_id, status, payment_status, stock_released_at FROM orders WHERE id = $1 FOR UPDATE', [
      orderId,
    ]);
    if (!order) throw notFound('Order not found');
    const alreadyPaid = order.payment_status !== 'pending' && order.payment_status !== 'failed';
    const paying = alreadyPaid ? await payingReference(sql, orderId) : null;
    const [payment] = await sql.query<{ id: string; was: string; amount_kobo: number }>(
      `UPDATE payment_transactions pt
          SET status = 'success', verified_at = coalesce(pt.verified_at, now()), provider_response = $2
         FROM (SELECT id, status FROM payment_transactions WHERE reference = $1 FOR UPDATE) old
        WHERE pt.id = old.id
        RETURNING pt.id, old.status AS was, pt.amount_kobo`,
      [reference, JSON.stringify(raw)],
    );
    if (payment) await announce(sql, paymentChange(payment.id, orderId, order.user_id, 'success'));
    if (alreadyPaid) {
      // Initialised twice and paid twice: the second charge is refunded, never kept silently.
      if (paying !== null && paying !== reference) {
        if (payment && payment.was !== 'success') {
          await flagSecondPayment(deps, sql, actor, {
            orderId,
            userId: order.user_id,
            reference,
            amountKobo: Number(payment.amount_kobo),
          });
        }
        return 'second_payment';
      }
      return order.status === 'cancelled' ? 'already_refund_due' : 'already_paid';
    }

    let outcome: PaidOutcome = 'paid';
    let update = `status = CASE WHEN status = 'pending' THEN 'processing' ELSE status END`;
    let note: string | null = null;
    if (order.stock_released_at !== null) {
      const expired = order.payment_status === 'failed';
      if (expired && (await reReserveOrderStock(sql, orderId))) {
        update = `status = 'processing', stock_released_at = NULL`;
        note =
          'Payment arrived after the order expired; the items were still in stock and were reserved again.';
      } else {
        outcome = 'refund_due';
        update = 'status = status';
        note = 'REFUND DUE: payment arrived after the order was cancelled; the order was not revived.';
      }
    }
    const changed = await sql.query<{ id: string; status: string }>(
      `UPDATE orders
          SET payment_status = 'paid', paid_at = now(), updated_at = now(), ${update},
              payment_reference = $3,
              notes = CASE WHEN $2::text IS NULL THEN notes ELSE concat_ws(E'\\n', notes, $2::text) END
        WHERE id = $1 AND payment_status <> 'paid'
        RETURNING id, status`,
      [orderId, note, reference],
    );
    if (changed.length === 0) return 'already_paid';
    await recordAudit(sql, actor, {
      action: 'paid',
      entityType: 'payment',
      entityId: orderId,
      before: { status: order.status, paymentStatus: order.payment_status },
      after: { status: changed[0]!.status, paymentStatus: 'paid' },
      details: { reference, ...(note ? { note } : {}) },
    });
    await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'paid' });
    // The receipt (or the refund notice) commits with the payment, so it is sent exactly once.
    await queueOrderEmail(deps, sql, orderId, outcome === 'refund_due' ? 'refund_due' : 'payment_received');
    return outcome;
  });
}

type Confirmation = VerifyPaymentResponse & {
  outcome: 'paid' | 'not_paid' | 'mismatch' | 'refund_due' | 'second_payment';
};

/**
 * Asks the provider about a transaction we recorded and, when it succeeded with exactly our
 * amount, currency and reference, marks its order paid. Shared by verify and the webhook.
 */
async function confirmPayment(
  deps: AppDeps,
  actor: Actor,
  transaction: TransactionRow,
): Promise<Confirmation> {
  const gateway = paymentGateway(deps);
  const result: VerifyResult = await verifyTransaction(gateway, transaction.reference).catch(providerError);
  const log = deps.logger.child({ reference: transaction.reference, orderId: transaction.order_id });
  const orderId = transaction.order_id;

  if (result.status !== 'success') {
    const status = result.status === 'failed' ? 'failed' : 'abandoned';
    await deps.database.transaction(async (sql) => {
      const [payment] = await sql.query<{ id: string }>(
        `UPDATE payment_transactions SET status = $2, provider_response = $3
          WHERE reference = $1 AND status = 'initialized'
          RETURNING id`,
        [transaction.reference, status, JSON.stringify(result.raw)],
      );
      if (payment) await announce(sql, paymentChange(payment.id, orderId, transaction.user_id, status));
    });
    const message =
      result.status === 'failed'
        ? `The payment was declined${result.gatewayResponse ? `: ${result.gatewayResponse}` : ''}.`
        : 'The payment was not completed.';
    return { success: false, message, orderId, outcome: 'not_paid' };
  }
  const mismatch =
    result.reference !== transaction.reference
      ? 'reference'
      : result.amountKobo !== Number(transaction.amount_kobo)
        ? 'amount'
        : result.currency !== transaction.currency
          ? 'currency'
          : null;
  if (mismatch) {
    log.warn(
      {
        mismatch,
        amountKobo: result.amountKobo,
        currency: result.currency,
        providerReference: result.reference,
      },
      'payment does not match the recorded transaction',
    );
    return { success: false, message: VERIFY_FAILED, orderId, outcome: 'mismatch' };
  }

  const outcome = await markOrderPaid(deps, actor, orderId, transaction.reference, result.raw);
  if (outcome === 'second_payment') {
    log.warn('a second payment for an order already paid: flagged and refunded');
    return { success: true, message: SECOND_PAYMENT_MESSAGE, orderId, outcome: 'second_payment' };
  }
  if (outcome === 'refund_due' || outcome === 'already_refund_due') {
    if (outcome === 'refund_due') log.warn('payment received for a cancelled order: refund due');
    return { success: false, message: REFUND_MESSAGE, orderId, outcome: 'refund_due' };
  }
  return {
    success: true,
    message: outcome === 'paid' ? 'Payment verified successfully' : 'Payment already verified',
    orderId,
    outcome: 'paid',
  };
}

async function findTransaction(deps: AppDeps, reference: string): Promise<TransactionRow | undefined> {
  const [row] = await deps.database.sql.query<TransactionRow>(
    `SELECT pt.order_id, o.user_id, pt.reference, pt.amount_kobo, pt.currency, pt.status
       FROM payment_transactions pt JOIN orders o ON o.id = pt.order_id
      WHERE pt.reference = $1`,
    [reference],
  );
  return row;
}

/** The payment page's check after the pop-up reports success (spec: verify-payment). */
export async function verifyPayment(
  deps: AppDeps,
  user: SessionUser,
  reference: string,
): Promise<VerifyPaymentResponse> {
  const transaction = await findTransaction(deps, reference);
  if (!transaction || transaction.user_id !== user.id) throw notFound('Payment not found');
  const { outcome: _outcome, ...response } = await confirmPayment(
    deps,
    systemActor('payment-verify'),
    transaction,
  );
  return response;
}

export type WebhookEvent = {
  event?: unknown;
  data?: { reference?: unknown; amount?: unknown; currency?: unknown; transaction_reference?: unknown };
};

/** Paystack's refund events (https://paystack.com/docs/payments/refunds/): a refund's new status. */
const REFUND_EVENTS = new Set(['refund.pending', 'refund.processing', 'refund.processed', 'refund.failed']);

/**
 * Keeps a webhook event whose signature has been checked, and enqueues its processing in the same
 * transaction: once this returns, the event survives a crash and Paystack can be answered 200.
 * charge.success and the refund.* events are processed; others are kept as ignored.
 */
export async function receiveWebhookEvent(deps: AppDeps, event: WebhookEvent): Promise<{ id: string }> {
  const name = typeof event.event === 'string' ? event.event.slice(0, 100) : '';
  const isRefund = REFUND_EVENTS.has(name);
  const given = isRefund ? event.data?.transaction_reference : event.data?.reference;
  const reference = typeof given === 'string' ? given.slice(0, 200) : null;
  const handled = name === 'charge.success' || isRefund;
  return deps.database.transaction(async (sql) => {
    const [row] = await sql.query<{ id: string }>(
      `INSERT INTO payment_events (event, reference, payload, status) VALUES ($1, $2, $3, $4) RETURNING id`,
      [name, reference, JSON.stringify(event), handled ? 'received' : 'ignored'],
    );
    if (handled) await deps.jobs.enqueue(sql, processPaymentEventJob, { eventId: row!.id });
    return { id: row!.id };
  });
}

type ChargeOutcome = 'paid' | 'not_paid' | 'refund_due' | 'second_payment' | 'unknown_reference' | 'mismatch';

/**
 * A charge.success event. The event's own figures must match the recorded transaction, and the
 * provider is asked again (Verify) before the order is paid. Throws when the provider cannot be
 * reached, so the job tries again later.
 */
export async function handleChargeSuccess(deps: AppDeps, event: WebhookEvent): Promise<ChargeOutcome> {
  const reference = typeof event.data?.reference === 'string' ? event.data.reference : '';
  const transaction = reference ? await findTransaction(deps, reference) : undefined;
  if (!transaction) {
    deps.logger.warn({ reference }, 'webhook for an unknown payment reference ignored');
    return 'unknown_reference';
  }
  if (
    Number(event.data?.amount) !== Number(transaction.amount_kobo) ||
    event.data?.currency !== transaction.currency
  ) {
    deps.logger.warn({ reference }, 'webhook amount or currency does not match the recorded transaction');
    return 'mismatch';
  }
  const { outcome } = await confirmPayment(deps, systemActor('payment-webhook'), transaction);
  return outcome;
}

const EVENT_STATUS: Record<ChargeOutcome | 'processed', 'processed' | 'ignored' | 'rejected'> = {
  processed: 'processed',
  paid: 'processed',
  refund_due: 'processed',
  second_payment: 'processed',
  // Verify says the charge did not succeed (yet): nothing to apply from this event.
  not_paid: 'ignored',
  // A charge we never started, or a refund event for a charge with no refund waiting to settle.
  unknown_reference: 'ignored',
  mismatch: 'rejected',
};

/**
 * Applies one stored webhook event. Safe to repeat: only an event still 'received' is processed,
 * and paying an order is idempotent. A failure on our side (the provider unreachable, the database
 * briefly away) is retried with back-off; after the last attempt the event is marked failed.
 */
export const processPaymentEventJob = defineJob<{ eventId: string }>({
  name: 'process-payment-event',
  retryLimit: 6,
  retryDelaySeconds: 15,
  async run({ eventId }, { deps, isLastAttempt }) {
    const sql = deps.database.sql;
    const [stored] = await sql.query<{ payload: WebhookEvent | string }>(
      `UPDATE payment_events SET attempts = attempts + 1 WHERE id = $1 AND status = 'received' RETURNING payload`,
      [eventId],
    );
    if (!stored) return;
    const event =
      typeof stored.payload === 'string' ? (JSON.parse(stored.payload) as WebhookEvent) : stored.payload;
    try {
      const outcome = REFUND_EVENTS.has(String(event.event))
        ? await handleRefundEvent(deps, event as RefundEvent)
        : await handleChargeSuccess(deps, event);
      await sql.query(
        `UPDATE payment_events SET status = $2, error = $3, processed_at = now() WHERE id = $1`,
        [eventId, EVENT_STATUS[outcome], EVENT_STATUS[outcome] === 'processed' ? null : outcome],
      );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await sql.query(`UPDATE payment_events SET status = $2, error = $3 WHERE id = $1`, [
        eventId,
        isLastAttempt ? 'failed' : 'received',
        reason,
      ]);
      throw error;
    }
  },
  // An admin's retry (Settings → Emails, background work that failed): the event is taken again.
  async beforeRetry(sql, { eventId }) {
    await sql.query(`UPDATE payment_events SET status = 'received' WHERE id = $1 AND status = 'failed'`, [
      eventId,
    ]);
  },
});
