import { LIMITS, shortId } from '#shared/constants';
import { SHOP_TIME_ZONE } from '#shared/dates';
import {
  DASHBOARD_PRODUCTS,
  type Dashboard,
  type PeriodComparison,
  SALES_CHART_DAYS,
} from '#shared/schemas/dashboard';
import type { AppDeps } from '../../context';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';
import { salesByLagosDay, salesFigures } from '../payments/ledger';

type Periods = { current_start: Date | string; previous_start: Date | string; previous_end: Date | string };

/**
 * This month so far and the same stretch of last month, in Lagos: the current stretch runs from
 * the first of this month (00:00 Lagos) to now; the previous one from the first of last month for
 * the same length of time, cut at the end of last month (on 31 March the previous stretch is all
 * of February).
 */
const PERIODS_SQL = `
  WITH m AS (SELECT date_trunc('month', $1::timestamptz AT TIME ZONE '${SHOP_TIME_ZONE}') AS local_start)
  SELECT (local_start AT TIME ZONE '${SHOP_TIME_ZONE}') AS current_start,
         ((local_start - interval '1 month') AT TIME ZONE '${SHOP_TIME_ZONE}') AS previous_start,
         least(((local_start - interval '1 month') AT TIME ZONE '${SHOP_TIME_ZONE}')
                 + ($1::timestamptz - (local_start AT TIME ZONE '${SHOP_TIME_ZONE}')),
               local_start AT TIME ZONE '${SHOP_TIME_ZONE}') AS previous_end
  FROM m`;

/** Whole percent change, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}

const comparison = (current: number | string, previous: number | string): PeriodComparison => {
  const c = Number(current);
  const p = Number(previous);
  return { current: c, previous: p, changePercent: percentChange(c, p) };
};

const iso = (value: Date | string) => new Date(value).toISOString();

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
  const now = (options.now ?? new Date()).toISOString();
  const [periods] = await sql.query<Periods>(PERIODS_SQL, [now]);
  const { current_start, previous_start, previous_end } = periods!;
  const range = [now, current_start, previous_start, previous_end];
  const settings = await readOutOfStockSettings(sql);
  const threshold = settings.threshold;

  const sales = await salesFigures(sql, {
    now,
    currentStart: iso(current_start),
    previousStart: iso(previous_start),
    previousEnd: iso(previous_end),
  });

  // Units of orders the shop keeps money for and will deliver.
  const [units] = await sql.query<{ current: string; previous: string }>(
    `SELECT coalesce(sum(i.quantity) FILTER (WHERE o.paid_at >= $2 AND o.paid_at <= $1), 0)::text AS current,
            coalesce(sum(i.quantity) FILTER (WHERE o.paid_at >= $3 AND o.paid_at < $4), 0)::text AS previous
     FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded') AND o.paid_at >= $3`,
    range,
  );

  const [customers] = await sql.query<{ total: number; current: number; previous: number }>(
    `SELECT count(*)::int AS total,
            (count(*) FILTER (WHERE created_at >= $2 AND created_at <= $1))::int AS current,
            (count(*) FILTER (WHERE created_at >= $3 AND created_at < $4))::int AS previous
     FROM users WHERE role = 'customer'`,
    range,
  );

  // A product's stock is the sum of its variants'.
  const stockSql = `SELECT p.id, p.name, p.is_active, coalesce(sum(v.stock_quantity), 0)::int AS stock
                    FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
                    GROUP BY p.id`;
  const [inventory] = await sql.query<{ products: number; low: number }>(
    `SELECT count(*)::int AS products,
            (count(*) FILTER (WHERE is_active AND stock <= $1))::int AS low
     FROM (${stockSql}) s`,
    [threshold],
  );
  const products = await sql.query<{ id: string; name: string; is_active: boolean; stock: number }>(
    `SELECT * FROM (${stockSql}) s ORDER BY lower(name), name, id LIMIT $1`,
    [DASHBOARD_PRODUCTS],
  );
  const lowStock = await sql.query<{ id: string; name: string; stock: number }>(
    `SELECT id, name, stock FROM (${stockSql}) s WHERE is_active AND stock <= $1
     ORDER BY stock, lower(name), id LIMIT $2`,
    [threshold, DASHBOARD_PRODUCTS],
  );

  const recent = await sql.query<{
    id: string;
    email: string | null;
    created_at: Date | string;
    status: Dashboard['recentOrders'][number]['status'];
    payment_status: Dashboard['recentOrders'][number]['paymentStatus'];
    total_amount_kobo: string | number;
  }>(
    // The account's email, as the Orders list shows it; null (Guest) for an order without one.
    `SELECT o.id, u.email, o.created_at, o.status, o.payment_status, o.total_amount_kobo
     FROM orders o LEFT JOIN users u ON u.id = o.user_id
     ORDER BY o.created_at DESC, o.id DESC LIMIT $1`,
    [LIMITS.recentOrders],
  );

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
    customers: { total: customers!.total, month: comparison(customers!.current, customers!.previous) },
    inventory: {
      products: inventory!.products,
      lowStock: inventory!.low,
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
      totalKobo: Number(row.total_amount_kobo),
    })),
    products: {
      items: products.map((row) => ({
        id: row.id,
        name: row.name,
        stock: row.stock,
        isActive: row.is_active,
      })),
      total: inventory!.products,
    },
    lowStock: lowStock.map((row) => ({ id: row.id, name: row.name, stock: row.stock })),
    salesByDay: days,
  };
}
