import {
  type DehydratedState,
  dehydrate,
  type FetchQueryOptions,
  HydrationBoundary,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  isServer,
  notifyManager,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';

/** A refusal the admin cannot fix by trying again (validation, not found, no access). */
const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The session ended or lost its admin role while the panel was open. */
export const isAccessError = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * A change the panel made, or heard of live, invalidates what it affects; TanStack Query then
 * refetches it, but a query whose first answer is still on its way only waits for that answer,
 * which was asked for before the change and would stand as fresh (a list searched a moment before
 * a save showed the product unsaved until the next refetch). Such a first fetch is asked again
 * here, and whoever awaits it gets the new answer.
 */
class PanelQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    return notifyManager.batch(() => {
      if (filters?.refetchType !== 'none') {
        for (const query of this.getQueryCache().findAll(filters)) {
          if (query.state.data !== undefined || query.state.fetchStatus !== 'fetching') continue;
          // A silent cancel hands the new fetch's answer to those awaiting the old one.
          void query.cancel({ silent: true });
          query.fetch().catch(() => {
            // Its observers show the failure; a loader awaiting it receives it.
          });
        }
      }
      return super.invalidateQueries(filters, options);
    });
  }
}

export function createAdminQueryClient(): QueryClient {
  return new PanelQueryClient({
    defaultOptions: {
      queries: {
        // Data shown is at most 30 s old before a refetch (also on returning to the tab).
        staleTime: 30_000,
        // Network trouble and server errors are tried twice more; a 4xx answer will not change.
        retry: (failures, error) => !isClientError(error) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

let browser: { client: QueryClient; adminId: string } | null = null;

/**
 * The admin panel's query cache. In the browser one per tab, kept across sections and page
 * loads (another admin signing in on the same tab starts with an empty one); on the server a new
 * one per render, so no admin's data ever reaches another request.
 */
export function getAdminQueryClient(adminId: string): QueryClient {
  if (isServer) return createAdminQueryClient();
  if (browser?.adminId !== adminId) {
    browser?.client.clear();
    browser = { client: createAdminQueryClient(), adminId };
  }
  return browser.client;
}

/**
 * After signing out: whoever signs in next on this tab, even the same admin, starts with an empty
 * cache. The old one is left to the page still on screen until it unmounts (clearing it now would
 * only make its queries fetch again, refused).
 */
export function forgetAdminData() {
  browser = null;
}

/**
 * For an admin page's `load`: fetches what the page shows first. On the server the answers are
 * returned dehydrated, to travel in the page's state into the browser's cache (AdminDataProvider),
 * so the first view is rendered with them; in the browser they are already in its cache.
 */
export async function prefetchAdminData(
  adminId: string,
  // biome-ignore lint/suspicious/noExplicitAny: each query has its own data type; any of them may be prefetched
  ...queries: FetchQueryOptions<any, any, any, any>[]
): Promise<DehydratedState | null> {
  const client = getAdminQueryClient(adminId);
  await Promise.all(queries.map((query) => client.prefetchQuery(query)));
  return isServer ? dehydrate(client) : null;
}

/**
 * TanStack Query for the admin panel only (this module is part of the admin chunk): the cache
 * above, seeded with what the page's `load` prefetched. `onAccessLost` runs when any query or
 * change is refused with 401/403, e.g. after the session ended elsewhere.
 */
export function AdminDataProvider({
  adminId,
  state,
  onAccessLost,
  children,
}: {
  adminId: string;
  state: DehydratedState | null;
  onAccessLost: () => void;
  children: ReactNode;
}) {
  const [client] = useState(() => getAdminQueryClient(adminId));

  useEffect(() => {
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isAccessError(event.action.error)) {
        onAccessLost();
      }
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isAccessError(event.action.error)) {
        onAccessLost();
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, onAccessLost]);

  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state ?? undefined}>{children}</HydrationBoundary>
    </QueryClientProvider>
  );
}
