// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderTotals } from './order-totals';

/** The block as a person reads it: each term with its value. */
const rows = () =>
  screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('OrderTotals', () => {
  afterEach(cleanup);

  it('writes subtotal, shipping and total in naira with two decimals', () => {
    render(<OrderTotals subtotalKobo={1_250_000} shippingKobo={250_000} totalKobo={1_500_000} />);
    expect(rows()).toEqual([
      ['Subtotal', '₦12,500.00'],
      ['Shipping', '₦2,500.00'],
      ['Total', '₦15,000.00'],
    ]);
  });

  it('names the shipping method and says Free for a free one', () => {
    render(
      <OrderTotals
        subtotalKobo={3_000_000}
        shippingKobo={0}
        shippingMethod="Standard Shipping"
        totalKobo={3_000_000}
      />,
    );
    expect(rows()[1]).toEqual(['Shipping (Standard Shipping)', 'Free']);
  });

  it('before a method is chosen, shipping is calculated at checkout', () => {
    render(<OrderTotals subtotalKobo={500_000} shippingKobo={null} totalKobo={500_000} />);
    expect(rows()[1]).toEqual(['Shipping', 'Calculated at checkout']);
  });
});
