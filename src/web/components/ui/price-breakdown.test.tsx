// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceBreakdown as Breakdown } from '#shared/schemas/promotions';
import { PriceBreakdown } from './price-breakdown';

/** The block as a person reads it: each term with its value. */
const rows = () =>
  screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

const plain: Breakdown = {
  subtotalKobo: 1_250_000,
  discountKobo: 0,
  shippingKobo: 250_000,
  totalKobo: 1_500_000,
  discount: null,
};

const blackFriday: Breakdown = {
  subtotalKobo: 2_000_000,
  discountKobo: 400_000,
  shippingKobo: 250_000,
  totalKobo: 1_850_000,
  discount: {
    code: 'BLACKFRIDAY20',
    title: '20% off everything',
    type: 'percentage',
    amountKobo: 400_000,
    shippingKobo: 0,
  },
};

const freeDelivery: Breakdown = {
  subtotalKobo: 2_000_000,
  discountKobo: 0,
  shippingKobo: 0,
  totalKobo: 2_000_000,
  discount: {
    code: 'FREESHIP',
    title: 'Free delivery',
    type: 'free_shipping',
    amountKobo: 0,
    shippingKobo: 250_000,
  },
};

describe('PriceBreakdown', () => {
  afterEach(cleanup);

  it('writes subtotal, delivery and total in naira with two decimals, and no discount row without a code', () => {
    render(<PriceBreakdown breakdown={plain} />);
    expect(rows()).toEqual([
      ['Subtotal', '₦12,500.00'],
      ['Delivery', '₦2,500.00'],
      ['Total', '₦15,000.00'],
    ]);
  });

  it("takes the code's discount off as a negative amount named by the code", () => {
    render(<PriceBreakdown shippingMethod="Standard Shipping" breakdown={blackFriday} />);
    expect(rows()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Discount (BLACKFRIDAY20)', '−₦4,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦18,500.00'],
    ]);
  });

  it('says delivery is free, naming the code that waived the fee', () => {
    render(<PriceBreakdown breakdown={freeDelivery} />);
    expect(rows()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Delivery', 'Was ₦2,500.00 Free with FREESHIP'],
      ['Total', '₦20,000.00'],
    ]);
  });

  it('says Free for a free method, and what stands in for the fee before one is chosen', () => {
    render(<PriceBreakdown breakdown={{ ...plain, shippingKobo: 0, totalKobo: 1_250_000 }} />);
    expect(rows()[1]).toEqual(['Delivery', 'Free']);
    cleanup();
    render(<PriceBreakdown breakdown={plain} deliveryPending="Calculated at checkout" />);
    expect(rows()[1]).toEqual(['Delivery', 'Calculated at checkout']);
  });
});
