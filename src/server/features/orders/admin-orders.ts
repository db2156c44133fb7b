import { sql as pg } from 'kysely';
import type { OrderStatus } from '#shared/constants';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  AdminPayment,
  AdminRefund,
} from '#shared/schemas/admin-orders';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { iso, isoOrNull } from '../../platform/db/values';
import { conflict, notFound } from '../../platform/errors';
import { actorName } from '../audit/actor-names';
import { recordAudit } from '../audit/record-audit';
import { isOpenPayOnDeliveryViolation } from '../checkout/pay-on-delivery';
import { reReserveOrderStock } from '../inventory/stock';
import { refundCancelledOrder } from '../payments/automatic-refunds';
import {
  appliedChargeReference,
  listLedgerEntries,
  offlineKeptKobo,
  readOrderMoney,
  refundableOfCharge,
  refundPendingOfCharge,
} from '../payments/ledger';
import { refundedUnitsOf } from '../payments/refund-items';
import { prepareRetake } from '../promotions/discount-codes';
import { cancelOrderIn } from './cancel-order';
import { queueOrderEmail } from './order-emails';
import { listedOrders, type OrderSearch, searchClause, searchedOrders, toRow } from './order-search';
import { orderTimeline } from './order-timeline';
import { loadOrder } from './orders';

export type { OrderSearch } from './order-search';

/** The Orders tab: newest first, a page at a time, with the total for paging. */
export async function listAdminOrders(
  deps: AppDeps,
  search: OrderSearch & { page: number; pageSize: number },
): Promise<AdminOrderListResponse> {
  const db = queries(deps.database.sql);
  const count = await searchedOrders(db)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(searchClause(search))
    .executeTakeFirstOrThrow();
  const rows = await listedOrders(db)
    .where(searchClause(search))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize)
    .execute();
  return {
    orders: rows.map(toRow),
    page: search.page,
    pageSize: search.pageSize,
    total: count.total,
  };
}

/** One order as the admin sees it: the order, its money and book, its charges and refunds, its timeline. */
export async function getAdminOrder(deps: AppDeps, orderId: string): Promise<AdminOrderDetail> {
  const sql = deps.database.sql;
  const order = await loadOrder(sql, orderId);
  if (!order) throw notFound('Order not found');
  const extra = await queries(sql)
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select('u.email as customer_email')
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  const customerEmail = extra?.customer_email ?? null;
  const ledger = await listLedgerEntries(sql, orderId);
  const money = await readOrderMoney(sql, orderId);
  const paymentRows = await queries(sql)
    .selectFrom('payment_transactions as pt')
    .select([
      'pt.reference',
      'pt.amount_kobo',
      'pt.status',
      'pt.provider_status',
      // Paystack's answer is JSON of Paystack's shape, not the shop's: its channel read as text.
      pg<string | null>`pt.provider_response->>'channel'`.as('channel'),
      'pt.created_at',
      'pt.verified_at',
    ])
    .where('pt.order_id', '=', orderId)
    .orderBy('pt.created_at')
    .execute();
  const refundedOf = (reference: string) =>
    ledger
      .filter((entry) => entry.kind === 'refund_processed' && entry.reference === reference)
      .reduce((sum, entry) => sum + entry.amountKobo, 0);
  const payments: AdminPayment[] = paymentRows.map((row) => {
    const charge = ledger.find((entry) => entry.kind === 'charge' && entry.reference === row.reference);
    return {
      reference: row.reference,
      amountKobo: row.amount_kobo,
      status: row.status,
      providerStatus: row.provider_status,
      channel: row.channel,
      chargedKobo: charge?.amountKobo ?? null,
      disposition: charge?.disposition ?? null,
      reason: charge?.reason ?? null,
      refundedKobo: refundedOf(row.reference),
      createdAt: iso(row.created_at),
      verifiedAt: isoOrNull(row.verified_at),
    };
  });
  const refundRows = await queries(sql)
    .selectFrom('refunds as r')
    .selectAll('r')
    .select((eb) =>
      eb.selectFrom('refunds as n').select('n.id').whereRef('n.retry_of', '=', 'r.id').as('retried_by'),
    )
    .where('r.order_id', '=', orderId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  const refunds: AdminRefund[] = refundRows.map((row) => ({
    id: row.id,
    reference: row.reference,
    amountKobo: row.amount_kobo,
    kind: row.kind,
    status: row.status,
    providerStatus: row.provider_status,
    confirmedByProvider: row.provider_refund_id !== null,
    reason: row.reason,
    error: row.error,
    actor: actorName(row.actor_label) ?? '',
    createdAt: iso(row.created_at),
    processedAt: isoOrNull(row.processed_at),
    lastCheckedAt: isoOrNull(row.last_checked_at),
    nextCheckAt: isoOrNull(row.next_check_at),
    retriedBy: row.retried_by,
    retryOf: row.retry_of,
  }));
  const paying = await appliedChargeReference(sql, orderId);
  const refunded = await refundedUnitsOf(sql, orderId);
  const paidWith = payments.find((payment) => payment.reference === paying);
  return {
    order,
    customerEmail,
    paymentReference: paying,
    paymentChannel: paidWith?.channel ?? null,
    payments,
    refunds,
    refundableKobo: paying ? await refundableOfCharge(sql, paying) : 0,
    paymentRefundPendingKobo: paying ? await refundPendingOfCharge(sql, paying) : 0,
    refundDue: money.refundDueKobo > 0,
    refundedUnits: Object.fromEntries(order.items.map((item) => [item.id, refunded.get(item.id) ?? 0])),
    money,
    ledger,
    offlineKeptKobo: offlineKeptKobo(ledger),
    timeline: await orderTimeline(sql, order, payments, customerEmail),
  };
}

async function lockOrder(sql: SqlRunner, orderId: string) {
  const order = await queries(sql)
    .selectFrom('orders')
    .select(['user_id', 'status', 'payment_status', 'stock_released_at', 'cancelled_by'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  return order;
}

/** Whether a refund of the money that paid the order is pending or done: it is no longer the order's. */
async function paymentGivenBack(sql: SqlRunner, orderId: string): Promise<boolean> {
  const row = await queries(sql)
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('refunds as r')
              .innerJoin('ledger_entries as c', (join) =>
                join.on('c.kind', '=', 'charge').onRef('c.reference', '=', 'r.reference'),
              )
              .select(pg<number>`1`.as('one'))
              .where('r.order_id', '=', orderId)
              .where('c.disposition', '=', 'applied')
              .where('r.status', 'in', ['pending', 'processed']),
          ),
          eb.exists(
            eb
              .selectFrom('ledger_entries as l')
              .select(pg<number>`1`.as('one'))
              .where('l.order_id', '=', orderId)
              .where('l.kind', '=', 'offline_refund'),
          ),
        ])
        .$castTo<boolean>()
        .as('given'),
    )
    .executeTakeFirst();
  return row?.given ?? false;
}

/**
 * An admin sets the order's status (any from any other, spec §4), stamping updated_at. Cancelling
 * puts the reserved stock back exactly once, whoever cancels (cancelOrderIn's guard), and gives
 * back what the shopper paid by card automatically (the shop never keeps money for goods it will
 * not deliver; money received outside Paystack stays due, for the admin to pay back and record);
 * reopening a cancelled order takes its items from stock again, or is refused when they are gone
 * or when its payment has been given back (it would ship unpaid, and could not be paid again).
 * Every change is audited, announced and emailed to the shopper in one transaction; setting the
 * status it already has changes nothing and sends nothing.
 */
export async function setOrderStatus(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  status: OrderStatus,
): Promise<{ changed: boolean; refundKobo: number }> {
  return deps.database.transaction(async (sql) => {
    const order = await lockOrder(sql, orderId);
    if (order.status === status && !(status === 'cancelled' && order.cancelled_by !== 'admin')) {
      return { changed: false, refundKobo: 0 };
    }
    if (order.status === 'cancelled' && status === 'cancelled') {
      // It expired (or went back to the cart) just before: the admin's cancellation stands all
      // the same, so a payment arriving late is refunded rather than reviving it.
      await queries(sql)
        .updateTable('orders')
        .set({ cancelled_by: 'admin', updated_at: pg<Date>`now()` })
        .where('id', '=', orderId)
        .execute();
      await recordAudit(sql, actor, {
        action: 'status_changed',
        entityType: 'order',
        entityId: orderId,
        before: { status: 'cancelled', cancelledBy: order.cancelled_by },
        after: { status: 'cancelled', cancelledBy: 'admin' },
        details: { reason: 'Cancelled by an admin: a payment arriving late is refunded.' },
      });
      await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'cancelled' });
      return { changed: true, refundKobo: 0 };
    }
    let refundKobo = 0;
    if (status === 'cancelled') {
      await cancelOrderIn(sql, actor, orderId, 'admin');
      refundKobo = await refundCancelledOrder(deps, sql, actor, orderId);
    } else {
      if (order.status === 'cancelled' && (await paymentGivenBack(sql, orderId))) {
        throw conflict(
          'order_refunded',
          "This order's payment has been given back (or is on its way back), so it cannot be reopened. Ask the shopper to order again.",
        );
      }
      let reserved = false;
      if (order.stock_released_at !== null) {
        const retakeUse = await prepareRetake(sql, orderId);
        if (!retakeUse) {
          throw conflict(
            'discount_used_up',
            'This order cannot be reopened: its discount code has been used up since it was cancelled.',
          );
        }
        if (!(await reReserveOrderStock(sql, orderId))) {
          throw conflict(
            'out_of_stock',
            'This order cannot be reopened: some of its items are no longer in stock.',
          );
        }
        await retakeUse();
        reserved = true;
      }
      await queries(sql)
        .updateTable('orders')
        .set({
          status,
          updated_at: pg<Date>`now()`,
          cancelled_by: null,
          ...(reserved ? { stock_released_at: null } : {}),
        })
        .where('id', '=', orderId)
        .execute()
        .catch((error: unknown) => {
          // One open pay-on-delivery order per account (the index is the rule).
          if (isOpenPayOnDeliveryViolation(error)) {
            throw conflict(
              'pay_on_delivery_open',
              'This order cannot be reopened: its customer already has another order to pay on delivery. Record its payment or cancel it first.',
            );
          }
          throw error;
        });
      await recordAudit(sql, actor, {
        action: 'status_changed',
        entityType: 'order',
        entityId: orderId,
        before: { status: order.status },
        after: { status },
        ...(reserved ? { details: { stockReserved: true } } : {}),
      });
      await announce(sql, { table: 'orders', id: orderId, userId: order.user_id, action: 'status_changed' });
    }
    await queueOrderEmail(deps, sql, orderId, 'order_status');
    return { changed: true, refundKobo };
  });
}
