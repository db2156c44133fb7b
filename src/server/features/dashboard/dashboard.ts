import { sql as pg } from 'kysely';
import { LIMITS, shortId } from '#shared/constants';
import { SHOP_TIME_ZONE } from '#shared/dates';
import {
  DASHBOARD_PRODUCTS,
  type Dashboard,
  type PeriodComparison,
  SALES_CHART_DAYS,
} from '#shared/schemas/dashboard';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import { iso } from '../../platform/db/values';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';
import { discountsGiven, salesByLagosDay, salesFigures } from '../payments/ledger';

const zone = pg.lit(SHOP_TIME_ZONE);

/**
 * This month so far and the same stretch of last month, in Lagos: the current stretch runs from
 * the first of this month (00:00 Lagos) to now; the previous one from the first of last month for
 * the same length of time, cut at the end of last month (on 31 March the previous stretch is all
 * of February).
 */
const periodsAt = (now: string) => pg<{ current_start: Date; previous_start: Date; previous_end: Date }>`
  WITH m AS (SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE ${zone}) AS local_start)
  SELECT (local_start AT TIME ZONE ${zone}) AS current_start,
         ((local_start - interval '1 month') AT TIME ZONE ${zone}) AS previous_start,
         least(((local_start - interval '1 month') AT TIME ZONE ${zone})
                 + (${now}::timestamptz - (local_start AT TIME ZONE ${zone})),
               local_start AT TIME ZONE ${zone}) AS previous_end
  FROM m`;

/** Whole percent change, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}

const comparison = (current: number, previous: number): PeriodComparison => ({
  current,
  previous,
  changePercent: percentChange(current, previous),
});

/**
 * Everything the admin's Dashboard shows, read from the orders, accounts and stock as they are at
 * `now`: sales of paid orders net of refunds (counted on the day they were paid; a partly refunded
 * order counts what it kept, a fully refunded one nothing), sign-ups, products' stock against the
 * out-of-stock threshold, the latest orders and 30 days of net paid sales per Lagos day.
 */
export async function getDashboard(
  deps: Pick<AppDeps, 'database'>,
  options: { now?: Date } = {},
): Promise<Dashboard> {
  const sql = deps.database.sql;
  const db = queries(sql);
  const now = (options.now ?? new Date()).toISOString();
  const {
    rows: [periods],
  } = await periodsAt(now).execute(db);
  const { current_start, previous_start, previous_end } = periods!;
  const settings = await readOutOfStockSettings(sql);
  const threshold = settings.threshold;

  const sales = await salesFigures(sql, {
    now,
    currentStart: iso(current_start),
    previousStart: iso(previous_start),
    previousEnd: iso(previous_end),
  });

  const given = await discountsGiven(sql, { from: current_start, to: now });
  const discountsGivenKobo = given.givenKobo;

  // Units of orders the shop keeps money for and will deliver.
  const {
    rows: [units],
  } = await pg<{ current: number; previous: number }>`
    SELECT coalesce(sum(i.quantity) FILTER (WHERE o.paid_at >= ${current_start}
                                              AND o.paid_at <= ${now}), 0) AS current,
           coalesce(sum(i.quantity) FILTER (WHERE o.paid_at >= ${previous_start}
                                              AND o.paid_at < ${previous_end}), 0) AS previous
      FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded')
       AND o.paid_at >= ${previous_start}`.execute(db);

  const {
    rows: [customers],
  } = await pg<{ total: number; current: number; previous: number }>`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE created_at >= ${current_start} AND created_at <= ${now}) AS current,
           count(*) FILTER (WHERE created_at >= ${previous_start}
                              AND created_at < ${previous_end}) AS previous
      FROM users WHERE role = 'customer'`.execute(db);

  // A product's stock is the sum of its variants'.
  const stock = db
    .selectFrom('products as p')
    .leftJoin('product_variants as v', 'v.product_id', 'p.id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.is_active',
      eb.fn.coalesce(eb.fn.sum<number>('v.stock_quantity'), eb.lit(0)).as('stock'),
    ])
    .groupBy('p.id')
    .as('s');
  const inventory = await db
    .selectFrom(stock)
    .select((eb) => [
      eb.fn.countAll<number>().as('products'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f.ref('is_active'), f('stock', '<=', threshold)]))
        .as('low'),
    ])
    .executeTakeFirstOrThrow();
  const products = await db
    .selectFrom(stock)
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('name')
    .orderBy('id')
    .limit(DASHBOARD_PRODUCTS)
    .execute();
  const lowStock = await db
    .selectFrom(stock)
    .select(['id', 'name', 'stock'])
    .where((eb) => eb.ref('is_active'))
    .where('stock', '<=', threshold)
    .orderBy('stock')
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .limit(DASHBOARD_PRODUCTS)
    .execute();

  // The account's email, as the Orders list shows it; null (Guest) for an order without one.
  const recent = await db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'u.email', 'o.created_at', 'o.status', 'o.payment_status', 'o.total_amount_kobo'])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(LIMITS.recentOrders)
    .execute();

  const days = await salesByLagosDay(sql, now, SALES_CHART_DAYS);

  return {
    asOf: now,
    periods: {
      currentStart: iso(current_start),
      previousStart: iso(previous_start),
      previousEnd: iso(previous_end),
    },
    sales: {
      totalKobo: sales.totalKobo,
      paidOrders: sales.paidOrders,
      month: comparison(sales.currentKobo, sales.previousKobo),
      refundDueKobo: sales.refundDueKobo,
    },
    discounts: {
      revenueKobo: sales.currentKobo,
      beforeDiscountsKobo: sales.currentKobo + discountsGivenKobo,
      discountsGivenKobo,
      discountedOrders: given.orders,
    },
    customers: { total: customers!.total, month: comparison(customers!.current, customers!.previous) },
    inventory: {
      products: inventory.products,
      lowStock: inventory.low,
      threshold,
      unitsSold: comparison(units?.current ?? 0, units?.previous ?? 0),
    },
    recentOrders: recent.map((row) => ({
      id: row.id,
      shortId: shortId(row.id),
      email: row.email,
      createdAt: iso(row.created_at),
      status: row.status,
      paymentStatus: row.payment_status,
      totalKobo: row.total_amount_kobo,
    })),
    products: {
      items: products.map((row) => ({
        id: row.id,
        name: row.name,
        stock: row.stock,
        isActive: row.is_active,
      })),
      total: inventory.products,
    },
    lowStock: lowStock.map((row) => ({ id: row.id, name: row.name, stock: row.stock })),
    salesByDay: days,
  };
}
