import { useState } from 'react';
import { findListingRoute, flattenCategories, listingEmptyText, listingTitle } from '#shared/listings';
import type { CategoriesResponse, ProductListResponse } from '#shared/schemas/catalog';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import { type CardProduct, GridSkeleton, ProductGrid, toCard } from '../features/catalog/product-grid';
import { listingHead } from '../features/catalog/seo';
import { ApiError, api, apiJson, errorMessage } from '../lib/api';
import { type HeadArgs, type HeadTag, type LoadArgs, notFound, type PageProps } from '../lib/route-module';

type Data = {
  /** The canonical path of the listing ('/men/tshirts'). */
  path: string;
  title: string;
  emptyText: string;
  /** The API query string of the listing's filter, for loading more. */
  query: string;
  products: CardProduct[];
  total: number;
  error: string | null;
};

/** New Arrivals, the gendered category pages and the flat category pages share this screen. */
export async function load({ url, api: fetcher }: LoadArgs): Promise<Data> {
  const route = findListingRoute(url.pathname);
  if (!route) throw notFound();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(route.filter)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const [products, categories] = await Promise.allSettled([
    apiJson<ProductListResponse>(fetcher, `/api/products?${query}`),
    apiJson<CategoriesResponse>(fetcher, '/api/categories'),
  ]);
  // Without the category records the title falls back to the capitalised slug.
  const named = categories.status === 'fulfilled' ? flattenCategories(categories.value.categories) : [];
  const base = {
    path: route.path,
    title: listingTitle(route, named),
    emptyText: listingEmptyText(route, named),
    query: query.toString(),
  };
  if (products.status === 'rejected') {
    if (!(products.reason instanceof ApiError)) throw products.reason;
    return { ...base, products: [], total: 0, error: products.reason.message };
  }
  return { ...base, products: products.value.products.map(toCard), total: products.value.total, error: null };
}

export function head({ data, origin }: HeadArgs<Data>): HeadTag[] {
  const count = data.total > 0 ? ` ${data.total} ${data.total === 1 ? 'style' : 'styles'},` : '';
  return listingHead({
    title: data.title,
    description: `Shop ${data.title} at Naija Street:${count} streetwear designed in Lagos and delivered across Nigeria.`,
    pathname: data.path,
    origin,
    products: data.products,
  });
}

function Header({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-neutral-200 pb-4">
      <h1 className="text-2xl font-black uppercase tracking-widest sm:text-3xl">{title}</h1>
      {subtitle ? <p className="text-sm text-neutral-600">{subtitle}</p> : null}
    </header>
  );
}

export default function Listing({ data }: PageProps<Data>) {
  const [more, setMore] = useState<CardProduct[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const products = [...data.products, ...more];

  async function loadMore() {
    setLoadingMore(true);
    try {
      const next = await api.get<ProductListResponse>(
        `/api/products?${data.query}&offset=${products.length}`,
      );
      setMore((current) => [...current, ...next.products.map(toCard)]);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to fetch products'));
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <Header
        title={data.title}
        subtitle={
          data.error || data.total === 0
            ? undefined
            : `${data.total} ${data.total === 1 ? 'product' : 'products'}`
        }
      />
      <div className="mt-6">
        {data.error ? (
          <p role="alert" className="rounded bg-red-50 p-4 text-sm text-red-800">
            Error loading products: {data.error}
          </p>
        ) : products.length === 0 ? (
          <p className="py-16 text-center text-neutral-600">{data.emptyText}</p>
        ) : (
          <>
            <ProductGrid products={products} label={data.title} priorityFirst />
            {products.length < data.total ? (
              <div className="mt-10 text-center">
                <Button variant="secondary" onClick={loadMore} busy={loadingMore} busyLabel="Loading...">
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

export function Pending() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <p className="sr-only">Loading products...</p>
      <div className="border-b border-neutral-200 pb-4">
        <div className="h-8 w-56 animate-pulse rounded bg-neutral-200 sm:h-9" />
      </div>
      <div className="mt-6">
        <GridSkeleton />
      </div>
    </div>
  );
}
