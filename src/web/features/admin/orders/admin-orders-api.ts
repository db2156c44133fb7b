import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus, PaymentStatus } from '#shared/constants';
import type {
  AdminOrderDetail,
  AdminOrderListResponse,
  OrderStatusFilter,
  RefundRequest,
  RefundResponse,
} from '#shared/schemas/admin-orders';
import type { OfflinePayment } from '#shared/schemas/money';
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

/**
 * Every change to an order refreshes the lists, the open order, the dashboard's figures and the
 * Payments section (money due back moves with it).
 */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.orders.all() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard.all() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.payments.all() }),
    ]);
}

/** PATCH /api/admin/orders/:id/status: `refundKobo` is what cancelling a paid order asked of Paystack. */
export type SetOrderStatusResponse = { changed: boolean; refundKobo: number };

export function setOrderStatus(
  orderId: string,
  status: OrderStatus,
  fetcher: ApiFetch = browserFetch,
): Promise<SetOrderStatusResponse> {
  return apiJson<SetOrderStatusResponse>(fetcher, `/api/admin/orders/${orderId}/status`, {
    method: 'PATCH',
    json: { status },
  });
}

export function useSetOrderStatus(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (status: OrderStatus) => setOrderStatus(orderId, status),
    onSettled: invalidate,
  });
}

export type OfflineMoneyResponse = { paymentStatus: PaymentStatus };

/**
 * POST /api/admin/orders/:id/offline-payments: the order's whole total, received outside Paystack
 * (409 `offline_amount` for another amount, `order_already_paid`, `order_cancelled`).
 */
export function recordOfflinePayment(
  orderId: string,
  input: OfflinePayment,
  fetcher: ApiFetch = browserFetch,
): Promise<OfflineMoneyResponse> {
  return apiJson<OfflineMoneyResponse>(fetcher, `/api/admin/orders/${orderId}/offline-payments`, {
    method: 'POST',
    json: input,
  });
}

export function useRecordOfflinePayment(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: OfflinePayment) => recordOfflinePayment(orderId, input),
    onSettled: invalidate,
  });
}

/**
 * POST /api/admin/orders/:id/offline-refunds: money given back outside Paystack, at most what is
 * left of the money received outside it (`offlineKeptKobo`).
 */
export function recordOfflineRefund(
  orderId: string,
  input: OfflinePayment,
  fetcher: ApiFetch = browserFetch,
): Promise<OfflineMoneyResponse> {
  return apiJson<OfflineMoneyResponse>(fetcher, `/api/admin/orders/${orderId}/offline-refunds`, {
    method: 'POST',
    json: input,
  });
}

export function useRecordOfflineRefund(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: OfflinePayment) => recordOfflineRefund(orderId, input),
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
