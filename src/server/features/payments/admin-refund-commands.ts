import { sql as pg } from 'kysely';
import type { Actor, AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { AppError, conflict, notFound } from '../../platform/errors';
import { PaystackError } from '../../platform/paystack/client';
import { paymentGateway } from '../../platform/paystack/gateway';
import { appliedChargeReference, findCharge } from './ledger';
import { type RefundItem, refundOfItems } from './refund-items';
import { checkRefund, executeRefund, type RefundResult, readRefund, reserveRefund } from './refund-lifecycle';

/**
 * The admin's refund commands on an order (its dialog's Refund, Retry and 'Check with Paystack
 * now'), through the refund lifecycle of refund-lifecycle.ts.
 */

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

/** Locks the order's row until the transaction ends: refunds of one order are reserved one at a time. */
async function lockOrder(sql: SqlRunner, orderId: string): Promise<void> {
  const order = await queries(sql)
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
}

/**
 * Locks the order and finds the charge a refund goes back against: the one named, if the book
 * has it for this order, or the one that paid the order.
 */
async function refundableCharge(sql: SqlRunner, orderId: string, reference?: string): Promise<string> {
  await lockOrder(sql, orderId);
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
  input: { amountKobo?: number; items?: RefundItem[]; reason?: string | null; reference?: string },
): Promise<RefundResult> {
  paymentGateway(deps);
  const reserved = await deps.database.transaction(async (sql) => {
    const reference = await refundableCharge(sql, orderId, input.reference);
    const items = input.items?.length ? input.items : undefined;
    return reserveRefund(sql, actor, {
      orderId,
      reference,
      amountKobo: items ? await refundOfItems(sql, orderId, items) : input.amountKobo,
      items,
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
    await lockOrder(sql, orderId);
    const failed = await queries(sql)
      .selectFrom('refunds as r')
      .selectAll('r')
      .select((eb) =>
        eb
          .exists(
            eb.selectFrom('refunds as n').select(pg<number>`1`.as('one')).whereRef('n.retry_of', '=', 'r.id'),
          )
          .$castTo<boolean>()
          .as('retried'),
      )
      .where('r.id', '=', refundId)
      .where('r.order_id', '=', orderId)
      .executeTakeFirst();
    if (!failed) throw notFound('Refund not found');
    if (failed.status !== 'failed')
      throw conflict('refund_not_failed', 'Only a failed refund can be retried.');
    if (failed.retried) throw conflict('refund_retried', 'This refund has already been retried.');
    // A failed refund of items freed its units: another refund may have given them back since.
    if (failed.items) await refundOfItems(sql, orderId, failed.items);
    return reserveRefund(sql, actor, {
      orderId,
      reference: failed.reference,
      amountKobo: failed.amount_kobo,
      items: failed.items ?? undefined,
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
