import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRefundListResponse,
  REFUND_LIST_FILTERS,
  ReconciliationListResponse,
  ReconciliationRequest,
  ReconciliationRun,
} from '#shared/schemas/money';
import { type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/** Every call of the Payments section: money going back, and reconciliation with Paystack. */

export type RefundFilter = (typeof REFUND_LIST_FILTERS)[number];
export type RefundListQuery = { filter: RefundFilter; page: number };

export const REFUNDS_PAGE_SIZE = 20;

/** A run still working is read again this often, until it is done or failed. */
export const RUNNING_POLL_MS = 2_000;

/** GET /api/admin/payments/refunds: orders the shop owes money back to, or refunded by itself. */
export function fetchRefunds(
  query: RefundListQuery,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminRefundListResponse> {
  const params = new URLSearchParams({
    filter: query.filter,
    page: String(query.page),
    pageSize: String(REFUNDS_PAGE_SIZE),
  });
  return apiJson<AdminRefundListResponse>(fetcher, `/api/admin/payments/refunds?${params}`, { signal });
}

export const refundsQuery = (query: RefundListQuery, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.payments.refunds(query),
    queryFn: ({ signal }) => fetchRefunds(query, fetcher, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useRefunds = (query: RefundListQuery) => useQuery(refundsQuery(query));

/** GET /api/admin/payments/reconciliations: the latest runs, newest first. */
export function fetchReconciliations(
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<ReconciliationListResponse> {
  return apiJson<ReconciliationListResponse>(fetcher, '/api/admin/payments/reconciliations', { signal });
}

export const reconciliationsQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.payments.reconciliations(),
    queryFn: ({ signal }) => fetchReconciliations(fetcher, signal),
    // A run finishes in a background job within seconds: the list follows it while one runs.
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? RUNNING_POLL_MS : false,
  });

export const useReconciliations = () => useQuery(reconciliationsQuery());

/** GET /api/admin/payments/reconciliations/:id: one run, its figures and every item. */
export async function fetchReconciliation(
  runId: string,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<ReconciliationRun> {
  const body = await apiJson<{ run: ReconciliationRun }>(
    fetcher,
    `/api/admin/payments/reconciliations/${encodeURIComponent(runId)}`,
    { signal },
  );
  return body.run;
}

export const reconciliationQuery = (runId: string, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.payments.reconciliation(runId),
    queryFn: ({ signal }) => fetchReconciliation(runId, fetcher, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });

export const useReconciliation = (runId: string | null) =>
  useQuery({ ...reconciliationQuery(runId ?? ''), enabled: runId !== null });

/** POST /api/admin/payments/reconciliations: answered at once (202) with the run, still running. */
export async function startReconciliation(
  request: ReconciliationRequest,
  fetcher: ApiFetch = browserFetch,
): Promise<ReconciliationRun> {
  const body = await apiJson<{ run: ReconciliationRun }>(fetcher, '/api/admin/payments/reconciliations', {
    method: 'POST',
    json: request,
  });
  return body.run;
}

export function useStartReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReconciliationRequest) => startReconciliation(request),
    onSuccess: async (run) => {
      queryClient.setQueryData(adminKeys.payments.reconciliation(run.id), run);
      await queryClient.invalidateQueries({ queryKey: adminKeys.payments.reconciliations(), exact: true });
    },
  });
}
