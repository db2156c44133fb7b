import { matchRoutes } from 'react-router';
import type { RouteModule } from './lib/route-module';

/**
 * The route table. Each page is its own lazily loaded chunk (import.meta.glob), so a shopper's
 * first view downloads only the page it shows, and admin code never reaches the storefront.
 */
// Tests beside the pages are not pages: left out, or they would be chunks the entry names.
const pages = import.meta.glob<RouteModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

export type Layout = 'shop' | 'admin';
export interface RouteEntry {
  path: string;
  /** Module key of the page, relative to src/web. */
  file: string;
  layout?: Layout;
  /**
   * The page is the same for every anonymous visitor (the catalogue): the server keeps its
   * rendering until a change is announced (src/server/http/page-cache.ts).
   */
  shared?: true;
}

export const ROUTES: RouteEntry[] = [
  { path: '/', file: './routes/home.tsx', shared: true },
  { path: '/collections', file: './routes/collections.tsx', shared: true },
  { path: '/shipping-policy', file: './routes/shipping-policy.tsx', shared: true },
  { path: '/terms-of-service', file: './routes/terms-of-service.tsx', shared: true },
  { path: '/query-routing-example', file: './routes/query-routing-example.tsx' },
  { path: '/new', file: './routes/listing.tsx', shared: true },
  { path: '/men/:category', file: './routes/listing.tsx', shared: true },
  { path: '/women/:category', file: './routes/listing.tsx', shared: true },
  { path: '/tshirts', file: './routes/listing.tsx', shared: true },
  { path: '/tops', file: './routes/listing.tsx', shared: true },
  { path: '/sweatshirts', file: './routes/listing.tsx', shared: true },
  { path: '/jackets', file: './routes/listing.tsx', shared: true },
  { path: '/knitwear', file: './routes/listing.tsx', shared: true },
  { path: '/bottoms', file: './routes/listing.tsx', shared: true },
  { path: '/denim', file: './routes/listing.tsx', shared: true },
  { path: '/hats', file: './routes/listing.tsx', shared: true },
  { path: '/bags', file: './routes/listing.tsx', shared: true },
  { path: '/accessories', file: './routes/listing.tsx', shared: true },
  { path: '/womens', file: './routes/listing.tsx', shared: true },
  { path: '/product/:id', file: './routes/product.tsx', shared: true },
  { path: '/product', file: './routes/product.tsx' },
  { path: '/search', file: './routes/search.tsx' },
  { path: '/cart', file: './routes/cart.tsx' },
  { path: '/checkout', file: './routes/checkout.tsx' },
  { path: '/payment/:orderId', file: './routes/payment.tsx' },
  { path: '/order-confirmation/:orderId', file: './routes/order-confirmation.tsx' },
  { path: '/login', file: './routes/login.tsx' },
  { path: '/register', file: './routes/register.tsx' },
  { path: '/forgot-password', file: './routes/forgot-password.tsx' },
  { path: '/reset-password', file: './routes/reset-password.tsx' },
  { path: '/auth/confirm', file: './routes/auth-confirm.tsx' },
  { path: '/auth/callback', file: './routes/auth-callback.tsx' },
  { path: '/auth/signup', file: './routes/auth-signup.tsx' },
  { path: '/account', file: './routes/account.tsx' },
  { path: '/admin', file: './routes/admin.tsx', layout: 'admin' },
  { path: '/admin/dashboard', file: './routes/admin-dashboard.tsx', layout: 'admin' },
  { path: '/dev/mailbox', file: './routes/dev-mailbox.tsx' },
  { path: '*', file: './routes/not-found.tsx' },
];

export type RouteMatch = { route: RouteEntry; params: Record<string, string | undefined> };

export function matchRoute(pathname: string): RouteMatch {
  const matches = matchRoutes(ROUTES, pathname);
  const found = matches?.[0];
  if (found) return { route: found.route as RouteEntry, params: found.params };
  return { route: ROUTES.find((route) => route.path === '*')!, params: {} };
}

export function importPage(route: RouteEntry): Promise<RouteModule> {
  const importer = pages[route.file];
  if (!importer) throw new Error(`No page module ${route.file}`);
  return importer();
}

/** The source file of a page as the client build manifest names it. */
export const manifestKey = (route: RouteEntry) => `src/web/${route.file.slice(2)}`;
