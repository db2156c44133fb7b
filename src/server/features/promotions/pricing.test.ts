import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PAYABLE_KOBO } from '#shared/payment-channels';
import { type CodeRule, type PricingLine, priceCart, share } from './pricing';

const CATEGORIES = ['tshirts', 'hoodies', 'caps'];
const PRODUCTS = ['p1', 'p2', 'p3', 'p4'];

const line = fc.record({
  productId: fc.constantFrom(...PRODUCTS),
  categoryIds: fc.subarray(CATEGORIES, { minLength: 1, maxLength: 2 }),
  unitPriceKobo: fc.integer({ min: 1, max: 50_000_000 }),
  quantity: fc.integer({ min: 1, max: 10 }),
}) satisfies fc.Arbitrary<PricingLine>;

const code = fc.record({
  code: fc.constant('PROMO'),
  title: fc.constant('Promo'),
  type: fc.constantFrom('percentage', 'fixed', 'free_shipping'),
  percentOff: fc.integer({ min: 1, max: 100 }),
  amountOffKobo: fc.integer({ min: 1, max: 100_000_000 }),
  appliesTo: fc.constantFrom('all', 'categories', 'products'),
  categoryIds: fc.subarray(CATEGORIES),
  productIds: fc.subarray(PRODUCTS),
  minSubtotalKobo: fc.option(fc.integer({ min: 1, max: 100_000_000 })),
}) satisfies fc.Arbitrary<CodeRule>;

const delivery = fc.option(
  fc.record({
    feeKobo: fc.integer({ min: 0, max: 1_000_000 }),
    freeAboveKobo: fc.option(fc.integer({ min: 0, max: 100_000_000 })),
  }),
);

describe('pricing a cart', () => {
  it('for any cart, code and delivery: whole kobo, never negative, subtotal − discount + delivery', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.option(code),
        delivery,
        (lines, rule, method) => {
          const { lines: priced, breakdown } = priceCart(lines, rule, method);
          for (const value of [
            breakdown.subtotalKobo,
            breakdown.discountKobo,
            breakdown.shippingKobo,
            breakdown.totalKobo,
          ]) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(breakdown.totalKobo).toBe(
            breakdown.subtotalKobo - breakdown.discountKobo + breakdown.shippingKobo,
          );
          expect(breakdown.subtotalKobo).toBe(
            lines.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0),
          );
          // No line below zero, and the lines' shares are the order's discount.
          priced.forEach((p, index) => {
            expect(Number.isInteger(p.discountKobo)).toBe(true);
            expect(p.discountKobo).toBeGreaterThanOrEqual(0);
            expect(p.discountKobo).toBeLessThanOrEqual(lines[index]!.unitPriceKobo * lines[index]!.quantity);
          });
          expect(priced.reduce((sum, p) => sum + p.discountKobo, 0)).toBe(breakdown.discountKobo);
          if (!rule || breakdown.discount === null) expect(breakdown.discountKobo).toBe(0);
          // A code never takes the total under the least an order can cost.
          if (breakdown.discountKobo > 0)
            expect(breakdown.totalKobo).toBeGreaterThanOrEqual(MIN_PAYABLE_KOBO);
          if (rule?.type === 'percentage' && breakdown.discount) {
            expect(breakdown.discountKobo).toBeLessThanOrEqual(
              Math.floor((breakdown.subtotalKobo * rule.percentOff!) / 100),
            );
          }
          if (rule?.type === 'fixed' && breakdown.discount)
            expect(breakdown.discountKobo).toBeLessThanOrEqual(rule.amountOffKobo!);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('shares an amount in proportion, in whole kobo, adding up exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 10 }),
        (amount, weights) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          fc.pre(total >= amount);
          const parts = share(amount, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total === 0 ? 0 : amount);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[index]!);
            if (total > 0) expect(Math.abs(part - (amount * weights[index]!) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  const tshirts: CodeRule = {
    code: 'BLACKFRIDAY20',
    title: '20% off T-shirts',
    type: 'percentage',
    percentOff: 20,
    amountOffKobo: null,
    appliesTo: 'categories',
    categoryIds: ['tshirts'],
    productIds: [],
    minSubtotalKobo: 2_000_000,
  };
  const tee = (quantity: number): PricingLine => ({
    productId: 'p1',
    categoryIds: ['tshirts'],
    unitPriceKobo: 1_500_000,
    quantity,
  });
  const cap: PricingLine = { productId: 'p2', categoryIds: ['caps'], unitPriceKobo: 900_000, quantity: 1 };

  it('counts only the items a code covers towards its minimum', () => {
    expect(priceCart([tee(1), cap], tshirts, null).refusal).toEqual({
      reason: 'minimum_not_reached',
      shortKobo: 500_000,
    });
    const priced = priceCart([tee(2), cap], tshirts, null);
    expect(priced.refusal).toBeNull();
    expect(priced.lines.map((l) => l.discountKobo)).toEqual([600_000, 0]);
  });

  it('leaves ₦100 to pay when a code would cover a whole pickup order', () => {
    const wholeTee: CodeRule = {
      ...tshirts,
      type: 'fixed',
      percentOff: null,
      amountOffKobo: 2_000_000,
      minSubtotalKobo: null,
    };
    const pickup = { feeKobo: 0, freeAboveKobo: null };
    expect(priceCart([tee(1)], wholeTee, pickup).breakdown).toMatchObject({
      discountKobo: 1_500_000 - MIN_PAYABLE_KOBO,
      shippingKobo: 0,
      totalKobo: MIN_PAYABLE_KOBO,
    });
    // With a delivery fee the order has something to pay already: the code takes off all it says.
    const delivery = { feeKobo: 250_000, freeAboveKobo: null };
    expect(priceCart([tee(1)], wholeTee, delivery).breakdown).toMatchObject({
      discountKobo: 1_500_000,
      totalKobo: 250_000,
    });
  });

  it('refuses a code that covers nothing in the cart', () => {
    expect(priceCart([cap], { ...tshirts, minSubtotalKobo: null }, null).refusal).toEqual({
      reason: 'not_applicable',
      shortKobo: 0,
    });
  });

  it('compares the free-delivery threshold with what the items cost after the discount', () => {
    const method = { feeKobo: 250_000, freeAboveKobo: 2_500_000 };
    expect(priceCart([tee(2)], null, method).breakdown.shippingKobo).toBe(0);
    expect(priceCart([tee(2)], tshirts, method).breakdown).toMatchObject({
      subtotalKobo: 3_000_000,
      discountKobo: 600_000,
      shippingKobo: 250_000,
      totalKobo: 2_650_000,
    });
  });

  it('waives the delivery fee with a free-delivery code and says how much', () => {
    const free: CodeRule = {
      ...tshirts,
      type: 'free_shipping',
      percentOff: null,
      minSubtotalKobo: null,
      appliesTo: 'all',
    };
    const { breakdown } = priceCart([cap], free, { feeKobo: 250_000, freeAboveKobo: null });
    expect(breakdown).toMatchObject({ discountKobo: 0, shippingKobo: 0, totalKobo: 900_000 });
    expect(breakdown.discount).toMatchObject({ code: 'BLACKFRIDAY20', shippingKobo: 250_000 });
  });
});
