import { sql as pg } from 'kysely';
import type { OrderStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import { type Disposition, methodLabel } from '#shared/schemas/money';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { Json } from '../../platform/db/types';
import { notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { lockDropAllowances, orderedUnits } from '../drops/drop-rules';
import { reReserveOrderStock } from '../inventory/stock';
import { queueOrderEmail } from '../orders/order-emails';
import { prepareRetake } from '../promotions/discount-codes';
import { refundAutomatically } from './automatic-refunds';
import { findCharge, readOrderMoney, recordLedgerEntry, refreshPaymentStatus } from './ledger';

/**
 * The one rule for a successful charge, whoever reports it (the payment page's verify, a webhook,
 * the pending-payment checks, reconciliation): see docs/payments.md.
 *
 * Under the order's row lock, the charge is written into the ledger once, with its disposition:
 * - applied, when the order can still be delivered as paid: it is not paid yet, the amount and
 *   currency are the order's, and it is not cancelled, or it was cancelled only for want of
 *   payment (expired, or returned to the cart) and can be revived: every item still on sale,
 *   released, within its drop's limit per customer and in stock. The order is then paid.
 * - otherwise second_payment (already paid, by card or by hand), amount_mismatch or
 *   not_deliverable, with the reason in plain words; the charge is then refunded in full
 *   automatically, and the shopper emailed once, in the same transaction.
 */

/** A successful charge as Paystack reports it (Verify, or its list of transactions). */
export type ProviderCharge = {
  reference: string;
  amountKobo: number;
  currency: string;
  /** card, bank_transfer, ussd… */
  channel: string | null;
  /** Paystack's record of it, kept on the transaction. */
  raw: Record<string, unknown>;
};

export type ChargeResult = {
  disposition: Disposition;
  reason: string | null;
  /** The book had this charge already (another report of it got there first). */
  alreadyRecorded: boolean;
};

export const REVIVED_NOTE =
  'Payment arrived after the order expired; the items were still available and were reserved again.';

/**
 * Takes a cancelled order's items again for a late payment, if the shop can still deliver them:
 * every product still on sale and released, the account's limit per customer not passed by this
 * order beside its others, and every item in stock. Returns null when revived, else why not.
 */
async function reviveOrder(sql: SqlRunner, orderId: string, userId: string | null): Promise<string | null> {
  const lines = await queries(sql)
    .selectFrom('order_items as oi')
    .leftJoin('products as p', 'p.id', 'oi.product_id')
    .select((eb) => [
      'oi.product_id',
      'oi.variant_id',
      'oi.name',
      pg<number>`sum(oi.quantity)::int`.as('quantity'),
      eb.fn.coalesce('p.is_active', eb.lit(false)).as('on_sale'),
      // The database's clock decides, as it does for every drop.
      pg<boolean>`coalesce(p.release_at > now(), false)`.as('coming_soon'),
      'p.limit_per_customer',
    ])
    .where('oi.order_id', '=', orderId)
    .groupBy([
      'oi.product_id',
      'oi.variant_id',
      'oi.name',
      'p.is_active',
      'p.release_at',
      'p.limit_per_customer',
    ])
    .orderBy('oi.name')
    .execute();
  for (const line of lines) {
    if (!line.product_id || !line.variant_id || !line.on_sale) return `${line.name} is no longer on sale.`;
    if (line.coming_soon) return `${line.name} is not out yet.`;
  }
  const limited = new Map<string, { name: string; limit: number; quantity: number }>();
  for (const line of lines) {
    if (line.limit_per_customer === null || !line.product_id) continue;
    const entry = limited.get(line.product_id) ?? {
      name: line.name,
      limit: line.limit_per_customer,
      quantity: 0,
    };
    entry.quantity += line.quantity;
    limited.set(line.product_id, entry);
  }
  if (userId && limited.size > 0) {
    // The same per-account locks as placing an order: an order placed meanwhile is counted.
    await lockDropAllowances(sql, userId, [...limited.keys()]);
    // This order is cancelled, so orderedUnits counts only the account's other orders.
    const ordered = await orderedUnits(sql, userId, [...limited.keys()]);
    for (const [productId, { name, limit, quantity }] of limited) {
      const already = ordered.get(productId) ?? 0;
      if (already + quantity > limit) {
        return `${name} is a limited drop of ${limit} per customer, and your other orders already hold ${already}.`;
      }
    }
  }
  // The code's use comes back with the items, its row locked before theirs (as placing an order).
  const retakeUse = await prepareRetake(sql, orderId);
  if (!retakeUse) return 'The discount code on this order was used up before the payment arrived.';
  if (!(await reReserveOrderStock(sql, orderId))) {
    const short = await queries(sql)
      .selectFrom('order_items as oi')
      .innerJoin('product_variants as v', 'v.id', 'oi.variant_id')
      .select('oi.name')
      .where('oi.order_id', '=', orderId)
      .groupBy(['oi.variant_id', 'oi.name', 'v.stock_quantity'])
      .having((eb) => eb(eb.fn.sum('oi.quantity'), '>', eb.ref('v.stock_quantity')))
      .orderBy('oi.name')
      .limit(1)
      .executeTakeFirst();
    return `${short?.name ?? 'An item'} sold out before the payment arrived.`;
  }
  await retakeUse();
  return null;
}

/**
 * Applies the charge rule to one successful charge of an order we know. Safe to repeat and to
 * race: the order's row lock orders concurrent reports, and the book holds a charge once.
 */
export async function applyCharge(
  deps: AppDeps,
  actor: Actor,
  input: { orderId: string; expected: { amountKobo: number; currency: string }; charge: ProviderCharge },
): Promise<ChargeResult> {
  const { orderId, expected, charge } = input;
  return deps.database.transaction(async (sql) => {
    const order = await queries(sql)
      .selectFrom('orders')
      .select(['user_id', 'status', 'cancelled_by'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    const payment = await queries(sql)
      .updateTable('payment_transactions')
      .set((eb) => ({
        status: 'success',
        provider_status: 'success',
        provider_response: pg<Json>`${JSON.stringify(charge.raw)}::jsonb`,
        verified_at: eb.fn.coalesce('verified_at', pg<Date>`now()`),
        next_check_at: null,
        ...(charge.channel ? { channel: charge.channel } : {}),
      }))
      .where('reference', '=', charge.reference)
      .where('status', '<>', 'success')
      .returning('id')
      .executeTakeFirst();
    if (payment) {
      await announce(sql, {
        table: 'payment_transactions',
        id: payment.id,
        userId: order.user_id,
        action: 'success',
        orderId,
      });
    }
    const recorded = await findCharge(sql, charge.reference);
    if (recorded)
      return { disposition: recorded.disposition, reason: recorded.reason, alreadyRecorded: true };

    let disposition: Disposition = 'applied';
    let reason: string | null = null;
    let revived = false;
    if (charge.currency !== expected.currency) {
      disposition = 'amount_mismatch';
      reason = `The payment was made in ${charge.currency}, but the order is priced in ${expected.currency}.`;
    } else if (charge.amountKobo !== expected.amountKobo) {
      disposition = 'amount_mismatch';
      reason = `Paystack charged ${formatNaira(charge.amountKobo)}, but the order's total is ${formatNaira(expected.amountKobo)}.`;
    } else if ((await readOrderMoney(sql, orderId)).appliedKobo > 0) {
      disposition = 'second_payment';
      reason = 'The order had already been paid.';
    } else if (order.status === 'cancelled') {
      // Cancelled for want of payment (expired, or returned to the cart): a late payment may
      // revive it; an order an admin cancelled stays cancelled.
      const why =
        order.cancelled_by === 'expiry' || order.cancelled_by === 'shopper'
          ? await reviveOrder(sql, orderId, order.user_id)
          : 'The order had been cancelled before the payment arrived.';
      if (why) {
        disposition = 'not_deliverable';
        reason = why;
      } else {
        revived = true;
      }
    }

    await recordLedgerEntry(sql, actor, {
      orderId,
      kind: 'charge',
      amountKobo: charge.amountKobo,
      currency: charge.currency,
      disposition,
      method: charge.channel,
      reference: charge.reference,
      reason,
    });

    if (disposition !== 'applied') {
      await recordAudit(sql, actor, {
        action: disposition === 'second_payment' ? 'second_payment' : 'charge_not_applied',
        entityType: 'payment',
        entityId: orderId,
        details: { reference: charge.reference, amountKobo: charge.amountKobo, disposition, reason },
      });
      await refundAutomatically(deps, sql, actor, {
        orderId,
        reference: charge.reference,
        kind: disposition,
        reason: reason ?? '',
      });
      await announce(sql, {
        table: 'orders',
        id: orderId,
        userId: order.user_id,
        action: 'charge_not_applied',
      });
      await queueOrderEmail(deps, sql, orderId, 'automatic_refund', {
        amountKobo: charge.amountKobo,
        reason: reason ?? undefined,
      });
      return { disposition, reason, alreadyRecorded: false };
    }

    // A revived order goes ahead from cancelled, its stock taken again; any other paid order goes
    // ahead from pending, or keeps the status an admin gave it.
    const changed = await queries(sql)
      .updateTable('orders')
      .set({
        status: revived
          ? 'processing'
          : pg<OrderStatus>`CASE WHEN status = 'pending' THEN 'processing' ELSE status END`,
        ...(revived
          ? {
              stock_released_at: null,
              cancelled_by: null,
              notes: pg<string>`concat_ws(E'\\n', notes, ${REVIVED_NOTE}::text)`,
            }
          : {}),
        payment_reference: charge.reference,
        // How it was paid, in words ('Bank transfer (Paystack)').
        ...(charge.channel ? { payment_method: `${methodLabel(charge.channel)} (Paystack)` } : {}),
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', orderId)
      .returning('status')
      .executeTakeFirstOrThrow();
    const status = await refreshPaymentStatus(sql, orderId);
    await recordAudit(sql, actor, {
      action: 'paid',
      entityType: 'payment',
      entityId: orderId,
      before: { status: order.status, paymentStatus: status.before },
      after: { status: changed.status, paymentStatus: status.after },
      details: {
        reference: charge.reference,
        amountKobo: charge.amountKobo,
        ...(charge.channel ? { channel: charge.channel } : {}),
        ...(revived ? { note: REVIVED_NOTE } : {}),
      },
    });
    await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'paid' });
    // The receipt commits with the payment, so it is sent exactly once.
    await queueOrderEmail(deps, sql, orderId, 'payment_received');
    return { disposition, reason, alreadyRecorded: false };
  });
}

/**
 * A successful charge at Paystack whose reference we never recorded. When it names one of our
 * orders (its metadata, or a reference that starts with the order's id, as ours do) and was paid
 * by that order's customer (the same email), it is taken as a payment of that order and goes
 * through the rule above; otherwise it is written into the
 * book as unmatched and shown to the admins. It is not refunded automatically then: it may be
 * money the business took through Paystack for something else (a payment link, another shop).
 */
export async function applyUnknownCharge(
  deps: AppDeps,
  actor: Actor,
  charge: ProviderCharge & { metadata: unknown },
): Promise<ChargeResult & { orderId: string | null }> {
  const meta = charge.metadata as { order_id?: unknown } | null;
  const named = typeof meta?.order_id === 'string' ? meta.order_id : charge.reference.slice(0, 36);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(named) ? named : null;
  // Only when the payer is the order's own (its contact or its account's address): a stranger
  // cannot pin a payment on someone else's order by naming it.
  const customer = (charge.raw.customer as { email?: unknown } | undefined)?.email;
  const payer = typeof customer === 'string' ? customer.trim().toLowerCase() : '';
  const order =
    uuid && payer
      ? await queries(deps.database.sql)
          .selectFrom('orders as o')
          .leftJoin('users as u', 'u.id', 'o.user_id')
          .select(['o.id', 'o.total_amount_kobo'])
          .where('o.id', '=', uuid)
          .where((eb) =>
            eb.or([eb(eb.fn('lower', ['o.email']), '=', payer), eb(eb.fn('lower', ['u.email']), '=', payer)]),
          )
          .executeTakeFirst()
      : undefined;
  if (order) {
    const expected = { amountKobo: order.total_amount_kobo, currency: 'NGN' };
    // Kept as one of the order's transactions, as if we had started it.
    await queries(deps.database.sql)
      .insertInto('payment_transactions')
      .values({
        order_id: order.id,
        reference: charge.reference,
        amount_kobo: expected.amountKobo,
        currency: expected.currency,
        status: 'initialized',
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    const result = await applyCharge(deps, actor, { orderId: order.id, expected, charge });
    return { ...result, orderId: order.id };
  }
  const reason = 'A payment at Paystack that names no order of this shop.';
  const written = await deps.database.transaction(async (sql) => {
    const fresh = await recordLedgerEntry(sql, actor, {
      orderId: null,
      kind: 'charge',
      amountKobo: charge.amountKobo,
      currency: charge.currency,
      disposition: 'unmatched',
      method: charge.channel,
      reference: charge.reference,
      reason,
    });
    if (fresh) {
      await recordAudit(sql, actor, {
        action: 'charge_unmatched',
        entityType: 'payment',
        entityId: charge.reference,
        orderId: null,
        details: { reference: charge.reference, amountKobo: charge.amountKobo, currency: charge.currency },
      });
    }
    return fresh;
  });
  return { disposition: 'unmatched', reason, alreadyRecorded: !written, orderId: null };
}
