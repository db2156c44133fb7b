import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import type { StoreSettings } from '#shared/schemas/settings';
import { Toasts } from './components/ui/toast';
import { CartProvider } from './features/cart/cart-provider';
import { type InitialNotifications, NotificationBanner } from './features/notifications/banner';
import { Footer } from './layout/footer';
import { Navbar } from './layout/navbar';
import { browserFetch } from './lib/api';
import { headTitle } from './lib/head';
import { type LoadedPage, loadPage } from './lib/page-loader';
import type { RouteModule } from './lib/route-module';
import { SessionProvider, type SessionUser, useSession } from './lib/session';
import type { RouteEntry } from './routes';
import './app.css';

/** Idle sign-out watches signed-in visitors only: a visitor's first script goes without it. */
const IdleSignOut = lazy(() => import('./lib/idle-sign-out'));

/** What the server rendered with, serialised into the page so the browser hydrates the same tree. */
export interface InitialState {
  url: string;
  route: RouteEntry;
  params: Record<string, string | undefined>;
  data: unknown;
  status: number;
  error?: string;
  user: SessionUser | null;
  /** Site notifications for the first view's path, rendered by the server. */
  notifications: InitialNotifications;
  /** The shop's name and contact details for the footer (Settings → Store); null if unknown. */
  store: StoreSettings | null;
  /** Where product images are written (IMAGE_BASE_URL), '' for the shop itself (shared/images.ts). */
  imageBaseUrl: string;
}

type PageState = Extract<LoadedPage, { kind: 'page' }> & { key: string };

interface PageContextValue {
  /** Runs the current page's `load` again, e.g. after a change the page shows. */
  revalidate(): Promise<void>;
  pending: boolean;
  status: number;
}
const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage must be used inside the app');
  return value;
}

const keyOf = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;
const pathOf = (key: string) => key.split('?')[0];

export function App({ initial, module }: { initial: InitialState; module: RouteModule }) {
  return (
    <SessionProvider initialUser={initial.user}>
      <CartProvider>
        <Shell initial={initial} module={module} />
      </CartProvider>
    </SessionProvider>
  );
}

function Shell({ initial, module }: { initial: InitialState; module: RouteModule }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const [page, setPage] = useState<PageState>(() => ({
    kind: 'page',
    key: initial.url,
    route: initial.route,
    module,
    params: initial.params,
    data: initial.data,
    status: initial.status,
    error: initial.error,
  }));
  const [pending, setPending] = useState<{ Pending?: RouteModule['Pending'] } | null>(null);
  const scrollPositions = useRef(new Map<string, number>());
  const current = keyOf(location);
  const signedIn = useSession().user !== null;

  // Marks the page as interactive: until React has hydrated, the server's buttons do nothing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  const load = useCallback(
    async (key: string, signal: { cancelled: boolean }) => {
      const url = new URL(key, window.location.origin);
      const loaded = await loadPage(url, browserFetch, (module) => {
        if (!signal.cancelled && module.Pending) setPending({ Pending: module.Pending });
      });
      if (signal.cancelled) return;
      if (loaded.kind === 'redirect') {
        navigate(loaded.to, { replace: true });
        return;
      }
      setPage({ ...loaded, key });
      setPending(null);
    },
    [navigate],
  );

  // Same path on a page that follows its own query string: it keeps running and reads the URL.
  const followedByPage = page.module.ownsSearch === true && pathOf(page.key) === location.pathname;

  useEffect(() => {
    if (page.key === current) return;
    if (followedByPage) {
      setPage((previous) => ({ ...previous, key: current }));
      return;
    }
    const signal = { cancelled: false };
    setPending({});
    load(current, signal).catch(() => {
      if (!signal.cancelled) window.location.assign(current);
    });
    return () => {
      signal.cancelled = true;
    };
  }, [current, page.key, followedByPage, load]);

  // Scroll: new pages start at the top; back/forward returns to where the visitor was.
  useEffect(() => {
    const positions = scrollPositions.current;
    const key = location.key;
    if (page.key !== current) return;
    if (navigationType === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    // A page that replaces its own query string (a filter, a default tab) keeps its scroll.
    else if (!location.hash && !(navigationType === 'REPLACE' && page.module.ownsSearch))
      window.scrollTo(0, 0);
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [page.key, page.module, current, location.key, location.hash, navigationType]);

  useEffect(() => {
    const title = headTitle(page.module, page.data, page.params, new URL(page.key, window.location.origin));
    if (title) document.title = title;
  }, [page]);

  const revalidate = useCallback(() => load(page.key, { cancelled: false }), [load, page.key]);
  const Page = page.module.default;
  const isLoading = pending !== null;
  const Skeleton = pending?.Pending;

  return (
    <PageContext.Provider value={{ revalidate, pending: isLoading, status: page.status }}>
      {signedIn ? (
        <Suspense fallback={null}>
          <IdleSignOut />
        </Suspense>
      ) : null}
      <Layout
        layout={page.route.layout ?? 'shop'}
        loading={isLoading}
        notifications={initial.notifications}
        store={initial.store}
      >
        {Skeleton ? (
          <Skeleton />
        ) : page.error ? (
          <PageError message={page.error} />
        ) : (
          <Page
            key={page.module.ownsSearch ? pathOf(page.key) : page.key}
            data={page.data}
            params={page.params}
          />
        )}
      </Layout>
      <Toasts />
    </PageContext.Provider>
  );
}

function Layout({
  layout,
  loading,
  notifications,
  store,
  children,
}: {
  layout: 'shop' | 'admin';
  loading: boolean;
  notifications: InitialNotifications;
  store: StoreSettings | null;
  children: ReactNode;
}) {
  return (
    <>
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-accent transition-transform duration-300 ${loading ? 'scale-x-75' : 'scale-x-0'}`}
      />
      {layout === 'shop' ? (
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
          >
            Skip to content
          </a>
          <NotificationBanner initial={notifications} />
          <Navbar />
          <main id="main" className="flex-1" aria-busy={loading}>
            {children}
          </main>
          <Footer store={store} />
        </div>
      ) : (
        // Admin pages draw their own frame, with its <main>.
        <div aria-busy={loading}>{children}</div>
      )}
    </>
  );
}

function PageError({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-neutral-600">{message}</p>
      <a href="/" className="mt-6 inline-block rounded bg-brand px-5 py-3 font-semibold text-white">
        Return to Home
      </a>
    </div>
  );
}
