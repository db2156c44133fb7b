import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isComingSoon } from '#shared/dates';
import { selectionFromSearch } from '#shared/product-options';
import type { ProductDetail, ProductDetailResponse } from '#shared/schemas/catalog';
import { Button } from '../components/ui/button';
import { OfferPrice } from '../features/catalog/offer-price';
import { ProductGallery } from '../features/catalog/product-gallery';
import { ProductPurchase } from '../features/catalog/product-purchase';
import { productHead } from '../features/catalog/seo';
import { AfterHydration, ProductDropWatch, ReleaseTime } from '../features/drops/drop-parts';
import { ApiError, apiJson } from '../lib/api';
import {
  type HeadArgs,
  type HeadTag,
  type LoadArgs,
  type PageProps,
  redirect,
  type WithStatus,
  withStatus,
} from '../lib/route-module';
import { MENU_CATEGORIES, paths } from '../paths';

type Data =
  | { product: ProductDetail; now: string; error: null }
  | { product: null; now?: undefined; error: string };

export async function load({ params, api }: LoadArgs): Promise<Data | WithStatus<Data>> {
  const id = params.id?.trim();
  if (!id) throw redirect(paths.home);
  try {
    const body = await apiJson<ProductDetailResponse>(api, `/api/products/${encodeURIComponent(id)}`);
    return { product: body.product, now: body.now, error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Inactive and missing products: the page's own error screen, answered with a 404.
    const data: Data = { product: null, error: error.message };
    return error.status === 404 ? withStatus(data, 404) : data;
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

/**
 * A drop before its release: the release time, the time left (ticking once the page is
 * interactive) and a button that cannot be pressed. The product is read again when the countdown
 * ends and whenever an admin changes it; the page shows the purchase choices as soon as the
 * server says the drop is out, without a reload.
 */
function DropPanel({
  product,
  now,
  onRead,
}: {
  product: ProductDetail & { releaseAt: string };
  now: string;
  onRead: (body: ProductDetailResponse) => void;
}) {
  return (
    <div className="mt-5 rounded border border-neutral-200 bg-neutral-50 p-4">
      <p className="text-xs font-black tracking-[0.25em] text-emerald-700">COMING SOON</p>
      <ReleaseTime releaseAt={product.releaseAt} className="mt-2 text-neutral-700" />
      <AfterHydration>
        <ProductDropWatch productId={product.id} releaseAt={product.releaseAt} now={now} onRead={onRead} />
      </AfterHydration>
      <Button block disabled className="mt-5">
        COMING SOON
      </Button>
    </div>
  );
}

export default function ProductPage({ data }: PageProps<Data>) {
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
  return <ProductView key={data.product.id} initial={data.product} now={data.now} />;
}

const ProductLive = lazy(() => import('../features/catalog/product-live'));

/**
 * The product as it is now: read again when it changes (an admin's edit, a sale starting or
 * ending), followed once the page is interactive. Before a drop's release its countdown
 * (ProductDropWatch) reads it instead.
 */
function useFreshProduct(initial: ProductDetail, now: string) {
  const [state, setState] = useState({ product: initial, now });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const comingSoon = isComingSoon(state.product.releaseAt, Date.parse(state.now));
  const live =
    hydrated && !comingSoon ? (
      <Suspense fallback={null}>
        <ProductLive productId={initial.id} onRead={setState} />
      </Suspense>
    ) : null;
  return { state, setState, comingSoon, live };
}

function ProductView({ initial, now }: { initial: ProductDetail; now: string }) {
  const [overlay, setOverlay] = useState<'size' | 'shipping' | null>(null);
  // The choice as the address gives it: where the server sends a shopper back after posting it.
  const [params] = useSearchParams();
  const [start] = useState(() => selectionFromSearch(initial.variants, params));
  const { state, setState, comingSoon, live } = useFreshProduct(initial, now);
  const { product } = state;
  // Each kind of product has its own guide (tops, bottoms, hats); none for bags and socks.
  const sizeGuide = product.sizeGuide;
  const released = useRef(!comingSoon);
  const justReleased = !comingSoon && !released.current;

  return (
    <div className="mx-auto max-w-7xl px-0 pb-10 sm:px-4 sm:pt-8">
      {live}
      <div className="grid gap-6 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-7">
          <ProductGallery images={product.images} productName={product.name} />
        </div>
        <div className="px-4 sm:px-0 lg:col-span-5">
          <Breadcrumb product={product} />
          <h1 className="mt-2 text-2xl font-black leading-tight sm:text-3xl">{product.name}</h1>
          <p className="mt-2">
            <OfferPrice price={product} className="text-xl font-semibold" />
          </p>
          {comingSoon ? (
            <DropPanel
              product={product as ProductDetail & { releaseAt: string }}
              now={state.now}
              onRead={setState}
            />
          ) : (
            <ProductPurchase product={product} start={start} />
          )}
          <p aria-live="polite" className="mt-3 text-sm font-semibold text-emerald-700 empty:hidden">
            {justReleased ? 'Out now: choose your size and add it to your cart.' : ''}
          </p>
          {product.limitPerCustomer ? (
            <p className="mt-3 text-sm text-neutral-700">
              Limited drop: {product.limitPerCustomer} per customer.
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap gap-x-6 gap-y-2">
            {sizeGuide ? (
              <Button
                variant="link"
                className="text-sm"
                aria-haspopup="dialog"
                onPointerEnter={loadOverlays}
                onClick={() => setOverlay('size')}
              >
                Size Guide
              </Button>
            ) : null}
            <Button
              variant="link"
              className="text-sm"
              aria-haspopup="dialog"
              onPointerEnter={loadOverlays}
              onClick={() => setOverlay('shipping')}
            >
              Shipping Policy
            </Button>
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
        {overlay === 'size' && sizeGuide ? (
          <SizeGuideOverlay guide={sizeGuide} onClose={() => setOverlay(null)} />
        ) : null}
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
