import { ADMIN_SIZES, LIMITS } from '#shared/constants';
import type {
  ProductDetail,
  ProductImage,
  ProductListQuery,
  ProductListResponse,
  ProductSummary,
} from '#shared/schemas/catalog';
import type { SqlRunner } from '../../db/client';
import { readOutOfStockSettings } from './out-of-stock-settings';

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
};

const PRODUCT_COLUMNS = `
  p.id, p.name, p.description, p.price_kobo AS "priceKobo", p.gender,
  p.is_featured AS "isFeatured", p.is_mystery AS "isMystery", p.created_at AS "createdAt",
  c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug",
  s.id AS "subcategoryId", s.name AS "subcategoryName", s.slug AS "subcategorySlug",
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
 * Active products for the shop's listings, newest first, each with its images and stock.
 * With the out-of-stock setting `auto_hide_product`, products with nothing in stock are left out.
 */
export async function findProducts(sql: SqlRunner, query: ProductListQuery): Promise<ProductListResponse> {
  const settings = await readOutOfStockSettings(sql);
  const where = ['p.is_active'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.featured) where.push('p.is_featured');
  if (query.category) {
    const slug = param(query.category);
    where.push(`(c.slug = ${slug} OR s.slug = ${slug})`);
  }
  if (query.gender) where.push(`p.gender = ${param(query.gender)}`);
  if (query.new) where.push(`p.created_at > now() - make_interval(days => ${param(LIMITS.newArrivalDays)})`);
  if (settings.auto_hide_product) where.push(IN_STOCK);
  const filter = `${PRODUCT_FROM} WHERE ${where.join(' AND ')}`;

  const rows = await sql.query<ProductRow & { total: number }>(
    `SELECT ${PRODUCT_COLUMNS}, count(*) OVER () AS total ${filter}
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
    params,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.offset > 0) {
    // The window count is only there when a row is; past the end, count separately.
    const [count] = await sql.query<{ total: number }>(
      `SELECT count(*) AS total ${filter}`,
      params.slice(0, -2),
    );
    total = Number(count?.total ?? 0);
  }
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
  const [row] = await sql.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${PRODUCT_FROM} WHERE p.id = $1 AND p.is_active`,
    [id],
  );
  if (!row) return null;
  const [images, variants, settings] = await Promise.all([
    imagesByProduct(sql, [id]),
    sql.query<{ id: string; size: string; color: string | null; stock: number; sku: string }>(
      `SELECT id, size, color, stock_quantity AS stock, sku FROM product_variants
       WHERE product_id = $1
       ORDER BY array_position($2::text[], size), size, color NULLS FIRST, created_at`,
      [id, ADMIN_SIZES],
    ),
    readOutOfStockSettings(sql),
  ]);
  return {
    ...toSummary(row, images.get(id) ?? []),
    variants: variants.map((v) => ({ ...v, stock: Number(v.stock), soldOut: v.stock <= 0 })),
    outOfStock: { enabled: settings.enabled, text: settings.notification_text },
  };
}
