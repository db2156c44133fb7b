/**
 * Every query key of the admin panel comes from this factory, so a change can refresh exactly
 * what it affects: `invalidateQueries({ queryKey: adminKeys.products.all() })` refreshes every
 * product list and product, `adminKeys.all()` everything. Keys are arrays from the general to
 * the particular; each area's keys start with its `all()`.
 *
 * Adding a query: give it a key under its area, e.g.
 *   products: { ...area('products'), list: (filters: ProductFilters) => [...area('products').all(), 'list', filters] as const }
 */
const ROOT = ['admin'] as const;

const area = <Name extends string>(name: Name) => ({
  all: () => [...ROOT, name] as const,
});

export const adminKeys = {
  all: () => ROOT,
  /** The signed-in admin (GET /api/admin/me). */
  profile: () => [...ROOT, 'profile'] as const,
  dashboard: area('dashboard'),
  products: {
    ...area('products'),
    list: (query: { q: string; page: number }) => [...area('products').all(), 'list', query] as const,
    detail: (id: string) => [...area('products').all(), 'detail', id] as const,
    categories: () => [...area('products').all(), 'categories'] as const,
  },
  orders: area('orders'),
  /** The Payments section: money going back, and reconciliation with Paystack. */
  payments: {
    ...area('payments'),
    refundLists: () => [...area('payments').all(), 'refunds'] as const,
    refunds: (query: { filter: string; page: number }) =>
      [...area('payments').all(), 'refunds', query] as const,
    reconciliations: () => [...area('payments').all(), 'reconciliations'] as const,
    reconciliation: (id: string) => [...area('payments').all(), 'reconciliations', id] as const,
  },
  customers: area('customers'),
  /** The Discounts section: the list, and the categories and products a discount may cover. */
  discounts: {
    ...area('discounts'),
    list: () => [...area('discounts').all(), 'list'] as const,
    categories: () => [...area('discounts').all(), 'categories'] as const,
    productSearch: (q: string) => [...area('discounts').all(), 'product-search', q] as const,
  },
  settings: {
    ...area('settings'),
    notifications: () => [...ROOT, 'settings', 'notifications'] as const,
    outOfStock: () => [...ROOT, 'settings', 'out-of-stock'] as const,
    store: () => [...ROOT, 'settings', 'store'] as const,
    shipping: () => [...ROOT, 'settings', 'shipping'] as const,
    payment: () => [...ROOT, 'settings', 'payment'] as const,
    emails: (filters: { status?: string; page: number }) => [...ROOT, 'settings', 'emails', filters] as const,
    failedJobs: (page: number) => [...ROOT, 'settings', 'failed-jobs', page] as const,
  },
  /** The audit log (Settings → Audit log), by its filters. */
  audit: {
    ...area('audit'),
    list: (filters: Record<string, string | number | undefined>) =>
      [...ROOT, 'audit', 'list', filters] as const,
  },
};
