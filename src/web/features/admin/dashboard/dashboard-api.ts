import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/schemas/dashboard';
import { type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/** GET /api/admin/dashboard: every figure of the Dashboard, computed on the server. */
export function fetchDashboard(fetcher: ApiFetch = browserFetch, signal?: AbortSignal): Promise<Dashboard> {
  return apiJson<Dashboard>(fetcher, '/api/admin/dashboard', { signal });
}

export const dashboardQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: [...adminKeys.dashboard.all(), 'summary'] as const,
    queryFn: ({ signal }) => fetchDashboard(fetcher, signal),
  });

export const useDashboard = () => useQuery(dashboardQuery());
