import { LIMITS } from '#shared/constants';
import type { SearchResponse } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';
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
 * The product half of the search: name matches first, then the other matches (description or
 * category), newest first in each. Each half is its own bounded query with its own LIMIT, so
 * PostgreSQL stops after `limit` rows instead of reading and sorting every match of a common
 * word: a rare word is answered from the trigram index products_search_trgm_idx (the text test is
 * written exactly as it is defined), a common one by walking products_active_newest_idx until
 * enough rows matched. Category matches are passed in as ids (categories are few) so the OR stays
 * index-friendly.
 */
export function productSearchSql(
  pattern: string,
  categoryIds: string[],
  options: { hideOutOfStock: boolean; limit: number },
) {
  const params: unknown[] = [pattern, options.limit];
  const text = "(lower(p.name) || ' ' || lower(p.description)) LIKE $1";
  const other = [text];
  if (categoryIds.length > 0) {
    params.push(categoryIds);
    other.push('p.category_id = ANY($3::uuid[])', 'p.subcategory_id = ANY($3::uuid[])');
  }
  const visible = `p.is_active${options.hideOutOfStock ? ` AND ${IN_STOCK}` : ''}`;
  const half = (rank: number, match: string) => `(
      SELECT p.id, p.name, p.gender, p.price_kobo, p.category_id, p.created_at, ${rank} AS rank
      FROM products p
      WHERE ${visible} AND ${match}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $2)`;
  const sqlText = `
    SELECT m.id, m.name, m.gender, m.price_kobo AS "priceKobo", c.name AS "categoryName",
      (SELECT i.id FROM product_images i WHERE i.product_id = m.id
       ORDER BY i.display_order, i.created_at, i.id LIMIT 1) AS "imageId"
    FROM (${half(0, `${text} AND lower(p.name) LIKE $1`)}
      UNION ALL ${half(1, `(${other.join(' OR ')}) AND NOT (lower(p.name) LIKE $1)`)}
    ) m JOIN categories c ON c.id = m.category_id
    ORDER BY m.rank, m.created_at DESC, m.id DESC
    LIMIT $2`;
  return { text: sqlText, params };
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
