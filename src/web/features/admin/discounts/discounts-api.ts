import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDiscountListResponse,
  AdminDiscountResponse,
  DiscountInput,
} from '#shared/schemas/admin-discounts';
import type { AdminProductListResponse } from '#shared/schemas/admin-products';
import type { CategoriesResponse } from '#shared/schemas/catalog';
import { type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/** The Discounts section's API calls (/api/admin/discounts…), after admin-profile.ts. */

export function fetchDiscounts(
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminDiscountListResponse> {
  return apiJson<AdminDiscountListResponse>(fetcher, '/api/admin/discounts', { signal });
}

export const discountsQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.discounts.list(),
    queryFn: ({ signal }) => fetchDiscounts(fetcher, signal),
  });

export const useDiscounts = () => useQuery(discountsQuery());

/** The shop's categories with their ids (what a discount stores), from the catalogue's own list. */
export function fetchDiscountCategories(
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<CategoriesResponse> {
  return apiJson<CategoriesResponse>(fetcher, '/api/categories', { signal });
}

export const discountCategoriesQuery = (fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.discounts.categories(),
    queryFn: ({ signal }) => fetchDiscountCategories(fetcher, signal),
    staleTime: 5 * 60_000,
  });

export const useDiscountCategories = () => useQuery(discountCategoriesQuery());

export const PRODUCT_SEARCH_SIZE = 8;

/** Products by name, to choose the ones a discount covers (the admin's product list). */
export function fetchProductSearch(
  q: string,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminProductListResponse> {
  const query = new URLSearchParams({ q, page: '1', pageSize: String(PRODUCT_SEARCH_SIZE) });
  return apiJson<AdminProductListResponse>(fetcher, `/api/admin/products?${query}`, { signal });
}

export const productSearchQuery = (q: string, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.discounts.productSearch(q),
    queryFn: ({ signal }) => fetchProductSearch(q, fetcher, signal),
    placeholderData: keepPreviousData,
  });

export const useProductSearch = (q: string, enabled: boolean) =>
  useQuery({ ...productSearchQuery(q), enabled });

/** Create (no id) or change a discount as a whole. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: DiscountInput }) =>
      apiJson<AdminDiscountResponse>(
        browserFetch,
        id ? `/api/admin/discounts/${encodeURIComponent(id)}` : '/api/admin/discounts',
        { method: id ? 'PUT' : 'POST', json: request },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.discounts.list() }),
  });
}

/** Turn a discount on or off. */
export function useSetDiscountActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiJson<AdminDiscountResponse>(browserFetch, `/api/admin/discounts/${encodeURIComponent(id)}/active`, {
        method: 'PUT',
        json: { isActive },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.discounts.list() }),
  });
}
