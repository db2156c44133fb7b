/**
 * Settings' API calls, one fetcher + query options + hook per read, one mutation hook per change
 * (the pattern of admin-profile.ts). Every change invalidates what it affects through adminKeys,
 * including the audit log, which gains an entry with each change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminEmailListResponse,
  EmailStatus,
  FailedJobListResponse,
  ResendEmailResponse,
  RetryJobResponse,
} from '#shared/schemas/emails';
import type {
  AdminShippingMethodResponse,
  AdminShippingZoneResponse,
  AdminShippingZonesResponse,
  AuditListResponse,
  NotificationCreateRequest,
  NotificationListResponse,
  NotificationResponse,
  NotificationUpdateRequest,
  OutOfStockSettingsRequest,
  OutOfStockSettingsResponse,
  PaymentSettingsRequest,
  PaymentSettingsResponse,
  PickupSettings,
  PickupSettingsResponse,
  ShippingMethodCreateRequest,
  ShippingMethodUpdateRequest,
  ShippingZoneCreateRequest,
  ShippingZoneUpdateRequest,
  StoreSettings,
  StoreSettingsResponse,
} from '#shared/schemas/settings';
import { type ApiFetch, api, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

const get = <T>(path: string, fetcher: ApiFetch = browserFetch, signal?: AbortSignal) =>
  apiJson<T>(fetcher, path, { signal });

/** After any change: the screen's own data and the audit log. */
function useInvalidate() {
  const client = useQueryClient();
  return (key: readonly unknown[]) =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: adminKeys.audit.all() }),
    ]);
}

// Notifications -------------------------------------------------------------------------------

export const notificationsQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.notifications(),
    queryFn: ({ signal }) => get<NotificationListResponse>('/api/admin/notifications', fetcher, signal),
  });
export const useNotifications = () => useQuery(notificationsQuery());

export function useSaveNotification() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: string; changes: NotificationCreateRequest | NotificationUpdateRequest }) =>
      input.id
        ? api.patch<NotificationResponse>(`/api/admin/notifications/${input.id}`, input.changes)
        : api.post<NotificationResponse>('/api/admin/notifications', input.changes),
    onSuccess: () => invalidate(adminKeys.settings.notifications()),
  });
}

export function useDeleteNotification() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: true }>(`/api/admin/notifications/${id}`),
    onSuccess: () => invalidate(adminKeys.settings.notifications()),
  });
}

// Out of stock --------------------------------------------------------------------------------

export const outOfStockQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.outOfStock(),
    queryFn: ({ signal }) =>
      get<OutOfStockSettingsResponse>('/api/admin/settings/out-of-stock', fetcher, signal),
  });
export const useOutOfStockSettings = () => useQuery(outOfStockQuery());

export function useSaveOutOfStock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: OutOfStockSettingsRequest) =>
      api.put<OutOfStockSettingsResponse>('/api/admin/settings/out-of-stock', input),
    onSuccess: () => invalidate(adminKeys.settings.outOfStock()),
  });
}

// Store ---------------------------------------------------------------------------------------

export const storeQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.store(),
    queryFn: ({ signal }) => get<StoreSettingsResponse>('/api/admin/settings/store', fetcher, signal),
  });
export const useStoreSettings = () => useQuery(storeQuery());

export function useSaveStore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: StoreSettings) => api.put<StoreSettingsResponse>('/api/admin/settings/store', input),
    onSuccess: () => invalidate(adminKeys.settings.store()),
  });
}

// Shipping: delivery zones, their methods, pickup -----------------------------------------------

export const shippingZonesQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.shipping(),
    queryFn: ({ signal }) => get<AdminShippingZonesResponse>('/api/admin/shipping-zones', fetcher, signal),
  });
export const useShippingZones = () => useQuery(shippingZonesQuery());

export function useSaveShippingZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: string; changes: ShippingZoneCreateRequest | ShippingZoneUpdateRequest }) =>
      input.id
        ? api.patch<AdminShippingZoneResponse>(`/api/admin/shipping-zones/${input.id}`, input.changes)
        : api.post<AdminShippingZoneResponse>('/api/admin/shipping-zones', input.changes),
    onSuccess: () => invalidate(adminKeys.settings.shipping()),
  });
}

export function useDeleteShippingZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ deleted: true }>(`/api/admin/shipping-zones/${id}`),
    onSuccess: () => invalidate(adminKeys.settings.shipping()),
  });
}

/** A new method of `zoneId`, or changes to the method `id`. */
export function useSaveShippingMethod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      input:
        | { id: string; changes: ShippingMethodUpdateRequest }
        | { zoneId: string; changes: ShippingMethodCreateRequest },
    ) =>
      'id' in input
        ? api.patch<AdminShippingMethodResponse>(`/api/admin/shipping-methods/${input.id}`, input.changes)
        : api.post<AdminShippingMethodResponse>(
            `/api/admin/shipping-zones/${input.zoneId}/methods`,
            input.changes,
          ),
    onSuccess: () => invalidate(adminKeys.settings.shipping()),
  });
}

const pickupKey = () => [...adminKeys.settings.shipping(), 'pickup'] as const;

export const pickupQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: pickupKey(),
    queryFn: ({ signal }) => get<PickupSettingsResponse>('/api/admin/settings/pickup', fetcher, signal),
  });
export const usePickupSettings = () => useQuery(pickupQuery());

export function useSavePickup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PickupSettings) =>
      api.put<PickupSettingsResponse>('/api/admin/settings/pickup', input),
    onSuccess: () => invalidate(pickupKey()),
  });
}

// Payment -------------------------------------------------------------------------------------

export const paymentQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.payment(),
    queryFn: ({ signal }) => get<PaymentSettingsResponse>('/api/admin/settings/payment', fetcher, signal),
  });
export const usePaymentSettings = () => useQuery(paymentQuery());

/** The channels Paystack's window offers, and pay on delivery; the mode and keys stay the server's. */
export function useSavePaymentSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PaymentSettingsRequest) =>
      api.put<PaymentSettingsResponse>('/api/admin/settings/payment', input),
    onSuccess: () => invalidate(adminKeys.settings.payment()),
  });
}

// Emails --------------------------------------------------------------------------------------

export type EmailFilters = { status?: EmailStatus; page: number };

export const emailsQuery = (filters: EmailFilters, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.emails(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), pageSize: '20' });
      if (filters.status) query.set('status', filters.status);
      return get<AdminEmailListResponse>(`/api/admin/emails?${query}`, fetcher, signal);
    },
    placeholderData: (previous) => previous,
  });
export const useEmails = (filters: EmailFilters) => useQuery(emailsQuery(filters));

export function useResendEmail() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<ResendEmailResponse>(`/api/admin/emails/${id}/resend`),
    onSuccess: () => invalidate([...adminKeys.settings.all(), 'emails']),
  });
}

// Background work that failed ----------------------------------------------------------------

export const failedJobsQuery = (page: number, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.settings.failedJobs(page),
    queryFn: ({ signal }) =>
      get<FailedJobListResponse>(`/api/admin/jobs/failed?page=${page}&pageSize=20`, fetcher, signal),
    placeholderData: (previous) => previous,
  });
export const useFailedJobs = (page: number) => useQuery(failedJobsQuery(page));

export function useRetryJob() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<RetryJobResponse>(`/api/admin/jobs/${id}/retry`),
    onSuccess: () => invalidate([...adminKeys.settings.all(), 'failed-jobs']),
  });
}

// Audit log -----------------------------------------------------------------------------------

export type AuditFilters = {
  entityType?: string;
  /** One record's id; an order's id finds everything about the order. */
  entityId?: string;
  actor?: string;
  from?: string;
  to?: string;
  page: number;
};

export const auditQuery = (filters: AuditFilters, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.audit.list(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page), pageSize: '20' });
      for (const key of ['entityType', 'entityId', 'actor', 'from', 'to'] as const) {
        const value = filters[key];
        if (value) query.set(key, value);
      }
      return get<AuditListResponse>(`/api/admin/audit?${query}`, fetcher, signal);
    },
    placeholderData: (previous) => previous,
  });
export const useAuditLog = (filters: AuditFilters) => useQuery(auditQuery(filters));
