/** GET /api/admin/dashboard: the figures of the admin's Dashboard, all computed on the server. */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../constants';

export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load the dashboard. Please try again.',
  wellStocked: 'All products are well stocked',
  noOrders: 'No orders yet',
  noProducts: 'No products found',
} as const;

/** Days of paid sales the chart shows, today (Lagos) included. */
export const SALES_CHART_DAYS = 30;
/** Products the dashboard's stock list shows (by name); the Products section has them all. */
export const DASHBOARD_PRODUCTS = 50;

/**
 * A figure this month so far against the same stretch of last month (from its first day to the same
 * day and time, in Lagos). `changePercent` is null when last month's figure was 0 (no base to
 * compare with).
 */
export const periodComparison = z.object({
  current: z.number().int(),
  previous: z.number().int(),
  changePercent: z.number().int().nullable(),
});
export type PeriodComparison = z.infer<typeof periodComparison>;

export const dashboardSchema = z.object({
  /** When the figures were read, and the two stretches compared (ISO instants). */
  asOf: z.string(),
  periods: z.object({
    currentStart: z.string(),
    previousStart: z.string(),
    previousEnd: z.string(),
  }),
  sales: z.object({
    /** Total Sales: money kept for orders that are not cancelled, in kobo (the ledger's sales). */
    totalKobo: z.number().int(),
    paidOrders: z.number().int(),
    /** Sales (kobo) this month so far against the same days of last month. */
    month: periodComparison,
    /** Money waiting to go back to shoppers now, shown apart from sales. */
    refundDueKobo: z.number().int(),
  }),
  /**
   * The same orders as this month's sales (paid this month so far, money kept), with and without
   * their discounts: a code's discount and waived delivery, and the sale prices and automatic
   * offers that lowered their items' prices. beforeDiscountsKobo = revenueKobo + discountsGivenKobo.
   */
  discounts: z.object({
    /** Sales this month so far (sales.month.current). */
    revenueKobo: z.number().int(),
    /** What the same orders would have cost at the products' own prices, delivery included. */
    beforeDiscountsKobo: z.number().int(),
    discountsGivenKobo: z.number().int(),
    /** Orders among them with a discount of any kind. */
    discountedOrders: z.number().int(),
  }),
  customers: z.object({
    total: z.number().int(),
    /** Sign-ups this month so far against the same days of last month. */
    month: periodComparison,
  }),
  inventory: z.object({
    products: z.number().int(),
    /** Active products whose stock is at or below the out-of-stock threshold. */
    lowStock: z.number().int(),
    threshold: z.number().int(),
    /** Units sold (paid orders) this month so far against the same days of last month. */
    unitsSold: periodComparison,
  }),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      shortId: z.string(),
      /** The account's email (as the Orders list shows it), or null for a guest order: 'Guest'. */
      email: z.string().nullable(),
      createdAt: z.string(),
      status: z.enum(ORDER_STATUSES),
      paymentStatus: z.enum(PAYMENT_STATUSES),
      totalKobo: z.number().int(),
    }),
  ),
  products: z.object({
    items: z.array(
      z.object({ id: z.string(), name: z.string(), stock: z.number().int(), isActive: z.boolean() }),
    ),
    total: z.number().int(),
  }),
  lowStock: z.array(z.object({ id: z.string(), name: z.string(), stock: z.number().int() })),
  /** Paid sales per Lagos day, oldest first, every day present (0 when none). */
  salesByDay: z.array(z.object({ date: z.string(), totalKobo: z.number().int(), orders: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
