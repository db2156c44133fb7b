// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail, AdminRefund } from '#shared/schemas/admin-orders';
import { type LedgerEntry, ZERO_MONEY } from '#shared/schemas/money';
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
      discountKobo: 0,
      shippingCostKobo: 250_000,
      totalAmountKobo: 1_250_000,
      discount: null,
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
      itemCount: 1,
      items: [],
      money: { paidKobo: 1_250_000, refundedKobo: 0, refundPendingKobo: 0, refundDueKobo: 0, returned: [] },
    },
    customerEmail: 'ada@example.test',
    paymentReference: `${ORDER_ID}-1`,
    paymentChannel: 'card',
    payments: [],
    refunds: [],
    refundableKobo: 1_250_000,
    paymentRefundPendingKobo: 0,
    refundDue: false,
    refundedUnits: {},
    money: {
      receivedKobo: 1_250_000,
      appliedKobo: 1_250_000,
      refundedKobo: 0,
      refundPendingKobo: 0,
      keptKobo: 1_250_000,
      salesKobo: 1_250_000,
      refundDueKobo: 0,
    },
    ledger: [
      entry({
        id: 'l1',
        kind: 'charge',
        method: 'card',
        reference: `${ORDER_ID}-1`,
        actor: 'Payment provider (webhook)',
        createdAt: '2026-11-20T10:05:00.000Z',
      }),
    ],
    offlineKeptKobo: 0,
    timeline: [],
    ...overrides,
  };
}

function entry(overrides: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: 'l0',
    seq: 1,
    orderId: ORDER_ID,
    kind: 'charge',
    amountKobo: 1_250_000,
    currency: 'NGN',
    disposition: 'applied',
    method: null,
    reference: null,
    refundId: null,
    reason: null,
    note: null,
    actor: 'boss@example.test',
    createdAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** An order placed and not paid yet: what an offline payment is recorded for. */
function unpaid(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const base = detail();
  return {
    ...base,
    order: { ...base.order, status: 'pending', paymentStatus: 'pending', paidAt: null },
    paymentReference: null,
    paymentChannel: null,
    refundableKobo: 0,
    money: { ...ZERO_MONEY },
    ledger: [],
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; path: string; body: unknown };

/** The admin API as the dialog reads it; `answer` may answer a change its own way (a refusal). */
function renderDialog(order: AdminOrderDetail, answer?: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const call = { method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      if (method === 'GET') return json(order);
      const answered = answer?.(call);
      if (answered) return answered;
      if (url.pathname.endsWith('/retry'))
        return json({ refund: { id: 'r2', amountKobo: 400_000, status: 'pending', paymentStatus: 'paid' } });
      if (url.pathname.endsWith('/offline-payments') || url.pathname.endsWith('/offline-refunds'))
        return json({ paymentStatus: 'paid' });
      return json({ changed: true, refundKobo: 0 });
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
  it('asks before cancelling a paid order, saying its card payment is refunded automatically', async () => {
    const calls = renderDialog(detail());
    const select = await screen.findByLabelText('Order status');
    fireEvent.change(select, { target: { value: 'cancelled' } });
    const ask = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(ask.textContent).toContain('Its items go back into stock at once and the shopper is emailed');
    expect(ask.textContent).toContain(
      'The card payment (₦12,500.00) is refunded to the shopper automatically through Paystack.',
    );
    expect(ask.textContent).not.toContain('No money moves');
    expect(ask.textContent).not.toContain('outside Paystack');
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

  it('says money received outside Paystack stays due back when a paid order is cancelled', async () => {
    const base = detail();
    renderDialog(
      detail({
        order: { ...base.order, paymentMethod: 'Bank transfer' },
        paymentReference: null,
        paymentChannel: null,
        refundableKobo: 0,
        offlineKeptKobo: 1_250_000,
        ledger: [entry({ kind: 'offline_payment', method: 'bank_transfer', reference: 'TRF-889' })],
      }),
    );
    fireEvent.change(await screen.findByLabelText('Order status'), { target: { value: 'cancelled' } });
    const ask = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(ask.textContent).toContain(
      'The ₦12,500.00 received outside Paystack stays due back: pay it back to the shopper yourself, then record it here.',
    );
    expect(ask.textContent).not.toContain('card payment');
  });

  it('says no money moves when an unpaid order is cancelled', async () => {
    renderDialog(unpaid());
    fireEvent.change(await screen.findByLabelText('Order status'), { target: { value: 'cancelled' } });
    const ask = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(ask.textContent).toContain('No money moves.');
  });

  it('has no payment status to set by hand any more', async () => {
    renderDialog(detail());
    await screen.findByLabelText('Order status');
    expect(screen.queryByLabelText('Payment status')).toBeNull();
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
        paymentRefundPendingKobo: 1_000_000,
        refunds: [
          refund({ id: 'r0', amountKobo: 200_000, providerStatus: null, confirmedByProvider: false }),
          refund({ id: 'r1' }),
          refund({ id: 'r2', providerStatus: 'needs-attention' }),
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
    expect(rows[2]!.textContent).toContain(
      "₦4,000.00: Paystack needs the shopper's bank details: complete it in Paystack's dashboard",
    );
    expect(rows[3]!.textContent).toContain('₦4,000.00: failed');
    expect(rows[3]!.textContent).toContain('Paystack could not complete this refund.');
    fireEvent.click(within(rows[3]!).getByRole('button', { name: 'Retry refund of ₦4,000.00' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'POST', path: `/api/admin/orders/${ORDER_ID}/refunds/r3/retry`, body: {} },
      ]),
    );
  });

  it("shows the order's breakdown with the code it used, and each line's share", async () => {
    const base = detail();
    renderDialog(
      detail({
        order: {
          ...base.order,
          subtotalKobo: 2_000_000,
          discountKobo: 400_000,
          totalAmountKobo: 1_850_000,
          discount: {
            code: 'BLACKFRIDAY20',
            title: '20% off everything',
            type: 'percentage',
            amountKobo: 400_000,
            shippingKobo: 0,
          },
          items: [
            {
              id: 'item-1',
              productId: 'p1',
              variantId: 'v1',
              name: 'Lagos Drop Tee',
              gender: 'men',
              size: 'M',
              color: 'Black',
              imageId: null,
              quantity: 2,
              unitPriceKobo: 1_000_000,
              listPriceKobo: 1_250_000,
              lineTotalKobo: 2_000_000,
              discountKobo: 400_000,
            },
          ],
        },
      }),
    );
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByRole('listitem').textContent).toContain(
      '2 × Was ₦12,500.00 ₦10,000.00−₦4,000.00 with BLACKFRIDAY20',
    );
    expect(
      [...items.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    ).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Discount (BLACKFRIDAY20)', '−₦4,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦18,500.00'],
    ]);
    expect(items.textContent).toContain('Code BLACKFRIDAY20: 20% off everything');
  });

  it('says how much of the payment is waiting for Paystack, as the server counts it', async () => {
    renderDialog(detail({ refundableKobo: 0, paymentRefundPendingKobo: 750_000 }));
    expect(
      await screen.findByText('Nothing more can be refunded: ₦7,500.00 is waiting for Paystack.'),
    ).toBeTruthy();
  });

  it("shows the order's money from the ledger and every line of its book", async () => {
    const second = `${ORDER_ID}-2`;
    renderDialog(
      detail({
        money: {
          receivedKobo: 2_500_000,
          appliedKobo: 1_250_000,
          refundedKobo: 0,
          refundPendingKobo: 1_250_000,
          keptKobo: 2_500_000,
          salesKobo: 1_250_000,
          refundDueKobo: 1_250_000,
        },
        refundDue: true,
        payments: [
          {
            reference: second,
            amountKobo: 1_250_000,
            status: 'success',
            providerStatus: 'success',
            channel: 'bank_transfer',
            chargedKobo: 1_250_000,
            disposition: 'second_payment',
            reason: 'The order was already paid.',
            refundedKobo: 0,
            createdAt: '2026-11-20T11:00:00.000Z',
            verifiedAt: '2026-11-20T11:00:00.000Z',
          },
        ],
        refunds: [
          {
            id: 'r9',
            reference: second,
            amountKobo: 1_250_000,
            kind: 'second_payment',
            status: 'pending',
            providerStatus: 'pending',
            confirmedByProvider: true,
            reason: 'The order was already paid.',
            error: null,
            actor: 'Automatic refund',
            createdAt: '2026-11-20T11:01:00.000Z',
            processedAt: null,
            lastCheckedAt: null,
            nextCheckAt: null,
            retriedBy: null,
            retryOf: null,
          },
        ],
        ledger: [
          entry({
            id: 'l1',
            seq: 1,
            kind: 'charge',
            method: 'card',
            reference: `${ORDER_ID}-1`,
            actor: 'Payment provider (webhook)',
          }),
          entry({
            id: 'l2',
            seq: 2,
            kind: 'charge',
            disposition: 'second_payment',
            method: 'bank_transfer',
            reference: second,
            reason: 'The order was already paid.',
            actor: 'Payment check',
            createdAt: '2026-11-20T11:00:00.000Z',
          }),
          entry({
            id: 'l3',
            seq: 3,
            kind: 'refund_requested',
            disposition: 'second_payment',
            reference: second,
            refundId: 'r9',
            actor: 'Automatic refund',
            createdAt: '2026-11-20T11:01:00.000Z',
          }),
        ],
      }),
    );
    const figures = await screen.findByLabelText('Money');
    const figure = (label: string) =>
      within(figures).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Paid')).toBe('₦25,000.00');
    expect(figure('Refunded')).toBe('₦0.00');
    expect(figure('Being refunded')).toBe('₦12,500.00');
    expect(figure('Due back')).toBe('₦12,500.00');
    expect(figure('Kept')).toBe('₦25,000.00');

    const book = screen.getByRole('list', { name: 'Book' });
    const lines = within(book).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.textContent).toContain('Paid through Paystack+₦12,500.00');
    expect(lines[0]!.textContent).toContain('Payment provider (webhook)');
    expect(lines[0]!.textContent).toContain(`Card · Ref ${ORDER_ID}-1`);
    expect(lines[1]!.textContent).toContain('Paid through Paystack, not kept: Second payment');
    expect(lines[1]!.textContent).toContain('Bank transfer');
    expect(lines[1]!.textContent).toContain('Why: The order was already paid.');
    expect(lines[2]!.textContent).toContain('Refund asked of Paystack (second payment)');
    expect(lines[2]!.textContent).toContain('Automatic refund');

    // The refund panel reads the payment's disposition and labels the automatic refund by its kind.
    const notKept = screen.getByRole('list', { name: 'Payments not kept' });
    expect(notKept.textContent).toContain('Second payment of ₦12,500.00: being refunded');
    expect(within(notKept).queryByRole('button')).toBeNull();
    const refunds = screen.getByRole('list', { name: 'Refunds' });
    expect(refunds.textContent).toContain('₦12,500.00 (automatic: second payment): pending at Paystack');
    // A paid order takes no offline payment.
    expect(screen.queryByRole('form', { name: 'Record offline payment' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Record refund made outside Paystack' })).toBeNull();
  });

  it('labels an automatic refund by why the shop made it', async () => {
    const refund = (kind: AdminRefund['kind'], id: string): AdminRefund => ({
      id,
      reference: `${ORDER_ID}-1`,
      amountKobo: 1_250_000,
      kind,
      status: 'processed',
      providerStatus: 'processed',
      confirmedByProvider: true,
      reason: null,
      error: null,
      actor: 'Automatic refund',
      createdAt: '2026-11-21T10:00:00.000Z',
      processedAt: '2026-11-21T10:05:00.000Z',
      lastCheckedAt: null,
      nextCheckAt: null,
      retriedBy: null,
      retryOf: null,
    });
    renderDialog(
      detail({
        refundableKobo: 0,
        refunds: [
          refund('order_cancelled', 'a'),
          refund('not_deliverable', 'b'),
          refund('amount_mismatch', 'c'),
          refund('admin', 'd'),
        ],
      }),
    );
    const rows = within(await screen.findByRole('list', { name: 'Refunds' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.font-semibold')?.textContent)).toEqual([
      '₦12,500.00 (automatic: order cancelled): refunded',
      '₦12,500.00 (automatic: order could not be delivered): refunded',
      '₦12,500.00 (automatic: amount differed): refunded',
      '₦12,500.00: refunded',
    ]);
  });

  it('records an offline payment of the total, in kobo, after a confirmation', async () => {
    const calls = renderDialog(unpaid());
    const form = await screen.findByRole('form', { name: 'Record offline payment' });
    const amount = within(form).getByLabelText('Amount received') as HTMLInputElement;
    expect(amount.value).toBe('12500.00');
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'cash' } });
    fireEvent.change(within(form).getByLabelText('Reference (optional)'), {
      target: { value: ' RCPT-0042 ' },
    });
    fireEvent.change(within(form).getByLabelText('Note (optional)'), {
      target: { value: 'Paid at the pop-up' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));

    const ask = await screen.findByRole('dialog', { name: 'Record this payment?' });
    expect(ask.textContent).toContain('₦12,500.00 received by cash (reference RCPT-0042)');
    expect(changes(calls)).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Record ₦12,500.00 received' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'POST',
          path: `/api/admin/orders/${ORDER_ID}/offline-payments`,
          body: { method: 'cash', amountKobo: 1_250_000, reference: 'RCPT-0042', note: 'Paid at the pop-up' },
        },
      ]),
    );
  });

  it("refuses an amount that is not naira before asking, and shows the server's refusal", async () => {
    const refusal = {
      error: {
        code: 'offline_amount',
        message:
          "An offline payment records the order's whole total (₦12,500.00). Record it once all of it has arrived.",
        totalKobo: 1_250_000,
      },
    };
    const calls = renderDialog(unpaid(), (call) =>
      call.path.endsWith('/offline-payments') ? json(refusal, 409) : undefined,
    );
    const form = await screen.findByRole('form', { name: 'Record offline payment' });
    const amount = within(form).getByLabelText('Amount received');
    fireEvent.change(amount, { target: { value: 'ten thousand' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('Enter an amount in naira, e.g. 2500 or 2500.50')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Record this payment?' })).toBeNull();

    fireEvent.change(amount, { target: { value: '10,000.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    const ask = await screen.findByRole('dialog', { name: 'Record this payment?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Record ₦10,000.50 received' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain("An offline payment records the order's whole total (₦12,500.00).");
    expect(changes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/admin/orders/${ORDER_ID}/offline-payments`,
        body: { method: 'bank_transfer', amountKobo: 1_000_050 },
      },
    ]);
  });

  it('takes no offline payment for a cancelled order', async () => {
    const base = unpaid();
    renderDialog({ ...base, order: { ...base.order, status: 'cancelled' } });
    await screen.findByLabelText('Order status');
    expect(screen.queryByRole('form', { name: 'Record offline payment' })).toBeNull();
    expect(screen.getByText(/reopen it \(set its status\) before recording a payment/)).toBeTruthy();
  });

  it('records money given back outside Paystack, at most what was received outside it', async () => {
    const base = detail();
    const calls = renderDialog(
      detail({
        order: { ...base.order, status: 'cancelled', paymentMethod: 'Bank transfer' },
        paymentReference: null,
        paymentChannel: null,
        refundableKobo: 0,
        offlineKeptKobo: 1_250_000,
        money: {
          receivedKobo: 1_250_000,
          appliedKobo: 1_250_000,
          refundedKobo: 0,
          refundPendingKobo: 0,
          keptKobo: 1_250_000,
          salesKobo: 0,
          refundDueKobo: 1_250_000,
        },
        ledger: [entry({ kind: 'offline_payment', method: 'bank_transfer', reference: 'TRF-889' })],
      }),
    );
    const form = await screen.findByRole('form', { name: 'Record refund made outside Paystack' });
    const amount = within(form).getByLabelText('Amount given back') as HTMLInputElement;
    expect(amount.value).toBe('12500.00');
    fireEvent.change(amount, { target: { value: '13000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await within(form).findByText('At most ₦12,500.00 was received outside Paystack')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '12500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    const ask = await screen.findByRole('dialog', { name: 'Record this refund?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Record ₦12,500.00 given back' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'POST',
          path: `/api/admin/orders/${ORDER_ID}/offline-refunds`,
          body: { method: 'bank_transfer', amountKobo: 1_250_000 },
        },
      ]),
    );
  });

  it("words a pickup order's statuses as made ready and picked up, and sends their values", async () => {
    const base = detail();
    const calls = renderDialog(
      detail({
        order: {
          ...base.order,
          fulfilment: 'pickup',
          pickup: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
          shippingMethod: 'Pick up in store',
          shippingMethodCode: 'pickup',
        },
      }),
    );
    const select = (await screen.findByLabelText('Order status')) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ['pending', 'Pending'],
      ['processing', 'Processing'],
      ['shipped', 'Ready for pickup'],
      ['delivered', 'Picked up'],
      ['cancelled', 'Cancelled'],
    ]);
    const pickup = screen.getByRole('region', { name: 'Pick up in store' });
    expect(pickup.textContent).toContain('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(pickup.textContent).toContain('Mon–Sat, 10am–6pm');
    expect(screen.queryByRole('region', { name: 'Shipping address' })).toBeNull();

    fireEvent.change(select, { target: { value: 'shipped' } });
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        { method: 'PATCH', path: `/api/admin/orders/${ORDER_ID}/status`, body: { status: 'shipped' } },
      ]),
    );
  });

  it('shows a payment Paystack is still confirming as awaiting payment', async () => {
    const base = unpaid();
    renderDialog({ ...base, order: { ...base.order, awaitingPayment: true } });
    await screen.findByLabelText('Order status');
    expect(screen.getByText('Payment status:').parentElement!.textContent).toBe(
      'Payment status: Awaiting payment',
    );
  });

  it('records the cash collected for a pay-on-delivery order, or cancels it', async () => {
    const base = unpaid();
    const calls = renderDialog({
      ...base,
      order: {
        ...base.order,
        status: 'processing',
        paymentKind: 'pay_on_delivery',
        paymentMethod: 'Pay on delivery',
      },
    });
    const panel = await screen.findByRole('region', { name: 'Pay on delivery: collect ₦12,500.00' });
    expect(screen.getByText('Payment status:').parentElement!.textContent).toBe(
      'Payment status: Pay on delivery',
    );
    // The one offline payment form is the panel's.
    expect(screen.queryByRole('form', { name: 'Record offline payment' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel order' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(ask.textContent).toContain('No money moves.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this order?' })).toBeNull());

    fireEvent.click(within(panel).getByRole('button', { name: 'Record the money collected' }));
    const form = within(panel).getByRole('form', { name: 'Record the money collected' });
    expect((within(form).getByLabelText('Method') as HTMLSelectElement).value).toBe('cash');
    expect((within(form).getByLabelText('Amount collected') as HTMLInputElement).value).toBe('12500.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record this payment?' });
    expect(confirm.textContent).toContain('₦12,500.00 collected by cash.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Record ₦12,500.00 collected' }));
    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'POST',
          path: `/api/admin/orders/${ORDER_ID}/offline-payments`,
          body: { method: 'cash', amountKobo: 1_250_000 },
        },
      ]),
    );
  });
});
