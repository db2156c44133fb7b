import type { SearchResponse } from '#shared/schemas/catalog';
import { ProductThumbnail } from '../../components/ui/product-image';
import { OfferPrice } from '../catalog/offer-price';
import { GENDER_PREFIX } from './search-links';

/** Said under results when the search found more than it lists. */
export const MORE_RESULTS = 'More results available. Refine your search for better results.';

/**
 * A product found by a search, as the search page (a link) and the search palette (a command
 * item) both show it: its photo, its name, whose and what it is, its price.
 */
export function ProductResult({ product }: { product: SearchResponse['products'][number] }) {
  return (
    <>
      <span className="w-12 shrink-0 overflow-hidden rounded">
        <ProductThumbnail imageId={product.imageId} sizes="48px" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 font-semibold">{product.name}</span>
        <span className="block truncate text-xs text-neutral-500">
          {GENDER_PREFIX[product.gender]} · {product.categoryName}
        </span>
      </span>
      <OfferPrice price={product} stacked className="shrink-0 text-right text-sm font-semibold" />
    </>
  );
}
