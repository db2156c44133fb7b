import { matchRoutes } from 'react-router';
import type { RouteModule } from './lib/route-module';

/**
 * The route table. Each page is its own lazily loaded chunk (import.meta.glob), so a shopper's
 * first view downloads only the page it shows, and admin code never reaches the storefront.
 */
const pages = import.meta.glob<RouteModule>('./routes/**/*.tsx');

export type Layout = 'shop' | 'admin';
export interface RouteEntry {
  path: string;
  /** Module key of the page, relative to src/web. */
  file: string;
  layout?: Layout;
}

export const ROUTES: RouteEntry[] = [
  { path: '/', file: './routes/home.tsx' },
  { path: '/collections', file: './routes/collections.tsx' },
  { path: '/shipping-policy', file: './routes/shipping-policy.tsx' },
  { path: '/terms-of-service', file: './routes/terms-of-service.tsx' },
  { path: '/query-routing-example', file: './routes/query-routing-example.tsx' },
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
