import type { APIRequestContext } from '@playwright/test';
import type { ProductDetail, ProductListResponse, ProductSummary } from '../../../src/shared/schemas/catalog';

type Variant = ProductDetail['variants'][number];

/**
 * The demo catalogue's own products: the ones the shop had when the run began (the global setup
 * notes the moment). Browser tests run two at a time, and products other tests create meanwhile
 * may be emptied, changed, deactivated or deleted by them at any moment.
 */
export function isDemoProduct(product: Pick<ProductSummary, 'createdAt'>): boolean {
  const started = process.env.E2E_RUN_STARTED_AT;
  if (!started) throw new Error('E2E_RUN_STARTED_AT is not set: run through the Playwright global setup');
  return Date.parse(product.createdAt) < Date.parse(started);
}

/** The demo catalogue's products on sale now, oldest first. */
async function demoSummaries(request: APIRequestContext): Promise<ProductSummary[]> {
  const list = (await (await request.get('/api/products?limit=100')).json()) as ProductListResponse;
  return list.products
    .filter((summary) => isDemoProduct(summary))
    .filter((summary) => !summary.releaseAt || Date.parse(summary.releaseAt) <= Date.now())
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

const detail = async (request: APIRequestContext, id: string) =>
  ((await (await request.get(`/api/products/${id}`)).json()) as { product: ProductDetail }).product;

/** The demo catalogue's products on sale now, with their variants, oldest first. */
export async function demoProducts(request: APIRequestContext): Promise<ProductDetail[]> {
  return Promise.all((await demoSummaries(request)).map((summary) => detail(request, summary.id)));
}

/** An in-stock size and colour of a demo product on sale now, oldest products first. */
export async function demoVariant(
  request: APIRequestContext,
  wanted: (variant: Variant) => boolean = (variant) => variant.stock >= 3,
): Promise<{ product: ProductDetail; variant: Variant }> {
  for (const summary of await demoSummaries(request)) {
    const product = await detail(request, summary.id);
    const variant = product.variants.find((candidate) => !candidate.soldOut && wanted(candidate));
    if (variant) return { product, variant };
  }
  throw new Error('the demo catalogue has nothing in stock');
}
