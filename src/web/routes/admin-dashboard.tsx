import type { DehydratedState } from '@tanstack/react-query';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CheckingAccess } from '../components/ui/checking-access';
import { adminProfileQuery } from '../features/admin/admin-profile';
import { AdminDataProvider, prefetchAdminData } from '../features/admin/admin-query-client';
import {
  ADMIN_SECTIONS,
  type AdminTab,
  DEFAULT_TAB,
  parseAdminTab,
  sectionOf,
} from '../features/admin/admin-sections';
import { AdminShell } from '../features/admin/admin-shell';
import { SectionBoundary } from '../features/admin/section-boundary';
import { SectionHeading } from '../features/admin/section-heading';
import { requireAdmin } from '../lib/guards';
import type { HeadArgs, HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { type SessionUser, useSession } from '../lib/session';
import { paths } from '../paths';

type Data = { user: SessionUser; dehydrated: DehydratedState | null };

/**
 * The admin panel. Admins only: a guest goes to /login (and comes back), a shopper to the home
 * page; the API refuses both whatever this page does. What the shell shows first (the admin's
 * profile) is fetched here, so the first view is rendered with it.
 */
export async function load(args: LoadArgs): Promise<Data> {
  const user = await requireAdmin(args);
  const dehydrated = await prefetchAdminData(user.id, adminProfileQuery(args.api));
  return { user, dehydrated };
}

export function head({ url }: HeadArgs<Data>): HeadTag[] {
  const section = sectionOf(parseAdminTab(url.searchParams.get('tab')) ?? DEFAULT_TAB);
  return [{ title: `${section.label} | Admin | Naija Street` }, { name: 'robots', content: 'noindex' }];
}

export const Pending = CheckingAccess;

/** Moving between sections changes only `?tab=`: the page stays mounted and follows it. */
export const ownsSearch = true;

const SECTIONS = new Map<AdminTab, LazyExoticComponent<ComponentType>>(
  ADMIN_SECTIONS.map((section) => [section.tab, lazy(section.load)]),
);

export default function AdminPanelPage({ data }: PageProps<Data>) {
  const { refresh } = useSession();
  const location = useLocation();
  const [, setParams] = useSearchParams();
  // After leaving the panel the page stays on screen until the next one has loaded: it reads the
  // address only while the address is its own, and keeps showing the section it showed.
  const here = location.pathname === paths.adminDashboard;
  const asked = here ? parseAdminTab(new URLSearchParams(location.search).get('tab')) : null;
  const [tab, setTab] = useState<AdminTab>(asked ?? DEFAULT_TAB);
  if (here && (asked ?? DEFAULT_TAB) !== tab) setTab(asked ?? DEFAULT_TAB);

  // The section is always in the address: a missing or unknown one becomes the dashboard.
  useEffect(() => {
    if (!here || asked) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', DEFAULT_TAB);
        return next;
      },
      { replace: true },
    );
  }, [here, asked, setParams]);

  // A refusal from the API (session ended, admin role removed): the shell sees the session
  // change and returns to /admin.
  const onAccessLost = useCallback(() => void refresh().catch(() => undefined), [refresh]);

  return (
    <AdminDataProvider adminId={data.user.id} state={data.dehydrated} onAccessLost={onAccessLost}>
      <AdminShell tab={tab}>
        <SectionView key={tab} tab={tab} />
      </AdminShell>
    </AdminDataProvider>
  );
}

const subscribeNever = () => () => {};

/**
 * The section's module, loaded on first use. The server renders its heading only: the module
 * loads in the browser, after hydration, so the first render there matches the server's.
 */
function SectionView({ tab }: { tab: AdminTab }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const { label } = sectionOf(tab);
  const loading = (
    <>
      <SectionHeading title={label} />
      <p role="status" className="mt-4 text-sm text-neutral-600">
        Loading {label.toLowerCase()}...
      </p>
    </>
  );
  if (!hydrated) return loading;
  const Section = SECTIONS.get(tab)!;
  return (
    <SectionBoundary title={label}>
      <Suspense fallback={loading}>
        <Section />
      </Suspense>
    </SectionBoundary>
  );
}
