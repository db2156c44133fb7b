// Prepares a benchmark database before the shop starts on it: the schema, the catalogue at the
// asked size (tests/factories/bulk-catalogue.ts), a few products with a rare word, the drop
// product, products for the order races, and confirmed buyer accounts sharing one password.
import { createHmac, randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { type DatabaseOptions, openDatabase } from '../../src/server/platform/db/client';
import { ensureDefaults } from '../../src/server/platform/db/defaults';
import { migrate } from '../../src/server/platform/db/migrate';
import { insertBulkCatalogue } from '../../tests/factories/bulk-catalogue';

export const BUYER_PASSWORD = 'Bench-buyer-2026';
export const buyerEmail = (index: number) => `buyer${index}@bench.example`;

export type Seeded = {
  /** A product with stock, for the product page and the API. */
  productId: string;
  /** The drop: one variant, DROP_UNITS in stock (reset by resetDrop). */
  drop: { productId: string; variantId: string };
  /** Variants with plenty of stock, one per buyer of the "different variants" race. */
  raceVariants: { productId: string; variantId: string }[];
  /**
   * A signed-in session cookie per buyer, made as a sign-in makes it (a sessions row and the
   * token signed with the shop's key), so 200 buyers do not cost 200 deliberate password hashes.
   */
  sessionCookies: string[];
};

export async function seedBench(
  options: DatabaseOptions,
  input: { products: number; variantsPerProduct: number; buyers: number },
): Promise<Seeded> {
  const database = await openDatabase(options);
  try {
    await migrate(database);
    await ensureDefaults(database);
    const sql = database.sql;
    // The listing page /men/tshirts needs its category; the bulk catalogue spreads over the tree.
    await sql.query(
      `INSERT INTO categories (name, slug, display_order) VALUES ('T-Shirts', 'tshirts', 1) ON CONFLICT (slug) DO NOTHING`,
    );
    await sql.query(
      `INSERT INTO categories (name, slug, parent_id, display_order)
       SELECT v.name, v.slug, c.id, v.n FROM categories c,
         (VALUES ('Graphic Tees', 'graphic-tees', 1), ('Basic Tees', 'basic-tees', 2)) AS v(name, slug, n)
       WHERE c.slug = 'tshirts' ON CONFLICT (slug) DO NOTHING`,
    );
    // Everything but the few special products below.
    const bulk = Math.max(0, input.products - 3 - 1 - 50 - 1);
    await insertBulkCatalogue(sql, { products: bulk, variantsPerProduct: input.variantsPerProduct });
    const [tshirts] = await sql.query<{ id: string; parent_id: string }>(
      `SELECT id, parent_id FROM categories WHERE slug = 'graphic-tees'`,
    );
    const product = async (name: string, stock: number, variants: number) => {
      const [row] = await sql.query<{ id: string }>(
        `INSERT INTO products (name, description, price_kobo, category_id, subcategory_id, gender)
         VALUES ($1, 'Benchmark product.', 1500000, $2, $3, 'men') RETURNING id`,
        [name, tshirts!.parent_id, tshirts!.id],
      );
      const rows = await sql.query<{ id: string }>(
        `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku)
         SELECT $1::uuid, (ARRAY['S', 'M', 'L', 'XL', 'XXL'])[k], 'Black', $2, 'BENCH-' || $1::text || '-' || k
         FROM generate_series(1, $3::int) AS k RETURNING id`,
        [row!.id, stock, variants],
      );
      return { productId: row!.id, variantId: rows[0]!.id };
    };
    for (const name of ['Zanzibar Tee', 'Zanzibar Cap', 'Zanzibar Hoodie']) await product(name, 20, 3);
    const classic = await product('Bench Classic Tee', 20, 5);
    const raceVariants = [];
    for (let index = 0; index < 50; index += 1)
      raceVariants.push(await product(`Race Tee ${index}`, 100_000, 1));
    const drop = await product('Drop Day Jersey', 50, 1);

    const hash = await hashPassword(BUYER_PASSWORD);
    await sql.query(
      `WITH created AS (
         INSERT INTO users (email, email_verified, name, first_name, last_name)
         SELECT 'buyer' || n || '@bench.example', true, 'Bench Buyer ' || n, 'Bench', 'Buyer ' || n
         FROM generate_series(1, $1::int) AS n
         RETURNING id)
       INSERT INTO accounts (user_id, account_id, provider_id, password)
       SELECT id, id::text, 'credential', $2 FROM created`,
      [input.buyers, hash],
    );
    await sql.query(
      `INSERT INTO server_secrets (name, value) VALUES ('auth', $1) ON CONFLICT (name) DO NOTHING`,
      [randomBytes(32).toString('base64url')],
    );
    const [secret] = await sql.query<{ value: string }>(
      `SELECT value FROM server_secrets WHERE name = 'auth'`,
    );
    const tokens = Array.from({ length: input.buyers }, () => randomBytes(24).toString('hex'));
    await sql.query(
      `INSERT INTO sessions (user_id, token, expires_at)
       SELECT u.id, t.token, now() + interval '7 days'
       FROM unnest($1::text[]) WITH ORDINALITY AS t(token, n)
       JOIN users u ON u.email = 'buyer' || t.n || '@bench.example'`,
      [tokens],
    );
    const sessions = tokens.map((token) => ({ token }));
    const sessionCookies = sessions.map((row) => {
      const signature = createHmac('sha256', secret!.value).update(row.token).digest('base64');
      return `naija.session_token=${encodeURIComponent(`${row.token}.${signature}`)}`;
    });
    for (const table of ['users', 'accounts', 'sessions', 'products', 'product_variants']) {
      await sql.exec(`VACUUM ANALYZE ${table}`);
    }
    return { productId: classic.productId, drop, raceVariants, sessionCookies };
  } finally {
    await database.close();
  }
}
