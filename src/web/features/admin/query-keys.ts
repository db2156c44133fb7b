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
  products: area('products'),
  orders: area('orders'),
  customers: area('customers'),
  settings: area('settings'),
};
