import { Link } from 'react-router';
import type { ProductListResponse } from '#shared/schemas/catalog';
import { ProductImage } from '../components/ui/product-image';
import {
  type CardProduct,
  GridSkeleton,
  ProductGrid,
  SectionTitle,
  toCard,
} from '../features/catalog/product-grid';
import { type UpcomingDrop, UpcomingDropSection } from '../features/drops/upcoming-drop';
import { ApiError, apiJson } from '../lib/api';
import type { HeadArgs, HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { paths } from '../paths';

type Data = { featured: CardProduct[]; all: CardProduct[]; drop: UpcomingDrop | null; error: string | null };

/** Featured products shown at most; the rest are in ALL PRODUCTS below. */
const FEATURED_LIMIT = 8;

export async function load({ api }: LoadArgs): Promise<Data> {
  try {
    const [featured, all, drop] = await Promise.all([
      apiJson<ProductListResponse>(api, `/api/products?featured=true&limit=${FEATURED_LIMIT}`),
      apiJson<ProductListResponse>(api, '/api/products'),
      // The next drop is a bonus: the page stands without it.
      apiJson<ProductListResponse>(api, '/api/products?upcoming=true&limit=1').then(upcomingDrop, () => null),
    ]);
    return { featured: featured.products.map(toCard), all: all.products.map(toCard), drop, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { featured: [], all: [], drop: null, error: error.message };
    throw error;
  }
}

function upcomingDrop(list: ProductListResponse): UpcomingDrop | null {
  const next = list.products[0];
  if (!next?.releaseAt || !list.now) return null;
  return { product: { ...toCard(next), releaseAt: next.releaseAt }, now: list.now };
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

/**
 * Wide screens: the featured drop's artwork beside the words, three pieces laid out like prints on
 * a wall, each a link to its product. Phones keep the words only (the first product image further
 * down stays the page's first image): the art is display:none there and its images lazy, so a
 * phone never fetches them.
 */
function HeroArt({ products }: { products: CardProduct[] }) {
  const pieces = products.filter((product) => product.images[0]).slice(0, 3);
  if (pieces.length < 3) return null;
  const placement = [
    'col-span-4 row-span-2 -rotate-2',
    'col-span-2 col-start-5 row-start-1 mt-6 rotate-3',
    'col-span-2 col-start-5 row-start-2 -mt-2 -rotate-1',
  ];
  return (
    <aside aria-label="From the featured drop" className="relative hidden lg:block">
      <div className="grid grid-cols-6 grid-rows-2 gap-4">
        {pieces.map((product, index) => (
          <Link
            key={product.id}
            to={paths.product(product.id)}
            className={`${placement[index]} block overflow-hidden rounded-sm bg-white p-1.5 shadow-2xl shadow-black/60 transition-transform hover:rotate-0 focus-visible:rotate-0 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white`}
          >
            <ProductImage
              image={product.images[0]}
              alt={product.name}
              width={index === 0 ? 800 : 400}
              sizes={index === 0 ? '(min-width: 1280px) 380px, 30vw' : '(min-width: 1280px) 190px, 15vw'}
            />
          </Link>
        ))}
      </div>
    </aside>
  );
}

function Hero({ art = [] }: { art?: CardProduct[] }) {
  return (
    <section className="bg-neutral-950 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1fr_minmax(0,30rem)] lg:py-16">
        <div>
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
        <HeroArt products={art} />
      </div>
    </section>
  );
}

const section = 'mx-auto max-w-7xl px-4 pt-10 sm:pt-14';

export default function Home({ data }: PageProps<Data>) {
  const hasFeatured = data.featured.length > 0;
  return (
    <>
      <Hero art={hasFeatured ? data.featured : data.all} />
      {data.drop ? <UpcomingDropSection drop={data.drop} /> : null}
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
