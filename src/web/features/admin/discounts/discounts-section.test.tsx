// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDiscount } from '#shared/schemas/admin-discounts';
import type { AdminProductRow } from '#shared/schemas/admin-products';
import type { Category } from '#shared/schemas/catalog';
import { fromShopLocalInput } from '#shared/shop-time-input';
import { Toasts } from '../../../components/ui/toast';
import { startFakeApi } from '../../../test/fake-api';
import { findToast } from '../../../test/toasts';
import DiscountsSection from './discounts-section';

const api = startFakeApi();

const summer: AdminDiscount = {
  id: '0c3a6f52-5d1e-4c8a-9b1f-2a6c1e3d4f01',
  kind: 'code',
  code: 'SUMMER20',
  title: '20% off everything',
  type: 'percentage',
  percentOff: 20,
  amountOffKobo: null,
  appliesTo: 'all',
  categories: [],
  products: [],
  minSubtotalKobo: null,
  startsAt: '2026-11-01T09:00:00.000Z',
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: 1,
  uses: 12,
  isActive: true,
  status: 'active',
  revenueKobo: 4_550_000,
  discountGivenKobo: 600_000,
  paidOrders: 11,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

const hoodie = { id: '5f0d7e1a-7b2c-4d3e-8f4a-9b0c1d2e3f40', name: 'Eko Hoodie' };
const harmattan: AdminDiscount = {
  ...summer,
  id: '0c3a6f52-5d1e-4c8a-9b1f-2a6c1e3d4f02',
  kind: 'automatic',
  code: null,
  title: 'Harmattan sale',
  percentOff: 15,
  appliesTo: 'products',
  products: [hoodie],
  usageLimit: null,
  perCustomerLimit: null,
  uses: 0,
  status: 'scheduled',
  revenueKobo: null,
  discountGivenKobo: null,
  paidOrders: 0,
};

const tops: Category[] = [
  {
    id: '9a1b2c3d-0000-4000-8000-000000000001',
    name: 'Tops',
    slug: 'tops',
    displayOrder: 1,
    subcategories: [
      { id: '9a1b2c3d-0000-4000-8000-000000000002', name: 'T-shirts', slug: 'tshirts', displayOrder: 1 },
    ],
  },
];

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <DiscountsSection />
        <Toasts />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const listOf = (discounts: AdminDiscount[]) =>
  api.answer('GET /api/admin/discounts', () => ({ body: { discounts } }));
const sent = (method: string) => api.requests.filter((asked) => asked.method === method);

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add discount' }));
  return screen.findByRole('dialog', { name: 'Add discount' });
}

describe('the admin Discounts section', () => {
  afterEach(cleanup);

  it('says so when the discounts cannot be loaded, with a way to try again', async () => {
    api.answer('GET /api/admin/discounts', () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Something went wrong.' } },
    }));
    renderSection();
    expect(await screen.findByText('Failed to load discounts. Please try again.')).toBeTruthy();
    listOf([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No discounts yet')).toBeTruthy();
  });

  it('lists each discount with its code, status, uses and revenue, in a table and in cards', async () => {
    listOf([summer, harmattan]);
    renderSection();
    expect(screen.getByRole('heading', { level: 1, name: 'Discounts' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringContaining('SUMMER20'),
      'Status: Active',
      '12 / 100',
      '₦45,500.00',
      'EditDeactivate',
    ]);
    expect(first!.textContent).toContain('20% off');
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringContaining('Automatic'), 'Status: Scheduled', '—', '—', 'EditDeactivate']);
    expect(second!.textContent).toContain('15% off · 1 product');

    const cards = screen.getByRole('list', { name: 'Discounts' });
    const [card] = within(cards).getAllByRole('listitem');
    expect(card!.textContent).toContain('SUMMER20');
    expect(card!.textContent).toContain('12 / 100');
    expect(within(card!).getByRole('button', { name: 'Edit SUMMER20' })).toBeTruthy();
  });

  it("checks the form as the server would, and sends a new code's request", async () => {
    listOf([]);
    api.answer('POST /api/admin/discounts', () => ({ status: 201, body: { discount: summer } }));
    renderSection();
    const dialog = await openAdd();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    expect(await within(dialog).findByText('Please enter a code')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a title')).toBeTruthy();
    expect(within(dialog).getByText('Enter a percentage from 1 to 90')).toBeTruthy();
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: ' summer20 ' } });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '20% off everything' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage off'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Usage limit'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum spend'), { target: { value: '10,000' } });
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toEqual({
      method: 'POST',
      url: '/api/admin/discounts',
      body: {
        kind: 'code',
        code: 'SUMMER20',
        title: '20% off everything',
        type: 'percentage',
        percentOff: 20,
        amountOffKobo: null,
        appliesTo: 'all',
        categoryIds: [],
        productIds: [],
        minSubtotalKobo: 1_000_000,
        // 09:00 in Lagos.
        startsAt: fromShopLocalInput('2026-12-01T09:00'),
        endsAt: null,
        usageLimit: 100,
        perCustomerLimit: null,
        isActive: true,
      },
    });
    expect(sent('POST')[0]!.body).toMatchObject({ startsAt: '2026-12-01T08:00:00.000Z' });
    expect((await findToast('Discount created')).type).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add discount' })).toBeNull());
  });

  it("puts the server's refusal on the field it concerns", async () => {
    listOf([summer]);
    const message = 'There is already a discount with the code SUMMER20.';
    api.answer('POST /api/admin/discounts', () => ({
      status: 409,
      body: { error: { code: 'duplicate_code', message, fields: { code: message } } },
    }));
    renderSection();
    const dialog = await openAdd();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'summer20' } });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Again' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage off'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    // Once beside the code, once for the whole form.
    await waitFor(() => expect(within(dialog).getAllByText(message)).toHaveLength(2));
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Add discount' })).toBeTruthy();
  });

  it('makes an automatic discount on chosen categories: no code, no limits', async () => {
    listOf([]);
    api.answer('GET /api/categories', () => ({ body: { categories: tops } }));
    api.answer('POST /api/admin/discounts', () => ({ status: 201, body: { discount: harmattan } }));
    renderSection();
    const dialog = await openAdd();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Automatic discount/ }));
    expect(within(dialog).queryByLabelText('Code')).toBeNull();
    expect(within(dialog).queryByLabelText('Usage limit')).toBeNull();
    expect(within(dialog).queryByLabelText('Type')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Harmattan sale' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage off'), { target: { value: '15' } });
    fireEvent.change(within(dialog).getByLabelText('Products covered'), { target: { value: 'categories' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    expect(await within(dialog).findByText('Choose at least one category')).toBeTruthy();

    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'T-shirts' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toMatchObject({
      kind: 'automatic',
      code: null,
      type: 'percentage',
      percentOff: 15,
      appliesTo: 'categories',
      categoryIds: [tops[0]!.subcategories[0]!.id],
      usageLimit: null,
      minSubtotalKobo: null,
    });
  });

  it('edits the products a discount covers: removes one, finds and adds another', async () => {
    listOf([harmattan]);
    const tee = { ...hoodie, id: '5f0d7e1a-7b2c-4d3e-8f4a-9b0c1d2e3f41', name: 'Lagos Tee' };
    api.answer('GET /api/admin/products', ({ url }) => ({
      body: {
        products: url.searchParams.get('q') === 'tee' ? [productRow(tee)] : [],
        page: 1,
        pageSize: 8,
        total: 1,
      },
    }));
    api.answer('PUT /api/admin/discounts/:id', ({ body }) => ({
      body: { discount: { ...harmattan, products: [tee], ...(body as object) } as AdminDiscount },
    }));
    renderSection();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Harmattan sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit discount' });
    const chosen = within(dialog).getByRole('list', { name: 'Chosen products' });
    expect(chosen.textContent).toContain('Eko Hoodie');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Eko Hoodie' }));
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Find products' }), {
      target: { value: 'tee' },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add Lagos Tee' }));
    expect(within(dialog).getByRole('list', { name: 'Chosen products' }).textContent).toContain('Lagos Tee');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]).toMatchObject({
      url: `/api/admin/discounts/${harmattan.id}`,
      body: { kind: 'automatic', appliesTo: 'products', productIds: [tee.id], percentOff: 15 },
    });
    expect((await findToast('Discount saved')).type).toBe('success');
  });

  it('deactivates and activates from the list, saying why when the server refuses', async () => {
    listOf([summer, { ...harmattan, isActive: false, status: 'inactive' }]);
    api.answer('PUT /api/admin/discounts/:id/active', ({ params }) =>
      params.id === summer.id
        ? { body: { discount: { ...summer, isActive: false, status: 'inactive' } } }
        : {
            status: 409,
            body: {
              error: {
                code: 'automatic_overlap',
                message: 'The automatic discount "Black Friday" is on at the same time.',
              },
            },
          },
    );
    renderSection();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate SUMMER20' }));
    expect((await findToast('Discount deactivated')).type).toBe('success');
    expect(sent('PUT')[0]).toEqual({
      method: 'PUT',
      url: `/api/admin/discounts/${summer.id}/active`,
      body: { isActive: false },
    });

    fireEvent.click(within(table).getByRole('button', { name: 'Activate Harmattan sale' }));
    const refused = await findToast('Failed to save the discount. Please try again.');
    expect(refused).toMatchObject({
      type: 'error',
      description: 'The automatic discount "Black Friday" is on at the same time.',
    });
  });
});

function productRow(product: { id: string; name: string }): AdminProductRow {
  return {
    id: product.id,
    name: product.name,
    priceKobo: 1_500_000,
    category: 'tops',
    gender: 'men',
    isActive: true,
    isFeatured: false,
    stock: 10,
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
  };
}
