import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCustomerDetailResponse,
  AdminCustomerListResponse,
  SendCustomerEmailRequest,
  SendCustomerEmailResponse,
  SetCustomerRoleRequest,
  SetCustomerRoleResponse,
} from '#shared/schemas/customers';
import { type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/** The Customers section's API calls (GET/POST /api/admin/customers…), after admin-profile.ts. */
export type CustomerFilters = { search: string; page: number; pageSize: number };

export const customerKeys = {
  list: (filters: CustomerFilters) => [...adminKeys.customers.all(), 'list', filters] as const,
  detail: (id: string) => [...adminKeys.customers.all(), 'detail', id] as const,
};

export function fetchCustomers(
  filters: CustomerFilters,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminCustomerListResponse> {
  const query = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  return apiJson<AdminCustomerListResponse>(fetcher, `/api/admin/customers?${query}`, { signal });
}

export const customersQuery = (filters: CustomerFilters, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ signal }) => fetchCustomers(filters, fetcher, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCustomers = (filters: CustomerFilters) => useQuery(customersQuery(filters));

export function fetchCustomer(
  id: string,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminCustomerDetailResponse> {
  return apiJson<AdminCustomerDetailResponse>(fetcher, `/api/admin/customers/${encodeURIComponent(id)}`, {
    signal,
  });
}

export const customerQuery = (id: string, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => fetchCustomer(id, fetcher, signal),
  });

export const useCustomer = (id: string | null) =>
  useQuery({ ...customerQuery(id ?? ''), enabled: id !== null });

/** 'Send email': the message is queued; the customer's details then list it with its status. */
export function useSendCustomerEmail(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendCustomerEmailRequest) =>
      apiJson<SendCustomerEmailResponse>(
        browserFetch,
        `/api/admin/customers/${encodeURIComponent(id)}/email`,
        {
          method: 'POST',
          json: input,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.detail(id) }),
  });
}

/** Grant or revoke admin access (super admins only; the server has the last word). */
export function useSetCustomerRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string } & SetCustomerRoleRequest) =>
      apiJson<SetCustomerRoleResponse>(browserFetch, `/api/admin/customers/${encodeURIComponent(id)}/role`, {
        method: 'POST',
        json: { role },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.customers.all() }),
  });
}
