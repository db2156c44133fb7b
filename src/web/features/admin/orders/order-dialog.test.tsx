// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail, AdminRefund } from '#shared/schemas/admin-orders';
import { OrderDialog } from './order-dialog';

const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const address = {
  fullName: 'Ada Obi',
  email: 'ada@example.test',
  phone: '08031234567',
  address: '12 Admiralty Way',
  city: 'Lagos',
  state: 'Lagos',
};

function detail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    order: {
      id: ORDER_ID,
      shortId: 'a1b2c3d4',
      status: 'processing',
      paymentStatus: 'paid',
      email: 'ada@example.test',
      subtotalKobo: 1_000_000,
      shippingCostKobo: 250_000,
      totalAmountKobo: 1_250_000,
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: 'Standard Shipping',
      shippingMethodCode: 'standard',
      paymentMethod: 'Card (Paystack)',
      notes: null,
      paidAt: '2026-11-20T10:05:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:05:00.000Z',
      itemCount: 1,
      items: [],
    },
    customerEmail: 'ada@example.test',
    paymentReference: `${ORDER_ID}-1`,
    paymentChannel: 'card',
    payments: [],
    refunds: [],
    refundableKobo: 1_250_000,
    refundDue: false,
    timeline: [],
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(order: AdminOrderDetail) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'GET') return json(order);
      if (url.pathname.endsWith('/retry'))
        return json({ refund: { id: 'r2', amountKobo: 400_000, status: 'pending', paymentStatus: 'paid' } });
      return json({ changed: true });
    }),
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrderDialog orderId={ORDER_ID} onClose={() => {}} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return calls;
}

const changes = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order dialog', () => {
  it('asks before cancelling, saying the stock goes back and the shopper is emailed', async () => {
    const calls = renderDialog(detail());
    const select = await screen.findByLabelText('Order status');
    fireEvent.change(select, { target: { value: 'cancelled' } });
    const ask = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(ask.textContent).toContain('Its items go back into stock at once and the shopper is emailed');
    expect(ask.textContent).toContain('No money moves: the order stays paid and shows REFUND DUE');
    expect(changes(calls)).toEqual([]);

    fireEvent.click(within(ask).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).toBeNull());
    expect(changes(calls)).toEqual([]);

    fireEvent.change(select, { target: { value: 'cancelled' } });
    const again = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'PATCH', path: `/api/admin/orders/${ORDER_ID}/status`, body: { status: 'cancelled' } },
      ]),
    );
  });

  it('changes other statuses at once', async () => {
    const calls = renderDialog(detail());
    fireEvent.change(await screen.findByLabelText('Order status'), { target: { value: 'shipped' } });
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'PATCH', path: `/api/admin/orders/${ORDER_ID}/status`, body: { status: 'shipped' } },
      ]),
    );
    expect(screen.queryByRole('dialog', { name: /\?$/ })).toBeNull();
  });

  it('asks before a refunded payment status set by hand, saying no money moves', async () => {
    const calls = renderDialog(detail());
    fireEvent.change(await screen.findByLabelText('Payment status'), { target: { value: 'refunded' } });
    const ask = await screen.findByRole('dialog', { name: 'Mark the payment as refunded?' });
    expect(ask.textContent).toContain('This only changes the label: no money moves, Paystack is not asked');
    expect(changes(calls)).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Mark as refunded' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'PATCH',
          path: `/api/admin/orders/${ORDER_ID}/payment-status`,
          body: { paymentStatus: 'refunded' },
        },
      ]),
    );
  });

  it('shows where each refund stands at Paystack, with a retry for a failed one', async () => {
    const refund = (overrides: Partial<AdminRefund>): AdminRefund => ({
      id: 'r1',
      reference: `${ORDER_ID}-1`,
      amountKobo: 400_000,
      kind: 'admin',
      status: 'pending',
      providerStatus: 'processing',
      confirmedByProvider: true,
      reason: null,
      error: null,
      actor: 'boss@example.test',
      createdAt: '2026-11-21T10:00:00.000Z',
      processedAt: null,
      lastCheckedAt: '2026-11-21T10:01:00.000Z',
      nextCheckAt: '2026-11-21T10:03:00.000Z',
      retriedBy: null,
      retryOf: null,
      ...overrides,
    });
    const calls = renderDialog(
      detail({
        refundableKobo: 250_000,
        refunds: [
          refund({ id: 'r0', amountKobo: 200_000, providerStatus: null, confirmedByProvider: false }),
          refund({ id: 'r1' }),
          refund({
            id: 'r3',
            status: 'failed',
            providerStatus: 'failed',
            error: 'Paystack could not complete this refund. No money moved; you can retry it.',
            nextCheckAt: null,
          }),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Refunds' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('₦2,000.00: waiting for Paystack to confirm it');
    expect(rows[1]!.textContent).toContain('₦4,000.00: Paystack is processing it');
    expect(rows[1]!.textContent).toContain('The shopper is emailed once Paystack has refunded it.');
    expect(within(rows[1]!).getByRole('button', { name: 'Check with Paystack now' })).toBeTruthy();
    expect(rows[2]!.textContent).toContain('₦4,000.00: failed');
    expect(rows[2]!.textContent).toContain('Paystack could not complete this refund.');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Retry refund of ₦4,000.00' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'POST', path: `/api/admin/orders/${ORDER_ID}/refunds/r3/retry`, body: {} },
      ]),
    );
  });
});
