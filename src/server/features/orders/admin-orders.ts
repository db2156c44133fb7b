import type { OrderStatus, PaymentStatus } from '#shared/constants';
import { shortId } from '#shared/constants';
import { formatNaira } from '#shared/money';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  AdminOrderRow,
  AdminPayment,
  AdminRefund,
  TimelineEntry,
} from '#shared/schemas/admin-orders';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../db/announce';
import type { SqlRunner } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/record-audit';
import { reReserveOrderStock } from '../inventory/stock';
import { payingReference, refundableKobo } from '../payments/refunds';
import { cancelOrderIn } from './cancel-order';
import { queueOrderEmail } from './order-emails';
import { loadOrder } from './orders';

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value ? iso(value) : null);

export type OrderSearch = { q?: string; status: 'all' | OrderStatus };

/** LIKE patterns match the text as typed: %, _ and \ lose their meaning. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * WHERE clause and parameters of the admin search: the order id in full or its start (the
 * 8-character short id, as shown and emailed), the shipping name, the shipping email or the
 * account's email; and the status filter.
 */
function searchClause(search: OrderSearch, first = 1): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const q = search.q?.trim();
  if (q) {
    if (UUID.test(q)) {
      params.push(q.toLowerCase());
      conditions.push(`o.id = $${first + params.length - 1}::uuid`);
    } else {
      params.push(`%${likeEscape(q)}%`, `${likeEscape(q.toLowerCase())}%`);
      const contains = `$${first + params.length - 2}`;
      const starts = `$${first + params.length - 1}`;
      conditions.push(`(o.id::text LIKE ${starts}
        OR o.shipping_address->>'fullName' ILIKE ${contains}
        OR o.email ILIKE ${contains}
        OR u.email ILIKE ${contains})`);
    }
  }
  if (search.status !== 'all') {
    params.push(search.status);
    conditions.push(`o.status = $${first + params.length - 1}`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

type ListRow = {
  id: string;
  created_at: Date | string;
  customer_email: string | null;
  shipping_name: string | null;
  email: string;
  item_count: string | number;
  total_amount_kobo: string | number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  refund_due: boolean;
};

const LIST_COLUMNS = `o.id, o.created_at, u.email AS customer_email, o.shipping_address->>'fullName' AS shipping_name,
  o.email, o.total_amount_kobo, o.status, o.payment_status,
  coalesce((SELECT sum(quantity) FROM order_items oi WHERE oi.order_id = o.id), 0) AS item_count,
  (EXISTS (SELECT 1 FROM payment_transactions pt
            WHERE pt.order_id = o.id AND pt.second_payment AND pt.status = 'success'
              AND pt.amount_kobo > coalesce((SELECT sum(r.amount_kobo) FROM refunds r
                                              WHERE r.reference = pt.reference AND r.status = 'processed'), 0))
    OR (o.status = 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded'))) AS refund_due`;

const toRow = (row: ListRow): AdminOrderRow => ({
  id: row.id,
  shortId: shortId(row.id),
  createdAt: iso(row.created_at),
  customerEmail: row.customer_email,
  shippingName: row.shipping_name ?? '',
  shippingEmail: row.email,
  itemCount: Number(row.item_count),
  totalAmountKobo: Number(row.total_amount_kobo),
  status: row.status,
  paymentStatus: row.payment_status,
  refundDue: row.refund_due,
});

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
    `SELECT ${LIST_COLUMNS} FROM orders o LEFT JOIN users u ON u.id = o.user_id ${where}
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

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const lagosDateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const naira = (kobo: number) => (kobo / 100).toFixed(2);

const CSV_HEADER = [
  'Order ID',
  'Short ID',
  'Date (Lagos)',
  'Customer',
  'Ship to',
  'Email',
  'Phone',
  'City',
  'State',
  'Items',
  'Subtotal (NGN)',
  'Shipping method',
  'Shipping (NGN)',
  'Total (NGN)',
  'Refunded (NGN)',
  'Status',
  'Payment status',
  'Payment reference',
];

type CsvRow = ListRow & {
  cursor_at: string;
  subtotal_kobo: string | number;
  shipping_cost_kobo: string | number;
  shipping_method: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  payment_reference: string | null;
  refunded_kobo: string | number;
};

const csvLine = (row: CsvRow) =>
  [
    row.id,
    shortId(row.id),
    lagosDateTime.format(new Date(row.created_at)).replace(',', ''),
    row.customer_email ?? 'Guest',
    row.shipping_name,
    row.email,
    row.phone,
    row.city,
    row.state,
    Number(row.item_count),
    naira(Number(row.subtotal_kobo)),
    row.shipping_method,
    naira(Number(row.shipping_cost_kobo)),
    naira(Number(row.total_amount_kobo)),
    naira(Number(row.refunded_kobo)),
    row.status,
    row.payment_status,
    row.payment_reference,
  ]
    .map(csvCell)
    .join(',');

/**
 * The filtered list as CSV for the accountant: every matching order, newest first, read a batch at
 * a time (keyset paging on created_at and id, so a large shop streams without holding it all) and
 * yielded as text as it is read. Starts with a byte-order mark, which tells spreadsheet programs
 * the file is UTF-8 (names with accents, ₦).
 */
export async function* exportOrdersCsv(
  deps: AppDeps,
  search: OrderSearch,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? 1000;
  yield `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n`;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const { where, params } = searchClause(search, 1);
    const conditions = where ? [where.replace(/^WHERE /, '')] : [];
    if (after) {
      params.push(after.at, after.id);
      conditions.push(`(o.created_at, o.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(batchSize);
    const rows: CsvRow[] = await deps.database.sql.query<CsvRow>(
      `SELECT ${LIST_COLUMNS}, o.created_at::text AS cursor_at, o.subtotal_kobo, o.shipping_cost_kobo,
              o.shipping_method, o.payment_reference,
              o.shipping_address->>'phone' AS phone, o.shipping_address->>'city' AS city,
              o.shipping_address->>'state' AS state,
              coalesce((SELECT sum(amount_kobo) FROM refunds r WHERE r.order_id = o.id AND r.status = 'processed'), 0)
                AS refunded_kobo
         FROM orders o LEFT JOIN users u ON u.id = o.user_id
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length}`,
      params,
    );
    if (rows.length > 0) yield rows.map((row) => `${csvLine(row)}\r\n`).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.id };
  }
}

const STATUS_WORD: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
const word = (value: unknown) => (typeof value === 'string' ? (STATUS_WORD[value] ?? value) : '');

type AuditRow = {
  id: string;
  action: string;
  entity_type: string;
  actor_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown>;
  created_at: Date | string;
};

const SYSTEM_ACTORS: Record<string, string> = {
  'system:order-expiry': 'Unpaid-order expiry',
  'system:payment-webhook': 'Payment provider (webhook)',
  'system:payment-verify': 'Payment check',
  'system:payment-refund': 'Automatic refund',
  'system:refund-check': 'Refund check with Paystack',
  'system:script': 'Script',
};
const actorName = (label: string) => SYSTEM_ACTORS[label] ?? (label || null);

function auditEntry(row: AuditRow): Omit<TimelineEntry, 'id'> | null {
  const at = iso(row.created_at);
  const actor = actorName(row.actor_label);
  const before = row.before ?? {};
  const after = row.after ?? {};
  const details = row.details ?? {};
  const amount = typeof details.amountKobo === 'number' ? formatNaira(details.amountKobo) : '';
  switch (row.action) {
    case 'status_changed': {
      const parts: string[] = [];
      if ('status' in after) parts.push(`${word(before.status)} → ${word(after.status)}`);
      if ('paymentStatus' in after)
        parts.push(`payment ${word(before.paymentStatus)} → ${word(after.paymentStatus)}`);
      const reason = typeof details.reason === 'string' ? details.reason : null;
      const stock = details.stockReleased === true ? 'Reserved stock put back.' : null;
      return {
        at,
        kind: 'status',
        title: `Status: ${parts.join(', ')}`,
        detail: [reason, stock].filter(Boolean).join(' ') || null,
        actor,
      };
    }
    case 'paid':
      return {
        at,
        kind: 'payment',
        title: 'Payment received',
        detail: [
          typeof details.reference === 'string' ? `Reference ${details.reference}` : null,
          typeof details.note === 'string' ? details.note : null,
        ]
          .filter(Boolean)
          .join('. '),
        actor,
      };
    case 'payment_status_changed':
      return {
        at,
        kind: 'payment',
        title: `Payment status: ${word(before.paymentStatus)} → ${word(after.paymentStatus)}`,
        detail: null,
        actor,
      };
    case 'second_payment':
      return {
        at,
        kind: 'payment',
        title: `REFUND DUE: second payment of ${amount} received`,
        detail:
          typeof details.reference === 'string'
            ? `Reference ${details.reference}; refunding automatically.`
            : null,
        actor,
      };
    case 'refund_requested':
    case 'refund_retried': {
      const requested = typeof after.amountKobo === 'number' ? formatNaira(after.amountKobo) : '';
      return {
        at,
        kind: 'refund',
        title: `${row.action === 'refund_retried' ? 'Refund retried' : 'Refund requested'}: ${requested}${details.secondPayment === true ? ' (second payment)' : ''}`,
        detail: typeof details.reason === 'string' ? details.reason : null,
        actor,
      };
    }
    case 'refunded':
    case 'second_payment_refunded':
      return {
        at,
        kind: 'refund',
        title: row.action === 'refunded' ? `Refunded ${amount}` : `Second payment refunded (${amount})`,
        detail:
          [
            typeof details.requestedBy === 'string' && details.requestedBy
              ? `Requested by ${actorName(details.requestedBy)}`
              : null,
            typeof details.reason === 'string' ? details.reason : null,
          ]
            .filter(Boolean)
            .join('. ') || null,
        actor,
      };
    case 'refund_failed':
      return {
        at,
        kind: 'refund',
        title: `Refund of ${amount} failed`,
        detail: typeof details.error === 'string' ? details.error : null,
        actor,
      };
    default:
      return { at, kind: 'note', title: row.action.replaceAll('_', ' '), detail: null, actor };
  }
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** One order as the admin sees it: the order, its charges and refunds, and what happened to it. */
export async function getAdminOrder(deps: AppDeps, orderId: string): Promise<AdminOrderDetail> {
  const sql = deps.database.sql;
  const order = await loadOrder(sql, orderId);
  if (!order) throw notFound('Order not found');
  const [extra] = await sql.query<{ customer_email: string | null; payment_reference: string | null }>(
    `SELECT u.email AS customer_email, o.payment_reference
       FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
    [orderId],
  );
  const paymentRows = await sql.query<{
    reference: string;
    amount_kobo: string | number;
    status: AdminPayment['status'];
    channel: string | null;
    second_payment: boolean;
    refunded_kobo: string | number;
    created_at: Date | string;
    verified_at: Date | string | null;
  }>(
    `SELECT pt.reference, pt.amount_kobo, pt.status, pt.provider_response->>'channel' AS channel, pt.second_payment,
            coalesce((SELECT sum(amount_kobo) FROM refunds r WHERE r.reference = pt.reference AND r.status = 'processed'), 0)
              AS refunded_kobo,
            pt.created_at, pt.verified_at
       FROM payment_transactions pt WHERE pt.order_id = $1 ORDER BY pt.created_at`,
    [orderId],
  );
  const payments: AdminPayment[] = paymentRows.map((row) => ({
    reference: row.reference,
    amountKobo: Number(row.amount_kobo),
    status: row.status,
    channel: row.channel,
    secondPayment: row.second_payment,
    refundedKobo: Number(row.refunded_kobo),
    createdAt: iso(row.created_at),
    verifiedAt: isoOrNull(row.verified_at),
  }));
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
  const paying = await payingReference(sql, orderId);
  const refundable = paying ? await refundableKobo(sql, paying) : 0;
  const refundDue =
    payments.some(
      (payment) =>
        payment.secondPayment && payment.status === 'success' && payment.refundedKobo < payment.amountKobo,
    ) ||
    (order.status === 'cancelled' &&
      (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded'));

  // Every entry about the order, whatever the record: its status, its payment, its refunds.
  const audits = await sql.query<AuditRow>(
    `SELECT id, action, entity_type, actor_label, before, after, details, created_at FROM audit_log
      WHERE order_id = $1 ORDER BY created_at, id`,
    [orderId],
  );
  const emails = await sql.query<{
    id: string;
    subject: string;
    to_address: string;
    status: string;
    created_at: Date | string;
  }>(
    'SELECT id, subject, to_address, status, created_at FROM emails WHERE order_id = $1 ORDER BY created_at',
    [orderId],
  );
  const placed: TimelineEntry = {
    id: 'placed',
    at: order.createdAt,
    kind: 'placed',
    title: 'Order placed',
    detail: `${order.itemCount} item${order.itemCount === 1 ? '' : 's'}, ${formatNaira(order.totalAmountKobo)}`,
    actor: extra?.customer_email ?? 'Guest',
  };
  const timeline: TimelineEntry[] = [
    placed,
    ...payments.flatMap((payment): TimelineEntry[] => {
      const entries: TimelineEntry[] = [
        {
          id: `payment:${payment.reference}`,
          at: payment.createdAt,
          kind: 'payment',
          title: `Payment started (${formatNaira(payment.amountKobo)})`,
          detail: `Reference ${payment.reference}`,
          actor: extra?.customer_email ?? 'Guest',
        },
      ];
      if (payment.status === 'failed' || payment.status === 'abandoned') {
        entries.push({
          id: `payment:${payment.reference}:${payment.status}`,
          at: payment.verifiedAt ?? payment.createdAt,
          kind: 'payment',
          title: payment.status === 'failed' ? 'Payment declined' : 'Payment not completed',
          detail: `Reference ${payment.reference}`,
          actor: 'Payment provider',
        });
      }
      return entries;
    }),
    ...audits.flatMap((row): TimelineEntry[] => {
      const entry = auditEntry({
        ...row,
        details: json(row.details),
        before: json(row.before),
        after: json(row.after),
      });
      return entry ? [{ id: `audit:${row.id}`, ...entry }] : [];
    }),
    ...emails.map(
      (email): TimelineEntry => ({
        id: `email:${email.id}`,
        at: iso(email.created_at),
        kind: 'email',
        title: `Email: ${email.subject}`,
        detail: `To ${email.to_address} (${email.status === 'stored' ? 'kept in the development mailbox' : email.status})`,
        actor: null,
      }),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const paidWith = payments.find((payment) => payment.reference === paying);
  return {
    order,
    customerEmail: extra?.customer_email ?? null,
    paymentReference: paying,
    paymentChannel: paidWith?.channel ?? null,
    payments,
    refunds,
    refundableKobo: refundable,
    refundDue,
    timeline,
  };
}

type LockedOrder = {
  user_id: string | null;
  status: OrderStatus;
  payment_status: PaymentStatus;
  stock_released_at: Date | null;
};

async function lockOrder(sql: SqlRunner, orderId: string): Promise<LockedOrder> {
  const [order] = await sql.query<LockedOrder>(
    'SELECT user_id, status, payment_status, stock_released_at FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  if (!order) throw notFound('Order not found');
  return order;
}

/**
 * An admin sets the order's status (any from any other, spec §4), stamping updated_at. Cancelling
 * puts the reserved stock back exactly once, whoever cancels (cancelOrderIn's guard); reopening a
 * cancelled order takes its items from stock again, or is refused when they are gone. Every change
 * is audited, announced and emailed to the shopper in one transaction; setting the status it
 * already has changes nothing and sends nothing.
 */
export async function setOrderStatus(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  status: OrderStatus,
): Promise<{ changed: boolean }> {
  return deps.database.transaction(async (sql) => {
    const order = await lockOrder(sql, orderId);
    if (order.status === status) return { changed: false };
    if (status === 'cancelled') {
      await cancelOrderIn(sql, actor, orderId);
    } else {
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
        `UPDATE orders SET status = $2, updated_at = now(),
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
    return { changed: true };
  });
}

/**
 * An admin sets the payment status by hand (spec §4: freely), e.g. a bank transfer received. No
 * money moves: refunds go through refundOrder. Audited and announced; paid_at is stamped the
 * first time an order is marked paid.
 */
export async function setPaymentStatus(
  deps: AppDeps,
  actor: Actor,
  orderId: string,
  paymentStatus: PaymentStatus,
): Promise<{ changed: boolean }> {
  return deps.database.transaction(async (sql) => {
    const order = await lockOrder(sql, orderId);
    if (order.payment_status === paymentStatus) return { changed: false };
    await sql.query(
      `UPDATE orders SET payment_status = $2, updated_at = now(),
              paid_at = CASE WHEN $2::text = 'paid' THEN coalesce(paid_at, now()) ELSE paid_at END
        WHERE id = $1`,
      [orderId, paymentStatus],
    );
    await recordAudit(sql, actor, {
      action: 'payment_status_changed',
      entityType: 'payment',
      entityId: orderId,
      before: { paymentStatus: order.payment_status },
      after: { paymentStatus },
    });
    await announce(sql, {
      table: 'orders',
      id: orderId,
      userId: order.user_id,
      action: 'payment_status_changed',
    });
    return { changed: true };
  });
}
