import type { ProductDetailResponse } from '#shared/schemas/catalog';
import { apiJson, browserFetch } from '../../lib/api';
import { type LiveMessage, liveTopics, useLive } from '../../lib/live';
import { useReadAgain } from '../../lib/read-again';

/**
 * A change to the product itself (its price, a sale starting or ending, an offer) or a reconnect
 * that may have missed one; a sale of stock alone is not worth every open page reading it again.
 */
const changesProduct = (message: LiveMessage) =>
  message.resync === true || message.changes.some((change) => change.table !== 'product_variants');

/**
 * Follows a product's live topic and reads the product again when it changed (an admin's edit, a
 * sale starting or ending), handing each answer to `onRead`. Its own chunk, loaded once the page
 * is interactive: the live client is not part of the product page's first view.
 */
export default function ProductLive({
  productId,
  onRead,
}: {
  productId: string;
  onRead: (answer: ProductDetailResponse) => void;
}) {
  const refresh = useReadAgain(async () => {
    try {
      onRead(
        await apiJson<ProductDetailResponse>(browserFetch, `/api/products/${encodeURIComponent(productId)}`),
      );
    } catch {
      // Offline for a moment, or taken out of the shop: the page keeps what it shows.
    }
  });
  useLive([liveTopics.product(productId)], (message) => {
    if (changesProduct(message)) void refresh();
  });
  return null;
}
