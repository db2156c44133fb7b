import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SearchResponse } from '#shared/schemas/catalog';
import { Button } from '../components/ui/button';
import { BROWSE_GROUPS, categoryLink } from '../features/search/search-links';
import { MORE_RESULTS, ProductResult } from '../features/search/search-results';
import { ApiError, apiJson } from '../lib/api';
import type { HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { paths } from '../paths';

/** As long as the API reads (searchQuerySchema). */
const SEARCH_MAX_LENGTH = 100;

type Data = { query: string; response: SearchResponse | null; error: string | null };

export async function load({ api, url }: LoadArgs): Promise<Data> {
  const query = (url.searchParams.get('q') ?? '').trim();
  if (!query) return { query, response: null, error: null };
  try {
    const response = await apiJson<SearchResponse>(api, `/api/search?q=${encodeURIComponent(query)}`);
    return { query, response, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return { query, response: null, error: error.message };
    throw error;
  }
}

export function head(): HeadTag[] {
  return [{ title: 'Search | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

const linkClass = 'block rounded px-3 py-2.5 text-sm font-semibold hover:bg-neutral-100';
const headingClass = 'px-3 pb-1 pt-4 text-[11px] font-bold tracking-widest text-neutral-500';

/**
 * Search as a page: what the navbar's search button opens before the page's script has taken
 * over (it opens the search palette after), and the address a search can be shared by. The field
 * is a plain form field (GET /search?q=…), so what is typed before the script runs stays typed.
 */
export default function SearchPage({ data }: PageProps<Data>) {
  const navigate = useNavigate();
  const { query, response, error } = data;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(text ? `${paths.search}?q=${encodeURIComponent(text)}` : paths.search);
  }

  const categories = (response?.categories ?? []).flatMap((category) => categoryLink(category) ?? []);
  const products = response?.products ?? [];

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Search</h1>
      <search>
        <form action={paths.search} onSubmit={submit} className="mt-4 flex gap-2">
          <input
            type="search"
            name="q"
            defaultValue={query}
            maxLength={SEARCH_MAX_LENGTH}
            aria-label="Search products and categories"
            placeholder="Search products and categories..."
            className="h-12 min-w-0 flex-1 rounded border border-neutral-300 px-3 text-base focus-visible:outline-2 focus-visible:outline-neutral-900"
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {error ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {error}
        </p>
      ) : !query ? (
        <nav aria-label="Browse" className="mt-4">
          {BROWSE_GROUPS.map((group) => (
            <section key={group.heading}>
              <h2 className={headingClass}>{group.heading}</h2>
              <ul>
                {group.links.map((item) => (
                  <li key={item.key}>
                    <Link to={item.to} className={linkClass}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      ) : categories.length === 0 && products.length === 0 ? (
        <p role="status" className="mt-6 text-sm text-neutral-600">
          No results found.
        </p>
      ) : (
        <div className="mt-4">
          {categories.length > 0 ? (
            <section>
              <h2 className={headingClass}>CATEGORIES</h2>
              <ul>
                {categories.map((item) => (
                  <li key={item.key}>
                    <Link to={item.to} className={linkClass}>
                      {item.label}
                      {item.detail ? (
                        <span className="ml-2 font-normal text-neutral-500">{item.detail}</span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {products.length > 0 ? (
            <section>
              <h2 className={headingClass}>PRODUCTS</h2>
              <ul>
                {products.map((product) => (
                  <li key={product.id}>
                    <Link
                      to={paths.product(product.id)}
                      className="flex items-center gap-3 rounded px-3 py-2.5 text-sm hover:bg-neutral-100"
                    >
                      <ProductResult product={product} />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {response?.hasMore ? <p className="px-3 pt-2 text-xs text-neutral-600">{MORE_RESULTS}</p> : null}
        </div>
      )}
    </div>
  );
}
