import { sql as pg, type RawBuilder, type Selectable } from 'kysely';
import { LIMITS } from '#shared/constants';
import type { SearchResponse } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { likeContaining } from '../../platform/db/values';
import { readOutOfStockSettings } from './out-of-stock-settings';
import { IN_STOCK, offerOf } from './products';

/** The case-insensitive "contains" pattern for a shopper's text (LIKE's default escape `\`). */
export function containsPattern(text: string): string {
  return likeContaining(text.toLowerCase());
}

type Product = Selectable<DB['products']>;

/** One product the search found, as the dialog shows it. */
type SearchProductRow = Pick<Product, 'id' | 'name' | 'gender'> & {
  /** offer_price_kobo(p): what is charged now. */
  priceKobo: Product['price_kobo'];
  /** The product's own price. */
  listPriceKobo: Product['price_kobo'];
  categoryName: Selectable<DB['categories']>['name'];
  imageId: Selectable<DB['product_images']>['id'] | null;
};

/**
 * The product half of the search: name matches first, then the other matches (description or
 * category), newest first in each. Each half is its own bounded query with its own LIMIT, so
 * PostgreSQL stops after `limit` rows instead of reading and sorting every match of a common
 * word: a rare word is answered from the trigram index products_search_trgm_idx (the text test is
 * written exactly as it is defined), a common one by walking products_active_newest_idx until
 * enough rows matched. Category matches are passed in as ids (categories are few) so the OR stays
 * index-friendly. SQL text (a UNION ALL of two bounded halves), run on `queries(sql)`.
 */
export function productSearchSql(
  pattern: string,
  categoryIds: string[],
  options: { hideOutOfStock: boolean; limit: number },
): RawBuilder<SearchProductRow> {
  const text = pg<boolean>`(lower(p.name) || ' ' || lower(p.description)) LIKE ${pattern}`;
  const other = [text];
  if (categoryIds.length > 0) {
    other.push(
      pg<boolean>`p.category_id = ANY(${categoryIds}::uuid[])`,
      pg<boolean>`p.subcategory_id = ANY(${categoryIds}::uuid[])`,
    );
  }
  const visible = options.hideOutOfStock
    ? pg<boolean>`p.is_active AND ${IN_STOCK}`
    : pg<boolean>`p.is_active`;
  const half = (rank: number, match: RawBuilder<boolean>) => pg`(
      SELECT p.id, p.name, p.gender, p.price_kobo, offer_price_kobo(p) AS offer_price_kobo, p.category_id,
             p.created_at, ${pg.lit(rank)} AS rank
      FROM products p
      WHERE ${visible} AND ${match}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${options.limit})`;
  return pg<SearchProductRow>`
    SELECT m.id, m.name, m.gender, m.offer_price_kobo AS "priceKobo", m.price_kobo AS "listPriceKobo",
      c.name AS "categoryName",
      (SELECT i.id FROM product_images i WHERE i.product_id = m.id
       ORDER BY i.display_order, i.created_at, i.id LIMIT 1) AS "imageId"
    FROM (${half(0, pg`${text} AND lower(p.name) LIKE ${pattern}`)}
      UNION ALL ${half(1, pg`(${pg.join(other, pg` OR `)}) AND NOT (lower(p.name) LIKE ${pattern})`)}
    ) m JOIN categories c ON c.id = m.category_id
    ORDER BY m.rank, m.created_at DESC, m.id DESC
    LIMIT ${options.limit}`;
}

/**
 * The search dialog: categories whose name contains the text and up to 5 active products whose
 * name, description or category name contains it (case-insensitive), name matches first, then
 * newest. `hasMore` says more products match.
 */
export async function searchCatalog(sql: SqlRunner, text: string): Promise<SearchResponse> {
  if (text === '') return { categories: [], products: [], hasMore: false };
  const pattern = containsPattern(text);
  const categories = await queries(sql)
    .selectFrom('categories as c')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select(['c.id', 'c.name', 'c.slug', 'parent.slug as parentSlug'])
    .where(pg<string>`lower(c.name)`, 'like', pattern)
    .orderBy((eb) => eb.fn.coalesce('parent.display_order', 'c.display_order'))
    .orderBy(pg`c.parent_id IS NOT NULL`)
    .orderBy('c.display_order')
    .orderBy('c.name')
    .limit(50)
    .execute();
  const settings = await readOutOfStockSettings(sql);
  const max = LIMITS.searchMaxProducts;
  const { rows } = await productSearchSql(
    pattern,
    categories.map((category) => category.id),
    { hideOutOfStock: settings.auto_hide_product, limit: max + 1 },
  ).execute(queries(sql));
  return {
    categories,
    products: rows
      .slice(0, max)
      .map(({ listPriceKobo, ...row }) => ({ ...row, ...offerOf(listPriceKobo, row.priceKobo) })),
    hasMore: rows.length > max,
  };
}
