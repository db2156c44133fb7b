import { describe, expect, it } from 'vitest';
import { formatNaira, isKobo, nairaToKobo, paidForUnits } from './money';

describe('formatNaira', () => {
  it('shows en-NG naira with exactly two decimals', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(0)).toBe('₦0.00');
  });
});

describe('nairaToKobo', () => {
  it('parses what an admin types without floating-point drift', () => {
    expect(nairaToKobo('12,500.50')).toBe(1_250_050);
    expect(nairaToKobo('0.1')).toBe(10);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo('₦2,500')).toBe(250_000);
  });
  it('rejects what is not an amount', () => {
    expect(nairaToKobo('abc')).toBeNull();
    expect(nairaToKobo('1.234')).toBeNull();
    expect(nairaToKobo('-5')).toBeNull();
  });
});

describe('isKobo', () => {
  it('accepts only non-negative safe integers', () => {
    expect(isKobo(100)).toBe(true);
    expect(isKobo(1.5)).toBe(false);
    expect(isKobo(-1)).toBe(false);
  });
});

describe('paidForUnits', () => {
  it('gives back exactly what a line was paid when its units are refunded one refund at a time', () => {
    for (const [paid, quantity] of [
      [2_250_000, 3],
      [1_000_001, 7],
      [99, 4],
    ] as const) {
      let given = 0;
      for (let units = 1; units <= quantity; units++) {
        given += paidForUnits(paid, quantity, units) - paidForUnits(paid, quantity, units - 1);
      }
      expect(given).toBe(paid);
    }
    expect(paidForUnits(2_250_000, 3, 1)).toBe(750_000);
  });
});
