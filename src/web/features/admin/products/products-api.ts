import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminCategoryOption,
  AdminImage,
  AdminProduct,
  AdminProductListResponse,
  DeleteProductResponse,
  ImageOrderRequest,
  ProductFormValues,
  VariantStockRequest,
} from '#shared/schemas/admin-products';
import { ApiError, type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/**
 * The admin catalogue API: GET/POST /api/admin/products, GET/PUT/DELETE /api/admin/products/:id,
 * variant stock, and the product's images (uploaded with XMLHttpRequest for its progress events).
 */

export const PRODUCTS_PAGE_SIZE = 20;

export type ProductListParams = { q: string; page: number };

export function fetchAdminProducts(
  params: ProductListParams,
  fetcher: ApiFetch = browserFetch,
  signal?: AbortSignal,
): Promise<AdminProductListResponse> {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(PRODUCTS_PAGE_SIZE) });
  if (params.q) search.set('q', params.q);
  return apiJson(fetcher, `/api/admin/products?${search}`, { signal });
}

export const adminProductsQuery = (params: ProductListParams, fetcher?: ApiFetch) =>
  queryOptions({
    queryKey: adminKeys.products.list(params),
    queryFn: ({ signal }) => fetchAdminProducts(params, fetcher, signal),
  });

/** The page shown stays on screen while the next page or search loads. */
export const useAdminProducts = (params: ProductListParams) =>
  useQuery({ ...adminProductsQuery(params), placeholderData: keepPreviousData });

export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.products.detail(id),
    queryFn: ({ signal }) =>
      apiJson<{ product: AdminProduct }>(browserFetch, `/api/admin/products/${id}`, { signal }).then(
        (body) => body.product,
      ),
  });

export const useAdminProduct = (id: string | null) =>
  useQuery({ ...adminProductQuery(id ?? ''), enabled: id !== null });

export const useAdminCategories = () =>
  useQuery({
    queryKey: adminKeys.products.categories(),
    queryFn: ({ signal }) =>
      apiJson<{ categories: AdminCategoryOption[] }>(browserFetch, '/api/admin/categories', { signal }).then(
        (body) => body.categories,
      ),
    staleTime: 10 * 60_000,
  });

/**
 * Puts the server's answer to a change in the product's entry. A read of the product still on its
 * way was asked before the change was saved (a live update of an earlier change starts one): it
 * would land after this answer and show the product as it was, and the admin's next edit would be
 * made on that, undoing the change. It is dropped first; the change's own announcement reads the
 * product again.
 */
async function setProduct(
  client: QueryClient,
  productId: string,
  update: (product: AdminProduct | undefined) => AdminProduct | undefined,
) {
  await client.cancelQueries({ queryKey: adminKeys.products.detail(productId) });
  client.setQueryData<AdminProduct>(adminKeys.products.detail(productId), update);
}

/** After any change: the product's own entry is set, every list refreshes. */
function useProductChanged() {
  const client = useQueryClient();
  return async (product?: AdminProduct) => {
    if (product) await setProduct(client, product.id, () => product);
    return client.invalidateQueries({ queryKey: [...adminKeys.products.all(), 'list'] });
  };
}

export function useSaveProduct() {
  const changed = useProductChanged();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: ProductFormValues }) =>
      apiJson<{ product: AdminProduct }>(
        browserFetch,
        id ? `/api/admin/products/${id}` : '/api/admin/products',
        {
          method: id ? 'PUT' : 'POST',
          json: values,
        },
      ).then((body) => body.product),
    onSuccess: (product) => changed(product),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<DeleteProductResponse>(browserFetch, `/api/admin/products/${id}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: adminKeys.products.detail(id) });
      return client.invalidateQueries({ queryKey: adminKeys.products.all() });
    },
  });
}

export function useChangeVariantStock(productId: string) {
  const changed = useProductChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ variantId, ...body }: VariantStockRequest & { variantId: string }) =>
      apiJson<{ product: AdminProduct }>(
        browserFetch,
        `/api/admin/products/${productId}/variants/${variantId}/stock`,
        { method: 'PUT', json: body },
      ).then((response) => response.product),
    onSuccess: (product) => changed(product),
    // The stock changed meanwhile (409): the other variants may have too.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'stock_changed')
        return client.invalidateQueries({ queryKey: adminKeys.products.detail(productId) });
    },
  });
}

/** Sets the product's images in the cache (after an upload, a reorder or a delete). */
export function useSetProductImages(productId: string) {
  const client = useQueryClient();
  return async (images: AdminImage[]) => {
    await setProduct(client, productId, (product) => (product ? { ...product, images } : product));
    return client.invalidateQueries({ queryKey: [...adminKeys.products.all(), 'list'] });
  };
}

export function useArrangeImages(productId: string) {
  const setImages = useSetProductImages(productId);
  return useMutation({
    mutationFn: (request: ImageOrderRequest) =>
      apiJson<{ images: AdminImage[] }>(browserFetch, `/api/admin/products/${productId}/images`, {
        method: 'PUT',
        json: request,
      }).then((body) => body.images),
    onSuccess: (images) => setImages(images),
  });
}

export function useRemoveImage(productId: string) {
  const setImages = useSetProductImages(productId);
  return useMutation({
    mutationFn: (imageId: string) =>
      apiJson<{ images: AdminImage[] }>(browserFetch, `/api/admin/products/${productId}/images/${imageId}`, {
        method: 'DELETE',
      }).then((body) => body.images),
    onSuccess: (images) => setImages(images),
  });
}

/**
 * Uploads one file (POST /api/admin/products/:id/images) with XMLHttpRequest, the one browser API
 * that reports upload progress; `onProgress` gets 0-1. Resolves with the stored image, or rejects
 * with ApiError carrying the server's message ('This file is not a supported image…').
 */
export function uploadProductImage(
  productId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AdminImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/products/${productId}/images`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { images?: AdminImage[]; error?: { code?: string; message?: string } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.images?.[0]) {
        onProgress(1);
        resolve(body.images[0]);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          body?.error?.code ?? 'http_error',
          body?.error?.message ?? 'The upload failed. Please try again.',
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network', 'Could not reach the shop. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('files', file, file.name);
    xhr.send(body);
  });
}
