import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/setup/test-app';
import type { Database } from './client';
import * as schema from './schema';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe("schema.ts (Better Auth's tables) and the migrations", () => {
  it('describe the same tables and columns', async () => {
    const rows = await database.sql.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const inDatabase = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!inDatabase.has(row.table_name)) inDatabase.set(row.table_name, new Set());
      inDatabase.get(row.table_name)!.add(row.column_name);
    }
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => isTable(value));
    expect(tables.map((table) => getTableName(table)).sort()).toEqual([
      'accounts',
      'rate_limits',
      'sessions',
      'users',
      'verifications',
    ]);
    for (const table of tables) {
      const name = getTableName(table);
      const columns = Object.values(getTableColumns(table))
        .map((column) => column.name)
        .sort();
      expect([...(inDatabase.get(name) ?? [])].sort(), `columns of ${name}`).toEqual(columns);
    }
  });

  it('refuses negative stock, unknown statuses and a total that is not subtotal + shipping', async () => {
    const [category] = await database.sql.query<{ id: string }>(
      `INSERT INTO categories (name, slug) VALUES ('Test', 'test-category') RETURNING id`,
    );
    const [product] = await database.sql.query<{ id: string }>(
      `INSERT INTO products (name, price_kobo, category_id, gender) VALUES ('Tee', 500000, $1, 'men') RETURNING id`,
      [category!.id],
    );
    await expect(
      database.sql.query(
        `INSERT INTO product_variants (product_id, size, stock_quantity, sku) VALUES ($1, 'M', -1, 'X-1')`,
        [product!.id],
      ),
    ).rejects.toThrow();
    await expect(
      database.sql.query(
        `INSERT INTO products (name, price_kobo, category_id, gender) VALUES ('Tee', 100, $1, 'kids')`,
        [category!.id],
      ),
    ).rejects.toThrow();
    const address = JSON.stringify({
      fullName: 'A',
      email: 'a@b.ng',
      phone: '08000000000',
      address: 'x',
      city: 'y',
      state: 'Lagos',
    });
    await expect(
      database.sql.query(
        `INSERT INTO orders (email, subtotal_kobo, shipping_cost_kobo, total_amount_kobo, shipping_address, billing_address)
         VALUES ('a@b.ng', 1000, 250000, 1, $1, $1)`,
        [address],
      ),
    ).rejects.toThrow();
    await expect(
      database.sql.query(
        `INSERT INTO orders (email, status, subtotal_kobo, shipping_cost_kobo, total_amount_kobo, shipping_address, billing_address)
         VALUES ('a@b.ng', 'lost', 1000, 0, 1000, $1, $1)`,
        [address],
      ),
    ).rejects.toThrow();
  });
});
