import type { PaymentStatus } from '#shared/constants';
import { SHOP_TIME_ZONE } from '#shared/dates';
import {
  type Disposition,
  type LedgerEntry,
  type LedgerKind,
  type OrderMoney,
  type ReturnedPayment,
  type ShopperMoney,
  ZERO_MONEY,
} from '#shared/schemas/money';
import type { Actor } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { actorName } from '../audit/actor-names';
import { actorLabel } from '../audit/record-audit';

/**
 * The payments ledger: every movement of money for an order (charges as Paystack reports them,
 * offline payments, each step of every refund, offline refunds), append-only (a trigger refuses
 * changes), written in the transaction of the change it records. This module is the one place
 * that reads money: every screen, email, export and chart asks it, and no other SQL sums money.
 * The figures of one order are the `order_money` view (migration 0100); see docs/payments.md.
 */

export type LedgerRecord = {
  orderId: string | null;
  kind: LedgerKind;
  amountKobo: number;
  currency?: string;
  disposition: Disposition;
  method?: string | null;
  reference?: string | null;
  refundId?: string | null;
  reason?: string | null;
  note?: string | null;
};

/**
 * Appends one entry inside the caller's transaction. A charge already in the book (the same
 * reference) or a refund step already written is not written twice: the answer is then false.
 */
export async function recordLedgerEntry(sql: SqlRunner, actor: Actor, entry: LedgerRecord): Promise<boolean> {
  const written = await sql.query<{ id: string }>(
    `INSERT INTO ledger_entries (order_id, kind, amount_kobo, currency, disposition, method, reference, refund_id,
                                 reason, note, actor_id, actor_label)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      entry.orderId,
      entry.kind,
      entry.amountKobo,
      entry.currency ?? 'NGN',
      entry.disposition,
      entry.method ?? null,
      entry.reference ?? null,
      entry.refundId ?? null,
      entry.reason?.slice(0, 500) ?? null,
      entry.note ?? null,
      actor.kind === 'user' ? actor.id : null,
      actorLabel(actor),
    ],
  );
  return written.length > 0;
}

/** The money columns of the `order_money` view, as a query answers them. */
export type MoneyRow = {
  received_kobo: string | number;
  applied_kobo: string | number;
  refunded_kobo: string | number;
  refund_pending_kobo: string | number;
  kept_kobo: string | number;
  sales_kobo: string | number;
  refund_due_kobo: string | number;
};

/** The view's columns for one order, under `m` (join `order_money m ON m.order_id = o.id`). */
export const MONEY_COLUMNS = `m.received_kobo, m.applied_kobo, m.refunded_kobo, m.refund_pending_kobo,
  m.kept_kobo, m.sales_kobo, m.refund_due_kobo`;

/** The view joined to orders `o` as `m`, for queries that list orders with their money. */
export const joinOrderMoney = (orders = 'o') => `JOIN order_money m ON m.order_id = ${orders}.id`;

/** One row's money columns as numbers (PostgreSQL's bigint arrives as text). */
export function toMoney(row: MoneyRow): OrderMoney {
  return {
    receivedKobo: Number(row.received_kobo),
    appliedKobo: Number(row.applied_kobo),
    refundedKobo: Number(row.refunded_kobo),
    refundPendingKobo: Number(row.refund_pending_kobo),
    keptKobo: Number(row.kept_kobo),
    salesKobo: Number(row.sales_kobo),
    refundDueKobo: Number(row.refund_due_kobo),
  };
}

/** Every figure of one order (zeros for an order with no money, or none at all). */
export async function readOrderMoney(sql: SqlRunner, orderId: string): Promise<OrderMoney> {
  const [row] = await sql.query<MoneyRow>(
    `SELECT ${MONEY_COLUMNS} FROM order_money m WHERE m.order_id = $1`,
    [orderId],
  );
  return row ? toMoney(row) : { ...ZERO_MONEY };
}

/** The figures of several orders at once, by order id. */
export async function readOrdersMoney(sql: SqlRunner, orderIds: string[]): Promise<Map<string, OrderMoney>> {
  if (orderIds.length === 0) return new Map();
  const rows = await sql.query<MoneyRow & { order_id: string }>(
    `SELECT m.order_id, ${MONEY_COLUMNS} FROM order_money m WHERE m.order_id = ANY($1::uuid[])`,
    [orderIds],
  );
  return new Map(rows.map((row) => [row.order_id, toMoney(row)]));
}

type EntryRow = {
  id: string;
  seq: string | number;
  order_id: string | null;
  kind: LedgerKind;
  amount_kobo: string | number;
  currency: string;
  disposition: Disposition;
  method: string | null;
  reference: string | null;
  refund_id: string | null;
  reason: string | null;
  note: string | null;
  actor_label: string;
  created_at: Date | string;
};

const toEntry = (row: EntryRow): LedgerEntry => ({
  id: row.id,
  seq: Number(row.seq),
  orderId: row.order_id,
  kind: row.kind,
  amountKobo: Number(row.amount_kobo),
  currency: row.currency,
  disposition: row.disposition,
  method: row.method,
  reference: row.reference,
  refundId: row.refund_id,
  reason: row.reason,
  note: row.note,
  actor: actorName(row.actor_label) ?? 'Unknown',
  createdAt: new Date(row.created_at).toISOString(),
});

/** An order's book, in the order it was written. */
export async function listLedgerEntries(sql: SqlRunner, orderId: string): Promise<LedgerEntry[]> {
  const rows = await sql.query<EntryRow>('SELECT * FROM ledger_entries WHERE order_id = $1 ORDER BY seq', [
    orderId,
  ]);
  return rows.map(toEntry);
}

/** What is left of the money received outside Paystack, from an order's book. */
export function offlineKeptKobo(ledger: LedgerEntry[]): number {
  return ledger.reduce(
    (sum, entry) =>
      entry.kind === 'offline_payment'
        ? sum + entry.amountKobo
        : entry.kind === 'offline_refund'
          ? sum - entry.amountKobo
          : sum,
    0,
  );
}

/** The charge with this Paystack reference, if the book has it. */
export async function findCharge(sql: SqlRunner, reference: string): Promise<LedgerEntry | null> {
  const [row] = await sql.query<EntryRow>(
    `SELECT * FROM ledger_entries WHERE kind = 'charge' AND reference = $1`,
    [reference],
  );
  return row ? toEntry(row) : null;
}

/** The charge that paid the order (the applied one), or null: refunds of the order go against it. */
export async function appliedChargeReference(sql: SqlRunner, orderId: string): Promise<string | null> {
  const [row] = await sql.query<{ reference: string }>(
    `SELECT reference FROM ledger_entries
      WHERE order_id = $1 AND kind = 'charge' AND disposition = 'applied' ORDER BY seq LIMIT 1`,
    [orderId],
  );
  return row?.reference ?? null;
}

/**
 * What is left to refund of one charge: what Paystack took, less its refunds that are pending or
 * processed (a failed one frees its amount again).
 */
export async function refundableOfCharge(sql: SqlRunner, reference: string): Promise<number> {
  const [row] = await sql.query<{ left: string | number }>(
    `SELECT c.amount_kobo
              - coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind = 'refund_requested'), 0)
              + coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind = 'refund_failed'), 0) AS left
       FROM ledger_entries c
       LEFT JOIN ledger_entries r ON r.reference = c.reference AND r.refund_id IS NOT NULL
      WHERE c.kind = 'charge' AND c.reference = $1
      GROUP BY c.amount_kobo`,
    [reference],
  );
  return row ? Number(row.left) : 0;
}

/**
 * Sets the order's payment status from its book, inside the caller's transaction (which holds
 * the order's row lock): paid when applied money is kept, refunded or partially refunded as it
 * goes back; an order with nothing applied keeps its status (pending, or failed once expired).
 * paid_at is stamped the first time money is applied. Returns the status before and after.
 */
export async function refreshPaymentStatus(
  sql: SqlRunner,
  orderId: string,
): Promise<{ before: PaymentStatus; after: PaymentStatus }> {
  const [row] = await sql.query<{ before: PaymentStatus; after: PaymentStatus }>(
    `WITH old AS (SELECT payment_status FROM orders WHERE id = $1)
     UPDATE orders o
        SET payment_status = CASE
              WHEN m.applied_kobo = 0 THEN o.payment_status
              WHEN m.refunded_applied_kobo >= m.applied_kobo THEN 'refunded'
              WHEN m.refunded_applied_kobo > 0 THEN 'partially_refunded'
              ELSE 'paid' END,
            paid_at = CASE WHEN m.applied_kobo > 0 THEN coalesce(o.paid_at, now()) ELSE o.paid_at END
       FROM order_money m, old
      WHERE m.order_id = o.id AND o.id = $1
      RETURNING old.payment_status AS before, o.payment_status AS after`,
    [orderId],
  );
  if (!row) throw new Error(`order ${orderId} not found`);
  if (row.before !== row.after) {
    await sql.query('UPDATE orders SET updated_at = now() WHERE id = $1', [orderId]);
  }
  return row;
}

/**
 * What the orders' pages tell the shopper, by order id: what they paid, what came back, what is on
 * its way back, and each payment the shop could not keep, with why in plain words.
 */
export async function readShopperMoney(
  sql: SqlRunner,
  orderIds: string[],
): Promise<Map<string, ShopperMoney>> {
  const money = await readOrdersMoney(sql, orderIds);
  const returned =
    orderIds.length === 0
      ? []
      : await sql.query<{
          order_id: string;
          amount_kobo: string | number;
          reason: string | null;
          refunded: string | number;
          pending: string | number;
        }>(
          `SELECT c.order_id, c.amount_kobo, c.reason,
                  coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind = 'refund_processed'), 0) AS refunded,
                  coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind = 'refund_requested'), 0)
                    - coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind IN ('refund_processed', 'refund_failed')), 0)
                    AS pending
             FROM ledger_entries c
             LEFT JOIN ledger_entries r ON r.reference = c.reference AND r.refund_id IS NOT NULL
            WHERE c.order_id = ANY($1::uuid[]) AND c.kind = 'charge' AND c.disposition <> 'applied'
            GROUP BY c.id, c.seq, c.order_id, c.amount_kobo, c.reason
            ORDER BY c.seq`,
          [orderIds],
        );
  const result = new Map<string, ShopperMoney>();
  for (const orderId of orderIds) {
    const figures = money.get(orderId) ?? ZERO_MONEY;
    result.set(orderId, {
      paidKobo: figures.receivedKobo,
      refundedKobo: figures.refundedKobo,
      refundPendingKobo: figures.refundPendingKobo,
      refundDueKobo: figures.refundDueKobo,
      returned: returned
        .filter((row) => row.order_id === orderId)
        .map((row) => {
          const amount = Number(row.amount_kobo);
          const state: ReturnedPayment['state'] =
            Number(row.refunded) >= amount ? 'refunded' : Number(row.pending) > 0 ? 'refunding' : 'due';
          return { amountKobo: amount, reason: row.reason ?? 'The shop could not keep this payment.', state };
        }),
    });
  }
  return result;
}

/**
 * Whether an order (alias `orders`) has a charge in another currency than naira not refunded in
 * full: such a charge is left out of the naira figures, and listed as due until it is back.
 */
export const foreignChargeDueSql = (orders: string) => `EXISTS (
  SELECT 1 FROM ledger_entries c
   WHERE c.order_id = ${orders}.id AND c.kind = 'charge' AND c.currency <> 'NGN'
     AND c.amount_kobo > coalesce((SELECT sum(r.amount_kobo) FROM ledger_entries r
                                    WHERE r.reference = c.reference AND r.kind = 'refund_processed'), 0))`;

/** A customer's spending: what the shop keeps of their orders (sales), for `users` aliased `u`. */
export const customerSalesSql = (users: string) =>
  `(SELECT coalesce(sum(m.sales_kobo), 0) FROM orders uo ${joinOrderMoney('uo')} WHERE uo.user_id = ${users}.id)`;

export type SalesPeriods = { now: string; currentStart: string; previousStart: string; previousEnd: string };

/**
 * The dashboard's money: sales (what the shop keeps of orders that are not cancelled) in all and
 * in both periods, by the day each order was paid; the number of orders with sales; and what the
 * shop owes back now (refunds due, whenever the money came).
 */
export async function salesFigures(
  sql: SqlRunner,
  periods: SalesPeriods,
): Promise<{
  totalKobo: number;
  paidOrders: number;
  currentKobo: number;
  previousKobo: number;
  refundDueKobo: number;
}> {
  const [row] = await sql.query<{
    total: string;
    paid_orders: number;
    current: string;
    previous: string;
    due: string;
  }>(
    `SELECT coalesce(sum(m.sales_kobo), 0)::text AS total,
            (count(*) FILTER (WHERE m.sales_kobo > 0))::int AS paid_orders,
            coalesce(sum(m.sales_kobo) FILTER (WHERE o.paid_at >= $2 AND o.paid_at <= $1), 0)::text AS current,
            coalesce(sum(m.sales_kobo) FILTER (WHERE o.paid_at >= $3 AND o.paid_at < $4), 0)::text AS previous,
            coalesce(sum(m.refund_due_kobo), 0)::text AS due
       FROM orders o ${joinOrderMoney('o')}
      WHERE m.received_kobo > 0`,
    [periods.now, periods.currentStart, periods.previousStart, periods.previousEnd],
  );
  return {
    totalKobo: Number(row?.total ?? 0),
    paidOrders: row?.paid_orders ?? 0,
    currentKobo: Number(row?.current ?? 0),
    previousKobo: Number(row?.previous ?? 0),
    refundDueKobo: Number(row?.due ?? 0),
  };
}

/** All the shop owes back now, whenever the money came. */
export async function totalRefundDue(sql: SqlRunner): Promise<number> {
  const [row] = await sql.query<{ due: string }>(
    `SELECT coalesce(sum(m.refund_due_kobo), 0)::text AS due FROM order_money m WHERE m.received_kobo > 0`,
  );
  return Number(row?.due ?? 0);
}

/** Sales per Lagos day for the last `days` days up to `now` (the day each order was paid). */
export async function salesByLagosDay(
  sql: SqlRunner,
  now: string,
  days: number,
): Promise<{ date: string; totalKobo: number; orders: number }[]> {
  const rows = await sql.query<{ day: string; total: string; orders: number }>(
    `WITH today AS (SELECT ($1::timestamptz AT TIME ZONE '${SHOP_TIME_ZONE}')::date AS d),
          days AS (
            SELECT generate_series(d - ($2::int - 1), d, interval '1 day')::date AS day FROM today
          ),
          paid AS (
            SELECT (o.paid_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date AS day,
                   sum(m.sales_kobo) AS total, count(*)::int AS orders
              FROM orders o ${joinOrderMoney('o')}
             WHERE m.sales_kobo > 0
               AND o.paid_at >= ((SELECT d FROM today) - ($2::int - 1))::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}'
               AND o.paid_at <= $1
             GROUP BY 1
          )
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(paid.total, 0)::text AS total,
            coalesce(paid.orders, 0)::int AS orders
       FROM days LEFT JOIN paid ON paid.day = days.day ORDER BY days.day`,
    [now, days],
  );
  return rows.map((row) => ({ date: row.day, totalKobo: Number(row.total), orders: row.orders }));
}

/**
 * The book's figures for a period (by when each entry was written): charges, offline payments and
 * refunds processed or made offline, and what remains. Reconciliation sets them beside Paystack's.
 */
export async function bookFigures(
  sql: SqlRunner,
  from: string,
  to: string,
): Promise<{
  charges: number;
  chargedKobo: number;
  offlinePayments: number;
  offlineKobo: number;
  refunds: number;
  refundedKobo: number;
}> {
  const [row] = await sql.query<Record<string, string | number>>(
    `SELECT (count(*) FILTER (WHERE kind = 'charge'))::int AS charges,
            coalesce(sum(amount_kobo) FILTER (WHERE kind = 'charge'), 0)::text AS charged,
            (count(*) FILTER (WHERE kind = 'offline_payment'))::int AS offline_payments,
            coalesce(sum(amount_kobo) FILTER (WHERE kind = 'offline_payment'), 0)::text AS offline,
            (count(*) FILTER (WHERE kind IN ('refund_processed', 'offline_refund')))::int AS refunds,
            coalesce(sum(amount_kobo) FILTER (WHERE kind IN ('refund_processed', 'offline_refund')), 0)::text AS refunded
       FROM ledger_entries WHERE created_at >= $1 AND created_at < $2`,
    [from, to],
  );
  return {
    charges: Number(row?.charges ?? 0),
    chargedKobo: Number(row?.charged ?? 0),
    offlinePayments: Number(row?.offline_payments ?? 0),
    offlineKobo: Number(row?.offline ?? 0),
    refunds: Number(row?.refunds ?? 0),
    refundedKobo: Number(row?.refunded ?? 0),
  };
}
