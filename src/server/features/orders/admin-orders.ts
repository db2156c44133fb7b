import type { OrderStatus, PaymentStatus } from '#shared/constants';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  AdminPayment,
  AdminRefund,
} from '#shared/schemas/admin-orders';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../db/announce';
import type { SqlRunner } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { actorName } from '../audit/actor-names';
import { recordAudit } from '../audit/record-audit';
import { reReserveOrderStock } from '../inventory/stock';
import {
  appliedChargeReference,
  listLedgerEntries,
  offlineKeptKobo,
  readOrderMoney,
  refundableOfCharge,
} from '../payments/ledger';
import { refundCancelledOrder } from '../payments/refunds';
import { cancelOrderIn } from './cancel-order';
import { queueOrderEmail } from './order-emails';
import {
  FROM_ORDERS,
  LIST_COLUMNS,
  type ListRow,
  type OrderSearch,
  searchClause,
  toRow,
} from './order-search';
import { orderTimeline } from './order-timeline';
import { loadOrder } from './orders';

export type { OrderSearch } from './order-search';

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value ? iso(value) : null);

/** The Orders tab: newest first, a page at a time, with the total for paging. */
export async function listAdminOrders(
  deps: AppDeps,
  search: OrderSearch & { page: number; pageSize: number },
): Promise<AdminOrderListResponse> {
  const sql = deps.database.sql;
  const { where, params } = searchClause(search, 1);
  const [count] = await sql.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM orders o LEFT JOIN users u ON u.id = o.user_id ${where}`,
    params,
  );
  const limit = params.length + 1;
  const rows = await sql.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM ${FROM_ORDERS} ${where}
      ORDER BY o.created_at DESC, o.id DESC LIMIT $${limit} OFFSET $${limit + 1}`,
    [...params, search.pageSize, (search.page - 1) * search.pageSize],
  );
  return {
    orders: rows.map(toRow),
    page: search.page,
    pageSize: search.pageSize,
    total: Number(count!.total),
  };
}

/** One order as the admin sees it: the order, its money and book, its charges and refunds, its timeline. */
export async function getAdminOrder(deps: AppDeps, orderId: string): Promise<AdminOrderDetail> {
  const sql = deps.database.sql;
  const order = await loadOrder(sql, orderId);
  if (!order) throw notFound('Order not found');
  const [extra] = await sql.query<{ customer_email: string | null }>(
    'SELECT u.email AS customer_email FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1',
    [orderId],
  );
  const customerEmail = extra?.customer_email ?? null;
  const ledger = await listLedgerEntries(sql, orderId);
  const money = await readOrderMoney(sql, orderId);
  const paymentRows = await sql.query<{
    reference: string;
    amount_kobo: string | number;
    status: AdminPayment['status'];
    provider_status: string | null;
    channel: string | null;
    created_at: Date | string;
    verified_at: Date | string | null;
  }>(
    `SELECT pt.reference, pt.amount_kobo, pt.status, pt.provider_status, pt.provider_response->>'channel' AS channel,
            pt.created_at, pt.verified_at
       FROM payment_transactions pt WHERE pt.order_id = $1 ORDER BY pt.created_at`,
    [orderId],
  );
  const refundedOf = (reference: string) =>
    ledger
      .filter((entry) => entry.kind === 'refund_processed' && entry.reference === reference)
      .reduce((sum, entry) => sum + entry.amountKobo, 0);
  const payments: AdminPayment[] = paymentRows.map((row) => {
    const charge = ledger.find((entry) => entry.kind === 'charge' && entry.reference === row.reference);
    return {
      reference: row.reference,
      amountKobo: Number(row.amount_kobo),
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
  const refundRows = await sql.query<{
    id: string;
    reference: string;
    amount_kobo: string | number;
    kind: AdminRefund['kind'];
    status: AdminRefund['status'];
    provider_status: string | null;
    provider_refund_id: string | null;
    reason: string | null;
    error: string | null;
    actor_label: string;
    created_at: Date | string;
    processed_at: Date | string | null;
    last_checked_at: Date | string | null;
    next_check_at: Date | string | null;
    retry_of: string | null;
    retried_by: string | null;
  }>(
    `SELECT r.*, (SELECT n.id FROM refunds n WHERE n.retry_of = r.id) AS retried_by
       FROM refunds r WHERE r.order_id = $1 ORDER BY r.created_at, r.id`,
    [orderId],
  );
  const refunds: AdminRefund[] = refundRows.map((row) => ({
    id: row.id,
    reference: row.reference,
    amountKobo: Number(row.amount_kobo),
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
  const paidWith = payments.find((payment) => payment.reference === paying);
  return {
    order,
    customerEmail,
    paymentReference: paying,
    paymentChannel: paidWith?.channel ?? null,
    payments,
    refunds,
    refundableKobo: paying ? await refundableOfCharge(sql, paying) : 0,
    refundDue: money.refundDueKobo > 0,
    money,
    ledger,
    offlineKeptKobo: offlineKeptKobo(ledger),
    timeline: await orderTimeline(sql, order, payments, customerEmail),
  };
}

type LockedOrder = {
  user_id: string | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  stock_released_at: Date | null;
  cancelled_by: 'expiry' | 'shopper' | 'admin' | null;
};

async function lockOrder(sql: SqlRunner, orderId: string): Promise<LockedOrder> {
  const [order] = await sql.query<LockedOrder>(
    'SELECT user_id, status, payment_status, stock_released_at, cancelled_by FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  if (!order) throw notFound('Order not found');
  return order;
}

/** Whether a refund of the money that paid the order is pending or done: it is no longer the order's. */
async function paymentGivenBack(sql: SqlRunner, orderId: string): Promise<boolean> {
  const [row] = await sql.query<{ given: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM refunds r JOIN ledger_entries c ON c.kind = 'charge' AND c.reference = r.reference
                     WHERE r.order_id = $1 AND c.disposition = 'applied' AND r.status IN ('pending', 'processed'))
         OR EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = $1 AND l.kind = 'offline_refund') AS given`,
    [orderId],
  );
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
      await sql.query(`UPDATE orders SET cancelled_by = 'admin', updated_at = now() WHERE id = $1`, [
        orderId,
      ]);
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
        if (!(await reReserveOrderStock(sql, orderId))) {
          throw conflict(
            'out_of_stock',
            'This order cannot be reopened: some of its items are no longer in stock.',
          );
        }
        reserved = true;
      }
      await sql.query(
        `UPDATE orders SET status = $2, updated_at = now(), cancelled_by = NULL,
                stock_released_at = CASE WHEN $3::boolean THEN NULL ELSE stock_released_at END
          WHERE id = $1`,
        [orderId, status, reserved],
      );
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
