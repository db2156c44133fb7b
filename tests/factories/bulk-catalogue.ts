/**
 * A large catalogue in a few statements, for the plan checks at scale and the benchmark:
 * `products` active products spread over the category tree, `variantsPerProduct` variants each.
 * Like any bulk import it ends with VACUUM ANALYZE, which autovacuum (off on some servers) would
 * otherwise do much later: the planner needs the statistics to choose the indexes.
 */
import type { SqlRunner } from '../../src/server/platform/db/client';

export async function insertBulkCatalogue(
  sql: SqlRunner,
  options: { products: number; variantsPerProduct: number; prefix?: string },
): Promise<void> {
  const prefix = options.prefix ?? 'BULK';
  await sql.query(
    `INSERT INTO categories (name, slug, display_order)
     SELECT name, slug, 100 + n FROM unnest(ARRAY['Bulk tops', 'Bulk bottoms'], ARRAY['bulk-tops', 'bulk-bottoms'])
       WITH ORDINALITY AS t(name, slug, n)
     ON CONFLICT (slug) DO NOTHING`,
  );
  await sql.query(
    `INSERT INTO categories (name, slug, parent_id, display_order)
     SELECT p.name || ' ' || k, p.slug || '-' || k, p.id, k FROM categories p, generate_series(1, 4) AS k
     WHERE p.slug IN ('bulk-tops', 'bulk-bottoms')
     ON CONFLICT (slug) DO NOTHING`,
  );
  // Products of every category present (parents with one of their children), newest last.
  await sql.query(
    `WITH pairs AS (
       SELECT row_number() OVER (ORDER BY child.slug) - 1 AS k, parent.id AS category_id, child.id AS subcategory_id
       FROM categories child JOIN categories parent ON parent.id = child.parent_id
     ), counted AS (SELECT count(*) AS pair_count FROM pairs)
     INSERT INTO products (name, description, price_kobo, category_id, subcategory_id, gender, is_featured, created_at)
     SELECT (ARRAY['Classic', 'Heavy', 'Vintage', 'Street', 'Lagos', 'Abuja', 'Kano'])[1 + n % 7] || ' '
              || (ARRAY['Tee', 'Hoodie', 'Jogger', 'Cap', 'Bomber', 'Crewneck'])[1 + n % 6] || ' ' || $1 || n,
            (ARRAY['Soft cotton with a relaxed fit.', 'Brushed fleece, ribbed cuffs.',
                   'Washed twill, embroidered logo.', 'Limited run, printed in Yaba.'])[1 + n % 4],
            500000 + (n % 40) * 50000, pairs.category_id, pairs.subcategory_id,
            CASE WHEN n % 2 = 0 THEN 'men' ELSE 'women' END, n % 50 = 0,
            now() - interval '120 days' + n * interval '1 second'
     FROM generate_series(1, $2::int) AS n, counted
     JOIN pairs ON true
     WHERE pairs.k = n % counted.pair_count`,
    [prefix, options.products],
  );
  await sql.query(
    `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku)
     SELECT p.id, (ARRAY['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', 'One size'])[1 + (k - 1) % 10],
            (ARRAY['Black', 'White', 'Sand'])[1 + (k - 1) / 10], (k * 7 + length(p.name)) % 25,
            $1 || '-' || p.id || '-' || k
     FROM products p, generate_series(1, $2::int) AS k
     WHERE p.name LIKE '% ' || $1 || '%'`,
    [prefix, options.variantsPerProduct],
  );
  // One image row per product (no file behind it: pages only link to it).
  await sql.query(
    `INSERT INTO product_images (product_id, storage_key, alt_text, display_order, width, height)
     SELECT p.id, 'bulk/' || p.id || '.webp', p.name, 1, 1200, 1200
     FROM products p WHERE p.name LIKE '% ' || $1 || '%'`,
    [prefix],
  );
  for (const table of ['categories', 'products', 'product_variants', 'product_images']) {
    await sql.exec(`VACUUM ANALYZE ${table}`);
  }
}
