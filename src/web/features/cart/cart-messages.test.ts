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

  it('names the options', () => {
    expect(lineOptions({ size: 'M', color: 'Black', gender: 'men' })).toBe('M · Black · Men');
    expect(lineOptions({ size: 'One Size', color: null, gender: 'women' })).toBe('One Size · Women');
  });
});
