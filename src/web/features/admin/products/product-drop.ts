import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DropSettingsInput, ProductDrop, ProductDropResponse } from '#shared/schemas/drops';
import { type ApiFetch, apiJson, browserFetch } from '../../../lib/api';
import { adminKeys } from '../query-keys';

/** PUT /api/admin/products/:id/drop: a product's release time and limit per customer. */
export async function putProductDrop(
  productId: string,
  input: DropSettingsInput,
  fetcher: ApiFetch = browserFetch,
): Promise<ProductDrop> {
  const body = await apiJson<ProductDropResponse>(
    fetcher,
    `/api/admin/products/${encodeURIComponent(productId)}/drop`,
    { method: 'PUT', json: input },
  );
  return body.drop;
}

/** Saves a product's drop settings; every product list and product is read again after. */
export function useSetProductDrop(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DropSettingsInput) => putProductDrop(productId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.products.all() }),
  });
}
