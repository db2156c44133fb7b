import { describe, expect, it } from 'vitest';
import {
  addToGuestLines,
  type GuestCartLine,
  keepKnownLines,
  LINE_MAX,
  setGuestQuantity,
} from './guest-cart';

const tee: GuestCartLine = { productId: 'p1', variantId: 'v1', gender: 'men', quantity: 1 };

describe('guest cart lines', () => {
  it('adds up the same variant and gender, and keeps other genders apart', () => {
    const once = addToGuestLines([], tee);
    const twice = addToGuestLines(once, { ...tee, quantity: 2 });
    expect(twice).toEqual([{ ...tee, quantity: 3 }]);
    const women = addToGuestLines(twice, { ...tee, gender: 'women' });
    expect(women).toHaveLength(2);
  });

  it('never holds more than the line maximum', () => {
    expect(addToGuestLines([{ ...tee, quantity: LINE_MAX }], tee)[0]?.quantity).toBe(LINE_MAX);
    expect(setGuestQuantity([tee], tee, 500)[0]?.quantity).toBe(LINE_MAX);
  });

  it('sets a quantity, and removes the line below 1', () => {
    const other = { ...tee, variantId: 'v2' };
    expect(setGuestQuantity([tee, other], tee, 4)).toEqual([{ ...tee, quantity: 4 }, other]);
    expect(setGuestQuantity([tee, other], tee, 0)).toEqual([other]);
  });

  it('forgets lines the server no longer prices', () => {
    const gone = { ...tee, variantId: 'gone' };
    expect(keepKnownLines([tee, gone], [{ variantId: 'v1', gender: 'men' }])).toEqual([tee]);
  });
});
