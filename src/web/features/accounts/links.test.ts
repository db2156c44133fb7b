import { describe, expect, it } from 'vitest';
import { parseAccountTab } from './account-tabs';
import { confirmationParams, tokenFromHash } from './links';

describe('tokenFromHash', () => {
  it('reads the reset token from the fragment', () => {
    expect(tokenFromHash('#token=abc123')).toBe('abc123');
    expect(tokenFromHash('token=a%2Bb')).toBe('a+b');
  });

  it('is null without a token', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('#other=1')).toBeNull();
  });
});

describe('confirmationParams', () => {
  it('needs both token_hash and type', () => {
    expect(confirmationParams(new URLSearchParams('token_hash=t&type=signup'))).toEqual({
      token_hash: 't',
      type: 'signup',
    });
    expect(confirmationParams(new URLSearchParams('token_hash=t'))).toBeNull();
    expect(confirmationParams(new URLSearchParams('type=signup'))).toBeNull();
    expect(confirmationParams(new URLSearchParams('token_hash=%20&type=signup'))).toBeNull();
  });
});

describe('parseAccountTab', () => {
  it('defaults to Orders', () => {
    expect(parseAccountTab('addresses')).toBe('addresses');
    expect(parseAccountTab('password')).toBe('password');
    expect(parseAccountTab('nope')).toBe('orders');
    expect(parseAccountTab(null)).toBe('orders');
  });
});
