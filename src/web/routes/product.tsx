import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { formatNaira } from '#shared/money';
import type { ProductDetail, ProductDetailResponse } from '#shared/schemas/catalog';
import { ProductGallery } from '../features/catalog/product-gallery';
import { ProductPurchase } from '../features/catalog/product-purchase';
import { productHead } from '../features/catalog/seo';
import { ApiError, apiJson } from '../lib/api';
import {
  type HeadArgs,
  type HeadTag,
  type LoadArgs,
  notFound,
  type PageProps,
  redirect,
} from '../lib/route-module';
import { MENU_CATEGORIES, paths } from '../paths';

type Data = { product: ProductDetail; error: null } | { product: null; error: string };

export async function load({ params, api }: LoadArgs): Promise<Data> {
  const id = params.id?.trim();
  if (!id) throw redirect(paths.home);
  try {
    const body = await apiJson<ProductDetailResponse>(api, `/api/products/${encodeURIComponent(id)}`);
    return { product: body.product, error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Inactive and missing products answer the not-found screen with a 404.
    if (error.status === 404) throw notFound();
    return { product: null, error: error.message };
  }
}

export function head({ data, origin }: HeadArgs<Data>): HeadTag[] {
  if (!data.product) return [{ title: 'Product | Naija Street' }, { name: 'robots', content: 'noindex' }];
  return productHead(data.product, origin);
}

const loadOverlays = () => import('../features/catalog/product-overlays');
const SizeGuideOverlay = lazy(() => loadOverlays().then((module) => ({ default: module.SizeGuideOverlay })));
const ShippingOverlay = lazy(() => loadOverlays().then((module) => ({ default: module.ShippingOverlay })));

const GENDER_NAMES = { men: "Men's", women: "Women's" } as const;

/**
 * "MEN'S T-SHIRTS", linking to the gendered listing when the menu has one, else to the category's
 * own listing (every category of the admin tree and the extra ones has one).
 */
function Breadcrumb({ product }: { product: ProductDetail }) {
  const { slug } = product.category;
  const gendered = MENU_CATEGORIES.some((category) => category.slug === slug);
  const to = gendered
    ? product.gender === 'men'
      ? paths.men(slug)
      : paths.women(slug)
    : paths.listing(slug);
  const label = gendered ? `${GENDER_NAMES[product.gender]} ${product.category.name}` : product.category.name;
  return (
    <p className="text-xs font-bold tracking-widest text-neutral-500">
      <Link to={to} className="hover:text-neutral-900 hover:underline">
        {label.toUpperCase()}
      </Link>
    </p>
  );
}

const linkButton =
  'text-sm font-semibold underline underline-offset-4 hover:text-neutral-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

export default function ProductPage({ data }: PageProps<Data>) {
  const [overlay, setOverlay] = useState<'size' | 'shipping' | null>(null);
  if (!data.product) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Product unavailable</h1>
        <p role="alert" className="mt-3 text-neutral-700">
          Error loading product: {data.error}
        </p>
        <Link
          to={paths.home}
          className="mt-8 inline-block rounded bg-brand px-5 py-3 text-sm font-bold text-white"
        >
          Return to Home
        </Link>
      </div>
    );
  }
  const product = data.product;
  const sized = product.variants.some((variant) => variant.size !== 'One Size');

  return (
    <div className="mx-auto max-w-7xl px-0 pb-10 sm:px-4 sm:pt-8">
      <div className="grid gap-6 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-7">
          <ProductGallery images={product.images} productName={product.name} />
        </div>
        <div className="px-4 sm:px-0 lg:col-span-5">
          <Breadcrumb product={product} />
          <h1 className="mt-2 text-2xl font-black leading-tight sm:text-3xl">{product.name}</h1>
          <p className="mt-2 text-xl font-semibold">{formatNaira(product.priceKobo)}</p>
          <ProductPurchase product={product} />
          <div className="mt-5 flex flex-wrap gap-x-6 gap-y-2">
            {sized ? (
              <button
                type="button"
                className={linkButton}
                aria-haspopup="dialog"
                onPointerEnter={loadOverlays}
                onClick={() => setOverlay('size')}
              >
                Size Guide
              </button>
            ) : null}
            <button
              type="button"
              className={linkButton}
              aria-haspopup="dialog"
              onPointerEnter={loadOverlays}
              onClick={() => setOverlay('shipping')}
            >
              Shipping Policy
            </button>
          </div>
          {product.isMystery ? (
            <aside
              aria-label="About mystery items"
              className="mt-6 rounded border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
            >
              <p className="font-bold">Mystery item: the design is chosen by chance.</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>Ordering 5 or more will likely give you duplicates.</li>
                <li>An unused scratchcard must be returned for a refund.</li>
              </ul>
            </aside>
          ) : null}
          <section aria-labelledby="description-title" className="mt-8 border-t border-neutral-200 pt-6">
            <h2 id="description-title" className="text-xs font-bold tracking-widest text-neutral-700">
              DESCRIPTION
            </h2>
            <p className="mt-2 whitespace-pre-line text-neutral-800">{product.description}</p>
          </section>
        </div>
      </div>
      <Suspense fallback={null}>
        {overlay === 'size' ? <SizeGuideOverlay onClose={() => setOverlay(null)} /> : null}
        {overlay === 'shipping' ? <ShippingOverlay onClose={() => setOverlay(null)} /> : null}
      </Suspense>
    </div>
  );
}

export function Pending() {
  const bar = 'animate-pulse rounded bg-neutral-200';
  return (
    <div className="mx-auto max-w-7xl px-0 pb-10 sm:px-4 sm:pt-8">
      <p className="sr-only">Loading product...</p>
      <div className="grid gap-6 lg:grid-cols-12 lg:gap-12" aria-hidden="true">
        <div className="lg:col-span-7">
          <div className={`aspect-square w-full ${bar}`} />
        </div>
        <div className="space-y-4 px-4 sm:px-0 lg:col-span-5">
          <div className={`h-3 w-28 ${bar}`} />
          <div className={`h-8 w-3/4 ${bar}`} />
          <div className={`h-6 w-32 ${bar}`} />
          <div className={`h-11 w-48 ${bar}`} />
          <div className={`h-11 w-64 ${bar}`} />
          <div className={`h-12 w-full ${bar}`} />
        </div>
      </div>
    </div>
  );
}
