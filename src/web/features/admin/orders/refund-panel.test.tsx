// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import type { OrderItem } from '#shared/schemas/orders';
import { Toasts } from '../../../components/ui/toast';
import { startFakeApi } from '../../../test/fake-api';
import { findToast } from '../../../test/toasts';
import { OrderDialog } from './order-dialog';

const api = startFakeApi();

const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const TEE_ID = 'b1b2c3d4-0000-4000-8000-000000000001';
const HOODIE_ID = 'b1b2c3d4-0000-4000-8000-000000000002';
const address = {
  fullName: 'Ada Obi',
  email: 'ada@example.test',
  phone: '08031234567',
  address: '12 Admiralty Way',
  city: 'Lagos',
  state: 'Lagos',
};

const line = (overrides: Partial<OrderItem>): OrderItem => ({
  id: TEE_ID,
  productId: 'c1b2c3d4-0000-4000-8000-000000000001',
  variantId: 'd1b2c3d4-0000-4000-8000-000000000001',
  name: 'Lagos Drop Tee',
  gender: 'men',
  size: 'M',
  color: 'Black',
  imageId: null,
  quantity: 3,
  unitPriceKobo: 1_000_000,
  listPriceKobo: null,
  lineTotalKobo: 3_000_000,
  discountKobo: 0,
  ...overrides,
});

/**
 * Three tees paid ₦29,000.00 after the code's ₦1,000.00 (₦9,666.66⅔ each: the kobo left over goes
 * with the last unit), one of them refunded already, and a hoodie refunded in full.
 */
function discounted(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const items = [
    line({ discountKobo: 100_000 }),
    line({
      id: HOODIE_ID,
      name: 'Yaba Hoodie',
      size: 'L',
      quantity: 1,
      unitPriceKobo: 2_000_000,
      lineTotalKobo: 2_000_000,
    }),
  ];
  return {
    order: {
      id: ORDER_ID,
      shortId: 'a1b2c3d4',
      status: 'processing',
      paymentStatus: 'partially_refunded',
      email: 'ada@example.test',
      subtotalKobo: 5_000_000,
      discountKobo: 100_000,
      shippingCostKobo: 250_000,
      totalAmountKobo: 5_150_000,
      discount: {
        code: 'DETTY10K',
        title: '₦1,000 off',
        type: 'fixed',
        amountKobo: 100_000,
        shippingKobo: 0,
      },
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: 'Standard Shipping',
      shippingMethodCode: 'standard',
      shippingZone: 'Lagos',
      fulfilment: 'delivery',
      pickup: null,
      paymentKind: 'paystack',
      paymentMethod: 'Card (Paystack)',
      awaitingPayment: false,
      notes: null,
      paidAt: '2026-11-20T10:05:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:05:00.000Z',
      itemCount: 4,
      items,
      money: {
        paidKobo: 5_150_000,
        refundedKobo: 2_966_666,
        refundPendingKobo: 0,
        refundDueKobo: 0,
        returned: [],
      },
    },
    customerEmail: 'ada@example.test',
    paymentReference: `${ORDER_ID}-1`,
    paymentChannel: 'card',
    payments: [],
    refunds: [],
    refundableKobo: 5_150_000 - 2_966_666,
    paymentRefundPendingKobo: 0,
    refundDue: false,
    refundedUnits: { [TEE_ID]: 1, [HOODIE_ID]: 1 },
    money: {
      receivedKobo: 5_150_000,
      appliedKobo: 5_150_000,
      refundedKobo: 2_966_666,
      refundPendingKobo: 0,
      keptKobo: 2_183_334,
      salesKobo: 2_183_334,
      refundDueKobo: 0,
    },
    ledger: [],
    offlineKeptKobo: 0,
    timeline: [],
    ...overrides,
  };
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <OrderDialog orderId={ORDER_ID} onClose={() => {}} />
        <Toasts />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const posted = () => api.requests.filter((asked) => asked.method === 'POST');
const reads = () => api.requests.filter((asked) => asked.method === 'GET').length;

async function chooseItems() {
  const refund = await screen.findByRole('region', { name: 'Refund' });
  fireEvent.click(within(refund).getByRole('radio', { name: 'Items' }));
  return within(refund).getByRole('form', { name: 'Refund items' });
}

const rowOf = (form: HTMLElement, name: string) =>
  within(within(form).getByRole('list', { name: 'Items to refund' }))
    .getAllByRole('listitem')
    .find((row) => row.textContent?.includes(name))!;

describe('a refund of items', () => {
  afterEach(cleanup);

  it('shows what the chosen units were paid, asks, sends the items and shows the order refreshed', async () => {
    let current = discounted();
    api.answer('GET /api/admin/orders/:id', () => ({ body: current }));
    api.answer('POST /api/admin/orders/:id/refunds', () => {
      current = discounted({ refundedUnits: { [TEE_ID]: 3, [HOODIE_ID]: 1 }, refundableKobo: 250_000 });
      return {
        body: {
          refund: {
            id: 'e1b2c3d4-0000-4000-8000-000000000001',
            amountKobo: 1_933_334,
            status: 'pending',
            paymentStatus: 'partially_refunded',
          },
        },
      };
    });
    renderDialog();
    const form = await chooseItems();

    const tee = rowOf(form, 'Lagos Drop Tee');
    expect(tee.textContent).toContain('Paid ₦29,000.00 for 3 after the discount · 1 refunded, 2 left');
    const hoodie = rowOf(form, 'Yaba Hoodie');
    expect(hoodie.textContent).toContain('Refunded');
    expect(within(hoodie).queryByRole('combobox')).toBeNull();

    const units = within(tee).getByRole('combobox', { name: /^Units \(to refund of Lagos Drop Tee/ });
    expect([...(units as HTMLSelectElement).options].map((option) => option.value)).toEqual(['0', '1', '2']);
    const total = within(form).getByRole('status');
    expect(total.textContent).toBe('Total to refund: ₦0.00');

    // The second of three: ₦19,333.33 − ₦9,666.66.
    fireEvent.change(units, { target: { value: '1' } });
    expect(tee.textContent).toContain('₦9,666.67');
    expect(total.textContent).toBe('Total to refund: ₦9,666.67');
    // The second and the third: what is left of the line, to the kobo.
    fireEvent.change(units, { target: { value: '2' } });
    expect(tee.textContent).toContain('₦19,333.34');
    expect(total.textContent).toBe('Total to refund: ₦19,333.34');
    fireEvent.change(within(form).getByLabelText('Reason (optional)'), { target: { value: ' Wrong size ' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Refund items' }));
    const ask = await screen.findByRole('dialog', { name: 'Refund these items?' });
    expect(ask.textContent).toContain(
      "₦19,333.34 for 2 × Lagos Drop Tee (M) goes back to the shopper's card",
    );
    expect(posted()).toEqual([]);
    const before = reads();
    fireEvent.click(within(ask).getByRole('button', { name: 'Refund ₦19,333.34' }));

    await waitFor(() =>
      expect(posted()).toEqual([
        {
          method: 'POST',
          url: `/api/admin/orders/${ORDER_ID}/refunds`,
          body: { items: [{ orderItemId: TEE_ID, quantity: 2 }], reason: 'Wrong size' },
        },
      ]),
    );
    expect((await findToast('Refund requested')).description).toContain('₦19,333.34');
    // The order is read again: every item is refunded now; what is left (delivery) is an amount.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(await within(form).findByText('Every item has been refunded.')).toBeTruthy();
    expect(rowOf(form, 'Lagos Drop Tee').textContent).toContain('Refunded');
    expect(within(form).queryByRole('button', { name: 'Refund items' })).toBeNull();
  });

  it('asks for a choice first, and shows the server’s refusal', async () => {
    api.answer('GET /api/admin/orders/:id', () => ({ body: discounted() }));
    api.answer('POST /api/admin/orders/:id/refunds', () => ({
      status: 409,
      body: {
        error: {
          code: 'refund_exceeds_items',
          message: 'Only 1 of Lagos Drop Tee (M) is left to refund.',
          orderItemId: TEE_ID,
          left: 1,
        },
      },
    }));
    renderDialog();
    const form = await chooseItems();
    fireEvent.click(within(form).getByRole('button', { name: 'Refund items' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Choose the items to refund');
    expect(screen.queryByRole('dialog', { name: 'Refund these items?' })).toBeNull();

    const units = within(form).getByRole('combobox', { name: /Lagos Drop Tee/ });
    fireEvent.change(units, { target: { value: '2' } });
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Refund items' }));
    const ask = await screen.findByRole('dialog', { name: 'Refund these items?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Refund ₦19,333.34' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Refund failed');
    expect(alert.textContent).toContain('Only 1 of Lagos Drop Tee (M) is left to refund.');
    expect(posted().map((asked) => asked.body)).toEqual([{ items: [{ orderItemId: TEE_ID, quantity: 2 }] }]);
  });

  it('refuses items that come to more than is left of the payment', async () => {
    api.answer('GET /api/admin/orders/:id', () => ({ body: discounted({ refundableKobo: 1_000_000 }) }));
    renderDialog();
    const form = await chooseItems();
    fireEvent.change(within(form).getByRole('combobox', { name: /Lagos Drop Tee/ }), {
      target: { value: '2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Refund items' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'These items come to ₦19,333.34: at most ₦10,000.00 can be refunded',
    );
    expect(screen.queryByRole('dialog', { name: 'Refund these items?' })).toBeNull();
    expect(posted()).toEqual([]);
  });

  it('keeps the refund of an amount, the first choice', async () => {
    api.answer('GET /api/admin/orders/:id', () => ({ body: discounted() }));
    api.answer('POST /api/admin/orders/:id/refunds', () => ({
      body: {
        refund: {
          id: 'e1b2c3d4-0000-4000-8000-000000000002',
          amountKobo: 250_000,
          status: 'pending',
          paymentStatus: 'partially_refunded',
        },
      },
    }));
    renderDialog();
    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect((within(refund).getByRole('radio', { name: 'An amount' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(refund).getByLabelText('Amount to refund'), { target: { value: '2500' } });
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));
    const ask = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Refund ₦2,500.00' }));
    await waitFor(() => expect(posted().map((asked) => asked.body)).toEqual([{ amountKobo: 250_000 }]));
  });
});
