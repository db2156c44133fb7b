import { describe, expect, it } from 'vitest';
import { locationsForPath } from './active-notifications';

describe('locationsForPath', () => {
  it('adds the page-specific location to site_wide', () => {
    expect(locationsForPath(undefined)).toEqual(['site_wide']);
    expect(locationsForPath('/')).toEqual(['site_wide']);
    expect(locationsForPath('/product/abc')).toEqual(['site_wide', 'product_page']);
    expect(locationsForPath('/cart')).toEqual(['site_wide', 'cart']);
    expect(locationsForPath('/cart/')).toEqual(['site_wide', 'cart']);
    expect(locationsForPath('/checkout?step=2')).toEqual(['site_wide', 'checkout']);
    expect(locationsForPath('/cart/extra')).toEqual(['site_wide']);
    expect(locationsForPath('/payment/123')).toEqual(['site_wide']);
  });
});
