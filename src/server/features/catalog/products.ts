import { sql as pg, type RawBuilder, type Selectable } from 'kysely';
import { ADMIN_SIZES, LIMITS, type OutOfStockSettings } from '#shared/constants';
import type {
  ProductDetail,
  ProductImage,
  ProductListQuery,
  ProductListResponse,
  ProductSummary,
  SizeGuide,
} from '#shared/schemas/catalog';
import type { Offer } from '#shared/schemas/promotions';
import type { CountMemo } from '../../platform/count-memo';
import type { SqlRunner } from '../../platform/db/client';
import { prepared, queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso, isoOrNull } from '../../platform/db/values';
import { outOfStockFrom, readOutOfStockSettings } from './out-of-stock-settings';

type Product = Selectable<DB['products']>;
type CategoryRow = Selectable<DB['categories']>;

/** A product as PRODUCT_COLUMNS reads it. */
type ProductRow = Pick<Product, 'id' | 'name' | 'description' | 'gender'> & {
  /** offer_price_kobo(p): what is charged now. */
  priceKobo: Product['price_kobo'];
  /** The product's own price. */
  listPriceKobo: Product['price_kobo'];
  isFeatured: Product['is_featured'];
  isMystery: Product['is_mystery'];
  createdAt: Product['created_at'];
  categoryId: CategoryRow['id'];
  categoryName: CategoryRow['name'];
  categorySlug: CategoryRow['slug'];
  subcategoryId: CategoryRow['id'] | null;
  subcategoryName: CategoryRow['name'] | null;
  subcategorySlug: CategoryRow['slug'] | null;
  releaseAt: Product['release_at'];
  limitPerCustomer: Product['limit_per_customer'];
  /** The sum of its variants' stock. */
  stock: number;
};

/**
 * How a lowered price shows: the product's own price struck through and the whole percent off,
 * when the price charged (`offer_price_kobo`) is below it; nothing otherwise.
 */
export function offerOf(listPriceKobo: number, priceKobo: number): Offer {
  if (priceKobo >= listPriceKobo || listPriceKobo <= 0) return { compareAtKobo: null, percentOff: null };
  return {
    compareAtKobo: listPriceKobo,
    percentOff: Math.round(((listPriceKobo - priceKobo) / listPriceKobo) * 100),
  };
}

/**
 * The listings and the product page are SQL text on `queries(sql)`: their plans (the newest-first
 * index, the stock summed per row of the page only) are the rule, checked by catalogue-plans.
 */
const PRODUCT_COLUMNS = pg`
  p.id, p.name, p.description, offer_price_kobo(p) AS "priceKobo", p.price_kobo AS "listPriceKobo", p.gender,
  p.is_featured AS "isFeatured", p.is_mystery AS "isMystery", p.created_at AS "createdAt",
  c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug",
  s.id AS "subcategoryId", s.name AS "subcategoryName", s.slug AS "subcategorySlug",
  p.release_at AS "releaseAt", p.limit_per_customer AS "limitPerCustomer",
  coalesce((SELECT sum(v.stock_quantity) FROM product_variants v WHERE v.product_id = p.id), 0) AS stock`;

const PRODUCT_FROM = pg`
  FROM products p
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN categories s ON s.id = p.subcategory_id`;

/** SQL condition on `products p`: the product has at least one variant in stock. */
export const IN_STOCK = pg<boolean>`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock_quantity > 0)`;

function toSummary(row: ProductRow, images: ProductImage[]): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceKobo: row.priceKobo,
    ...offerOf(row.listPriceKobo, row.priceKobo),
    gender: row.gender,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    subcategory:
      row.subcategoryId && row.subcategoryName && row.subcategorySlug
        ? { id: row.subcategoryId, name: row.subcategoryName, slug: row.subcategorySlug }
        : null,
    isFeatured: row.isFeatured,
    isMystery: row.isMystery,
    createdAt: iso(row.createdAt),
    stock: row.stock,
    images,
    releaseAt: isoOrNull(row.releaseAt),
    limitPerCustomer: row.limitPerCustomer,
  };
}

const imagesOf = prepared<{ productIds: string[] }>()((db, value) =>
  db
    .selectFrom('product_images')
    .select(['id', 'product_id as productId', 'alt_text as altText', 'display_order as displayOrder'])
    .where((eb) => eb('product_id', '=', eb.fn.any(pg<string[]>`${value('productIds')}::uuid[]`)))
    .orderBy('display_order')
    .orderBy('created_at')
    .orderBy('id'),
);

async function imagesByProduct(sql: SqlRunner, productIds: string[]): Promise<Map<string, ProductImage[]>> {
  const byProduct = new Map<string, ProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await imagesOf(sql, { productIds });
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
  const db = queries(sql);
  const where: RawBuilder<boolean>[] = [pg`p.is_active`];
  if (query.featured) where.push(pg`p.is_featured`);
  if (query.category) {
    // Categories are few: their ids first, so the products' category indexes answer the filter.
    const ids = pg`(SELECT id FROM categories WHERE slug = ${query.category})`;
    where.push(pg`(p.category_id IN ${ids} OR p.subcategory_id IN ${ids})`);
  }
  if (query.gender) where.push(pg`p.gender = ${query.gender}`);
  if (query.new) where.push(pg`p.created_at > now() - make_interval(days => ${LIMITS.newArrivalDays})`);
  if (query.upcoming) where.push(pg`p.release_at > now()`);
  if (settings.auto_hide_product) where.push(IN_STOCK);
  const condition = pg.join(where, pg` AND `);
  const order = query.upcoming ? pg`p.release_at, p.id` : pg`p.created_at DESC, p.id DESC`;

  // The page and the count are two statements: the page reads 20 rows from the newest-first index
  // (products_active_newest_idx) and sums the stock of those 20 only; the count touches products
  // alone. A window count over the page query would build every matching row, with its stock.
  // The count grows with the catalogue, so the server keeps it per filter until a catalogue
  // change is announced (count-memo.ts); not for drops still to come, whose count changes with
  // the clock at each release.
  const countQuery = pg<{ total: number }>`SELECT count(*) AS total FROM products p WHERE ${condition}`;
  const count = () => countQuery.execute(db).then(({ rows: [row] }) => row?.total ?? 0);
  const countKey = () => {
    const compiled = countQuery.compile(db);
    return `${compiled.sql} ${JSON.stringify(compiled.parameters)}`;
  };
  const [{ rows }, total] = await Promise.all([
    pg<ProductRow>`SELECT ${PRODUCT_COLUMNS} ${PRODUCT_FROM} WHERE ${condition}
       ORDER BY ${order}
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    counts && !query.upcoming ? counts.get(countKey(), count) : count(),
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
  const sizeOrder = pg`ARRAY[${pg.join(ADMIN_SIZES.map((size) => pg.lit(size)))}]::text[]`;
  const {
    rows: [row],
  } = await pg<
    ProductRow & {
      images: ProductImage[];
      variants: (Pick<Selectable<DB['product_variants']>, 'id' | 'size' | 'color' | 'sku'> & {
        stock: number;
      })[];
      outOfStock: Selectable<DB['settings']>['value'] | null;
      sizeGuide: SizeGuide | null;
    }
  >`SELECT ${PRODUCT_COLUMNS},
            (SELECT coalesce(json_agg(json_build_object('id', i.id, 'altText', i.alt_text,
                                                        'displayOrder', i.display_order)
                                      ORDER BY i.display_order, i.created_at, i.id), '[]')
               FROM product_images i WHERE i.product_id = p.id) AS images,
            (SELECT coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color,
                                                        'stock', v.stock_quantity, 'sku', v.sku)
                                      ORDER BY array_position(${sizeOrder}, v.size), v.size,
                                               v.color NULLS FIRST, v.created_at), '[]')
               FROM product_variants v WHERE v.product_id = p.id) AS variants,
            (SELECT value FROM settings WHERE key = 'out_of_stock') AS "outOfStock",
            (${SIZE_GUIDE_OF_PRODUCT}) AS "sizeGuide"
       ${PRODUCT_FROM} WHERE p.id = ${id} AND p.is_active`.execute(queries(sql));
  if (!row) return null;
  const settings = outOfStockFrom(row.outOfStock as Partial<OutOfStockSettings> | null);
  return {
    ...toSummary(row, row.images),
    variants: row.variants.map((v) => ({ ...v, soldOut: v.stock <= 0 })),
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
const SIZE_GUIDE_OF_PRODUCT = pg`
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
