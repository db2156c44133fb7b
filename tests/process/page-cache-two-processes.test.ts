import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce } from '../../src/server/platform/db/announce';
import { type Database, openDatabase } from '../../src/server/platform/db/client';
import { migrate } from '../../src/server/platform/db/migrate';
import { adminUrl, databaseUrl } from '../setup/postgres';
import { type ShopProcess, startShop } from './support/shop-process';

/**
 * The real server-rendered product page, kept for anonymous visitors by two processes of the built
 * shop on one PostgreSQL database: a change committed elsewhere (announced from its transaction)
 * shows on both at once, and a signed-in visitor is never served the kept page.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `shop_cache_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

let a: ShopProcess;
let b: ShopProcess;
let database: Database;
let productId: string;

beforeAll(async () => {
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(serverUrl), maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), maxConnections: 2 });
  await migrate(database);
  const [category] = await database.sql.query<{ id: string }>(
    `INSERT INTO categories (name, slug) VALUES ('T-Shirts', 'tshirts') RETURNING id`,
  );
  const [product] = await database.sql.query<{ id: string }>(
    `INSERT INTO products (name, description, price_kobo, category_id, gender)
     VALUES ('Eko Cache Tee', 'Soft cotton.', 1500000, $1, 'men') RETURNING id`,
    [category!.id],
  );
  productId = product!.id;
  await database.sql.query(
    `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku) VALUES ($1, 'M', 'Black', 5, 'CACHE-M')`,
    [productId],
  );
  const env = { NODE_ENV: 'production', DATABASE_URL: databaseUrl(serverUrl, name), DEMO_DATA: 'false' };
  [a, b] = await Promise.all([startShop(env), startShop(env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(serverUrl), maxConnections: 1 });
  await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
});

const page = (shop: ShopProcess, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${shop.port}/product/${productId}`, { headers });

describe('the page cache of two server processes', () => {
  it('keeps the anonymous page and shows a change on both processes at once', async () => {
    for (const shop of [a, b]) {
      const first = await page(shop);
      expect(await first.text()).toContain('Eko Cache Tee');
      const second = await page(shop, { 'accept-encoding': 'br' });
      // Kept pages carry the cache's validator and come precompressed.
      expect(second.headers.get('etag')).toMatch(/^W\/"p/);
      expect(await second.text()).toContain('Eko Cache Tee');
    }
    const started = Date.now();
    await database.transaction(async (sql) => {
      await sql.query(`UPDATE products SET name = 'Eko Cache Tee Reworked' WHERE id = $1`, [productId]);
      await announce(sql, { table: 'products', id: productId, userId: null, action: 'updated' });
    });
    for (const shop of [a, b]) {
      await expect
        .poll(async () => (await (await page(shop)).text()).includes('Eko Cache Tee Reworked'), {
          timeout: 1_000,
          interval: 20,
        })
        .toBe(true);
    }
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('renders for a visitor with a session cookie every time, never from the kept page', async () => {
    await page(a);
    const kept = await page(a);
    expect(kept.headers.get('etag')).toMatch(/^W\/"p/);
    const withSession = await page(a, { cookie: 'naija.session_token=not-a-real-session' });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get('etag')).toBeNull();
  });
});
