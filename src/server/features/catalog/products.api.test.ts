import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ProductListResponse,
  productDetailResponseSchema,
  productListResponseSchema,
  type ShippingZonesResponse,
} from '#shared/schemas/catalog';
import {
  createCategory,
  createProduct,
  setOutOfStockSettings,
  setVariantStock,
} from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

async function list(query = ''): Promise<ProductListResponse> {
  const response = await t.request(`/api/products${query}`);
  expect(response.status).toBe(200);
  return productListResponseSchema.parse(response.body);
}
const names = (body: ProductListResponse) => body.products.map((p) => p.name);

describe('GET /api/products', () => {
  beforeEach(async () => {
    await t.database.sql.exec('DELETE FROM products');
    await setOutOfStockSettings(t, { auto_hide_product: false, enabled: true });
  });

  it('lists only active products, newest first, with images in display order and summed stock', async () => {
    const old = await createProduct(t, {
      name: 'Old Tee',
      createdAt: daysAgo(30),
      images: 2,
      variants: [
        { size: 'S', color: 'Black', stock: 3 },
        { size: 'M', color: 'Black', stock: 4 },
      ],
    });
    await createProduct(t, { name: 'Hidden Tee', isActive: false, createdAt: daysAgo(1) });
    await createProduct(t, { name: 'Fresh Tee', createdAt: daysAgo(0) });
    await createProduct(t, { name: 'Middle Tee', createdAt: daysAgo(10), variants: [] });

    const body = await list();
    expect(names(body)).toEqual(['Fresh Tee', 'Middle Tee', 'Old Tee']);
    expect(body.total).toBe(3);
    const oldTee = body.products[2];
    expect(oldTee?.stock).toBe(7);
    expect(oldTee?.images.map((i) => i.id)).toEqual(old.imageIds);
    expect(oldTee?.images.map((i) => i.displayOrder)).toEqual([1, 2]);
    expect(oldTee?.category).toMatchObject({ slug: 'tshirts', name: 'T-Shirts' });
    expect(oldTee?.priceKobo).toBe(1_500_000);
    expect(body.products[1]?.stock).toBe(0);
  });

  it('filters featured products', async () => {
    await createProduct(t, { name: 'Star', isFeatured: true });
    await createProduct(t, { name: 'Plain' });
    await createProduct(t, { name: 'Inactive Star', isFeatured: true, isActive: false });
    expect(names(await list('?featured=true'))).toEqual(['Star']);
  });

  it('filters by category or subcategory slug', async () => {
    await createProduct(t, { name: 'Cap', categorySlug: 'hats', createdAt: daysAgo(2) });
    await createProduct(t, { name: 'Tote', categorySlug: 'bags', createdAt: daysAgo(1) });
    await createProduct(t, { name: 'Tee', categorySlug: 'tshirts' });

    expect(names(await list('?category=accessories'))).toEqual(['Tote', 'Cap']);
    expect(names(await list('?category=hats'))).toEqual(['Cap']);
    expect(names(await list('?category=denim'))).toEqual([]);
    const cap = (await list('?category=hats')).products[0];
    expect(cap?.category.slug).toBe('accessories');
    expect(cap?.subcategory).toMatchObject({ slug: 'hats', name: 'Hats' });
  });

  it('filters by gender, combined with category', async () => {
    await createProduct(t, { name: "Men's Hoodie", gender: 'men', categorySlug: 'sweatshirts' });
    await createProduct(t, { name: "Women's Hoodie", gender: 'women', categorySlug: 'sweatshirts' });
    await createProduct(t, { name: "Women's Tee", gender: 'women', categorySlug: 'tshirts' });

    expect(names(await list('?gender=men'))).toEqual(["Men's Hoodie"]);
    expect(names(await list('?gender=women&category=sweatshirts'))).toEqual(["Women's Hoodie"]);
  });

  it('new=true keeps products created within the last 7 days', async () => {
    await createProduct(t, { name: 'Today', createdAt: daysAgo(0) });
    await createProduct(t, { name: 'Six days', createdAt: daysAgo(6.9) });
    await createProduct(t, { name: 'Eight days', createdAt: daysAgo(8) });
    await createProduct(t, {
      name: 'Seven days and a bit',
      createdAt: new Date(daysAgo(7).getTime() - 60_000),
    });
    expect(names(await list('?new=true'))).toEqual(['Today', 'Six days']);
  });

  it('pages with limit and offset, and rejects a limit above the maximum', async () => {
    for (let day = 0; day < 5; day++) await createProduct(t, { name: `P${day}`, createdAt: daysAgo(day) });
    const page = await list('?limit=2&offset=2');
    expect(names(page)).toEqual(['P2', 'P3']);
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 2 });
    expect(await list('?limit=2&offset=10')).toMatchObject({ products: [], total: 5 });

    const tooMany = await t.request('/api/products?limit=1000');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: { code: 'bad_request' } });
    expect((await t.request('/api/products?gender=kids')).status).toBe(400);
  });

  it('auto_hide_product hides products with no stock from the listing', async () => {
    await createProduct(t, { name: 'In stock', variants: [{ size: 'M', stock: 1 }] });
    await createProduct(t, {
      name: 'Sold out',
      variants: [
        { size: 'S', stock: 0 },
        { size: 'M', stock: 0 },
      ],
    });
    await createProduct(t, { name: 'No variants', variants: [] });

    expect(names(await list())).toHaveLength(3);
    await setOutOfStockSettings(t, { auto_hide_product: true });
    const body = await list();
    expect(names(body)).toEqual(['In stock']);
    expect(body.total).toBe(1);
  });
});

describe('GET /api/products/:id', () => {
  it('returns an active product with images, variants (soldOut) and stock', async () => {
    await setOutOfStockSettings(t, { enabled: true, notification_text: 'Gone for now.' });
    const created = await createProduct(t, {
      name: 'Lagos Tee',
      description: 'Heavy cotton',
      gender: 'women',
      isMystery: true,
      images: 1,
      variants: [
        { size: 'L', color: 'White', stock: 2 },
        { size: 'S', color: 'Black', stock: 0 },
        { size: 'S', color: 'White', stock: 5 },
      ],
    });
    const response = await t.request(`/api/products/${created.id}`);
    expect(response.status).toBe(200);
    const { product } = productDetailResponseSchema.parse(response.body);
    expect(product).toMatchObject({
      id: created.id,
      name: 'Lagos Tee',
      description: 'Heavy cotton',
      gender: 'women',
      isMystery: true,
      stock: 7,
      outOfStock: { enabled: true, text: 'Gone for now.' },
    });
    expect(product.images.map((i) => i.id)).toEqual(created.imageIds);
    // Sizes in the admin size order (S before L), colours alphabetical.
    expect(
      product.variants.map(({ size, color, stock, soldOut }) => ({ size, color, stock, soldOut })),
    ).toEqual([
      { size: 'S', color: 'Black', stock: 0, soldOut: true },
      { size: 'S', color: 'White', stock: 5, soldOut: false },
      { size: 'L', color: 'White', stock: 2, soldOut: false },
    ]);
    const skus = created.variants.map((v) => v.sku).sort();
    expect(product.variants.map((v) => v.sku).sort()).toEqual(skus);
  });

  it('gives each kind of product its own size guide, kept in the database', async () => {
    const guideOf = async (categorySlug: string) => {
      const created = await createProduct(t, { categorySlug });
      const response = await t.request(`/api/products/${created.id}`);
      return productDetailResponseSchema.parse(response.body).product.sizeGuide;
    };
    const tee = await guideOf('graphic-tees');
    expect(tee).toMatchObject({ kind: 'tops', columns: ['Size', 'Chest (inches)', 'Length (inches)'] });
    expect((await guideOf('jackets'))?.kind).toBe('tops');
    // Bottoms get the spec's joggers table, word for word.
    const joggers = await guideOf('joggers');
    expect(joggers).toEqual({
      kind: 'bottoms',
      title: 'Joggers',
      columns: ['Size', 'Waist (inches)', 'Inside leg (inches)'],
      rows: [
        ['XS', '26-30', '31'],
        ['SMALL', '28-32', '33'],
        ['MEDIUM', '30-34', '34'],
        ['LARGE', '32-36', '35'],
        ['XL', '34-38', '35'],
      ],
      note: expect.stringContaining('inside of your leg'),
    });
    expect((await guideOf('hats'))?.kind).toBe('hats');
    expect(await guideOf('bags')).toBeNull();

    // An admin's edit (a later admin screen) is what shoppers see.
    await t.database.sql.query(`UPDATE size_guides SET title = 'Tees and tops' WHERE kind = 'tops'`);
    expect((await guideOf('tshirts'))?.title).toBe('Tees and tops');
    await t.database.sql.query(`UPDATE size_guides SET title = 'Tops' WHERE kind = 'tops'`);
  });

  it('reports a variant that sold out, and outOfStock.enabled false when switched off', async () => {
    const created = await createProduct(t, { variants: [{ size: 'M', color: 'Red', stock: 1 }] });
    const [variant] = created.variants;
    await setVariantStock(t, variant!.id, 0);
    await setOutOfStockSettings(t, { enabled: false });
    const { product } = productDetailResponseSchema.parse(
      (await t.request(`/api/products/${created.id}`)).body,
    );
    expect(product.variants[0]).toMatchObject({ id: variant!.id, soldOut: true, stock: 0 });
    expect(product.stock).toBe(0);
    expect(product.outOfStock.enabled).toBe(false);
    await setOutOfStockSettings(t, { enabled: true });
  });

  it('keeps a sold-out product page reachable when auto_hide_product is on', async () => {
    const created = await createProduct(t, { variants: [{ size: 'M', stock: 0 }] });
    await setOutOfStockSettings(t, { auto_hide_product: true });
    const response = await t.request(`/api/products/${created.id}`);
    expect(response.status).toBe(200);
    await setOutOfStockSettings(t, { auto_hide_product: false });
  });

  it("answers 404 'Product not found' for inactive, missing and malformed ids", async () => {
    const inactive = await createProduct(t, { isActive: false });
    for (const id of [inactive.id, '7f1f0c2e-3c4b-4a5d-8e6f-708192a3b4c5', 'not-a-uuid', '1']) {
      const response = await t.request(`/api/products/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: 'Product not found' } });
    }
  });
});

describe('GET /api/categories', () => {
  it('lists top-level categories in display order with their subcategories', async () => {
    await t.database.sql.exec('DELETE FROM products; DELETE FROM categories');
    await createCategory(t, { name: 'Accessories', slug: 'accessories', displayOrder: 2 });
    await createCategory(t, { name: 'T-Shirts', slug: 'tshirts', displayOrder: 1 });
    await createCategory(t, { name: 'Bags', slug: 'bags', parentSlug: 'accessories', displayOrder: 2 });
    await createCategory(t, { name: 'Hats', slug: 'hats', parentSlug: 'accessories', displayOrder: 1 });

    const response = await t.request('/api/categories');
    expect(response.status).toBe(200);
    const body = response.body as {
      categories: { slug: string; name: string; subcategories: { slug: string }[] }[];
    };
    expect(body.categories.map((c) => [c.slug, c.subcategories.map((s) => s.slug)])).toEqual([
      ['tshirts', []],
      ['accessories', ['hats', 'bags']],
    ]);
    expect(body.categories[0]?.name).toBe('T-Shirts');
  });
});

describe('GET /api/shipping-zones', () => {
  it('lists the zones with their states and active methods in display order, and the pickup location', async () => {
    const response = await t.request('/api/shipping-zones');
    expect(response.status).toBe(200);
    const body = response.body as ShippingZonesResponse;
    expect(body.pickup).toEqual({
      address: '12 Admiralty Way, Lekki Phase 1, Lagos',
      openingHours: 'Mon–Sat, 10am–6pm',
    });
    expect(body.zones.map((zone) => [zone.name, zone.payOnDeliveryMaxKobo])).toEqual([
      ['Lagos', null],
      ['South-West', null],
      ['Rest of Nigeria', null],
    ]);
    const [lagos, southWest, rest] = body.zones;
    expect(lagos).toMatchObject({
      states: ['Lagos'],
      methods: [
        {
          code: 'standard',
          kind: 'delivery',
          name: 'Standard Shipping',
          feeKobo: 250_000,
          freeAboveKobo: 2_500_000,
          minDays: 1,
          maxDays: 3,
        },
        {
          code: 'express',
          kind: 'delivery',
          name: 'Express Shipping',
          feeKobo: 500_000,
          freeAboveKobo: null,
          minDays: 1,
          maxDays: 1,
        },
        { code: 'pickup', kind: 'pickup', name: 'Pick up in store', feeKobo: 0, minDays: 0, maxDays: 1 },
      ],
    });
    expect(southWest).toMatchObject({
      states: ['Ekiti', 'Ogun', 'Ondo', 'Osun', 'Oyo'],
      methods: [{ code: 'standard', feeKobo: 350_000, freeAboveKobo: null, minDays: 2, maxDays: 4 }],
    });
    expect(rest!.states).not.toContain('Lagos');
    expect(rest!.states).toEqual(expect.arrayContaining(['Kano', 'FCT']));
    expect(rest).toMatchObject({ methods: [{ code: 'standard', feeKobo: 450_000, minDays: 3, maxDays: 7 }] });

    // Pay on delivery on: each zone's maximum shows.
    await t.database.sql.exec(
      `UPDATE settings SET value = jsonb_set(value, '{payOnDelivery}', 'true') WHERE key = 'payment'`,
    );
    const on = (await t.request('/api/shipping-zones')).body as ShippingZonesResponse;
    expect(on.zones.map((zone) => zone.payOnDeliveryMaxKobo)).toEqual([10_000_000, null, null]);

    // A switched-off method leaves; a zone with no active method is not listed.
    await t.database.sql.query(`UPDATE shipping_methods SET is_enabled = false WHERE code = 'express'`);
    await t.database.sql.query(
      `UPDATE shipping_methods SET is_enabled = false
        WHERE zone_id = (SELECT id FROM shipping_zones WHERE name = 'South-West')`,
    );
    const after = (await t.request('/api/shipping-zones')).body as ShippingZonesResponse;
    expect(after.zones.map((zone) => zone.name)).toEqual(['Lagos', 'Rest of Nigeria']);
    expect(after.zones[0]!.methods.map((method) => method.code)).toEqual(['standard', 'pickup']);
  });
});
