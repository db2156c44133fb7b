import type { PublicStoreResponse, StoreSettings } from '#shared/schemas/settings';
import { type ApiFetch, apiJson } from '../lib/api';

/** The shop's name and contact details (Settings → Store), or null when the API cannot say. */
export async function fetchStore(fetcher: ApiFetch): Promise<StoreSettings | null> {
  try {
    return (await apiJson<PublicStoreResponse>(fetcher, '/api/store')).store;
  } catch {
    return null;
  }
}
