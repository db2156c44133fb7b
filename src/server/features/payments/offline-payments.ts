import { sql as pg } from 'kysely';
import type { OrderStatus, PaymentStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import { OFFLINE_METHOD_LABELS, type OfflinePayment } from '#shared/schemas/money';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import { queries } from '../../platform/db/queries';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { queueOrderEmail } from '../orders/order-emails';
import {
  listLedgerEntries,
  offlineKeptKobo,
  readOrderMoney,
  recordLedgerEntry,
  refreshPaymentStatus,
} from './ledger';

/**
 * Money an admin receives or gives back outside Paystack (a bank transfer to the shop's account,
 * cash or a card machine at the door): written into the ledger with its method, amount, reference
 * and note, audited, never a bare change of the payment status (product decisions, Money).
 */

/**
 * Records the order's payment received outside Paystack. It pays the whole order at once: the
 * amount must be the order's total (a part payment waits until the rest has arrived), the order
 * must not be paid already, nor cancelled (reopen it first). The order then goes ahead like one
 * paid by card, and the shopper gets the receipt.
 */
export async function recordOfflinePayment(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  input: OfflinePayment,
): Promise<{ paymentStatus: PaymentStatus }> {
  return deps.database.transaction(async (sql) => {
    const order = await queries(sql)
      .selectFrom('orders')
      .select(['user_id', 'status', 'total_amount_kobo'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    const total = order.total_amount_kobo;
    if ((await readOrderMoney(sql, orderId)).appliedKobo > 0) {
      throw conflict('order_already_paid', 'This order has already been paid.');
    }
    if (order.status === 'cancelled') {
      throw conflict(
        'order_cancelled',
        'This order is cancelled. Reopen it (set its status) before recording a payment for it.',
      );
    }
    if (input.amountKobo !== total) {
      throw conflict(
        'offline_amount',
        `An offline payment records the order's whole total (${formatNaira(total)}). Record it once all of it has arrived.`,
        { totalKobo: total },
      );
    }
    await recordLedgerEntry(sql, actor, {
      orderId,
      kind: 'offline_payment',
      amountKobo: input.amountKobo,
      disposition: 'applied',
      method: input.method,
      reference: input.reference ?? null,
      note: input.note ?? null,
    });
    const changed = await queries(sql)
      .updateTable('orders')
      .set({
        status: pg<OrderStatus>`CASE WHEN status = 'pending' THEN 'processing' ELSE status END`,
        payment_method: OFFLINE_METHOD_LABELS[input.method],
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', orderId)
      .returning('status')
      .executeTakeFirstOrThrow();
    const paymentStatus = await refreshPaymentStatus(sql, orderId);
    await recordAudit(sql, actor, {
      action: 'offline_payment',
      entityType: 'payment',
      entityId: orderId,
      before: { status: order.status, paymentStatus: paymentStatus.before },
      after: { status: changed.status, paymentStatus: paymentStatus.after },
      details: {
        method: input.method,
        amountKobo: input.amountKobo,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.note ? { note: input.note } : {}),
      },
    });
    await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'paid' });
    await queueOrderEmail(deps, sql, orderId, 'payment_received');
    return { paymentStatus: paymentStatus.after };
  });
}

/**
 * Records money given back outside Paystack, at most what is left of the money received outside
 * it (a card payment goes back through Paystack, as a refund). The shopper is emailed.
 */
export async function recordOfflineRefund(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  input: OfflinePayment,
): Promise<{ paymentStatus: PaymentStatus }> {
  return deps.database.transaction(async (sql) => {
    const order = await queries(sql)
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    const left = offlineKeptKobo(await listLedgerEntries(sql, orderId));
    if (left <= 0) {
      throw conflict(
        'nothing_to_refund',
        'There is no money received outside Paystack to give back: refund a card payment through Paystack.',
      );
    }
    if (input.amountKobo > left) {
      throw conflict(
        'refund_exceeds_payment',
        `At most ${formatNaira(left)} was received outside Paystack and not given back.`,
        { refundableKobo: left },
      );
    }
    await recordLedgerEntry(sql, actor, {
      orderId,
      kind: 'offline_refund',
      amountKobo: input.amountKobo,
      disposition: 'applied',
      method: input.method,
      reference: input.reference ?? null,
      note: input.note ?? null,
    });
    const paymentStatus = await refreshPaymentStatus(sql, orderId);
    await recordAudit(sql, actor, {
      action: 'offline_refund',
      entityType: 'payment',
      entityId: orderId,
      before: { paymentStatus: paymentStatus.before },
      after: { paymentStatus: paymentStatus.after },
      details: {
        method: input.method,
        amountKobo: input.amountKobo,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.note ? { note: input.note } : {}),
      },
    });
    await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'refunded' });
    await queueOrderEmail(deps, sql, orderId, 'refund_issued', {
      amountKobo: input.amountKobo,
      offlineMethod: OFFLINE_METHOD_LABELS[input.method],
    });
    return { paymentStatus: paymentStatus.after };
  });
}
