import { describe, expect, it } from 'vitest';
import { lineOptions, lineProblem, maxQuantity } from './cart-messages';

describe('cart line messages', () => {
  it('says why a line cannot be bought', () => {
    expect(lineProblem({ status: 'ok', stockAvailable: 5 })).toBeNull();
    expect(lineProblem({ status: 'inactive', stockAvailable: 5 })).toMatch(/no longer available/);
    expect(lineProblem({ status: 'sold_out', stockAvailable: 0 })).toMatch(/^Sold out/);
    expect(lineProblem({ status: 'insufficient_stock', stockAvailable: 2 })).toBe(
      'Only 2 left in stock. Please reduce the quantity.',
    );
  });

  it('lets the plus button reach the stock, and nothing for a withdrawn product', () => {
    expect(maxQuantity({ status: 'ok', stockAvailable: 3 })).toBe(3);
    expect(maxQuantity({ status: 'ok', stockAvailable: 400 })).toBe(99);
    expect(maxQuantity({ status: 'inactive', stockAvailable: 3 })).toBe(0);
  });

  it("says what a drop's line needs, and caps the plus button at the limit", () => {
    expect(lineProblem({ status: 'coming_soon', stockAvailable: 5 })).toBe(
      'This drop is not out yet. Please remove it to check out.',
    );
    expect(lineProblem({ status: 'over_limit', stockAvailable: 5, allowance: 2 })).toBe(
      'Limited drop: you can have 2. Please reduce the quantity.',
    );
    expect(lineProblem({ status: 'over_limit', stockAvailable: 5, allowance: 0 })).toMatch(
      /reached the limit/,
    );
    expect(maxQuantity({ status: 'ok', stockAvailable: 10, allowance: 2 })).toBe(2);
    expect(maxQuantity({ status: 'ok', stockAvailable: 1, allowance: 2 })).toBe(1);
    expect(maxQuantity({ status: 'coming_soon', stockAvailable: 10, allowance: null })).toBe(0);
  });

  it('names the options', () => {
    expect(lineOptions({ size: 'M', color: 'Black', gender: 'men' })).toBe('M · Black · Men');
    expect(lineOptions({ size: 'One Size', color: null, gender: 'women' })).toBe('One Size · Women');
  });
});
