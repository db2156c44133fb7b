import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '#shared/constants';
import type { ProductSummary } from '#shared/schemas/catalog';
import { ProductImage } from '../../components/ui/product-image';
import { paths } from '../../paths';
import { OfferBadge, OfferPrice } from './offer-price';

/** 2 columns on phones, 3 on tablets, 4 on large screens (spec section 9). */
const grid = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5 md:grid-cols-3 lg:grid-cols-4';
/** Matches the grid above inside the 80rem page container. */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, 48vw';
/** Cards of the first row on a large screen load eagerly; the rest wait until scrolled near. */
const EAGER_CARDS = 4;

export type CardProduct = Pick<
  ProductSummary,
  'id' | 'name' | 'priceKobo' | 'compareAtKobo' | 'percentOff' | 'stock' | 'images'
> &
  Partial<Pick<ProductSummary, 'releaseAt'>>;

/**
 * What a card needs and nothing more: grids serialise their products into the page, and on a
 * phone every kilobyte of that delays the first paint.
 */
export const toCard = (product: CardProduct): CardProduct => ({
  id: product.id,
  name: product.name,
  priceKobo: product.priceKobo,
  compareAtKobo: product.compareAtKobo,
  percentOff: product.percentOff,
  stock: product.stock,
  images: product.images.slice(0, 1),
  ...(product.releaseAt ? { releaseAt: product.releaseAt } : {}),
});

export function ProductCard({
  product,
  priority = false,
  eager = false,
}: {
  product: CardProduct;
  priority?: boolean;
  eager?: boolean;
}) {
  const soldOut = product.stock <= 0;
  // A drop still to come (on this device's clock: the product page counts on the server's).
  const comingSoon = product.releaseAt != null && Date.parse(product.releaseAt) > Date.now();
  return (
    <Link
      to={paths.product(product.id)}
      className="group block rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-neutral-900"
    >
      <span className="relative block">
        <ProductImage
          image={product.images[0]}
          width={400}
          sizes={CARD_SIZES}
          priority={priority}
          eager={eager}
          className="rounded transition-opacity group-hover:opacity-90"
        />
        {comingSoon ? (
          <span className="absolute left-2 top-2 rounded bg-emerald-700 px-2 py-1 text-[11px] font-bold tracking-wider text-white">
            COMING SOON
          </span>
        ) : soldOut ? (
          <span className="absolute left-2 top-2 rounded bg-neutral-950 px-2 py-1 text-[11px] font-bold tracking-wider text-white">
            SOLD OUT
          </span>
        ) : null}
        <OfferBadge price={product} className="absolute right-2 top-2" />
      </span>
      <span className="mt-2 block text-sm font-semibold leading-snug text-neutral-900 group-hover:underline">
        {product.name}
      </span>
      <OfferPrice price={product} badge={false} className="mt-0.5 text-sm text-neutral-700" />
    </Link>
  );
}

/**
 * A grid of product cards. `priorityFirst` marks the first card's image as the page's LCP image.
 */
export function ProductGrid({
  products,
  label,
  priorityFirst = false,
}: {
  products: readonly CardProduct[];
  /** Accessible name of the list. */
  label: string;
  priorityFirst?: boolean;
}) {
  return (
    <ul className={grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            priority={priorityFirst && index === 0}
            eager={priorityFirst && index < EAGER_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}

/** Loading placeholder: 8 grey cards in the same grid. */
export function GridSkeleton({ count = LIMITS.skeletonCards }: { count?: number }) {
  return (
    <ul className={grid} aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="animate-pulse">
          <span className="block aspect-square w-full rounded bg-neutral-200" />
          <span className="mt-3 block h-3.5 w-3/4 rounded bg-neutral-200" />
          <span className="mt-2 block h-3.5 w-1/3 rounded bg-neutral-200" />
        </li>
      ))}
    </ul>
  );
}

/** A section title in the storefront's style. */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-black tracking-[0.2em] sm:text-xl">
      {children}
    </h2>
  );
}
