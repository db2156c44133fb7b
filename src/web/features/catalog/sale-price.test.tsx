// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTopics } from '#shared/live';
import type { ProductDetail } from '#shared/schemas/catalog';
import ProductPage from '../../routes/product';
import { startFakeApi } from '../../test/fake-api';
import { FakeEventSource } from '../orders/order-test-support';
import { ProductGrid, toCard } from './product-grid';

const api = startFakeApi();
beforeAll(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(cleanup);

const NOW = '2026-11-27T12:00:00.000Z';

function product(fields: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: '8a5e293e-a339-4828-bf03-c1f6bdf7a033',
    name: 'Bar Beach Shorts',
    description: 'Quick-dry nylon shorts.',
    priceKobo: 1_200_000,
    compareAtKobo: 1_500_000,
    percentOff: 20,
    gender: 'men',
    category: { id: '44df7963-3032-4d81-8d63-3f25d4323978', name: 'Bottoms', slug: 'bottoms' },
    subcategory: null,
    isFeatured: false,
    isMystery: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    stock: 4,
    images: [],
    releaseAt: null,
    limitPerCustomer: null,
    variants: [
      {
        id: 'c5f0b8a4-7d3e-4a51-9a6e-2b1d3c4e5f60',
        size: 'M',
        color: null,
        stock: 4,
        soldOut: false,
        sku: 'BAR-M',
      },
    ],
    outOfStock: { enabled: true, text: 'Sold out' },
    sizeGuide: null,
    ...fields,
  };
}
const FULL_PRICE = { priceKobo: 1_500_000, compareAtKobo: null, percentOff: null };

/** The struck-through old price inside `container`, as a screen reader reads it ("Was ₦15,000.00"). */
const struck = (container: HTMLElement) => container.querySelector('s')?.textContent ?? null;

describe('a product card', () => {
  it('shows the price charged, the old price struck through and the badge during a sale; the price alone after', () => {
    render(
      <MemoryRouter>
        <ProductGrid
          label="Products"
          products={[
            toCard(product()),
            toCard(product({ id: 'a1f0b8a4-7d3e-4a51-9a6e-2b1d3c4e5f61', name: 'Eko Tee', ...FULL_PRICE })),
          ]}
        />
      </MemoryRouter>,
    );
    const [sale, plain] = screen.getAllByRole('link');
    expect(sale!.textContent).toContain('₦12,000.00');
    expect(struck(sale!)).toBe('Was ₦15,000.00');
    expect(within(sale!).getByText('-20%')).toBeTruthy();
    expect(sale!.textContent).toContain('20% off');

    expect(plain!.textContent).toContain('₦15,000.00');
    expect(plain!.querySelector('s')).toBeNull();
    expect(within(plain!).queryByText(/%/)).toBeNull();
  });
});

describe('the product page', () => {
  it('is rendered on the server with the old price struck through', () => {
    const html = renderToString(
      <MemoryRouter>
        <ProductPage data={{ product: product(), now: NOW, error: null }} params={{ id: product().id }} />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<s[^>]*><span class="sr-only">Was <\/span>₦15,000\.00<\/s>/);
    expect(html).toContain('₦12,000.00');
    expect(html).toContain('-20%');
  });

  it('follows the product: the sale ending shows the price without a reload', async () => {
    const onSale = product({ id: '0b7e6c2a-1d4f-4e8a-9c3b-5a6d7e8f9a01' });
    let current = onSale;
    api.answer('GET /api/products/:id', () => ({ body: { product: current, now: NOW } }));
    render(
      <MemoryRouter>
        <ProductPage data={{ product: onSale, now: NOW, error: null }} params={{ id: onSale.id }} />
      </MemoryRouter>,
    );
    expect(struck(document.body)).toBe('Was ₦15,000.00');
    expect(screen.getByText('-20%')).toBeTruthy();

    const topic = liveTopics.product(onSale.id);
    await waitFor(() => expect(FakeEventSource.following(topic)).toBeDefined());
    const source = FakeEventSource.following(topic)!;
    act(() => source.open());

    current = { ...onSale, ...FULL_PRICE };
    act(() => source.change(topic, 'products', onSale.id, 'updated'));
    await waitFor(() => expect(struck(document.body)).toBeNull());
    expect(screen.getByText('₦15,000.00')).toBeTruthy();
    expect(screen.queryByText('-20%')).toBeNull();
  });
});
