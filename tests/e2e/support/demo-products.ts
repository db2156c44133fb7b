import type { APIRequestContext } from '@playwright/test';
import type { ProductDetail, ProductListResponse } from '../../../src/shared/schemas/catalog';

type Variant = ProductDetail['variants'][number];

/**
 * An in-stock size and colour of a product on sale now, oldest products first: the demo
 * catalogue's own. Browser tests run two at a time, and products other tests create (always newer)
 * may be emptied, changed or deleted by them meanwhile.
 */
export async function demoVariant(
  request: APIRequestContext,
  wanted: (variant: Variant) => boolean = (variant) => variant.stock >= 3,
): Promise<{ product: ProductDetail; variant: Variant }> {
  const list = (await (await request.get('/api/products?limit=100')).json()) as ProductListResponse;
  for (const summary of [...list.products].reverse()) {
    if (summary.releaseAt && Date.parse(summary.releaseAt) > Date.now()) continue;
    const { product } = (await (await request.get(`/api/products/${summary.id}`)).json()) as {
      product: ProductDetail;
    };
    const variant = product.variants.find((candidate) => !candidate.soldOut && wanted(candidate));
    if (variant) return { product, variant };
  }
  throw new Error('the demo catalogue has nothing in stock');
}
