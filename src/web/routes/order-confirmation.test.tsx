// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTopics } from '#shared/live';
import type { Order } from '#shared/schemas/orders';
import {
  breakdownRows,
  discountedOrderFixture,
  FakeEventSource,
  orderFixture,
} from '../features/orders/order-test-support';
import OrderConfirmationPage from './order-confirmation';

// The network's edges: the live stream and the API's answers.
beforeAll(() => vi.stubGlobal('EventSource', FakeEventSource));
let current: Order;
afterEach(cleanup);

function renderPage(order: Order) {
  current = order;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input === `/api/orders/${order.id}`) return Response.json({ order: current });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  render(
    <MemoryRouter>
      <OrderConfirmationPage data={{ order, error: null }} params={{ orderId: order.id }} />
    </MemoryRouter>,
  );
}

describe('the order confirmation', () => {
  it('keeps calm for a paid order, and tells of the refund when an admin cancels it, as it happens', async () => {
    const paid = orderFixture({
      id: '6f1c2a3b-0000-4000-8000-0000000000c1',
      status: 'processing',
      paymentStatus: 'paid',
      money: { paidKobo: 1_250_000 },
    });
    renderPage(paid);
    expect(screen.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(screen.queryByText(/refund/i)).toBeNull();

    const topic = liveTopics.order(paid.id);
    await waitFor(() => expect(FakeEventSource.following(topic)).toBeDefined());
    const source = FakeEventSource.following(topic)!;
    act(() => source.open());

    current = {
      ...paid,
      status: 'cancelled',
      money: { ...paid.money, refundPendingKobo: 1_250_000, refundDueKobo: 1_250_000 },
    };
    act(() => source.change(topic, 'orders', paid.id, 'cancelled'));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'This order was cancelled, so ₦12,500.00 is being refunded to you.',
    );
    expect(screen.getByText(/within 5 to 10 working days/)).toBeTruthy();

    current = {
      ...current,
      paymentStatus: 'refunded',
      money: { ...current.money, refundPendingKobo: 0, refundDueKobo: 0, refundedKobo: 1_250_000 },
    };
    act(() => source.change(topic, 'orders', paid.id, 'refunded'));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        'This order was cancelled and ₦12,500.00 has been refunded to you.',
      ),
    );
    expect(screen.queryByText(/within 5 to 10 working days/)).toBeNull();
  });
});

describe("the order confirmation's prices", () => {
  it('shows the sale price struck through, the share of the code on the line, and the breakdown', () => {
    renderPage(discountedOrderFixture({ id: '6f1c2a3b-0000-4000-8000-0000000000c2' }));
    const items = screen.getByRole('region', { name: 'Items' });
    const [tee] = within(items).getAllByRole('listitem');
    expect(tee!.textContent).toContain('2 × Was ₦12,500.00 ₦10,000.00');
    expect(tee!.textContent).toContain('−₦4,000.00 with BLACKFRIDAY20');
    expect(breakdownRows(items)).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Discount (BLACKFRIDAY20)', '−₦4,000.00'],
      ['Delivery', '₦2,500.00'],
      ['Total', '₦18,500.00'],
    ]);
  });

  it('waits for a transfer Paystack is confirming, then shows it paid by itself', async () => {
    const waiting = orderFixture({ id: '6f1c2a3b-0000-4000-8000-0000000000c2', awaitingPayment: true });
    renderPage(waiting);
    expect(screen.getByRole('heading', { level: 1, name: 'Awaiting your payment' })).toBeTruthy();
    expect(
      screen.getByText(
        'Paystack is waiting for your bank transfer or USSD payment to arrive. This page updates by itself once it is paid.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Payment status:').parentElement!.textContent).toBe(
      'Payment status: Awaiting your payment',
    );

    const topic = liveTopics.order(waiting.id);
    await waitFor(() => expect(FakeEventSource.following(topic)).toBeDefined());
    const source = FakeEventSource.following(topic)!;
    act(() => source.open());
    current = {
      ...waiting,
      status: 'processing',
      paymentStatus: 'paid',
      awaitingPayment: false,
      money: { ...waiting.money, paidKobo: 1_250_000 },
    };
    act(() => source.change(topic, 'payment_transactions', 'pt-1', 'success'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeTruthy();
    expect(screen.getByText('Payment status:').parentElement!.textContent).toBe('Payment status: Paid');
    expect(screen.queryByText(/Paystack is confirming/)).toBeNull();
  });

  it('tells a pay-on-delivery shopper what to have ready, with nothing to pay online', () => {
    renderPage(
      orderFixture({
        id: '6f1c2a3b-0000-4000-8000-0000000000c3',
        status: 'processing',
        paymentKind: 'pay_on_delivery',
        paymentMethod: 'Pay on delivery',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeTruthy();
    expect(screen.getByText('Payment status:').parentElement!.textContent).toBe(
      'Payment status: Pay on delivery',
    );
    const method = screen.getByRole('region', { name: 'Payment method' });
    expect(method.textContent).toBe(
      'Payment methodPay on deliveryHave ₦12,500.00 ready in cash or for a transfer when your order arrives.',
    );
    expect(screen.queryByRole('link', { name: /pay/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /pay/i })).toBeNull();
  });

  it('shows a pickup order where and when to collect it, and its pickup steps', () => {
    renderPage(
      orderFixture({
        id: '6f1c2a3b-0000-4000-8000-0000000000c4',
        status: 'shipped',
        paymentStatus: 'paid',
        fulfilment: 'pickup',
        pickup: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
        shippingMethod: 'Pick up in store',
        shippingMethodCode: 'pickup',
        shippingCostKobo: 0,
        totalAmountKobo: 1_000_000,
        money: { paidKobo: 1_000_000 },
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ready for Pickup!' })).toBeTruthy();
    expect(screen.getByText('Order status:').parentElement!.textContent).toBe(
      'Order status: Ready for pickup',
    );
    const pickup = screen.getByRole('region', { name: 'Pick up in store' });
    expect(pickup.textContent).toContain('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(pickup.textContent).toContain('Opening hours: Mon–Sat, 10am–6pm');
    expect(pickup.textContent).toContain('Ada Obi, 08012345678');
    expect(pickup.textContent).not.toContain('12 Allen Avenue');
    expect(screen.queryByRole('region', { name: 'Shipping address' })).toBeNull();
    const progress = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(progress.getAttribute('aria-valuetext')).toBe('Ready for pickup (75%)');
    expect([...progress.parentElement!.querySelectorAll('li')].map((step) => step.textContent)).toEqual([
      'Placed',
      'Processing',
      'Ready for pickup',
      'Picked up',
    ]);
  });
});
