import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, ensureCategory } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { queries } from '../../platform/db/queries';
import { containsPattern, productSearchSql } from './search';

const CATALOGUE_SIZE = 20_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const category = await ensureCategory(t, 'tshirts');
  // A large catalogue of dull products, and three that mention a rare word.
  await t.database.sql.query(
    `INSERT INTO products (name, description, price_kobo, category_id, gender, created_at)
     SELECT (ARRAY['Classic', 'Heavy', 'Vintage', 'Street', 'Lagos', 'Abuja', 'Kano'])[1 + n % 7] || ' '
              || (ARRAY['Tee', 'Hoodie', 'Jogger', 'Cap', 'Bomber', 'Crewneck'])[1 + n % 6] || ' ' || n,
            (ARRAY['Soft cotton with a relaxed fit.', 'Brushed fleece, ribbed cuffs.',
                   'Washed twill, embroidered logo.', 'Limited run, printed in Yaba.'])[1 + n % 4],
            100000, $1, CASE WHEN n % 2 = 0 THEN 'men' ELSE 'women' END, now() - n * interval '1 minute'
     FROM generate_series(1, $2::int) AS n`,
    [category.id, CATALOGUE_SIZE],
  );
  await t.database.sql.exec(
    `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku)
     SELECT id, 'M', 'Black', (row_number() OVER ()) % 3, 'GEN-' || id FROM products`,
  );
  for (const name of ['Zanzibar Tee', 'Zanzibar Cap', 'Zanzibar Hoodie']) await createProduct(t, { name });
  // Statistics only, no VACUUM: the trigram index has no pending list (fastupdate = off,
  // migration 0020), so it is usable straight after a bulk insert, before any vacuum ran.
  await t.database.sql.exec('ANALYZE products');
  await t.database.sql.exec('ANALYZE product_variants');
}, 120_000);
afterAll(() => t.close());

describe('product search on a large catalogue', () => {
  it('finds the rare products through the search endpoint', async () => {
    const response = await t.request('/api/search?q=zanzibar');
    expect(response.status).toBe(200);
    const body = response.body as { products: { name: string }[]; hasMore: boolean };
    expect(body.products.map((p) => p.name).sort()).toEqual([
      'Zanzibar Cap',
      'Zanzibar Hoodie',
      'Zanzibar Tee',
    ]);
    expect(body.hasMore).toBe(false);
  });

  it('answers the text match from the trigram index, not a scan of every product', async () => {
    const { sql: text, parameters } = productSearchSql(containsPattern('Zanzibar'), [], {
      hideOutOfStock: false,
      limit: 6,
    }).compile(queries(t.database.sql));
    const params = [...parameters];
    const plan = await t.database.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    const planText = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(planText).toContain('products_search_trgm_idx');
    expect(planText).not.toMatch(/Seq Scan on products/);
  });

  it('still uses the index when category matches are OR-ed in', async () => {
    const hats = await ensureCategory(t, 'hats');
    const { sql: text, parameters } = productSearchSql(containsPattern('zanzibar'), [hats.id], {
      hideOutOfStock: true,
      limit: 6,
    }).compile(queries(t.database.sql));
    const params = [...parameters];
    const plan = await t.database.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
    const planText = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(planText).toContain('products_search_trgm_idx');
    expect(planText).not.toMatch(/Seq Scan on products/);
  });
});
