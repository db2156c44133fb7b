// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCategoryOption, AdminProduct } from '#shared/schemas/admin-products';
import { adminProduct } from '../../../test/admin-product';
import { startFakeApi } from '../../../test/fake-api';
import { ProductDialog } from './product-dialog';

const categories: AdminCategoryOption[] = [
  {
    slug: 'tshirts',
    name: 'T-Shirts',
    subcategories: [
      { slug: 'graphic-tees', name: 'Graphic Tees' },
      { slug: 'basic-tees', name: 'Basic Tees' },
    ],
  },
  { slug: 'sweatshirts', name: 'Sweatshirts', subcategories: [{ slug: 'hoodies', name: 'Hoodies' }] },
];

const EDITED = adminProduct({
  description: 'Heavy cotton',
  stock: 7,
  sizes: ['S', 'M'],
  colors: ['Black', 'White'],
  variants: [
    { id: 'a0000000-0000-4000-8000-000000000001', size: 'S', color: 'Black', stock: 3, sku: '6D3-BLA-S' },
    { id: 'a0000000-0000-4000-8000-000000000002', size: 'S', color: 'White', stock: 0, sku: '6D3-WHI-S' },
    { id: 'a0000000-0000-4000-8000-000000000003', size: 'M', color: 'Black', stock: 2, sku: '6D3-BLA-M' },
    { id: 'a0000000-0000-4000-8000-000000000004', size: 'M', color: 'White', stock: 2, sku: '6D3-WHI-M' },
  ],
});

const api = startFakeApi();
/** Resolves when the categories may answer: by default at once; a test can hold them back. */
let categoriesReady: Promise<void> = Promise.resolve();

beforeEach(() => {
  categoriesReady = Promise.resolve();
  // The network edge: the categories and the edited product answer; nothing else (a POST that
  // must not happen for an invalid form has no answer, and would fail the test).
  api.answer('GET /api/admin/categories', async () => {
    await categoriesReady;
    return { body: { categories } };
  });
  api.answer('GET /api/admin/products/:id', ({ params }) =>
    params.id === EDITED.id
      ? { body: { product: EDITED } }
      : { status: 404, body: { error: { code: 'not_found', message: 'Product not found' } } },
  );
});
afterEach(() => {
  cleanup();
});

function renderDialog(productId: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProductDialog productId={productId} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('ProductDialog (add)', () => {
  it('pre-selects Black, White and Gray and shows no stock table before saving', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Add Product' });
    for (const colour of ['Black', 'White', 'Gray']) {
      expect(within(dialog).getByRole('checkbox', { name: colour })).toHaveProperty('checked', true);
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Navy' })).toHaveProperty('checked', false);
    expect(within(dialog).queryByText('Stock by variant')).toBeNull();
  });

  it('enables the subcategory after a category, and resets it when the category changes', async () => {
    renderDialog();
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    const subcategory = screen.getByLabelText('Subcategory') as HTMLSelectElement;
    expect(subcategory.disabled).toBe(true);
    await waitFor(() => expect(within(category).getByRole('option', { name: 'T-Shirts' })).toBeTruthy());
    fireEvent.change(category, { target: { value: 'tshirts' } });
    await waitFor(() => expect(subcategory.disabled).toBe(false));
    fireEvent.change(subcategory, { target: { value: 'basic-tees' } });
    expect(subcategory.value).toBe('basic-tees');
    fireEvent.change(category, { target: { value: 'sweatshirts' } });
    await waitFor(() => expect(subcategory.value).toBe(''));
    expect(within(subcategory).getByRole('option', { name: 'Hoodies' })).toBeTruthy();
  });

  it("refuses an empty form with the spec's messages, sending nothing", async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    for (const message of [
      'Product name is required',
      'Price must be positive',
      'Category is required',
      'Gender is required',
      'Please select at least one size',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('adds a custom size once; an empty or repeated one is refused', async () => {
    renderDialog();
    const input = screen.getByRole('textbox', { name: 'Add a custom size' });
    fireEvent.click(screen.getByRole('button', { name: 'Add size' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a size to add');
    fireEvent.change(input, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add size' }));
    expect(screen.getByRole('checkbox', { name: '42' })).toHaveProperty('checked', true);
    fireEvent.change(input, { target: { value: 'xl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add size' }));
    expect(screen.getByRole('alert').textContent).toBe('That size is already in the list');
    expect(screen.getByText('3 variants: each size in each colour.')).toBeTruthy();
  });
});

describe('ProductDialog (edit)', () => {
  it('has one "Drop" heading, over the drop form', async () => {
    renderDialog(EDITED.id);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    await within(dialog).findByRole('form', { name: 'Drop' });
    expect(within(dialog).getAllByRole('heading', { name: 'Drop' })).toHaveLength(1);
  });

  it('warns that removing a size or colour with stock discards that stock, before saving', async () => {
    renderDialog(EDITED.id);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    const size = await within(dialog).findByRole('checkbox', { name: 'S' });
    expect(within(dialog).queryByText(/Saving discards stock/)).toBeNull();

    fireEvent.click(size);
    const warning = await within(dialog).findByText(/Saving discards stock/);
    // S / White has no stock: nothing of it is lost.
    expect(warning.closest('p')!.textContent).toBe(
      'Saving discards stock: S / Black (3). These 3 units go with the removed option, recorded as a correction.',
    );

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'White' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByText(/Saving discards stock/)
          .closest('p')!.textContent,
      ).toBe(
        'Saving discards stock: S / Black (3), M / White (2). These 5 units go with the removed options, recorded as a correction.',
      ),
    );

    // Chosen again: nothing is lost any more.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'S' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'White' }));
    await waitFor(() => expect(within(dialog).queryByText(/Saving discards stock/)).toBeNull());
  });

  it("shows the product's category and subcategory when the categories arrive after the product", async () => {
    let release!: () => void;
    categoriesReady = new Promise((resolve) => {
      release = resolve;
    });
    const withSub: AdminProduct = { ...EDITED, subcategory: 'basic-tees' };
    api.answer('GET /api/admin/products/:id', ({ params }) =>
      params.id === EDITED.id
        ? { body: { product: withSub } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Product not found' } } },
    );
    renderDialog(EDITED.id);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    const name = (await within(dialog).findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Eko Tee'));
    release();
    const category = within(dialog).getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
    await waitFor(() => expect(category.value).toBe('tshirts'));
    expect(category.selectedOptions[0]!.textContent).toBe('T-Shirts');
    const subcategory = within(dialog).getByRole('combobox', { name: 'Subcategory' }) as HTMLSelectElement;
    await waitFor(() => expect(subcategory.value).toBe('basic-tees'));
    expect(subcategory.selectedOptions[0]!.textContent).toBe('Basic Tees');
  });

  it('shows the sale in Lagos time, checks it as the server does, and sends it with the product', async () => {
    const onSale = adminProduct({
      ...EDITED,
      salePriceKobo: 1_200_000,
      saleStartsAt: '2026-12-01T08:00:00.000Z',
      saleEndsAt: null,
    });
    api.answer('GET /api/admin/products/:id', () => ({ body: { product: onSale } }));
    api.answer('PUT /api/admin/products/:id', () => ({
      body: { product: { ...onSale, salePriceKobo: 1_100_000, saleEndsAt: '2026-12-31T22:00:00.000Z' } },
    }));
    renderDialog(onSale.id);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    const salePrice = (await within(dialog).findByRole('textbox', {
      name: 'Sale price',
    })) as HTMLInputElement;
    await waitFor(() => expect(salePrice.value).toBe('12000.00'));
    const starts = within(dialog).getByLabelText('Sale starts (Lagos time)') as HTMLInputElement;
    const ends = within(dialog).getByLabelText('Sale ends (Lagos time)') as HTMLInputElement;
    expect(starts.value).toBe('2026-12-01T09:00');
    expect(ends.value).toBe('');
    expect(within(dialog).getByText('20% off the price.')).toBeTruthy();

    fireEvent.change(salePrice, { target: { value: '15000' } });
    fireEvent.change(ends, { target: { value: '2026-12-01T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('The sale price must be below the price')).toBeTruthy();
    expect(within(dialog).getByText('The sale must end after it starts')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    // happy-dom leaves a registered select without the value it was given: chosen again, as a person would.
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Gender' }), { target: { value: 'men' } });
    fireEvent.change(salePrice, { target: { value: '11000' } });
    fireEvent.change(ends, { target: { value: '2026-12-31T23:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(api.requests.find((request) => request.method === 'PUT')!.body).toMatchObject({
      salePrice: '11000',
      saleStartsAt: '2026-12-01T09:00',
      saleEndsAt: '2026-12-31T23:00',
    });
  });

  it('removes the sale: its fields empty, sent empty', async () => {
    const onSale = adminProduct({
      ...EDITED,
      salePriceKobo: 1_200_000,
      saleStartsAt: '2026-12-01T08:00:00.000Z',
    });
    api.answer('GET /api/admin/products/:id', () => ({ body: { product: onSale } }));
    api.answer('PUT /api/admin/products/:id', () => ({
      body: { product: { ...onSale, salePriceKobo: null, saleStartsAt: null } },
    }));
    renderDialog(onSale.id);
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Remove sale' }));
    expect((within(dialog).getByRole('textbox', { name: 'Sale price' }) as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByRole('button', { name: 'Remove sale' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Gender' }), { target: { value: 'men' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(api.requests.find((request) => request.method === 'PUT')!.body).toMatchObject({
      salePrice: '',
      saleStartsAt: '',
      saleEndsAt: '',
    });
  });
});
