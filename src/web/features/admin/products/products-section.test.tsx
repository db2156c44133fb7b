// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminProductRow } from '#shared/schemas/admin-products';
import { Toasts } from '../../../components/ui/toast';
import { startFakeApi } from '../../../test/fake-api';
import { findToast } from '../../../test/toasts';
import ProductsSection from './products-section';

const api = startFakeApi();

const row = (index: number, overrides: Partial<AdminProductRow> = {}): AdminProductRow => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Tee ${index}`,
  priceKobo: 1_000_000,
  category: 'T-Shirts',
  gender: 'men',
  isActive: true,
  isFeatured: false,
  stock: 4,
  variantCount: 1,
  imageCount: 0,
  mainImageId: null,
  inOrders: false,
  releaseAt: null,
  comingSoon: false,
  limitPerCustomer: null,
  salePriceKobo: null,
  saleStartsAt: null,
  saleEndsAt: null,
  saleStatus: null,
  ...overrides,
});

/** The server's catalogue, paged 20 at a time as GET /api/admin/products pages it. */
function serve(catalogue: AdminProductRow[]) {
  const pages: number[] = [];
  api.answer('GET /api/admin/products', ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    pages.push(page);
    return {
      body: {
        products: catalogue.slice((page - 1) * size, page * size),
        page,
        pageSize: size,
        total: catalogue.length,
      },
    };
  });
  api.answer('DELETE /api/admin/products/:id', ({ params }) => {
    const index = catalogue.findIndex((product) => product.id === params.id);
    if (index === -1) return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    catalogue.splice(index, 1);
    return { body: { outcome: 'deleted', message: 'Product deleted successfully' } };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProductsSection />
      <Toasts />
    </QueryClientProvider>,
  );
  return pages;
}

afterEach(() => {
  cleanup();
});

describe('the admin Products list', () => {
  it('goes back to the new last page when the last product of the last page is deleted', async () => {
    serve(Array.from({ length: 41 }, (_, index) => row(index + 1)));
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    expect(screen.getByText('Tee 41', { selector: 'p' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Tee 41' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToast('Product deleted successfully')).toEqual({
      type: 'success',
      title: 'Product deleted successfully',
      description: null,
    });
    await screen.findByText('Page 2 of 2');
    expect(await screen.findByText('Tee 40', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Tee 21', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText('No products found')).toBeNull();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a drop's release in Lagos time, 'Coming soon' until then, and its limit", async () => {
    serve([
      row(1, {
        name: 'Next Drop Tee',
        releaseAt: '2026-12-05T17:00:00.000Z',
        comingSoon: true,
        limitPerCustomer: 2,
      }),
      row(2, { name: 'Released Tee', releaseAt: '2026-11-01T09:00:00.000Z', comingSoon: false }),
      row(3, { name: 'Plain Tee' }),
    ]);
    const upcoming = (await screen.findByText('Next Drop Tee', { selector: 'p' })).closest('li')!;
    expect(within(upcoming).getByText('Coming soon')).toBeTruthy();
    expect(
      within(upcoming).getByText('Drop: Sat, 5 Dec 2026, 6:00 pm (Lagos time), 2 per customer'),
    ).toBeTruthy();

    const released = screen.getByText('Released Tee', { selector: 'p' }).closest('li')!;
    expect(within(released).queryByText('Coming soon')).toBeNull();
    expect(within(released).getByText('Drop: Sun, 1 Nov 2026, 10:00 am (Lagos time)')).toBeTruthy();

    const plain = screen.getByText('Plain Tee', { selector: 'p' }).closest('li')!;
    expect(within(plain).queryByText(/Drop/)).toBeNull();
  });

  it('says which sale is on and which is to come, with its price and window in Lagos time', async () => {
    serve([
      row(1, {
        name: 'Sale Tee',
        salePriceKobo: 800_000,
        saleStartsAt: '2026-11-20T09:00:00.000Z',
        saleEndsAt: '2026-12-05T17:00:00.000Z',
        saleStatus: 'on_sale',
      }),
      row(2, {
        name: 'Later Tee',
        salePriceKobo: 900_000,
        saleStartsAt: '2026-12-05T17:00:00.000Z',
        saleStatus: 'scheduled',
      }),
      row(3, {
        name: 'Over Tee',
        salePriceKobo: 900_000,
        saleStartsAt: '2026-11-01T09:00:00.000Z',
        saleEndsAt: '2026-11-02T09:00:00.000Z',
        saleStatus: null,
      }),
    ]);
    const onSale = (await screen.findByText('Sale Tee', { selector: 'p' })).closest('li')!;
    expect(within(onSale).getByText('On sale')).toBeTruthy();
    expect(within(onSale).getByText('₦8,000.00 until Sat, 5 Dec 2026, 6:00 pm (Lagos time)')).toBeTruthy();
    const later = screen.getByText('Later Tee', { selector: 'p' }).closest('li')!;
    expect(within(later).getByText('Sale scheduled')).toBeTruthy();
    expect(within(later).getByText('₦9,000.00 from Sat, 5 Dec 2026, 6:00 pm (Lagos time)')).toBeTruthy();
    const over = screen.getByText('Over Tee', { selector: 'p' }).closest('li')!;
    expect(within(over).queryByText(/sale/i)).toBeNull();
  });
});
