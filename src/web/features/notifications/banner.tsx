import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ActiveNotification, ActiveNotificationsResponse } from '#shared/schemas/catalog';
import { type ApiFetch, apiJson, browserFetch } from '../../lib/api';

/**
 * The drawing is its own chunk, fetched only when there is something to show. When the first
 * view already has notifications, the server renders them and the chunk is loaded before
 * hydration (preloadBannerView), so the banner never pushes the page down after it appears.
 */
type View = typeof import('./banner-view').default;
let loadedView: View | null = null;
const LazyView = lazy(() => import('./banner-view'));

export async function preloadBannerView(): Promise<void> {
  loadedView = (await import('./banner-view')).default;
}

/** The notifications of the first view, rendered by the server. */
export type InitialNotifications = { path: string; notifications: ActiveNotification[] };

/** Dismissed until the page is reloaded: kept outside React so a remount does not bring it back. */
let dismissedThisLoad = false;

/**
 * The site notification banner above the navbar. It asks the API for the notifications of the
 * current path after every navigation; errors are ignored (no banner). It renders nothing, and
 * takes no space, until there is something to show.
 */
export function NotificationBanner({ initial }: { initial: InitialNotifications }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(initial);
  const [dismissed, setDismissed] = useState(dismissedThisLoad);

  useEffect(() => {
    if (dismissedThisLoad || pathname === shown.path) return;
    let current = true;
    apiJson<ActiveNotificationsResponse>(
      browserFetch,
      `/api/notifications/active?path=${encodeURIComponent(pathname)}`,
    )
      .then((body) => current && setShown({ path: pathname, notifications: body.notifications }))
      .catch(() => current && setShown({ path: pathname, notifications: [] }));
    return () => {
      current = false;
    };
  }, [pathname, shown.path]);

  if (dismissed || shown.notifications.length === 0) return null;
  const onDismiss = () => {
    dismissedThisLoad = true;
    setDismissed(true);
  };
  const View = loadedView;
  if (View) return <View notifications={shown.notifications} onDismiss={onDismiss} />;
  return (
    <Suspense fallback={null}>
      <LazyView notifications={shown.notifications} onDismiss={onDismiss} />
    </Suspense>
  );
}

/** The notifications for a path, or none when the API cannot say (never an error page). */
export async function fetchNotifications(fetcher: ApiFetch, path: string): Promise<ActiveNotification[]> {
  try {
    const body = await apiJson<ActiveNotificationsResponse>(
      fetcher,
      `/api/notifications/active?path=${encodeURIComponent(path)}`,
    );
    return body.notifications;
  } catch {
    return [];
  }
}
