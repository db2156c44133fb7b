// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategoryOption } from '#shared/schemas/admin-products';
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

let requests: { url: string; init?: RequestInit }[] = [];

beforeEach(() => {
  requests = [];
  // The network edge: the categories answer, and a POST that must not happen for an invalid form.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      if (url === '/api/admin/categories') return Response.json({ categories });
      return Response.json({ error: { code: 'unexpected', message: 'unexpected' } }, { status: 500 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProductDialog productId={null} onClose={() => {}} />
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
    expect(requests.filter((request) => request.init?.method === 'POST')).toEqual([]);
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
