// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { breakdownRows, discountedOrderFixture, orderFixture } from '../orders/order-test-support';
import { OrdersTab } from './orders-tab';

afterEach(cleanup);

const rowOf = (shortId: string) =>
  screen.getByRole('link', { name: `View Details of order #${shortId}` }).closest('li')!;

describe("the account's Orders tab", () => {
  it('notes money on its way back or refunded on the order it belongs to, and nothing on the others', () => {
    const orders = [
      orderFixture({
        id: 'aaaaaaaa-0000-4000-8000-000000000001',
        status: 'processing',
        paymentStatus: 'paid',
        money: { paidKobo: 1_250_000 },
      }),
      orderFixture({
        id: 'bbbbbbbb-0000-4000-8000-000000000002',
        status: 'cancelled',
        paymentStatus: 'failed',
        money: {
          paidKobo: 1_250_000,
          refundDueKobo: 1_250_000,
          refundPendingKobo: 1_250_000,
          returned: [
            { amountKobo: 1_250_000, reason: 'The order had already been paid.', state: 'refunding' },
          ],
        },
      }),
      orderFixture({
        id: 'cccccccc-0000-4000-8000-000000000003',
        status: 'cancelled',
        paymentStatus: 'refunded',
        money: { paidKobo: 1_250_000, refundedKobo: 1_250_000 },
      }),
    ];
    render(
      <MemoryRouter>
        <OrdersTab initial={orders} />
      </MemoryRouter>,
    );
    expect(rowOf('aaaaaaaa').textContent).not.toMatch(/refund/i);
    expect(rowOf('bbbbbbbb').textContent).toContain('Refund on its way: ₦12,500.00');
    expect(rowOf('cccccccc').textContent).toContain('Refunded ₦12,500.00');
    expect(rowOf('cccccccc').textContent).not.toContain('on its way');
  });

  it("folds each order's price breakdown under it, naming the code it used", () => {
    render(
      <MemoryRouter>
        <OrdersTab
          initial={[
            discountedOrderFixture({ id: 'dddddddd-0000-4000-8000-000000000004' }),
            orderFixture({ id: 'eeeeeeee-0000-4000-8000-000000000005' }),
          ]}
        />
      </MemoryRouter>,
    );
    const toggle = rowOf('dddddddd').querySelector('summary')!;
    expect(toggle.textContent).toBe('Price breakdown of order #dddddddd · −₦4,000.00 with BLACKFRIDAY20');
    expect(toggle.closest('details')!.open).toBe(false);
    expect(breakdownRows(rowOf('dddddddd'))).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Discount (BLACKFRIDAY20)', '−₦4,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦18,500.00'],
    ]);
    expect(breakdownRows(rowOf('eeeeeeee')).map(([term]) => term)).toEqual([
      'Subtotal',
      'Delivery (Standard Shipping)',
      'Total',
    ]);
  });

  it('says which orders await the bank, which are paid on delivery, and where a pickup is collected', () => {
    render(
      <MemoryRouter>
        <OrdersTab
          initial={[
            orderFixture({ id: 'ffffffff-0000-4000-8000-000000000006', awaitingPayment: true }),
            orderFixture({
              id: '11111111-0000-4000-8000-000000000007',
              status: 'processing',
              paymentKind: 'pay_on_delivery',
              paymentMethod: 'Pay on delivery',
            }),
            orderFixture({
              id: '22222222-0000-4000-8000-000000000008',
              status: 'delivered',
              paymentStatus: 'paid',
              fulfilment: 'pickup',
              pickup: {
                address: '12 Admiralty Way, Lekki Phase 1, Lagos',
                openingHours: 'Mon–Sat, 10am–6pm',
              },
            }),
          ]}
        />
      </MemoryRouter>,
    );
    expect(rowOf('ffffffff').textContent).toContain('Payment status: Awaiting your payment');
    expect(rowOf('11111111').textContent).toContain('Payment status: Pay on delivery');
    expect(rowOf('22222222').textContent).toContain('Order status: Picked up');
    expect(rowOf('22222222').textContent).toContain(
      'Pick up in store: 12 Admiralty Way, Lekki Phase 1, Lagos (Mon–Sat, 10am–6pm)',
    );
    expect(rowOf('ffffffff').textContent).not.toContain('Pick up in store');
  });
});
