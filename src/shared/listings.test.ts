import { describe, expect, it } from 'vitest';
import {
  findListingRoute,
  flattenCategories,
  LISTING_ROUTES,
  type ListingRoute,
  listingEmptyText,
  listingTitle,
} from './listings';

const categories = flattenCategories([
  { slug: 'tshirts', name: 'T-Shirts', subcategories: [] },
  { slug: 'tops', name: 'Tops', subcategories: [] },
  { slug: 'accessories', name: 'Accessories', subcategories: [{ slug: 'hats', name: 'Hats' }] },
]);
const route = (path: string): ListingRoute => {
  const found = findListingRoute(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('listing routes', () => {
  it('has exactly the spec routes', () => {
    const gendered = ['tshirts', 'tops', 'sweatshirts', 'jackets', 'bottoms', 'accessories'];
    const flat = [
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
    ];
    expect(LISTING_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/new',
        ...gendered.map((s) => `/men/${s}`),
        ...gendered.map((s) => `/women/${s}`),
        ...flat.map((s) => `/${s}`),
        '/womens',
      ].sort(),
    );
    expect(findListingRoute('/men/knitwear')).toBeNull();
    expect(findListingRoute('/kids')).toBeNull();
    expect(findListingRoute('/')).toBeNull();
  });

  it('maps each route to its API filter', () => {
    expect(route('/new').filter).toEqual({ new: true });
    expect(route('/men/tops').filter).toEqual({ gender: 'men', category: 'tops' });
    expect(route('/women/accessories').filter).toEqual({ gender: 'women', category: 'accessories' });
    expect(route('/hats').filter).toEqual({ category: 'hats' });
    expect(route('/denim/').filter).toEqual({ category: 'denim' });
    expect(route('/womens').filter).toEqual({ gender: 'women' });
  });
});

describe('listing titles', () => {
  it('uses the category record, else the capitalised slug', () => {
    expect(listingTitle(route('/tshirts'), categories)).toBe('T-Shirts');
    expect(listingTitle(route('/hats'), categories)).toBe('Hats');
    expect(listingTitle(route('/knitwear'), categories)).toBe('Knitwear');
    expect(listingTitle(route('/womens'), categories)).toBe('Womens');
    expect(listingTitle(route('/new'), categories)).toBe('New Arrivals');
  });

  it("prefixes gendered pages and labels men's tops TOPS / JERSEYS", () => {
    expect(listingTitle(route('/men/tshirts'), categories)).toBe("Men's T-Shirts");
    expect(listingTitle(route('/women/jackets'), categories)).toBe("Women's Jackets");
    expect(listingTitle(route('/men/tops'), categories)).toBe("Men's TOPS / JERSEYS");
    expect(listingTitle(route('/women/tops'), categories)).toBe("Women's Tops");
  });
});

describe('listing empty texts', () => {
  it('has the three spec messages', () => {
    expect(listingEmptyText(route('/new'), categories)).toBe('No new products available at this time');
    expect(listingEmptyText(route('/women/tshirts'), categories)).toBe(
      "No products available in Women's T-Shirts",
    );
    expect(listingEmptyText(route('/hats'), categories)).toBe('No products available in Hats');
    expect(listingEmptyText(route('/womens'), categories)).toBe('No products available');
    expect(listingEmptyText(null, categories)).toBe('No products available');
  });
});
