import { describe, expect, it } from 'vitest';
import { knownPath } from './not-found';

const STOREFRONT_NAMES = [
  'new',
  'tshirts',
  'tops',
  'sweatshirts',
  'jackets',
  'knitwear',
  'bottoms',
  'denim',
  'hats',
  'bags',
  'accessories',
  'womens',
];
const ADMIN_PATHS = {
  products: 'products',
  orders: 'orders',
  inventory: 'products',
  customers: 'customers',
  'size-guide': 'settings',
  shipping: 'settings',
  notifications: 'settings',
  settings: 'settings',
};

describe('knownPath: the not-found screen’s known names', () => {
  it('takes every storefront name of the spec, however typed, to its listing', () => {
    for (const name of STOREFRONT_NAMES) {
      for (const typed of [`//${name}`, `/${name.toUpperCase()}`, `/${name}%20`, `/${name}.`, `/${name}//`]) {
        expect(knownPath(typed), typed).toEqual({ to: `/${name}`, label: `/${name}` });
      }
    }
    expect(knownPath('/%74shirts')?.to).toBe('/tshirts');
  });

  it("takes the spec's admin paths to the panel's matching tab", () => {
    for (const [name, tab] of Object.entries(ADMIN_PATHS)) {
      for (const typed of [`/admin/${name}`, `/ADMIN/${name.toUpperCase()}/`, `/admin//${name}`]) {
        expect(knownPath(typed)?.to, typed).toBe(`/admin/dashboard?tab=${tab}`);
      }
    }
    expect(knownPath('/admin/inventory')?.label).toBe("the admin panel's Products (stock)");
  });

  it('redirects once, never in a loop: where it sends a visitor is not sent on again', () => {
    const typed = [
      ...STOREFRONT_NAMES.map((name) => `//${name.toUpperCase()}`),
      ...Object.keys(ADMIN_PATHS).map((name) => `/admin/${name}`),
    ];
    for (const path of typed) {
      const target = knownPath(path)!;
      const pathname = target.to.split('?')[0]!;
      const again = knownPath(pathname);
      // Either not a known name at all, or already where it belongs.
      expect(again === null || again.to.split('?')[0] === pathname, path).toBe(true);
    }
  });

  it('leaves other paths to the not-found screen', () => {
    for (const path of ['/no-such-page', '/tshirtsx', '/admin/no-such-screen', '/men', '/%E0%A4%A']) {
      expect(knownPath(path), path).toBeNull();
    }
  });
});
