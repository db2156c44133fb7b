import { ADMIN_SIZES, LIMITS, type OutOfStockSettings } from '#shared/constants';
import type {
  ProductDetail,
  ProductImage,
  ProductListQuery,
  ProductListResponse,
  ProductSummary,
  SizeGuide,
} from '#shared/schemas/catalog';
import type { CountMemo } from '../../platform/count-memo';
import type { SqlRunner } from '../../platform/db/client';
import { outOfStockFrom, readOutOfStockSettings } from './out-of-stock-settings';

type ProductRow = {
  id: string;
  name: string;
  description: string;
  priceKobo: number;
  gender: ProductSummary['gender'];
  isFeatured: boolean;
  isMystery: boolean;
  createdAt: Date | string;
  categoryId: string;
  categoryName: string;
  categorySlug: string;
  subcategoryId: string | null;
  subcategoryName: string | null;
  subcategorySlug: string | null;
  stock: number;
  releaseAt: Date | string | null;
  limitPerCustomer: number | null;
};

const PRODUCT_COLUMNS = `
  p.id, p.name, p.description, p.price_kobo AS "priceKobo", p.gender,
  p.is_featured AS "isFeatured", p.is_mystery AS "isMystery", p.created_at AS "createdAt",
  c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug",
  s.id AS "subcategoryId", s.name AS "subcategoryName", s.slug AS "subcategorySlug",
  p.release_at AS "releaseAt", p.limit_per_customer AS "limitPerCustomer",
  coalesce((SELECT sum(v.stock_quantity) FROM product_variants v WHERE v.product_id = p.id), 0) AS stock`;

const PRODUCT_FROM = `
  FROM products p
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN categories s ON s.id = p.subcategory_id`;

/** SQL condition: the product has at least one variant in stock. */
export const IN_STOCK =
  'EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock_quantity > 0)';

function toSummary(row: ProductRow, images: ProductImage[]): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceKobo: Number(row.priceKobo),
    gender: row.gender,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    subcategory:
      row.subcategoryId && row.subcategoryName && row.subcategorySlug
        ? { id: row.subcategoryId, name: row.subcategoryName, slug: row.subcategorySlug }
        : null,
    isFeatured: row.isFeatured,
    isMystery: row.isMystery,
    createdAt: new Date(row.createdAt).toISOString(),
    stock: Number(row.stock),
    images,
    releaseAt: row.releaseAt === null ? null : new Date(row.releaseAt).toISOString(),
    limitPerCustomer: row.limitPerCustomer,
  };
}

async function imagesByProduct(sql: SqlRunner, productIds: string[]): Promise<Map<string, ProductImage[]>> {
  const byProduct = new Map<string, ProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await sql.query<ProductImage & { productId: string }>(
    `SELECT id, product_id AS "productId", alt_text AS "altText", display_order AS "displayOrder"
     FROM product_images WHERE product_id = ANY($1::uuid[])
     ORDER BY display_order, created_at, id`,
    [productIds],
  );
  for (const { productId, ...image } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(image);
    byProduct.set(productId, list);
  }
  return byProduct;
}

/**
 * Active products for the shop's listings, newest first (with `upcoming`, drops still to be
 * released, the next first), each with its images and stock.
 * With the out-of-stock setting `auto_hide_product`, products with nothing in stock are left out.
 */
export async function findProducts(
  sql: SqlRunner,
  query: ProductListQuery,
  counts?: CountMemo,
): Promise<ProductListResponse> {
  const settings = await readOutOfStockSettings(sql);
  const where = ['p.is_active'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.featured) where.push('p.is_featured');
  if (query.category) {
    // Categories are few: their ids first, so the products' category indexes answer the filter.
    const slug = param(query.category);
    const ids = `(SELECT id FROM categories WHERE slug = ${slug})`;
    where.push(`(p.category_id IN ${ids} OR p.subcategory_id IN ${ids})`);
  }
  if (query.gender) where.push(`p.gender = ${param(query.gender)}`);
  if (query.new) where.push(`p.created_at > now() - make_interval(days => ${param(LIMITS.newArrivalDays)})`);
  if (query.upcoming) where.push('p.release_at > now()');
  if (settings.auto_hide_product) where.push(IN_STOCK);
  const condition = where.join(' AND ');
  const filterParams = [...params];
  const order = query.upcoming ? 'p.release_at, p.id' : 'p.created_at DESC, p.id DESC';

  // The page and the count are two statements: the page reads 20 rows from the newest-first index
  // (products_active_newest_idx) and sums the stock of those 20 only; the count touches products
  // alone. A window count over the page query would build every matching row, with its stock.
  // The count grows with the catalogue, so the server keeps it per filter until a catalogue
  // change is announced (count-memo.ts); not for drops still to come, whose count changes with
  // the clock at each release.
  const countText = `SELECT count(*) AS total FROM products p WHERE ${condition}`;
  const count = () =>
    sql.query<{ total: number }>(countText, filterParams).then(([row]) => Number(row?.total ?? 0));
  const [rows, total] = await Promise.all([
    sql.query<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} ${PRODUCT_FROM} WHERE ${condition}
       ORDER BY ${order}
       LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
      params,
    ),
    counts && !query.upcoming ? counts.get(`${countText} ${JSON.stringify(filterParams)}`, count) : count(),
  ]);
  const images = await imagesByProduct(
    sql,
    rows.map((row) => row.id),
  );
  return {
    products: rows.map((row) => toSummary(row, images.get(row.id) ?? [])),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

/**
 * One active product with images and variants, or null (inactive or missing).
 * `auto_hide_product` does not apply here on purpose: the page stays reachable from old links,
 * carts and orders, and shows every option sold out instead of a broken page.
 */
export async function findProduct(sql: SqlRunner, id: string): Promise<ProductDetail | null> {
  // One statement: a drop's page is read again after every sale, by a crowd.
  const [row] = await sql.query<
    ProductRow & {
      images: ProductImage[];
      variants: { id: string; size: string; color: string | null; stock: number; sku: string }[];
      outOfStock: Partial<OutOfStockSettings> | null;
      sizeGuide: SizeGuide | null;
    }
  >(
    `SELECT ${PRODUCT_COLUMNS},
            (SELECT coalesce(json_agg(json_build_object('id', i.id, 'altText', i.alt_text,
                                                        'displayOrder', i.display_order)
                                      ORDER BY i.display_order, i.created_at, i.id), '[]')
               FROM product_images i WHERE i.product_id = p.id) AS images,
            (SELECT coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color,
                                                        'stock', v.stock_quantity, 'sku', v.sku)
                                      ORDER BY array_position($2::text[], v.size), v.size,
                                               v.color NULLS FIRST, v.created_at), '[]')
               FROM product_variants v WHERE v.product_id = p.id) AS variants,
            (SELECT value FROM settings WHERE key = 'out_of_stock') AS "outOfStock",
            (${SIZE_GUIDE_OF_PRODUCT}) AS "sizeGuide"
       ${PRODUCT_FROM} WHERE p.id = $1 AND p.is_active`,
    [id, ADMIN_SIZES],
  );
  if (!row) return null;
  const settings = outOfStockFrom(row.outOfStock);
  return {
    ...toSummary(row, row.images),
    variants: row.variants.map((v) => ({ ...v, stock: Number(v.stock), soldOut: v.stock <= 0 })),
    // Without show_customer_notification the shop's own message is replaced by a plain 'Sold out'.
    outOfStock: {
      enabled: settings.enabled,
      text: settings.show_customer_notification ? settings.notification_text : 'Sold out',
    },
    sizeGuide: row.sizeGuide,
  };
}

/**
 * The size guide of the product `p` (as a JSON object, or null): the guide naming its
 * subcategory, else its category, else that category's parent (size_guides.category_slugs).
 */
const SIZE_GUIDE_OF_PRODUCT = `
  SELECT json_build_object('kind', g.kind, 'title', g.title, 'columns', g.columns, 'rows', g.rows,
                           'note', g.note)
    FROM categories c
    LEFT JOIN categories s ON s.id = p.subcategory_id
    LEFT JOIN categories cp ON cp.id = c.parent_id
    JOIN size_guides g ON s.slug = ANY(g.category_slugs) OR c.slug = ANY(g.category_slugs)
                       OR cp.slug = ANY(g.category_slugs)
   WHERE c.id = p.category_id
   ORDER BY CASE WHEN s.slug = ANY(g.category_slugs) THEN 0 WHEN c.slug = ANY(g.category_slugs) THEN 1 ELSE 2 END
   LIMIT 1`;
