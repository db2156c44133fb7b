import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus, PaymentStatus } from '#shared/constants';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  OrderStatusFilter,
  RefundRequest,
  RefundResponse,
} from '#shared/schemas/admin-orders';
import { type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/** The Orders tab's list: search text, status filter and page (GET /api/admin/orders). */
export type OrderFilters = { q: string; status: OrderStatusFilter; page: number };

export const PAGE_SIZE = 20;

function listSearch({ q, status }: Pick<OrderFilters, 'q' | 'status'>): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  params.set('status', status);
  return params;
}

/** Where the CSV of the filtered list downloads from (every page of it). */
export const ordersCsvUrl = (filters: Pick<OrderFilters, 'q' | 'status'>) =>
  `/api/admin/orders/export.csv?${listSearch(filters)}`;

/** The printable packing slip of one order. */
export const packingSlipUrl = (orderId: string) => `/api/admin/orders/${orderId}/packing-slip`;

export function fetchAdminOrders(
  filters: OrderFilters,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminOrderListResponse> {
  const params = listSearch(filters);
  params.set('page', String(filters.page));
  params.set('pageSize', String(PAGE_SIZE));
  return apiJson<AdminOrderListResponse>(fetcher, `/api/admin/orders?${params}`, { signal });
}

const orderKeys = {
  list: (filters: OrderFilters) => [...adminKeys.orders.all(), 'list', filters] as const,
  detail: (orderId: string) => [...adminKeys.orders.all(), 'detail', orderId] as const,
};

export const adminOrdersQuery = (filters: OrderFilters, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) => fetchAdminOrders(filters, fetcher, signal),
    // Live updates refresh it; the previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (filters: OrderFilters) => useQuery(adminOrdersQuery(filters));

export function fetchAdminOrder(
  orderId: string,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminOrderDetail> {
  return apiJson<AdminOrderDetail>(fetcher, `/api/admin/orders/${orderId}`, { signal });
}

export const adminOrderQuery = (orderId: string, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => fetchAdminOrder(orderId, fetcher, signal),
  });

export const useAdminOrder = (orderId: string | null) =>
  useQuery({ ...adminOrderQuery(orderId ?? ''), enabled: orderId !== null });

/** Every change to an order refreshes the lists, the open order and the dashboard's figures. */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.orders.all() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard.all() }),
    ]);
}

export function useSetOrderStatus(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      apiJson<{ changed: boolean }>(browserFetch, `/api/admin/orders/${orderId}/status`, {
        method: 'PATCH',
        json: { status },
      }),
    onSettled: invalidate,
  });
}

export function useSetPaymentStatus(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (paymentStatus: PaymentStatus) =>
      apiJson<{ changed: boolean }>(browserFetch, `/api/admin/orders/${orderId}/payment-status`, {
        method: 'PATCH',
        json: { paymentStatus },
      }),
    onSettled: invalidate,
  });
}

/** Tries a failed refund again (a new refund of the same amount). */
export function useRetryRefund(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (refundId: string) =>
      apiJson<RefundResponse>(browserFetch, `/api/admin/orders/${orderId}/refunds/${refundId}/retry`, {
        method: 'POST',
        json: {},
      }),
    onSettled: invalidate,
  });
}

/** Asks Paystack now where a pending refund stands. */
export function useCheckRefund(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (refundId: string) =>
      apiJson<RefundResponse>(browserFetch, `/api/admin/orders/${orderId}/refunds/${refundId}/check`, {
        method: 'POST',
        json: {},
      }),
    onSettled: invalidate,
  });
}

export function useRefundOrder(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (request: RefundRequest) =>
      apiJson<RefundResponse>(browserFetch, `/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        json: request,
      }),
    onSettled: invalidate,
  });
}
