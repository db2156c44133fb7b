import { randomBytes } from 'node:crypto';
import { sql as pg } from 'kysely';
import { LIMITS } from '#shared/constants';
import { formatNaira } from '#shared/money';
import { methodLabel } from '#shared/schemas/money';
import type { InitializePaymentResponse, VerifyPaymentResponse } from '#shared/schemas/payments';
import { type Actor, type AppDeps, defineJob, type SessionUser, systemActor } from '../../context';
import { announce, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { Json } from '../../platform/db/types';
import { AppError, conflict, notFound } from '../../platform/errors';
import {
  initializeTransaction,
  PaystackError,
  type VerifyResult,
  verifyTransaction,
} from '../../platform/paystack/client';
import { paymentGateway } from '../../platform/paystack/gateway';
import { readPaymentOptions } from '../settings/payment-options';
import { applyCharge, applyUnknownCharge, type ProviderCharge } from './charges';
import { handleRefundEvent, type RefundEvent } from './reconcile-refunds';

const CURRENCY = 'NGN';
const SECOND_PAYMENT_MESSAGE =
  'This order had already been paid. Your second payment is being refunded; we have emailed you about it.';
const PENDING_MESSAGE =
  'Paystack is still confirming your payment. This page updates by itself once it is done; there is no need to pay again.';

/** Our transactions `pt`, each with its order's owner: what confirming one with Paystack needs. */
export const transactionRows = (sql: SqlRunner) =>
  queries(sql)
    .selectFrom('payment_transactions as pt')
    .innerJoin('orders as o', 'o.id', 'pt.order_id')
    .select(['pt.order_id', 'o.user_id', 'pt.reference', 'pt.amount_kobo', 'pt.currency', 'pt.status']);

export type TransactionRow = Awaited<
  ReturnType<ReturnType<typeof transactionRows>['executeTakeFirstOrThrow']>
>;

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

/**
 * The order's payment method in words once Paystack says how the shopper pays ('Bank transfer
 * (Paystack)'), while the order is still unpaid: what its page, emails and the admin show.
 */
export async function namePaymentMethod(sql: SqlRunner, orderId: string, channel: string): Promise<void> {
  await queries(sql)
    .updateTable('orders')
    .set({ payment_method: `${methodLabel(channel)} (Paystack)` })
    .where('id', '=', orderId)
    .where('payment_kind', '=', 'paystack')
    .where('payment_status', '=', 'pending')
    .execute();
}

/** Paystack's `data.channel` (how the customer is paying), as stored with our transaction. */
const channelOf = (result: Pick<VerifyResult, 'channel'>): string | null =>
  result.channel?.slice(0, 50) || null;

/**
 * Starts a Paystack transaction for one of the shopper's unpaid orders, offering the channels of
 * Settings → Payment. A pay-on-delivery order is paid at the door, not here.
 */
export async function initializePayment(
  deps: AppDeps,
  user: SessionUser,
  orderId: string,
  now: Date = new Date(),
): Promise<InitializePaymentResponse> {
  const sql = deps.database.sql;
  const order = await queries(sql)
    .selectFrom('orders')
    .select(['id', 'email', 'status', 'payment_status', 'payment_kind', 'total_amount_kobo', 'created_at'])
    .where('id', '=', orderId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if (order.payment_status === 'paid')
    throw conflict('order_already_paid', 'This order has already been paid.');
  if (order.payment_kind === 'pay_on_delivery') {
    throw conflict(
      'order_not_payable',
      'This order is paid on delivery: you pay when it arrives, in cash or by transfer. There is nothing to pay online.',
    );
  }
  const expiresAt = order.created_at.getTime() + LIMITS.unpaidOrderMinutes * 60_000;
  if (order.status === 'pending' && order.payment_status === 'pending' && now.getTime() >= expiresAt) {
    // Past the card's window, the order is only still open while a transfer or USSD payment of it
    // is being confirmed: that one is awaited, not a new one started.
    const awaiting = await queries(sql)
      .selectFrom('payment_transactions')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (awaiting) {
      throw conflict(
        'payment_pending',
        'Paystack is still confirming your payment of this order. There is no need to pay again: your order updates by itself once it is done.',
      );
    }
  }
  if (order.status !== 'pending' || order.payment_status !== 'pending' || now.getTime() >= expiresAt) {
    throw conflict(
      'order_not_payable',
      'This order can no longer be paid: unpaid orders are cancelled after 30 minutes. Please place your order again.',
    );
  }
  const gateway = paymentGateway(deps);
  const { channels } = await readPaymentOptions(sql);
  const amountKobo = order.total_amount_kobo;
  const email = order.email || user.email;
  // The order id and the time (plus a little randomness so two clicks in one millisecond differ).
  const reference = `${order.id}-${now.getTime()}-${randomBytes(2).toString('hex')}`;
  // Recorded before the call, so a webhook that beats the answer still finds its transaction.
  await deps.database.transaction(async (tx) => {
    const row = await queries(tx)
      .insertInto('payment_transactions')
      .values({
        order_id: order.id,
        reference,
        amount_kobo: amountKobo,
        currency: CURRENCY,
        status: 'initialized',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await announce(tx, paymentChange(row.id, order.id, user.id, 'initialized'));
  });
  const result = await initializeTransaction(gateway, {
    email,
    amountKobo,
    reference,
    currency: CURRENCY,
    callbackUrl: `${deps.env.publicUrl}/payment/${order.id}`,
    metadata: { order_id: order.id },
    channels,
  }).catch(providerError);
  await queries(sql)
    .updateTable('payment_transactions')
    .set({ access_code: result.accessCode })
    .where('reference', '=', reference)
    .execute();
  return {
    reference,
    accessCode: result.accessCode,
    authorizationUrl: result.authorizationUrl,
    publicKey: gateway.publicKey,
    amountKobo,
    email,
    mode: gateway.mode,
    channels,
  };
}

const paymentChange = (id: string, orderId: string, userId: string | null, action: string): Change => ({
  table: 'payment_transactions',
  id,
  userId,
  action,
  orderId,
});

/**
 * Paystack's transaction statuses (https://paystack.com/docs/payments/verify-payments/): success,
 * failed, abandoned and reversed are final; anything else (ongoing, pending, processing, queued,
 * or a status Paystack adds later) means the payment may still complete.
 */
export function paystackState(status: string): 'success' | 'final' | 'pending' {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'abandoned' || status === 'reversed') return 'final';
  return 'pending';
}

/** The next check of a pending payment: 30 s after the first, twice as long each time, at most 6 hours. */
const NEXT_PAYMENT_CHECK = pg<Date>`now() + least(interval '30 seconds' * power(2, least(checks, 12)), interval '6 hours')`;

export type ConfirmOutcome = 'paid' | 'not_paid' | 'pending' | 'refunding' | 'second_payment';

type Confirmation = VerifyPaymentResponse & { outcome: ConfirmOutcome };

/** What the shopper's page says of a charge the shop could not keep. */
function refundingMessage(reason: string | null, amountKobo: number): string {
  return `We could not use this payment: ${reason ?? 'the order could not be delivered.'} We are refunding ${formatNaira(amountKobo)} in full; we have emailed you about it.`;
}

/**
 * Asks Paystack about a transaction we recorded (Verify) and acts on its answer: a success goes
 * through the charge rule (charges.ts), a final failure is recorded, and anything else leaves the
 * transaction pending, checked again with back-off, its order kept from expiring meanwhile.
 * Shared by verify, the webhook, the pending-payment checks and reconciliation.
 */
export async function confirmPayment(
  deps: AppDeps,
  actor: Actor,
  transaction: TransactionRow,
): Promise<Confirmation> {
  const gateway = paymentGateway(deps);
  const result: VerifyResult = await verifyTransaction(gateway, transaction.reference).catch(providerError);
  const orderId = transaction.order_id;
  const state = paystackState(result.status);
  const raw = pg<Json>`${JSON.stringify(result.raw)}::jsonb`;

  if (state !== 'success') {
    const pending = state === 'pending';
    await deps.database.transaction(async (sql) => {
      const status = result.status.slice(0, 50);
      const channel = channelOf(result);
      const payment = await queries(sql)
        .updateTable('payment_transactions')
        .set((eb) =>
          pending
            ? {
                status: 'pending',
                provider_status: status,
                provider_response: raw,
                checks: eb('checks', '+', 1),
                last_checked_at: pg<Date>`now()`,
                next_check_at: NEXT_PAYMENT_CHECK,
                ...(channel ? { channel } : {}),
              }
            : {
                // Final (paystackState): failed, abandoned or reversed, kept as Paystack says it.
                status: status as 'failed' | 'abandoned' | 'reversed',
                provider_status: status,
                provider_response: raw,
                next_check_at: null,
                ...(channel ? { channel } : {}),
              },
        )
        .where('reference', '=', transaction.reference)
        .where('status', 'in', ['initialized', 'pending'])
        .returning('id')
        .executeTakeFirst();
      if (payment) {
        // How the shopper is paying, on the order while it waits for the bank.
        if (pending && channel) await namePaymentMethod(sql, orderId, channel);
        await announce(
          sql,
          paymentChange(payment.id, orderId, transaction.user_id, pending ? 'pending' : result.status),
        );
      }
    });
    if (pending) {
      return { success: false, pending: true, message: PENDING_MESSAGE, orderId, outcome: 'pending' };
    }
    const message =
      result.status === 'failed'
        ? `The payment was declined${result.gatewayResponse ? `: ${result.gatewayResponse}` : ''}.`
        : 'The payment was not completed.';
    return { success: false, message, orderId, outcome: 'not_paid' };
  }
  if (result.reference && result.reference !== transaction.reference) {
    // Paystack answered about another transaction: nothing to trust; asked again later.
    providerError(new PaystackError('Paystack answered Verify with another reference', 'invalid_response'));
  }

  const applied = await applyCharge(deps, actor, {
    orderId,
    expected: { amountKobo: transaction.amount_kobo, currency: transaction.currency },
    charge: {
      reference: transaction.reference,
      amountKobo: result.amountKobo,
      currency: result.currency,
      channel: channelOf(result),
      raw: result.raw,
    },
  });
  const log = deps.logger.child({ reference: transaction.reference, orderId });
  switch (applied.disposition) {
    case 'applied':
      return {
        success: true,
        message: applied.alreadyRecorded ? 'Payment already verified' : 'Payment verified successfully',
        orderId,
        outcome: 'paid',
      };
    case 'second_payment':
      if (!applied.alreadyRecorded) log.warn('a second payment for an order already paid: refunding it');
      return {
        success: true,
        refunding: true,
        message: SECOND_PAYMENT_MESSAGE,
        orderId,
        outcome: 'second_payment',
      };
    default:
      if (!applied.alreadyRecorded) {
        log.warn(
          { disposition: applied.disposition, reason: applied.reason },
          'a charge the shop cannot keep: refunding it',
        );
      }
      return {
        success: false,
        refunding: true,
        message: refundingMessage(applied.reason, result.amountKobo),
        orderId,
        outcome: 'refunding',
      };
  }
}

/** A transaction we recorded, with its order's owner. */
export async function findTransaction(deps: AppDeps, reference: string): Promise<TransactionRow | undefined> {
  return transactionRows(deps.database.sql).where('pt.reference', '=', reference).executeTakeFirst();
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
    const row = await queries(sql)
      .insertInto('payment_events')
      .values({
        event: name,
        reference,
        payload: pg<Json>`${JSON.stringify(event)}::jsonb`,
        status: handled ? 'received' : 'ignored',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (handled) await deps.jobs.enqueue(sql, processPaymentEventJob, { eventId: row.id });
    return { id: row.id };
  });
}

type ChargeOutcome = ConfirmOutcome | 'unmatched' | 'unknown_reference';

/** Paystack still says pending: the event is kept and its job tries again later. */
export class PaymentStillPending extends Error {
  constructor(reference: string) {
    super(`Paystack still reports ${reference} as pending`);
    this.name = 'PaymentStillPending';
  }
}

/**
 * A charge.success event. Nothing in it is trusted but the reference: Paystack is asked (Verify)
 * and its answer goes through the charge rule. A reference we never recorded may still name one
 * of our orders (charges.ts, applyUnknownCharge). Throws when Paystack cannot be reached or still
 * says pending, so the job tries again later.
 */
export async function handleChargeSuccess(deps: AppDeps, event: WebhookEvent): Promise<ChargeOutcome> {
  const reference = typeof event.data?.reference === 'string' ? event.data.reference : '';
  if (!reference) return 'unknown_reference';
  const actor = systemActor('payment-webhook');
  const transaction = await findTransaction(deps, reference);
  if (transaction) {
    const { outcome } = await confirmPayment(deps, actor, transaction);
    if (outcome === 'pending') throw new PaymentStillPending(reference);
    return outcome;
  }
  const result = await verifyTransaction(paymentGateway(deps), reference).catch((error: unknown) => {
    if (error instanceof PaystackError && error.kind === 'rejected') return null;
    throw error;
  });
  if (!result) {
    deps.logger.warn({ reference }, 'webhook for a reference Paystack does not know: ignored');
    return 'unknown_reference';
  }
  const state = paystackState(result.status);
  if (state === 'pending') throw new PaymentStillPending(reference);
  if (state === 'final') return 'not_paid';
  const applied = await applyUnknownCharge(deps, actor, chargeFrom(reference, result));
  if (applied.disposition === 'applied') return 'paid';
  if (applied.disposition === 'unmatched') return 'unmatched';
  return applied.disposition === 'second_payment' ? 'second_payment' : 'refunding';
}

/** A successful Verify answer as a charge for the rule. */
export function chargeFrom(reference: string, result: VerifyResult): ProviderCharge & { metadata: unknown } {
  return {
    reference,
    amountKobo: result.amountKobo,
    currency: result.currency,
    channel: channelOf(result),
    raw: result.raw,
    metadata: result.metadata,
  };
}

const EVENT_STATUS: Record<ChargeOutcome | 'processed', 'processed' | 'ignored' | 'rejected'> = {
  processed: 'processed',
  paid: 'processed',
  refunding: 'processed',
  second_payment: 'processed',
  unmatched: 'processed',
  // Paystack says the charge did not succeed after all: nothing to apply from this event.
  not_paid: 'ignored',
  // Never thrown as an outcome (the job retries it), listed for completeness.
  pending: 'ignored',
  // A charge Paystack does not know, or a refund event for a charge with no refund waiting to settle.
  unknown_reference: 'ignored',
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
    const db = queries(deps.database.sql);
    const stored = await db
      .updateTable('payment_events')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', eventId)
      .where('status', '=', 'received')
      .returning('payload')
      .executeTakeFirst();
    if (!stored) return;
    // Stored by receiveWebhookEvent, as Paystack sent it.
    const event = stored.payload as WebhookEvent;
    try {
      const outcome = REFUND_EVENTS.has(String(event.event))
        ? await handleRefundEvent(deps, event as RefundEvent)
        : await handleChargeSuccess(deps, event);
      await db
        .updateTable('payment_events')
        .set({
          status: EVENT_STATUS[outcome],
          error: EVENT_STATUS[outcome] === 'processed' ? null : outcome,
          processed_at: pg<Date>`now()`,
        })
        .where('id', '=', eventId)
        .execute();
    } catch (error) {
      if (error instanceof PaymentStillPending) {
        // Not a failure: the payment is on its way. The event is looked at again later, a minute
        // after the first time and twice as long each time (at most an hour), for as long as
        // Paystack says pending; meanwhile the pending-payment checks follow the transaction too.
        await deps.database.transaction(async (tx) => {
          const event = await queries(tx)
            .updateTable('payment_events')
            .set({ status: 'received', error: error.message.slice(0, 1000) })
            .where('id', '=', eventId)
            .returning('attempts')
            .executeTakeFirst();
          const wait = Math.min(60 * 2 ** Math.max(0, (event?.attempts ?? 1) - 1), 3600);
          await deps.jobs.enqueue(tx, processPaymentEventJob, { eventId }, { startAfterSeconds: wait });
        });
        return;
      }
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await db
        .updateTable('payment_events')
        .set({ status: isLastAttempt ? 'failed' : 'received', error: reason })
        .where('id', '=', eventId)
        .execute();
      throw error;
    }
  },
  // An admin's retry (Settings → Emails, background work that failed): the event is taken again.
  async beforeRetry(sql, { eventId }) {
    await queries(sql)
      .updateTable('payment_events')
      .set({ status: 'received' })
      .where('id', '=', eventId)
      .where('status', '=', 'failed')
      .execute();
  },
});

/**
 * Asks Paystack again about every payment it last reported pending whose check is due (a few at
 * a time, oldest first), until each is final. Scheduled every 30 seconds (src/server/jobs.ts).
 */
export async function recheckPendingPayments(
  deps: AppDeps,
  options: { limit?: number } = {},
): Promise<{ checked: number; failures: number }> {
  if (!deps.payments) return { checked: 0, failures: 0 };
  const due = await transactionRows(deps.database.sql)
    .where('pt.status', '=', 'pending')
    .where('pt.next_check_at', '<=', pg<Date>`now()`)
    .orderBy('pt.next_check_at')
    .limit(options.limit ?? 50)
    .execute();
  let failures = 0;
  for (const transaction of due) {
    try {
      await confirmPayment(deps, systemActor('payment-check'), transaction);
    } catch (error) {
      failures += 1;
      await queries(deps.database.sql)
        .updateTable('payment_transactions')
        .set((eb) => ({
          checks: eb('checks', '+', 1),
          last_checked_at: pg<Date>`now()`,
          next_check_at: NEXT_PAYMENT_CHECK,
        }))
        .where('reference', '=', transaction.reference)
        .where('status', '=', 'pending')
        .execute();
      deps.logger.warn(
        { reference: transaction.reference, err: error },
        'a pending payment could not be checked',
      );
    }
  }
  return { checked: due.length, failures };
}

export const recheckPendingPaymentsJob = defineJob<Record<string, never>>({
  name: 'recheck-pending-payments',
  background: true,
  // The next run is the retry.
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    await recheckPendingPayments(deps);
  },
});
