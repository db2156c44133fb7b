// @vitest-environment happy-dom
// The listing and product pages' `load` and states (pages live in src/web/routes, where every
// .tsx file becomes a page chunk, so their tests sit here).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { browserFetch } from '../../lib/api';
import { NotFound, Redirect, WithStatus } from '../../lib/route-module';
import Listing, { load as loadListing } from '../../routes/listing';
import { load as loadProduct } from '../../routes/product';
import { startFakeApi } from '../../test/fake-api';

const api = startFakeApi();

const CATEGORIES = {
  categories: [
    {
      id: '3f0c2a1e-7b6d-4c5e-9a8b-1d2e3f4a5b6c',
      name: 'T-Shirts',
      slug: 'tshirts',
      displayOrder: 1,
      subcategories: [],
    },
  ],
};
const NO_PRODUCTS = { products: [], total: 0, limit: 48, offset: 0 };
const unavailable = { status: 503, body: { error: { code: 'unavailable', message: 'Try later.' } } } as const;

/** What the pages asked the API for, path and query. */
const asked = () => api.requests.map((request) => request.url);

const listArgs = (pathname: string) => ({
  params: {},
  url: new URL(`http://shop.test${pathname}`),
  api: browserFetch,
});

describe('listing load', () => {
  it("asks for the route's filter and titles the page from the category record", async () => {
    api.answer('GET /api/categories', () => ({ body: CATEGORIES }));
    api.answer('GET /api/products', () => ({ body: NO_PRODUCTS }));
    const data = await loadListing(listArgs('/women/tshirts'));
    expect(asked()).toContain('/api/products?gender=women&category=tshirts');
    expect(data).toMatchObject({
      path: '/women/tshirts',
      title: "Women's T-Shirts",
      emptyText: "No products available in Women's T-Shirts",
      error: null,
    });
  });

  it('falls back to the capitalised slug without categories, and keeps the API error as data', async () => {
    api.answer('GET /api/categories', () => unavailable);
    api.answer('GET /api/products', () => unavailable);
    const data = await loadListing(listArgs('/knitwear'));
    expect(data).toMatchObject({ title: 'Knitwear', error: 'Try later.', products: [] });
  });

  it('answers not-found for a path that is not a listing', async () => {
    api.answer('GET /api/categories', () => ({ body: CATEGORIES }));
    api.answer('GET /api/products', () => ({ body: NO_PRODUCTS }));
    await expect(loadListing(listArgs('/men/knitwear'))).rejects.toBeInstanceOf(NotFound);
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
  const args = (id: string | undefined) => ({
    params: { id },
    url: new URL('http://shop.test/product'),
    api: browserFetch,
  });

  it('sends a missing id home', async () => {
    await expect(loadProduct(args(undefined))).rejects.toEqual(new Redirect('/'));
    expect(asked()).toEqual([]);
  });

  it("shows the page's own error for a missing product, answered with 404, and keeps other errors as data", async () => {
    api.answer('GET /api/products/:id', () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Product not found' } },
    }));
    expect(await loadProduct(args('abc'))).toEqual(
      new WithStatus({ product: null, error: 'Product not found' }, 404),
    );
    api.answer('GET /api/products/:id', () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Boom.' } },
    }));
    expect(await loadProduct(args('abc'))).toEqual({ product: null, error: 'Boom.' });
  });
});
