import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LISTING_ROUTES } from '#shared/listings';
import { toast } from '../components/ui/toast';
import type { HeadTag } from '../lib/route-module';
import { ADMIN_NAMES, paths } from '../paths';

export function head(): HeadTag[] {
  return [{ title: 'Page not found | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Names sent back to their own path once, with a toast: the one-segment listing pages (/new,
 * /tshirts … /womens) and the admin pages. Built here rather than in paths.ts so the listings
 * module stays out of the first view of every page.
 */
const KNOWN_NAMES: readonly string[] = [
  ...LISTING_ROUTES.map((route) => route.path.slice(1)).filter((name) => !name.includes('/')),
  ...ADMIN_NAMES,
];

/**
 * The spec's named admin paths have no page of their own: the panel is one page whose section is
 * `?tab=`. Each goes to the section that holds it (stock is edited with the products; size guides,
 * shipping and notifications are store settings).
 */
const ADMIN_TABS: Readonly<Record<string, { tab: string; label: string }>> = {
  'admin/products': { tab: 'products', label: 'Products' },
  'admin/orders': { tab: 'orders', label: 'Orders' },
  'admin/inventory': { tab: 'products', label: 'Products (stock)' },
  'admin/customers': { tab: 'customers', label: 'Customers' },
  'admin/size-guide': { tab: 'settings', label: 'Settings (size guides)' },
  'admin/shipping': { tab: 'settings', label: 'Settings (shipping)' },
  'admin/notifications': { tab: 'settings', label: 'Settings (notifications)' },
  'admin/settings': { tab: 'settings', label: 'Settings' },
};

/**
 * The name a path spells, however it was typed: any case, percent-encoded, with doubled or
 * trailing slashes, spaces or the full stop of a sentence it was pasted from.
 */
function spelledName(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: read it as it is.
  }
  return decoded
    .toLowerCase()
    .replace(/[\s.,;:!?)]+$/, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
}

/**
 * A known page typed another way (//tshirts, /tshirts%20, /Hats.) or named by the spec
 * (/admin/orders): where it really is and what the toast calls it, else null. A target is always a
 * page of its own (a listing, or the admin panel), so it never comes back here: one redirect,
 * never a loop.
 */
export function knownPath(pathname: string): { to: string; label: string } | null {
  const name = spelledName(pathname);
  const admin = ADMIN_TABS[name];
  if (admin) return { to: paths.adminSection(admin.tab), label: `the admin panel's ${admin.label}` };
  return KNOWN_NAMES.includes(name) ? { to: `/${name}`, label: `/${name}` } : null;
}

export default function NotFound() {
  const location = useLocation();
  const navigate = useNavigate();
  const isAdminPath = location.pathname.toLowerCase().startsWith('/admin');

  useEffect(() => {
    const target = knownPath(location.pathname);
    if (!target || target.to === location.pathname) return;
    toast.info(`Taking you to ${target.label}`);
    // In place of the mistyped address (Back does not return to it); a listing keeps its filters.
    const keep = target.to.includes('?') ? '' : `${location.search}${location.hash}`;
    navigate(`${target.to}${keep}`, { replace: true });
  }, [location.pathname, location.search, location.hash, navigate]);

  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-black text-neutral-200">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-neutral-600">The page you're looking for doesn't exist.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className="rounded bg-brand px-5 py-3 text-sm font-bold text-white">
          Go to Homepage
        </Link>
        {isAdminPath ? (
          <a href={paths.admin} className="rounded border border-neutral-900 px-5 py-3 text-sm font-bold">
            Go to Admin Login
          </a>
        ) : null}
      </div>
      {isAdminPath ? (
        <p className="mt-4 text-sm text-neutral-500">
          You may need to log in again to reach the admin panel.
        </p>
      ) : null}
    </div>
  );
}
