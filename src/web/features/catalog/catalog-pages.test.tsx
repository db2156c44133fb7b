// @vitest-environment happy-dom
// The listing and product pages' `load` and states (pages live in src/web/routes, where every
// .tsx file becomes a page chunk, so their tests sit here).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../lib/api';
import { NotFound, Redirect, WithStatus } from '../../lib/route-module';
import Listing, { load as loadListing } from '../../routes/listing';
import { load as loadProduct } from '../../routes/product';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake of our API: answers by path, records what was asked. */
function fakeApi(answer: (path: string) => Response): ApiFetch & { asked: string[] } {
  const asked: string[] = [];
  const fetcher = (async (path: string) => {
    asked.push(path);
    return answer(path);
  }) as ApiFetch & { asked: string[] };
  fetcher.asked = asked;
  return fetcher;
}

const CATEGORIES = {
  categories: [{ id: 'c1', name: 'T-Shirts', slug: 'tshirts', displayOrder: 1, subcategories: [] }],
};
const listArgs = (pathname: string, api: ApiFetch) => ({
  params: {},
  url: new URL(`http://shop.test${pathname}`),
  api,
});

describe('listing load', () => {
  it("asks for the route's filter and titles the page from the category record", async () => {
    const api = fakeApi((path) =>
      path.startsWith('/api/categories')
        ? json(200, CATEGORIES)
        : json(200, { products: [], total: 0, limit: 48, offset: 0 }),
    );
    const data = await loadListing(listArgs('/women/tshirts', api));
    expect(api.asked).toContain('/api/products?gender=women&category=tshirts');
    expect(data).toMatchObject({
      path: '/women/tshirts',
      title: "Women's T-Shirts",
      emptyText: "No products available in Women's T-Shirts",
      error: null,
    });
  });

  it('falls back to the capitalised slug without categories, and keeps the API error as data', async () => {
    const api = fakeApi(() => json(503, { error: { code: 'unavailable', message: 'Try later.' } }));
    const data = await loadListing(listArgs('/knitwear', api));
    expect(data).toMatchObject({ title: 'Knitwear', error: 'Try later.', products: [] });
  });

  it('answers not-found for a path that is not a listing', async () => {
    const api = fakeApi(() => json(200, {}));
    await expect(loadListing(listArgs('/men/knitwear', api))).rejects.toBeInstanceOf(NotFound);
  });
});

describe('listing states', () => {
  afterEach(cleanup);
  const base = { path: '/new', title: 'New Arrivals', query: 'new=true', products: [], total: 0 };

  it('shows the empty text and the error message', () => {
    const { rerender } = render(
      <Listing
        data={{ ...base, emptyText: 'No new products available at this time', error: null }}
        params={{}}
      />,
    );
    expect(screen.getByText('No new products available at this time')).toBeTruthy();
    rerender(<Listing data={{ ...base, emptyText: '', error: 'Try later.' }} params={{}} />);
    expect(screen.getByRole('alert').textContent).toBe('Error loading products: Try later.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New Arrivals');
  });
});

describe('product load', () => {
  const args = (id: string | undefined, api: ApiFetch) => ({
    params: { id },
    url: new URL('http://shop.test/product'),
    api,
  });

  it('sends a missing id home', async () => {
    const api = fakeApi(() => json(200, {}));
    await expect(loadProduct(args(undefined, api))).rejects.toEqual(new Redirect('/'));
  });

  it("shows the page's own error for a missing product, answered with 404, and keeps other errors as data", async () => {
    const missing = fakeApi(() => json(404, { error: { code: 'not_found', message: 'Product not found' } }));
    expect(await loadProduct(args('abc', missing))).toEqual(
      new WithStatus({ product: null, error: 'Product not found' }, 404),
    );
    const failing = fakeApi(() => json(500, { error: { code: 'internal', message: 'Boom.' } }));
    expect(await loadProduct(args('abc', failing))).toEqual({ product: null, error: 'Boom.' });
  });
});
