import { Link } from 'react-router';
import type { ProductListResponse } from '#shared/schemas/catalog';
import {
  type CardProduct,
  GridSkeleton,
  ProductGrid,
  SectionTitle,
  toCard,
} from '../features/catalog/product-grid';
import { ApiError, apiJson } from '../lib/api';
import type { HeadArgs, HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { paths } from '../paths';

type Data = { featured: CardProduct[]; all: CardProduct[]; error: string | null };

/** Featured products shown at most; the rest are in ALL PRODUCTS below. */
const FEATURED_LIMIT = 8;

export async function load({ api }: LoadArgs): Promise<Data> {
  try {
    const [featured, all] = await Promise.all([
      apiJson<ProductListResponse>(api, `/api/products?featured=true&limit=${FEATURED_LIMIT}`),
      apiJson<ProductListResponse>(api, '/api/products'),
    ]);
    return { featured: featured.products.map(toCard), all: all.products.map(toCard), error: null };
  } catch (error) {
    if (error instanceof ApiError) return { featured: [], all: [], error: error.message };
    throw error;
  }
}

export function head({ origin }: HeadArgs<Data>): HeadTag[] {
  const title = 'Naija Street | Streetwear from Lagos';
  const description =
    'Heavyweight tees, hoodies, jerseys and jackets designed in Lagos. Limited drops, delivered across Nigeria.';
  return [
    { title },
    { name: 'description', content: description },
    { rel: 'canonical', href: `${origin}/` },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${origin}/` },
    { name: 'twitter:card', content: 'summary' },
  ];
}

function Hero() {
  return (
    <section className="bg-neutral-950 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <p className="text-xs font-bold tracking-[0.3em] text-emerald-400">LAGOS · ABUJA · PORT HARCOURT</p>
        <h1 className="mt-3 max-w-2xl text-4xl font-black leading-tight sm:text-6xl">
          Streetwear with Naija soul.
        </h1>
        <p className="mt-4 max-w-xl text-neutral-300">
          Heavyweight tees, hoodies and jackets designed in Lagos. Limited drops, delivered across Nigeria.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={paths.newArrivals}
            className="rounded bg-white px-6 py-3 text-sm font-bold tracking-wide text-neutral-950"
          >
            SHOP NEW ARRIVALS
          </Link>
          <Link
            to={paths.home}
            className="rounded border border-white px-6 py-3 text-sm font-bold tracking-wide"
          >
            VIEW COLLECTIONS
          </Link>
        </div>
      </div>
    </section>
  );
}

const section = 'mx-auto max-w-7xl px-4 pt-10 sm:pt-14';

export default function Home({ data }: PageProps<Data>) {
  const hasFeatured = data.featured.length > 0;
  return (
    <>
      <Hero />
      {data.error || hasFeatured ? (
        <section aria-labelledby="featured-title" className={section}>
          <SectionTitle id="featured-title">FEATURED</SectionTitle>
          <div className="mt-5">
            {data.error ? (
              <p role="alert" className="rounded bg-red-50 p-4 text-sm text-red-800">
                Error loading products: {data.error}
              </p>
            ) : (
              <ProductGrid products={data.featured} label="Featured products" priorityFirst />
            )}
          </div>
        </section>
      ) : null}
      {data.all.length > 0 ? (
        <section aria-labelledby="all-title" className={section}>
          <SectionTitle id="all-title">ALL PRODUCTS</SectionTitle>
          <div className="mt-5">
            <ProductGrid products={data.all} label="All products" priorityFirst={!hasFeatured} />
          </div>
        </section>
      ) : data.error ? null : (
        <p className={`${section} text-center text-neutral-600`}>No products available</p>
      )}
    </>
  );
}

export function Pending() {
  return (
    <>
      <Hero />
      <section className={section} aria-label="Loading products">
        <SectionTitle>FEATURED</SectionTitle>
        <div className="mt-5">
          <GridSkeleton />
        </div>
      </section>
    </>
  );
}
