// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REFUND_TIMING, refundNote } from './order-money';
import { orderFixture } from './order-test-support';
import { PaymentCard, RefundNote } from './payment-card';

afterEach(cleanup);

/** The card's words as a person reads them, or null when there is no card. */
function card(order: ReturnType<typeof orderFixture>) {
  render(<PaymentCard order={order} />);
  const heading = screen.queryByRole('heading', { name: 'Payment' });
  if (!heading) return null;
  const region = heading.closest('section')!;
  const rows = Object.fromEntries(
    [...region.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]),
  );
  const lines = [...region.querySelectorAll('li')].map((line) => line.textContent);
  return { rows, lines, text: region.textContent ?? '', status: screen.getByRole('status') };
}

const ALREADY_PAID = 'The order had already been paid.';
const LIMIT = 'Lagos Drop Tee is a limited drop of 1 per customer, and your other orders already hold 1.';

describe("the order confirmation's Payment card", () => {
  it('shows nothing more for an ordinary paid order, or an unpaid one', () => {
    expect(card(orderFixture())).toBeNull();
    expect(
      card(orderFixture({ status: 'processing', paymentStatus: 'paid', money: { paidKobo: 1_250_000 } })),
    ).toBeNull();
    expect(screen.queryByText(/refund/i)).toBeNull();
  });

  it('tells of a second payment being refunded, what the order keeps and how long refunds take', () => {
    const shown = card(
      orderFixture({
        status: 'processing',
        paymentStatus: 'paid',
        money: {
          paidKobo: 2_500_000,
          refundPendingKobo: 1_250_000,
          refundDueKobo: 1_250_000,
          returned: [{ amountKobo: 1_250_000, reason: ALREADY_PAID, state: 'refunding' }],
        },
      }),
    )!;
    expect(shown.rows).toEqual({
      'You paid': '₦25,000.00',
      'Being refunded': '₦12,500.00',
      'Kept for this order': '₦12,500.00',
    });
    expect(shown.lines).toEqual([
      'We are refunding your payment of ₦12,500.00 in full. The order had already been paid.',
    ]);
    expect(shown.text).toContain(REFUND_TIMING);
    expect(shown.status.textContent).toContain('We are refunding your payment');
  });

  it('says a refund not asked of Paystack yet will be refunded, with an email when done', () => {
    const shown = card(
      orderFixture({
        status: 'processing',
        paymentStatus: 'paid',
        money: {
          paidKobo: 2_500_000,
          refundDueKobo: 1_250_000,
          returned: [{ amountKobo: 1_250_000, reason: ALREADY_PAID, state: 'due' }],
        },
      }),
    )!;
    expect(shown.lines).toEqual([
      'Your payment of ₦12,500.00 will be refunded; we will email you when it is done. The order had already been paid.',
    ]);
  });

  it('tells of a late payment of a cancelled order refunded, with why, and no wait once it is done', () => {
    const shown = card(
      orderFixture({
        status: 'cancelled',
        paymentStatus: 'failed',
        money: {
          paidKobo: 1_250_000,
          refundedKobo: 1_250_000,
          returned: [{ amountKobo: 1_250_000, reason: LIMIT, state: 'refunded' }],
        },
      }),
    )!;
    expect(shown.rows).toEqual({ 'You paid': '₦12,500.00', Refunded: '₦12,500.00' });
    expect(shown.lines).toEqual([`Your payment of ₦12,500.00 has been refunded in full. ${LIMIT}`]);
    expect(shown.text).not.toContain(REFUND_TIMING);
  });

  it('says the money of a paid order an admin cancelled is being refunded', () => {
    const shown = card(
      orderFixture({
        status: 'cancelled',
        paymentStatus: 'paid',
        money: { paidKobo: 1_250_000, refundPendingKobo: 1_250_000, refundDueKobo: 1_250_000 },
      }),
    )!;
    expect(shown.rows).toEqual({ 'You paid': '₦12,500.00', 'Being refunded': '₦12,500.00' });
    expect(shown.lines).toEqual(['This order was cancelled, so ₦12,500.00 is being refunded to you.']);
    expect(shown.text).toContain(REFUND_TIMING);
  });

  it('says the money of a cancelled order has been refunded once it is back', () => {
    const shown = card(
      orderFixture({
        status: 'cancelled',
        paymentStatus: 'refunded',
        money: { paidKobo: 1_250_000, refundedKobo: 1_250_000 },
      }),
    )!;
    expect(shown.lines).toEqual(['This order was cancelled and ₦12,500.00 has been refunded to you.']);
  });
});

describe("the account's order row", () => {
  const money = {
    paidKobo: 1_250_000,
    refundedKobo: 0,
    refundPendingKobo: 0,
    refundDueKobo: 0,
    returned: [],
  };

  it('notes a refund on its way, or done, and nothing otherwise', () => {
    expect(refundNote(money)).toBeNull();
    expect(refundNote({ ...money, refundDueKobo: 1_250_000 })).toBe('Refund on its way: ₦12,500.00');
    expect(refundNote({ ...money, refundedKobo: 1_250_000 })).toBe('Refunded ₦12,500.00');
    expect(refundNote({ ...money, refundedKobo: 500_000, refundDueKobo: 750_000 })).toBe(
      'Refund on its way: ₦7,500.00 · Refunded ₦5,000.00',
    );
  });

  it('renders the note only when there is one', () => {
    const { container } = render(<RefundNote order={orderFixture({ money })} />);
    expect(container.textContent).toBe('');
    render(<RefundNote order={orderFixture({ money: { ...money, refundDueKobo: 1_250_000 } })} />);
    expect(screen.getByText('Refund on its way: ₦12,500.00')).toBeTruthy();
  });
});
