import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from '#shared/constants';
import { createProduct } from '../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ProductRow = {
  id: string;
  name: string;
  priceKobo: number;
  gender: string;
  isActive: boolean;
  isFeatured: boolean;
  isMystery: boolean;
  createdAt: Date;
  stock: number;
  variants: number;
  soldOutVariants: number;
  images: number;
};

const products = () =>
  t.database.sql.query<ProductRow>(
    `SELECT p.id, p.name, p.price_kobo AS "priceKobo", p.gender, p.is_active AS "isActive",
            p.is_featured AS "isFeatured", p.is_mystery AS "isMystery", p.created_at AS "createdAt",
            (SELECT coalesce(sum(stock_quantity), 0)::int FROM product_variants v WHERE v.product_id = p.id) AS stock,
            (SELECT count(*)::int FROM product_variants v WHERE v.product_id = p.id) AS variants,
            (SELECT count(*)::int FROM product_variants v WHERE v.product_id = p.id AND stock_quantity = 0) AS "soldOutVariants",
            (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images
     FROM products p ORDER BY p.created_at DESC`,
  );

/** Everything the seed writes, to compare before and after a second run. */
const snapshot = async () => ({
  products: await t.database.sql.query('SELECT * FROM products ORDER BY id'),
  variants: await t.database.sql.query('SELECT * FROM product_variants ORDER BY id'),
  images: await t.database.sql.query('SELECT * FROM product_images ORDER BY id'),
  categories: await t.database.sql.query('SELECT * FROM categories ORDER BY id'),
});

async function fetchBytes(pathname: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(`http://localhost:3000${pathname}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('seedDemoData', () => {
  // A race on PostgreSQL only: PGlite runs one statement at a time, a smoke test there.
  const twoStarts = process.env.TEST_DATABASE_URL
    ? 'seeds the demo catalogue once, even when two starts race'
    : 'seeds the demo catalogue once, even when started twice (PGlite: one after the other)';
  it(twoStarts, { timeout: 180_000 }, async () => {
    // Two connections (pool) on PostgreSQL, where the advisory lock lets one in; on PGlite the two
    // callers' transactions run one after the other, and the second finds the catalogue there.
    const results = await Promise.all([seedDemoData(t.deps), seedDemoData(t.deps)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    const seeded = results.find((result) => result !== null);
    console.info(`demo seed: ${seeded?.products} products, ${seeded?.images} images in ${seeded?.ms} ms`);

    const rows = await products();
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    expect(rows.filter((p) => p.gender === 'men').length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((p) => p.gender === 'women').length).toBeGreaterThanOrEqual(8);
    const featured = rows.filter((p) => p.isFeatured && p.isActive);
    expect(featured.length).toBeGreaterThanOrEqual(4);
    expect(featured.length).toBeLessThanOrEqual(8);
    const now = Date.now();
    const ageDays = (p: ProductRow) => (now - new Date(p.createdAt).getTime()) / 86_400_000;
    const fresh = rows.filter((p) => ageDays(p) <= 3);
    expect(fresh.length).toBeGreaterThanOrEqual(4);
    expect(fresh.length).toBeLessThanOrEqual(8);
    // Everything else is older than the 7-day New window, and at most about two months old.
    for (const p of rows.filter((p) => ageDays(p) > 3)) {
      expect(ageDays(p)).toBeGreaterThan(7);
      expect(ageDays(p)).toBeLessThanOrEqual(61);
    }
    expect(rows.filter((p) => p.stock === 0)).toHaveLength(2);
    expect(rows.filter((p) => p.stock > 0 && p.soldOutVariants > 0).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((p) => p.isMystery).map((p) => p.name)).toEqual(['Mystery Scratchcard Tee']);
    expect(rows.filter((p) => !p.isActive)).toHaveLength(1);
    for (const p of rows) {
      expect(p.priceKobo, p.name).toBeGreaterThanOrEqual(800_000);
      expect(p.priceKobo, p.name).toBeLessThanOrEqual(8_500_000);
      expect(p.variants, p.name).toBeGreaterThan(0);
      expect(p.images, p.name).toBeGreaterThanOrEqual(1);
      expect(p.images, p.name).toBeLessThanOrEqual(3);
    }

    // Variants: sizes x colours, accessories One Size, SKUs by the spec's rule and unique.
    const variants = await t.database.sql.query<{
      productId: string;
      size: string;
      color: string;
      sku: string;
      category: string;
    }>(
      `SELECT v.product_id AS "productId", v.size, v.color, v.sku, c.slug AS category
       FROM product_variants v JOIN products p ON p.id = v.product_id JOIN categories c ON c.id = p.category_id`,
    );
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const v of variants) {
      expect(v.sku).toBe(
        `${v.productId.slice(0, 3)}-${v.color.slice(0, 3)}-${v.size.replace(/\s+/g, '')}`.toUpperCase(),
      );
      if (v.category === 'accessories') expect(v.size).toBe('One Size');
      else expect(v.size).not.toBe('One Size');
    }

    // Categories: the admin tree with its order, plus the storefront's tops, knitwear and denim.
    const categories = await t.database.sql.query<{
      slug: string;
      name: string;
      parent: string | null;
      displayOrder: number;
    }>(
      `SELECT c.slug, c.name, p.slug AS parent, c.display_order AS "displayOrder"
       FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`,
    );
    const bySlug = new Map(categories.map((c) => [c.slug, c]));
    for (const [index, top] of CATEGORY_TREE.entries()) {
      expect(bySlug.get(top.slug)).toMatchObject({ name: top.name, parent: null, displayOrder: index + 1 });
      for (const [childIndex, child] of top.children.entries()) {
        expect(bySlug.get(child.slug)).toMatchObject({
          name: child.name,
          parent: top.slug,
          displayOrder: childIndex + 1,
        });
      }
    }
    for (const slug of ['tops', 'knitwear', 'denim']) expect(bySlug.get(slug)?.parent).toBeNull();
    const used = await t.database.sql.query<{ slug: string }>(
      'SELECT DISTINCT c.slug FROM products p JOIN categories c ON c.id IN (p.category_id, p.subcategory_id)',
    );
    expect(used.map((u) => u.slug)).toEqual(
      expect.arrayContaining(['tshirts', 'tops', 'sweatshirts', 'jackets', 'knitwear', 'bottoms', 'denim']),
    );
    expect(used.map((u) => u.slug)).toEqual(expect.arrayContaining(['hats', 'bags', 'socks']));

    // The brand logo for the web app's fallback.
    const logo = await fetchBytes('/storage/logo/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.bytes.toString()).toContain('Naija Street');
  });

  it('serves every seeded image at 400, 800, 1200 and preview', { timeout: 120_000 }, async () => {
    const images = await t.database.sql.query<{ id: string; renditions: { width: number }[] }>(
      'SELECT id, renditions FROM product_images ORDER BY product_id, display_order',
    );
    expect(images.length).toBeGreaterThanOrEqual(24);
    for (const image of images) {
      // Drawn on the first request, not at start-up.
      expect(image.renditions).toEqual([]);
      for (const [variant, side] of [
        ['400', 400],
        ['800', 800],
        ['1200', 1200],
        ['preview', 100],
      ] as const) {
        const response = await fetchBytes(`/images/products/${image.id}/${variant}.webp`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(response.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);
        const again = await fetchBytes(`/images/products/${image.id}/${variant}.webp`, {
          'if-none-match': response.headers.get('etag') ?? '',
        });
        expect(again.status).toBe(304);
      }
    }
    const drawn = await t.database.sql.query<{ renditions: { width: number }[] }>(
      'SELECT renditions FROM product_images ORDER BY product_id, display_order',
    );
    for (const image of drawn) expect(image.renditions.map((r) => r.width)).toEqual([400, 800, 1200, 100]);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot();
    expect(await seedDemoData(t.deps)).toBeNull();
    expect(await snapshot()).toEqual(before);
  });
});

describe('seedDemoData on a shop that already has products', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  it('leaves the existing catalogue alone', async () => {
    const existing = await createProduct(shop, { name: 'Our Only Tee' });
    expect(await seedDemoData(shop.deps)).toBeNull();
    const rows = await shop.database.sql.query<{ id: string; name: string }>('SELECT id, name FROM products');
    expect(rows).toEqual([{ id: existing.id, name: 'Our Only Tee' }]);
    const [images] = await shop.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_images',
    );
    expect(images?.n).toBe(0);
    const logo = await shop.app.request('http://localhost:3000/storage/logo/logo.svg');
    expect(logo.status).toBe(404);
  });
});
