import { type ExpressionBuilder, sql as pg, type Selectable } from 'kysely';
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
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso } from '../../platform/db/values';
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
  const written = await queries(sql)
    .insertInto('ledger_entries')
    .values({
      order_id: entry.orderId,
      kind: entry.kind,
      amount_kobo: entry.amountKobo,
      currency: entry.currency ?? 'NGN',
      disposition: entry.disposition,
      method: entry.method ?? null,
      reference: entry.reference ?? null,
      refund_id: entry.refundId ?? null,
      reason: entry.reason?.slice(0, 500) ?? null,
      note: entry.note ?? null,
      actor_id: actor.kind === 'user' ? actor.id : null,
      actor_label: actorLabel(actor),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return written.length > 0;
}

/** The money columns of the `order_money` view, under `m` (join `order_money as m` on the order). */
export const MONEY_COLUMNS = [
  'm.received_kobo',
  'm.applied_kobo',
  'm.refunded_kobo',
  'm.refund_pending_kobo',
  'm.kept_kobo',
  'm.sales_kobo',
  'm.refund_due_kobo',
] as const;

/** The view's money columns, as a query selecting MONEY_COLUMNS answers them. */
export type MoneyRow = Pick<
  Selectable<DB['order_money']>,
  | 'received_kobo'
  | 'applied_kobo'
  | 'refunded_kobo'
  | 'refund_pending_kobo'
  | 'kept_kobo'
  | 'sales_kobo'
  | 'refund_due_kobo'
>;

/** One row's money columns, as the API names them. */
export function toMoney(row: MoneyRow): OrderMoney {
  return {
    receivedKobo: row.received_kobo,
    appliedKobo: row.applied_kobo,
    refundedKobo: row.refunded_kobo,
    refundPendingKobo: row.refund_pending_kobo,
    keptKobo: row.kept_kobo,
    salesKobo: row.sales_kobo,
    refundDueKobo: row.refund_due_kobo,
  };
}

/** Every figure of one order (zeros for an order with no money, or none at all). */
export async function readOrderMoney(sql: SqlRunner, orderId: string): Promise<OrderMoney> {
  const row = await queries(sql)
    .selectFrom('order_money as m')
    .select(MONEY_COLUMNS)
    .where('m.order_id', '=', orderId)
    .executeTakeFirst();
  return row ? toMoney(row) : { ...ZERO_MONEY };
}

/** The figures of several orders at once, by order id. */
export async function readOrdersMoney(sql: SqlRunner, orderIds: string[]): Promise<Map<string, OrderMoney>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queries(sql)
    .selectFrom('order_money as m')
    .select(['m.order_id', ...MONEY_COLUMNS])
    .where((eb) => eb('m.order_id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
    .execute();
  return new Map(rows.map((row) => [row.order_id, toMoney(row)]));
}

const toEntry = (row: Selectable<DB['ledger_entries']>): LedgerEntry => ({
  id: row.id,
  seq: row.seq,
  orderId: row.order_id,
  kind: row.kind,
  amountKobo: row.amount_kobo,
  currency: row.currency,
  disposition: row.disposition,
  method: row.method,
  reference: row.reference,
  refundId: row.refund_id,
  reason: row.reason,
  note: row.note,
  actor: actorName(row.actor_label) ?? 'Unknown',
  createdAt: iso(row.created_at),
});

/** An order's book, in the order it was written. */
export async function listLedgerEntries(sql: SqlRunner, orderId: string): Promise<LedgerEntry[]> {
  const rows = await queries(sql)
    .selectFrom('ledger_entries')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
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
  const row = await queries(sql)
    .selectFrom('ledger_entries')
    .selectAll()
    .where('kind', '=', 'charge')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** The charge that paid the order (the applied one), or null: refunds of the order go against it. */
export async function appliedChargeReference(sql: SqlRunner, orderId: string): Promise<string | null> {
  const row = await queries(sql)
    .selectFrom('ledger_entries')
    .select('reference')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'charge')
    .where('disposition', '=', 'applied')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row?.reference ?? null;
}

/** In a query on ledger entries `r`: the sum of the amounts of these kinds, 0 when there are none. */
const sumOfKinds = (eb: ExpressionBuilder<{ r: DB['ledger_entries'] }, 'r'>, kinds: LedgerKind[]) =>
  eb.fn.coalesce(eb.fn.sum<number>('r.amount_kobo').filterWhere('r.kind', 'in', kinds), eb.lit(0));

/**
 * What is left to refund of one charge: what Paystack took, less its refunds that are pending or
 * processed (a failed one frees its amount again).
 */
export async function refundableOfCharge(sql: SqlRunner, reference: string): Promise<number> {
  const row = await queries(sql)
    .selectFrom('ledger_entries as c')
    .leftJoin('ledger_entries as r', (join) =>
      join.onRef('r.reference', '=', 'c.reference').on('r.refund_id', 'is not', null),
    )
    .select((eb) =>
      eb(
        eb('c.amount_kobo', '-', sumOfKinds(eb, ['refund_requested'])),
        '+',
        sumOfKinds(eb, ['refund_failed']),
      ).as('left'),
    )
    .where('c.kind', '=', 'charge')
    .where('c.reference', '=', reference)
    .groupBy('c.amount_kobo')
    .executeTakeFirst();
  return row?.left ?? 0;
}

/** What became of the refunds of one charge: given back by Paystack, and asked and not settled yet. */
export type ChargeRefunds = { refundedKobo: number; pendingKobo: number };

/** A charge no refund was asked for. */
export const NO_REFUNDS: ChargeRefunds = { refundedKobo: 0, pendingKobo: 0 };

/**
 * The refunds of each charge, by the charge's reference: processed by Paystack, and pending
 * (asked, not yet processed or failed). A charge with no refund is left out.
 */
export async function refundsOfCharges(
  sql: SqlRunner,
  references: string[],
): Promise<Map<string, ChargeRefunds>> {
  if (references.length === 0) return new Map();
  const rows = await queries(sql)
    .selectFrom('ledger_entries as r')
    .select((eb) => [
      'r.reference',
      sumOfKinds(eb, ['refund_processed']).as('refunded'),
      eb(sumOfKinds(eb, ['refund_requested']), '-', sumOfKinds(eb, ['refund_processed', 'refund_failed'])).as(
        'pending',
      ),
    ])
    .where('r.refund_id', 'is not', null)
    .where((eb) => eb('r.reference', '=', eb.fn.any(pg<string[]>`${references}::text[]`)))
    .groupBy('r.reference')
    .$narrowType<{ reference: string }>()
    .execute();
  return new Map(
    rows.map((row) => [row.reference, { refundedKobo: row.refunded, pendingKobo: row.pending }]),
  );
}

/** Refunds of one charge asked of Paystack and not settled yet: held back from what is refundable. */
export async function refundPendingOfCharge(sql: SqlRunner, reference: string): Promise<number> {
  return (await refundsOfCharges(sql, [reference])).get(reference)?.pendingKobo ?? 0;
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
  // One statement reads the order's figures from the book (the view) and sets its status from
  // them, answering the status it had before.
  const {
    rows: [row],
  } = await pg<{ before: PaymentStatus; after: PaymentStatus }>`
    WITH old AS (SELECT payment_status FROM orders WHERE id = ${orderId})
    UPDATE orders o
       SET payment_status = CASE
             WHEN m.applied_kobo = 0 THEN o.payment_status
             WHEN m.refunded_applied_kobo >= m.applied_kobo THEN 'refunded'
             WHEN m.refunded_applied_kobo > 0 THEN 'partially_refunded'
             ELSE 'paid' END,
           paid_at = CASE WHEN m.applied_kobo > 0 THEN coalesce(o.paid_at, now()) ELSE o.paid_at END
      FROM order_money m, old
     WHERE m.order_id = o.id AND o.id = ${orderId}
     RETURNING old.payment_status AS before, o.payment_status AS after`.execute(queries(sql));
  if (!row) throw new Error(`order ${orderId} not found`);
  if (row.before !== row.after) {
    await queries(sql)
      .updateTable('orders')
      .set({ updated_at: pg<Date>`now()` })
      .where('id', '=', orderId)
      .execute();
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
  const notKept =
    orderIds.length === 0
      ? []
      : await queries(sql)
          .selectFrom('ledger_entries')
          .select(['order_id', 'reference', 'amount_kobo', 'reason'])
          .where((eb) => eb('order_id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
          .where('kind', '=', 'charge')
          .where('disposition', '<>', 'applied')
          .orderBy('seq')
          .$narrowType<{ reference: string }>()
          .execute();
  const refunds = await refundsOfCharges(
    sql,
    notKept.map((charge) => charge.reference),
  );
  const result = new Map<string, ShopperMoney>();
  for (const orderId of orderIds) {
    const figures = money.get(orderId) ?? ZERO_MONEY;
    result.set(orderId, {
      paidKobo: figures.receivedKobo,
      refundedKobo: figures.refundedKobo,
      refundPendingKobo: figures.refundPendingKobo,
      refundDueKobo: figures.refundDueKobo,
      returned: notKept
        .filter((charge) => charge.order_id === orderId)
        .map((charge) => {
          const { refundedKobo, pendingKobo } = refunds.get(charge.reference) ?? NO_REFUNDS;
          const state: ReturnedPayment['state'] =
            refundedKobo >= charge.amount_kobo ? 'refunded' : pendingKobo > 0 ? 'refunding' : 'due';
          return {
            amountKobo: charge.amount_kobo,
            reason: charge.reason ?? 'The shop could not keep this payment.',
            state,
          };
        }),
    });
  }
  return result;
}

/**
 * Whether an order (alias `orders`) has a charge in another currency than naira not refunded in
 * full: such a charge is left out of the naira figures, and listed as due until it is back.
 */
export const foreignChargeDue = (orders: string) => pg<boolean>`EXISTS (
  SELECT 1 FROM ledger_entries c
   WHERE c.order_id = ${pg.ref(`${orders}.id`)} AND c.kind = 'charge' AND c.currency <> 'NGN'
     AND c.amount_kobo > coalesce((SELECT sum(r.amount_kobo) FROM ledger_entries r
                                    WHERE r.reference = c.reference AND r.kind = 'refund_processed'), 0))`;

/** A customer's spending: what the shop keeps of their orders (sales), for `users` aliased `u`. */
export const customerSalesSql = (users: string) =>
  `(SELECT coalesce(sum(m.sales_kobo), 0) FROM orders uo JOIN order_money m ON m.order_id = uo.id WHERE uo.user_id = ${users}.id)`;

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
  const row = await queries(sql)
    .selectFrom('orders as o')
    .innerJoin('order_money as m', 'm.order_id', 'o.id')
    .select((eb) => {
      const sales = () => eb.fn.sum<number>('m.sales_kobo');
      return [
        eb.fn.coalesce(sales(), eb.lit(0)).as('total'),
        eb.fn.countAll<number>().filterWhere('m.sales_kobo', '>', 0).as('paid_orders'),
        eb.fn
          .coalesce(
            sales().filterWhere((eb) =>
              eb.and([
                eb('o.paid_at', '>=', new Date(periods.currentStart)),
                eb('o.paid_at', '<=', new Date(periods.now)),
              ]),
            ),
            eb.lit(0),
          )
          .as('current'),
        eb.fn
          .coalesce(
            sales().filterWhere((eb) =>
              eb.and([
                eb('o.paid_at', '>=', new Date(periods.previousStart)),
                eb('o.paid_at', '<', new Date(periods.previousEnd)),
              ]),
            ),
            eb.lit(0),
          )
          .as('previous'),
        eb.fn.coalesce(eb.fn.sum<number>('m.refund_due_kobo'), eb.lit(0)).as('due'),
      ];
    })
    .where('m.received_kobo', '>', 0)
    .executeTakeFirst();
  return {
    totalKobo: row?.total ?? 0,
    paidOrders: row?.paid_orders ?? 0,
    currentKobo: row?.current ?? 0,
    previousKobo: row?.previous ?? 0,
    refundDueKobo: row?.due ?? 0,
  };
}

export type DiscountTakings = { revenue: number; given: number; orders: number };

/**
 * What each code brought in: the ledger's sales (what the shop keeps, net of refunds) of the
 * paid orders that used it, and what it took off them, items and delivery.
 */
export async function salesByDiscount(sql: SqlRunner, ids: string[]): Promise<Map<string, DiscountTakings>> {
  if (ids.length === 0) return new Map();
  const rows = await queries(sql)
    .selectFrom('orders as o')
    .innerJoin('order_money as m', 'm.order_id', 'o.id')
    .select((eb) => [
      'o.discount_id',
      eb.fn.sum<number>('m.sales_kobo').as('revenue'),
      eb.fn.sum<number>(eb('o.discount_kobo', '+', eb.ref('o.shipping_discount_kobo'))).as('given'),
      eb.fn.countAll<number>().as('orders'),
    ])
    .where((eb) => eb('o.discount_id', '=', eb.fn.any(pg<string[]>`${ids}::uuid[]`)))
    .where('m.sales_kobo', '>', 0)
    .groupBy('o.discount_id')
    .$narrowType<{ discount_id: string }>()
    .execute();
  return new Map(
    rows.map((row) => [row.discount_id, { revenue: row.revenue, given: row.given, orders: row.orders }]),
  );
}

/**
 * What the sales of orders paid in [from, to] were given off: each order's code (items and waived
 * delivery), and what sale prices and automatic offers took off its items (list price − price
 * charged). The orders are those with sales (money kept), as salesFigures counts them.
 */
export async function discountsGiven(
  sql: SqlRunner,
  period: { from: Date | string; to: Date | string },
): Promise<{ givenKobo: number; orders: number }> {
  const {
    rows: [row],
  } = await pg<{ given: number; orders: number }>`
    SELECT coalesce(sum(d.given), 0) AS given, count(*) FILTER (WHERE d.given > 0) AS orders
      FROM (
        SELECT o.discount_kobo + o.shipping_discount_kobo
                 + coalesce((SELECT sum(greatest(i.list_price_kobo - i.unit_price_kobo, 0) * i.quantity)
                               FROM order_items i
                              WHERE i.order_id = o.id AND i.list_price_kobo IS NOT NULL), 0) AS given
          FROM orders o JOIN order_money m ON m.order_id = o.id
         WHERE m.sales_kobo > 0 AND o.paid_at >= ${period.from} AND o.paid_at <= ${period.to}
      ) d`.execute(queries(sql));
  return { givenKobo: row?.given ?? 0, orders: row?.orders ?? 0 };
}

/** All the shop owes back now, whenever the money came. */
export async function totalRefundDue(sql: SqlRunner): Promise<number> {
  const row = await queries(sql)
    .selectFrom('order_money as m')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('m.refund_due_kobo'), eb.lit(0)).as('due'))
    .where('m.received_kobo', '>', 0)
    .executeTakeFirst();
  return row?.due ?? 0;
}

/** Sales per Lagos day for the last `days` days up to `now` (the day each order was paid). */
export async function salesByLagosDay(
  sql: SqlRunner,
  now: string,
  days: number,
): Promise<{ date: string; totalKobo: number; orders: number }[]> {
  // The days are the shop's own (Lagos), counted back from `now`'s, each with its sales or none.
  const zone = pg.lit(SHOP_TIME_ZONE);
  const { rows } = await pg<{ day: string; total: number; orders: number }>`
    WITH today AS (SELECT (${now}::timestamptz AT TIME ZONE ${zone})::date AS d),
         days AS (
           SELECT generate_series(d - (${days}::int - 1), d, interval '1 day')::date AS day FROM today
         ),
         paid AS (
           SELECT (o.paid_at AT TIME ZONE ${zone})::date AS day,
                  sum(m.sales_kobo) AS total, count(*)::int AS orders
             FROM orders o JOIN order_money m ON m.order_id = o.id
            WHERE m.sales_kobo > 0
              AND o.paid_at >= ((SELECT d FROM today) - (${days}::int - 1))::timestamp AT TIME ZONE ${zone}
              AND o.paid_at <= ${now}
            GROUP BY 1
         )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(paid.total, 0) AS total,
           coalesce(paid.orders, 0)::int AS orders
      FROM days LEFT JOIN paid ON paid.day = days.day ORDER BY days.day`.execute(queries(sql));
  return rows.map((row) => ({ date: row.day, totalKobo: row.total, orders: row.orders }));
}

/**
 * The book's figures for a period (by when each entry was written): charges, offline payments and
 * refunds processed or made offline, and what remains. Reconciliation sets them beside Paystack's.
 */
export async function bookFigures(
  sql: SqlRunner,
  from: Date,
  to: Date,
): Promise<{
  charges: number;
  chargedKobo: number;
  offlinePayments: number;
  offlineKobo: number;
  refunds: number;
  refundedKobo: number;
}> {
  const refunded: LedgerKind[] = ['refund_processed', 'offline_refund'];
  const row = await queries(sql)
    .selectFrom('ledger_entries as r')
    .select((eb) => {
      const count = (kinds: LedgerKind[]) => eb.fn.countAll<number>().filterWhere('r.kind', 'in', kinds);
      return [
        count(['charge']).as('charges'),
        sumOfKinds(eb, ['charge']).as('charged'),
        count(['offline_payment']).as('offline_payments'),
        sumOfKinds(eb, ['offline_payment']).as('offline'),
        count(refunded).as('refunds'),
        sumOfKinds(eb, refunded).as('refunded'),
      ];
    })
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .executeTakeFirst();
  return {
    charges: row?.charges ?? 0,
    chargedKobo: row?.charged ?? 0,
    offlinePayments: row?.offline_payments ?? 0,
    offlineKobo: row?.offline ?? 0,
    refunds: row?.refunds ?? 0,
    refundedKobo: row?.refunded ?? 0,
  };
}
