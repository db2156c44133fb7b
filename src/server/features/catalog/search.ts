import { LIMITS } from '#shared/constants';
import type { SearchResponse } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../db/client';
import { readOutOfStockSettings } from './out-of-stock-settings';
import { IN_STOCK } from './products';

/** Makes the shopper's `%`, `_` and `\` match themselves in a LIKE pattern (default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The case-insensitive "contains" pattern for a shopper's text. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/**
 * The product half of the search. The text test is written exactly as the trigram index
 * products_search_trgm_idx is defined, so PostgreSQL can answer it from the index; category
 * matches are passed in as ids (categories are few) so the OR stays index-friendly.
 */
export function productSearchSql(
  pattern: string,
  categoryIds: string[],
  options: { hideOutOfStock: boolean; limit: number },
) {
  const params: unknown[] = [pattern];
  const match = ["(lower(p.name) || ' ' || lower(p.description)) LIKE $1"];
  if (categoryIds.length > 0) {
    params.push(categoryIds);
    match.push('p.category_id = ANY($2::uuid[])', 'p.subcategory_id = ANY($2::uuid[])');
  }
  params.push(options.limit);
  const text = `
    SELECT p.id, p.name, p.gender, p.price_kobo AS "priceKobo", c.name AS "categoryName",
      (SELECT i.id FROM product_images i WHERE i.product_id = p.id
       ORDER BY i.display_order, i.created_at, i.id LIMIT 1) AS "imageId"
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.is_active AND (${match.join(' OR ')})${options.hideOutOfStock ? ` AND ${IN_STOCK}` : ''}
    ORDER BY (lower(p.name) LIKE $1) DESC, p.created_at DESC, p.id
    LIMIT $${params.length}`;
  return { text, params };
}

/**
 * The search dialog: categories whose name contains the text and up to 5 active products whose
 * name, description or category name contains it (case-insensitive), name matches first, then
 * newest. `hasMore` says more products match.
 */
export async function searchCatalog(sql: SqlRunner, text: string): Promise<SearchResponse> {
  if (text === '') return { categories: [], products: [], hasMore: false };
  const pattern = containsPattern(text);
  const categories = await sql.query<SearchResponse['categories'][number]>(
    `SELECT c.id, c.name, c.slug, parent.slug AS "parentSlug"
     FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
     WHERE lower(c.name) LIKE $1
     ORDER BY coalesce(parent.display_order, c.display_order), c.parent_id IS NOT NULL, c.display_order, c.name
     LIMIT 50`,
    [pattern],
  );
  const settings = await readOutOfStockSettings(sql);
  const max = LIMITS.searchMaxProducts;
  const query = productSearchSql(
    pattern,
    categories.map((category) => category.id),
    { hideOutOfStock: settings.auto_hide_product, limit: max + 1 },
  );
  const rows = await sql.query<SearchResponse['products'][number]>(query.text, query.params);
  return {
    categories,
    products: rows.slice(0, max).map((row) => ({ ...row, priceKobo: Number(row.priceKobo) })),
    hasMore: rows.length > max,
  };
}
