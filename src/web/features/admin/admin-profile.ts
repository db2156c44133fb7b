import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProfile } from '#shared/schemas/admin';
import { type ApiFetch, apiJson, browserFetch } from '../../lib/api';
import { adminKeys } from './query-keys';

/**
 * GET /api/admin/me, the signed-in admin as the admin API sees them: the shell's welcome line and
 * email, and Settings → Admin. The pattern for every admin API call: a fetcher, its query options
 * (also used by a page's `load` to prefetch) and a hook.
 */
export function fetchAdminProfile(
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminProfile> {
  return apiJson<AdminProfile>(fetcher, '/api/admin/me', { signal });
}

/** `fetcher` is the in-process API when a page's `load` prefetches on the server. */
export const adminProfileQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.profile(),
    queryFn: ({ signal }) => fetchAdminProfile(fetcher, signal),
    // Who is signed in changes only with the session.
    staleTime: 5 * 60_000,
  });

export const useAdminProfile = () => useQuery(adminProfileQuery());
