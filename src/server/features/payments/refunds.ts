import type { PaymentStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import { type Actor, type AppDeps, systemActor } from '../../context';
import { announce } from '../../db/announce';
import type { SqlRunner } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { defineJob } from '../../jobs/define';
import { actorLabel, recordAudit } from '../audit/record-audit';
import { queueOrderEmail } from '../orders/order-emails';
import { paymentGateway } from './gateway';
import { PaystackError, refundTransaction } from './paystack';

/**
 * Refunds through the provider's Refund API (Paystack's POST /refund, or the simulator's, by the
 * same client). A refund is done in three steps so that it can never exceed what a charge took,
 * even when two admins press the button at the same moment on two server processes:
 *
 * 1. Under the order's row lock, the refund is written as 'pending' with its amount, if the
 *    charge's amount less every pending and processed refund of it still covers it. A second
 *    request waits for the lock and then sees the first one's amount.
 * 2. The provider is asked, outside any transaction (the simulator answers through this same app).
 * 3. The answer is recorded: 'processed' (the order's payment status becomes refunded or partially
 *    refunded, audited, announced, the shopper emailed) or 'failed' (the amount is free again).
 */

export type RefundKind = 'admin' | 'second_payment';

type RefundRow = {
  id: string;
  order_id: string;
  reference: string;
  amount_kobo: number;
  kind: RefundKind;
  reason: string | null;
  status: 'pending' | 'processed' | 'failed';
};

/** The charge that paid the order: the recorded one, or for older orders the first success. */
export async function payingReference(sql: SqlRunner, orderId: string): Promise<string | null> {
  const [row] = await sql.query<{ reference: string | null }>(
    `SELECT coalesce(
       (SELECT payment_reference FROM orders WHERE id = $1),
       (SELECT reference FROM payment_transactions
         WHERE order_id = $1 AND status = 'success' AND NOT second_payment
         ORDER BY verified_at NULLS LAST, created_at LIMIT 1)
     ) AS reference`,
    [orderId],
  );
  return row?.reference ?? null;
}

/** What is left to refund of one charge: its amount less pending and processed refunds. */
export async function refundableKobo(sql: SqlRunner, reference: string): Promise<number> {
  const [row] = await sql.query<{ left: string | number }>(
    `SELECT pt.amount_kobo - coalesce(
              (SELECT sum(amount_kobo) FROM refunds r
                WHERE r.reference = pt.reference AND r.status IN ('pending', 'processed')), 0) AS left
       FROM payment_transactions pt
      WHERE pt.reference = $1 AND pt.status = 'success'`,
    [reference],
  );
  return row ? Number(row.left) : 0;
}

/**
 * Step 1, inside the caller's transaction, which must already hold the order's row lock: writes
 * the refund as pending, or refuses an amount the charge cannot cover.
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
  },
): Promise<{ id: string; amountKobo: number }> {
  const left = await refundableKobo(sql, input.reference);
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
    `INSERT INTO refunds (order_id, reference, amount_kobo, kind, reason, actor_id, actor_label)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      input.orderId,
      input.reference,
      amount,
      input.kind,
      input.reason ?? null,
      actor.kind === 'user' ? actor.id : null,
      actorLabel(actor),
    ],
  );
  return { id: row!.id, amountKobo: amount };
}

/** The order's payment status from what has been refunded of the charge that paid it. */
async function paymentStatusAfterRefunds(sql: SqlRunner, reference: string): Promise<PaymentStatus> {
  const [row] = await sql.query<{ amount: string | number; refunded: string | number }>(
    `SELECT pt.amount_kobo AS amount,
            coalesce((SELECT sum(amount_kobo) FROM refunds r
                       WHERE r.reference = pt.reference AND r.status = 'processed'), 0) AS refunded
       FROM payment_transactions pt WHERE pt.reference = $1`,
    [reference],
  );
  if (!row || Number(row.refunded) <= 0) return 'paid';
  return Number(row.refunded) >= Number(row.amount) ? 'refunded' : 'partially_refunded';
}

export type RefundResult = {
  id: string;
  amountKobo: number;
  status: 'processed' | 'pending';
  paymentStatus: PaymentStatus;
};

/**
 * Steps 2 and 3 for one pending refund. A refusal by the provider marks it failed and throws a
 * 502 with the provider's words; when the provider cannot be reached the refund stays pending and
 * `PaystackError` is thrown (the job retries; an admin is told to check).
 */
export async function executeRefund(deps: AppDeps, actor: Actor, refundId: string): Promise<RefundResult> {
  const [refund] = await deps.database.sql.query<RefundRow>('SELECT * FROM refunds WHERE id = $1', [
    refundId,
  ]);
  if (!refund) throw notFound('Refund not found');
  const amountKobo = Number(refund.amount_kobo);
  if (refund.status !== 'pending') {
    const [order] = await deps.database.sql.query<{ payment_status: PaymentStatus }>(
      'SELECT payment_status FROM orders WHERE id = $1',
      [refund.order_id],
    );
    return { id: refund.id, amountKobo, status: 'processed', paymentStatus: order!.payment_status };
  }
  const gateway = paymentGateway(deps);
  let answer: Awaited<ReturnType<typeof refundTransaction>>;
  try {
    answer = await refundTransaction(gateway, {
      reference: refund.reference,
      amountKobo,
      reason: refund.reason ?? undefined,
    });
  } catch (error) {
    if (error instanceof PaystackError && error.kind === 'rejected') {
      await deps.database.transaction(async (sql) => {
        const [failed] = await sql.query<{ id: string }>(
          `UPDATE refunds SET status = 'failed', error = $2, processed_at = now()
            WHERE id = $1 AND status = 'pending' RETURNING id`,
          [refund.id, error.message.slice(0, 1000)],
        );
        if (!failed) return;
        await recordAudit(sql, actor, {
          action: 'refund_failed',
          entityType: 'refund',
          entityId: refund.id,
          details: {
            orderId: refund.order_id,
            reference: refund.reference,
            amountKobo,
            error: error.message,
          },
        });
      });
      throw new AppError(
        'refund_refused',
        502,
        `The payment provider refused the refund: ${error.message.replace(/^Paystack refused: /, '')}`,
      );
    }
    throw error;
  }

  return deps.database.transaction(async (sql): Promise<RefundResult> => {
    const [order] = await sql.query<{ user_id: string | null; payment_status: PaymentStatus }>(
      'SELECT user_id, payment_status FROM orders WHERE id = $1 FOR UPDATE',
      [refund.order_id],
    );
    const [done] = await sql.query<{ id: string }>(
      `UPDATE refunds SET status = 'processed', provider_refund_id = $2, provider_status = $3, processed_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [refund.id, answer.id, answer.status],
    );
    if (!order || !done) {
      return {
        id: refund.id,
        amountKobo,
        status: 'processed',
        paymentStatus: order?.payment_status ?? 'paid',
      };
    }
    const paying = await payingReference(sql, refund.order_id);
    let paymentStatus = order.payment_status;
    if (paying === refund.reference) {
      paymentStatus = await paymentStatusAfterRefunds(sql, refund.reference);
      await sql.query('UPDATE orders SET payment_status = $2, updated_at = now() WHERE id = $1', [
        refund.order_id,
        paymentStatus,
      ]);
    }
    await recordAudit(sql, actor, {
      action: refund.kind === 'second_payment' ? 'second_payment_refunded' : 'refunded',
      entityType: 'refund',
      entityId: refund.id,
      // A second payment's refund leaves the order's payment status as it was: nothing to compare.
      ...(paymentStatus === order.payment_status
        ? {}
        : { before: { paymentStatus: order.payment_status }, after: { paymentStatus } }),
      details: {
        orderId: refund.order_id,
        reference: refund.reference,
        amountKobo,
        providerRefundId: answer.id,
        ...(refund.reason ? { reason: refund.reason } : {}),
      },
    });
    await announce(sql, { table: 'orders', id: refund.order_id, userId: order.user_id, action: 'refunded' });
    // The shopper was told about a second payment's refund when it was found.
    if (refund.kind === 'admin' && paying === refund.reference) {
      await queueOrderEmail(deps, sql, refund.order_id, 'refund_issued', { amountKobo });
    }
    return { id: refund.id, amountKobo, status: 'processed', paymentStatus };
  });
}

/**
 * An admin refunds a paid order, in full (no amount) or in part, against the charge that paid it
 * or, with `reference`, against another successful charge of the order (a second payment).
 */
export async function refundOrder(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  input: { amountKobo?: number; reason?: string | null; reference?: string },
): Promise<RefundResult> {
  paymentGateway(deps);
  const reserved = await deps.database.transaction(async (sql) => {
    const [order] = await sql.query<{ payment_status: PaymentStatus }>(
      'SELECT payment_status FROM orders WHERE id = $1 FOR UPDATE',
      [orderId],
    );
    if (!order) throw notFound('Order not found');
    const reference = input.reference ?? (await payingReference(sql, orderId));
    const [charge] = reference
      ? await sql.query<{ id: string }>(
          `SELECT id FROM payment_transactions WHERE reference = $1 AND order_id = $2 AND status = 'success'`,
          [reference, orderId],
        )
      : [];
    if (!reference || !charge) {
      throw conflict('not_refundable', 'This order has no card payment to refund.');
    }
    return reserveRefund(sql, actor, {
      orderId,
      reference,
      amountKobo: input.amountKobo,
      kind: 'admin',
      reason: input.reason,
    });
  });
  try {
    return await executeRefund(deps, actor, reserved.id);
  } catch (error) {
    if (error instanceof PaystackError) {
      throw new AppError(
        'refund_unconfirmed',
        502,
        'The payment provider did not answer. The refund is recorded as pending: check the Paystack dashboard before trying again.',
      );
    }
    throw error;
  }
}

/**
 * A successful charge for an order another charge had already paid (initialised twice, paid
 * twice): inside the payment's transaction, with the order row locked, flag it, write its full
 * refund as pending, tell the shopper, and enqueue the refund, so the flag, the email and the
 * refund commit together. Until the provider accepts the refund the order shows 'REFUND DUE'.
 */
export async function flagSecondPayment(
  deps: AppDeps,
  sql: SqlRunner,
  actor: Actor,
  input: { orderId: string; userId: string | null; reference: string; amountKobo: number },
): Promise<void> {
  await sql.query('UPDATE payment_transactions SET second_payment = true WHERE reference = $1', [
    input.reference,
  ]);
  const refund = await reserveRefund(sql, actor, {
    orderId: input.orderId,
    reference: input.reference,
    kind: 'second_payment',
    reason: 'Second payment for an order that was already paid',
  });
  await recordAudit(sql, actor, {
    action: 'second_payment',
    entityType: 'order',
    entityId: input.orderId,
    details: { reference: input.reference, amountKobo: input.amountKobo, refundId: refund.id },
  });
  await announce(sql, { table: 'orders', id: input.orderId, userId: input.userId, action: 'second_payment' });
  await queueOrderEmail(deps, sql, input.orderId, 'second_payment', { amountKobo: input.amountKobo });
  await deps.jobs.enqueue(sql, refundSecondPaymentJob, { refundId: refund.id });
}

/**
 * Refunds a second payment through the provider. Retried with back-off while the provider cannot
 * be reached; a refusal leaves it failed, shown to admins as 'REFUND DUE' to refund by hand.
 */
export const refundSecondPaymentJob = defineJob<{ refundId: string }>({
  name: 'refund-second-payment',
  retryLimit: 6,
  retryDelaySeconds: 30,
  async run({ refundId }, { deps, log }) {
    try {
      await executeRefund(deps, systemActor('payment-refund'), refundId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'refund_refused') {
        log.warn({ refundId, err: error }, 'the provider refused the refund of a second payment: refund due');
        return;
      }
      throw error;
    }
  },
});
