import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SearchResponse, searchResponseSchema } from '#shared/schemas/catalog';
import { createProduct, ensureCategory, setOutOfStockSettings } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(q: string): Promise<SearchResponse> {
  const response = await t.request(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return searchResponseSchema.parse(response.body);
}
const productNames = (body: SearchResponse) => body.products.map((p) => p.name).sort();

describe('GET /api/search', () => {
  beforeEach(async () => {
    await t.database.sql.exec('DELETE FROM products');
    await setOutOfStockSettings(t, { auto_hide_product: false });
  });

  it('matches product name, description and category name case-insensitively', async () => {
    await createProduct(t, { name: 'Eko Bomber', categorySlug: 'jackets' });
    await createProduct(t, { name: 'Plain Tee', description: 'Soft cotton, EKO print on the back' });
    await createProduct(t, { name: 'Sun Hat', categorySlug: 'hats' });
    await createProduct(t, { name: 'Hidden Eko', isActive: false });

    expect(productNames(await search('eko'))).toEqual(['Eko Bomber', 'Plain Tee']);
    expect(productNames(await search('EKO'))).toEqual(['Eko Bomber', 'Plain Tee']);
    // 'Jackets' is the category name of the bomber; 'Accessories' the parent category of the hat.
    expect(productNames(await search('jAcKeT'))).toEqual(['Eko Bomber']);
    expect(productNames(await search('accessor'))).toEqual(['Sun Hat']);
    expect(productNames(await search('hats'))).toEqual(['Sun Hat']);
  });

  it('returns the product fields the dialog shows, with the main image id or null', async () => {
    const bomber = await createProduct(t, {
      name: 'Eko Bomber',
      gender: 'women',
      priceKobo: 4_500_050,
      categorySlug: 'jackets',
      images: 2,
    });
    await createProduct(t, { name: 'Eko Tee', categorySlug: 'tshirts' });
    const body = await search('eko');
    expect(body.products.find((p) => p.id === bomber.id)).toEqual({
      id: bomber.id,
      name: 'Eko Bomber',
      gender: 'women',
      categoryName: 'Jackets',
      priceKobo: 4_500_050,
      compareAtKobo: null,
      percentOff: null,
      imageId: bomber.imageIds[0],
    });
    expect(body.products.find((p) => p.name === 'Eko Tee')?.imageId).toBeNull();
  });

  it('returns categories whose name contains the text', async () => {
    await ensureCategory(t, 'sweatshirts');
    await ensureCategory(t, 'hoodies');
    await ensureCategory(t, 'tshirts');
    const body = await search('SHIRT');
    expect(body.categories.map((c) => c.slug).sort()).toEqual(['sweatshirts', 'tshirts']);
    const hoodies = (await search('hood')).categories;
    expect(hoodies).toEqual([
      expect.objectContaining({ slug: 'hoodies', name: 'Hoodies', parentSlug: 'sweatshirts' }),
    ]);
  });

  it('returns at most 5 products and says when there are more', async () => {
    for (let i = 1; i <= 5; i++) await createProduct(t, { name: `Lagos Tee ${i}` });
    const five = await search('lagos');
    expect(five.products).toHaveLength(5);
    expect(five.hasMore).toBe(false);

    await createProduct(t, { name: 'Lagos Tee 6' });
    const six = await search('lagos');
    expect(six.products).toHaveLength(5);
    expect(six.hasMore).toBe(true);
  });

  it('lists name matches before description-only matches', async () => {
    for (let i = 1; i <= 5; i++) {
      await createProduct(t, { name: `Tee ${i}`, description: 'Made in Abuja' });
    }
    await createProduct(t, { name: 'Abuja Cap', createdAt: new Date(Date.now() - 86_400_000) });
    const body = await search('abuja');
    expect(body.products[0]?.name).toBe('Abuja Cap');
    expect(body.hasMore).toBe(true);
  });

  it('treats % and _ in the text literally', async () => {
    await createProduct(t, { name: '100% Cotton Tee' });
    await createProduct(t, { name: '100 Cotton Tee' });
    await createProduct(t, { name: 'snake_case Cap' });
    await createProduct(t, { name: 'snakeXcase Cap' });
    await createProduct(t, { name: 'Back\\slash Tee' });

    expect(productNames(await search('100%'))).toEqual(['100% Cotton Tee']);
    expect(productNames(await search('%'))).toEqual(['100% Cotton Tee']);
    expect(productNames(await search('e_c'))).toEqual(['snake_case Cap']);
    expect(productNames(await search('k\\s'))).toEqual(['Back\\slash Tee']);
  });

  it('answers an empty search with nothing and an over-long one with 400', async () => {
    await createProduct(t, { name: 'Anything' });
    expect(await search('   ')).toEqual({ categories: [], products: [], hasMore: false });
    expect((await t.request(`/api/search?q=${'a'.repeat(101)}`)).status).toBe(400);
  });

  it('auto_hide_product hides products with no stock from search', async () => {
    await createProduct(t, { name: 'Ikoyi Tee', variants: [{ size: 'M', stock: 2 }] });
    await createProduct(t, { name: 'Ikoyi Hoodie', variants: [{ size: 'M', stock: 0 }] });
    expect(productNames(await search('ikoyi'))).toEqual(['Ikoyi Hoodie', 'Ikoyi Tee']);
    await setOutOfStockSettings(t, { auto_hide_product: true });
    expect(productNames(await search('ikoyi'))).toEqual(['Ikoyi Tee']);
  });
});
