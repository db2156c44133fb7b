import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkCatalogue } from '../../../../tests/factories/bulk-catalogue';
import { setOutOfStockSettings } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { SqlRunner } from '../../platform/db/client';
import { findProduct, findProducts } from './products';
import { searchCatalog } from './search';

/** 10,000 products × 10 variants: the catalogue size the shop must stay fast at. */
const PRODUCTS = 10_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false });
  await insertBulkCatalogue(t.database.sql, { products: PRODUCTS, variantsPerProduct: 10 });
}, 180_000);
afterAll(() => t.close());

/** Runs `work` on a runner that records every statement, then returns each statement's plan. */
async function plansOf(work: (sql: SqlRunner) => Promise<unknown>): Promise<string[]> {
  const statements: { text: string; params?: unknown[] }[] = [];
  const sql = t.database.sql;
  const recording: SqlRunner = {
    exec: (text) => sql.exec(text),
    query: (text, params) => {
      statements.push({ text, params });
      return sql.query(text, params);
    },
  };
  await work(recording);
  const plans: string[] = [];
  for (const statement of statements) {
    const rows = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.params);
    plans.push(`${statement.text}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
  return plans;
}

/**
 * No statement reads a whole catalogue table: each is answered from indexes. The listing's count
 * is the one exception allowed: counting the matches is linear in them by nature, and it reads
 * products alone (never variants or images, unless out-of-stock products are hidden).
 */
function expectNoFullScans(plans: string[]) {
  for (const plan of plans) {
    if (plan.startsWith('SELECT count(*)')) {
      if (!plan.includes('EXISTS'))
        expect(plan, plan).not.toMatch(/product_variants|product_images|WindowAgg/);
      continue;
    }
    expect(plan, plan).not.toMatch(/Seq Scan on (products|product_variants|product_images)\b/);
  }
}

const planOf = (plans: string[], containing: string) => {
  const plan = plans.find((text) => text.includes(containing));
  if (!plan) throw new Error(`no statement containing ${containing}`);
  return plan;
};

describe(`catalogue query plans at ${PRODUCTS.toLocaleString('en')} products × 10 variants`, () => {
  it('has the catalogue it claims', async () => {
    const [row] = await t.database.sql.query<{ products: number; variants: number }>(
      `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM product_variants) AS variants`,
    );
    expect(Number(row!.products)).toBeGreaterThanOrEqual(PRODUCTS);
    expect(Number(row!.variants)).toBeGreaterThanOrEqual(PRODUCTS * 10);
  });

  it('pages the listing from the newest-first index, summing the stock of the page only', async () => {
    const plans = await plansOf((sql) => findProducts(sql, { limit: 20, offset: 0 }));
    expectNoFullScans(plans);
    const page = planOf(plans, 'ORDER BY p.created_at DESC');
    expect(page).toContain('products_active_newest_idx');
    expect(page).not.toContain('WindowAgg');
    // The stock sum runs per row of the page (a SubPlan over the variants' index), never as a
    // join or aggregate over every variant.
    expect(page).toMatch(/SubPlan[\s\S]*product_variants_option_key/);
    expect(page).not.toMatch(/HashAggregate|GroupAggregate/);
  });

  it('keeps every listing filter on indexes, with the out-of-stock hiding too', async () => {
    const queries = [
      { category: 'bulk-tops' },
      { category: 'bulk-bottoms-3' },
      { gender: 'women' as const },
      { featured: true },
      { new: true },
      { category: 'bulk-tops', gender: 'men' as const, offset: 200 },
    ];
    for (const query of queries) {
      expectNoFullScans(await plansOf((sql) => findProducts(sql, { limit: 20, offset: 0, ...query })));
    }
    await setOutOfStockSettings(t, { auto_hide_product: true });
    try {
      expectNoFullScans(await plansOf((sql) => findProducts(sql, { limit: 20, offset: 0 })));
      expectNoFullScans(
        await plansOf((sql) => findProducts(sql, { limit: 20, offset: 0, category: 'bulk-tops' })),
      );
    } finally {
      await setOutOfStockSettings(t, { auto_hide_product: false });
    }
  });

  it('reads one product, its variants and images by their keys', async () => {
    const [product] = await t.database.sql.query<{ id: string }>(
      `SELECT id FROM products ORDER BY created_at LIMIT 1 OFFSET 5000`,
    );
    const plans = await plansOf((sql) => findProduct(sql, product!.id));
    expectNoFullScans(plans);
    expect(planOf(plans, 'WHERE p.id = $1')).toContain('products_pkey');
  });

  it('answers a rare word from the trigram index and a common one from the newest-first index, both bounded', async () => {
    await t.database.sql.query(
      `UPDATE products SET name = 'Zanzibar ' || name WHERE id IN (SELECT id FROM products ORDER BY created_at LIMIT 3)`,
    );
    const rare = await plansOf((sql) => searchCatalog(sql, 'zanzibar'));
    expectNoFullScans(rare);
    expect(planOf(rare, 'UNION ALL')).toContain('products_search_trgm_idx');

    const common = await plansOf((sql) => searchCatalog(sql, 'tee'));
    expectNoFullScans(common);
    const plan = planOf(common, 'UNION ALL');
    expect(plan).toMatch(/Limit[\s\S]*Append/);
    // Neither half sorts its matches: both read them newest first and stop at the limit.
    expect(plan).not.toMatch(/Sort Key: p\.created_at/);
  });

  it('still uses the indexes when a category name matches too', async () => {
    const plans = await plansOf((sql) => searchCatalog(sql, 'bulk tops'));
    expectNoFullScans(plans);
  });
});
