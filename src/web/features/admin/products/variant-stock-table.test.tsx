// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../../components/ui/toast';
import { adminProduct } from '../../../test/admin-product';
import { type Reply, startFakeApi } from '../../../test/fake-api';
import { findToast } from '../../../test/toasts';
import { VariantStockTable } from './variant-stock-table';

const api = startFakeApi();

const VARIANT = 'a0000000-0000-4000-8000-00000000000a';
const product = adminProduct({
  stock: 5,
  sizes: ['M'],
  colors: ['Black'],
  variants: [{ id: VARIANT, size: 'M', color: 'Black', stock: 5, sku: '6D3-BLA-M' }],
});

afterEach(() => {
  cleanup();
});

describe('VariantStockTable', () => {
  it('after "stock changed" (409) shows the new figure and bases the next change on it', async () => {
    const answers: Reply<'PUT /api/admin/products/:id/variants/:variantId/stock'>[] = [];
    api.answer('PUT /api/admin/products/:id/variants/:variantId/stock', ({ params }) => {
      if (params.id !== product.id || params.variantId !== VARIANT) {
        return { status: 404, body: { error: { code: 'not_found', message: 'Variant not found' } } };
      }
      return answers.shift()!;
    });
    const bodies = () =>
      api.requests.filter((request) => request.url.endsWith(`/variants/${VARIANT}/stock`)).map((r) => r.body);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <VariantStockTable product={product} />
        <Toasts />
      </QueryClientProvider>,
    );
    const field = screen.getByLabelText('New stock for M / Black') as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save stock for M / Black' }) as HTMLButtonElement;

    // A sale took 2 while the admin typed 10: refused, and the row shows 3.
    answers.push({
      status: 409,
      body: {
        error: {
          code: 'stock_changed',
          message: 'The stock of 6D3-BLA-M changed meanwhile: it is now 3.',
          variantId: VARIANT,
          stock: 3,
        },
      },
    });
    fireEvent.change(field, { target: { value: '10' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The stock of 6D3-BLA-M changed meanwhile: it is now 3.',
      ),
    );
    expect(bodies()[0]).toEqual({ stock: 10, expected: 5, reason: 'restock' });
    expect(field.value).toBe('3');
    expect(screen.getByText('3')).toBeTruthy();
    expect(save.disabled).toBe(true);

    // Typed again, it is sent as a change from 3, the figure now shown.
    answers.push({
      body: { product: { ...product, stock: 10, variants: [{ ...product.variants[0]!, stock: 10 }] } },
    });
    fireEvent.change(field, { target: { value: '10' } });
    fireEvent.click(save);
    expect(await findToast('Stock updated')).toEqual({
      type: 'success',
      title: 'Stock updated',
      description: 'M / Black: 10 in stock',
    });
    expect(bodies()[1]).toEqual({ stock: 10, expected: 3, reason: 'restock' });
  });
});
