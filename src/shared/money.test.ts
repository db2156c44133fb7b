import { describe, expect, it } from 'vitest';
import { formatNaira, isKobo, nairaToKobo } from './money';

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
