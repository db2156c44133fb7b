import { ADMIN_COLORS, ADMIN_SIZES, CATEGORY_TREE } from '#shared/constants';
import {
  type AdminCategoryOption,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type DeleteProductResponse,
  PRODUCT_MESSAGES,
  type ProductInput,
} from '#shared/schemas/admin-products';
import type { Actor, AppDeps } from '../../context';
import { announce, announceAll, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { deleteProductImages, isUuid } from '../images/product-images';
import { changeVariantStock } from '../inventory/change-stock';

/**
 * The admin catalogue: products with their variants (each size x colour, the spec's generation
 * rule) and the rules that keep orders intact. Order lines are snapshots (name, size, colour,
 * price), so editing never changes an order; a product that orders name is deactivated, never
 * deleted.
 */

// List ------------------------------------------------------------------------------------------

type ListRow = {
  id: string;
  name: string;
  priceKobo: string | number;
  category: string;
  gender: 'men' | 'women';
  isActive: boolean;
  isFeatured: boolean;
  stock: number;
  variantCount: number;
  imageCount: number;
  mainImageId: string | null;
  inOrders: boolean;
  releaseAt: Date | string | null;
  comingSoon: boolean;
  limitPerCustomer: number | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A page of the catalogue, newest first, searched in name and description (the trigram index
 * of migration 0001 serves the LIKE). Stock and image counts come from one grouped pass each.
 */
export async function listAdminProducts(
  deps: Pick<AppDeps, 'database'>,
  query: AdminProductListQuery,
): Promise<AdminProductListResponse> {
  const sql = deps.database.sql;
  const pattern = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : null;
  const where = `($1::text IS NULL OR (lower(p.name) || ' ' || lower(p.description)) LIKE $1)`;
  const rows = await sql.query<ListRow>(
    `SELECT p.id, p.name, p.price_kobo AS "priceKobo", c.name AS category, p.gender,
            p.is_active AS "isActive", p.is_featured AS "isFeatured",
            coalesce(v.stock, 0)::int AS stock, coalesce(v.n, 0)::int AS "variantCount",
            coalesce(i.n, 0)::int AS "imageCount", i.main AS "mainImageId",
            EXISTS (SELECT 1 FROM order_items WHERE product_id = p.id) AS "inOrders",
            p.release_at AS "releaseAt", coalesce(p.release_at > now(), false) AS "comingSoon",
            p.limit_per_customer AS "limitPerCustomer"
       FROM products p
       JOIN categories c ON c.id = p.category_id
       LEFT JOIN LATERAL (SELECT sum(stock_quantity) AS stock, count(*) AS n
                            FROM product_variants WHERE product_id = p.id) v ON true
       LEFT JOIN LATERAL (SELECT count(*) AS n,
                                 (array_agg(id ORDER BY display_order, id))[1] AS main
                            FROM product_images WHERE product_id = p.id) i ON true
      WHERE ${where}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $2 OFFSET $3`,
    [pattern, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [count] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM products p WHERE ${where}`,
    [pattern],
  );
  return {
    products: rows.map((row) => ({
      ...row,
      priceKobo: Number(row.priceKobo),
      releaseAt: row.releaseAt === null ? null : new Date(row.releaseAt).toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
  };
}

/** Section 9's categories, then any other top-level category the shop already has (demo ones). */
export async function listAdminCategories(deps: Pick<AppDeps, 'database'>): Promise<AdminCategoryOption[]> {
  const options: AdminCategoryOption[] = CATEGORY_TREE.map((top) => ({
    slug: top.slug,
    name: top.name,
    subcategories: top.children.map((child) => ({ slug: child.slug, name: child.name })),
  }));
  const others = await deps.database.sql.query<{ slug: string; name: string }>(
    `SELECT slug, name FROM categories WHERE parent_id IS NULL AND NOT (slug = ANY($1::text[]))
      ORDER BY display_order, name`,
    [CATEGORY_TREE.map((top) => top.slug)],
  );
  return [...options, ...others.map((row) => ({ ...row, subcategories: [] }))];
}

// One product ----------------------------------------------------------------------------------

type ProductRow = {
  id: string;
  name: string;
  description: string;
  priceKobo: string | number;
  category: string;
  subcategory: string | null;
  gender: 'men' | 'women';
  isActive: boolean;
  isFeatured: boolean;
  isMystery: boolean;
  releaseAt: Date | string | null;
  limitPerCustomer: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

type VariantRow = { id: string; size: string; color: string | null; stock: number; sku: string };

export async function readAdminProduct(
  sql: SqlRunner,
  id: string,
  lock = false,
): Promise<AdminProduct | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql.query<ProductRow>(
    `SELECT p.id, p.name, p.description, p.price_kobo AS "priceKobo", c.slug AS category,
            s.slug AS subcategory, p.gender, p.is_active AS "isActive", p.is_featured AS "isFeatured",
            p.is_mystery AS "isMystery", p.release_at AS "releaseAt",
            p.limit_per_customer AS "limitPerCustomer", p.created_at AS "createdAt", p.updated_at AS "updatedAt"
       FROM products p
       JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories s ON s.id = p.subcategory_id
      WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [id],
  );
  if (!row) return null;
  const variants = await sql.query<VariantRow>(
    `SELECT id, size, color, stock_quantity AS stock, sku FROM product_variants
      WHERE product_id = $1 ORDER BY created_at, sku`,
    [id],
  );
  // Sizes and colours in the form's order (custom ones after, alphabetically).
  variants.sort(
    (a, b) =>
      rank(ADMIN_SIZES, a.size) - rank(ADMIN_SIZES, b.size) ||
      a.size.localeCompare(b.size) ||
      rank(ADMIN_COLORS, a.color ?? '') - rank(ADMIN_COLORS, b.color ?? '') ||
      (a.color ?? '').localeCompare(b.color ?? ''),
  );
  const images = await sql.query<{ id: string; altText: string; displayOrder: number }>(
    `SELECT id, alt_text AS "altText", display_order AS "displayOrder" FROM product_images
      WHERE product_id = $1 ORDER BY display_order, id`,
    [id],
  );
  const [orders] = await sql.query<{ inOrders: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM order_items WHERE product_id = $1) AS "inOrders"',
    [id],
  );
  const sizes = [...new Set(variants.map((v) => v.size))];
  const colors = [...new Set(variants.flatMap((v) => (v.color === null ? [] : [v.color])))];
  return {
    ...row,
    priceKobo: Number(row.priceKobo),
    releaseAt: row.releaseAt === null ? null : new Date(row.releaseAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    sizes,
    colors,
    variants,
    images,
    inOrders: orders?.inOrders ?? false,
  };
}

const rank = (order: readonly string[], value: string) => {
  const index = order.indexOf(value);
  return index === -1 ? order.length : index;
};

export async function getAdminProduct(deps: Pick<AppDeps, 'database'>, id: string): Promise<AdminProduct> {
  const product = await readAdminProduct(deps.database.sql, id);
  if (!product) throw notFound('Product not found');
  return product;
}

// Variants -------------------------------------------------------------------------------------

export type Combination = { size: string; color: string | null };

/** Each size x colour, or each size alone when there are no colours (the spec's rule). */
export function combinations(sizes: readonly string[], colors: readonly string[]): Combination[] {
  if (colors.length === 0) return sizes.map((size) => ({ size, color: null }));
  return sizes.flatMap((size) => colors.map((color) => ({ size, color })));
}

/**
 * The total split evenly: floor(total / n) each, as the spec says, and the remainder one by one to
 * the first variants, so the product holds exactly the stock the admin typed.
 */
export function splitStock(total: number, count: number): number[] {
  if (count === 0) return [];
  const each = Math.floor(total / count);
  const rest = total - each * count;
  return Array.from({ length: count }, (_, index) => each + (index < rest ? 1 : 0));
}

const skuPart = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The spec's SKU: the upper-cased first 3 characters of the product id, the first 3 of the colour,
 * and the size (`A1B-BLA-M`). Three characters of an id repeat across products (and two colours
 * can share three letters), so a taken SKU gets the next free `-2`, `-3`…
 */
export function baseSku(productId: string, combination: Combination): string {
  return [productId.slice(0, 3), combination.color?.slice(0, 3) ?? '', combination.size]
    .map(skuPart)
    .filter(Boolean)
    .join('-');
}

async function uniqueSkus(sql: SqlRunner, bases: string[]): Promise<string[]> {
  const taken = new Set(
    (
      await sql.query<{ sku: string }>(
        `SELECT sku FROM product_variants WHERE sku = ANY($1::text[]) OR sku LIKE ANY($2::text[])`,
        [bases, bases.map((base) => `${escapeLike(base)}-%`)],
      )
    ).map((row) => row.sku),
  );
  return bases.map((base) => {
    let sku = base;
    for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
    taken.add(sku);
    return sku;
  });
}

async function insertVariants(
  sql: SqlRunner,
  actor: Actor,
  productId: string,
  wanted: (Combination & { stock: number })[],
): Promise<VariantRow[]> {
  if (wanted.length === 0) return [];
  const skus = await uniqueSkus(
    sql,
    wanted.map((combination) => baseSku(productId, combination)),
  );
  const rows = await sql.query<VariantRow>(
    `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku)
     SELECT $1, size, color, stock, sku
       FROM unnest($2::text[], $3::text[], $4::int[], $5::text[]) AS t(size, color, stock, sku)
     RETURNING id, size, color, stock_quantity AS stock, sku`,
    [productId, wanted.map((w) => w.size), wanted.map((w) => w.color), wanted.map((w) => w.stock), skus],
  );
  // The first stock of a variant is an inventory movement like any other, with its own reason.
  const stocked = rows.filter((row) => row.stock > 0);
  if (stocked.length > 0) {
    await sql.query(
      `INSERT INTO inventory_adjustments (variant_id, product_id, sku, delta, quantity_after, reason, actor_id)
       SELECT id, $1, sku, stock, stock, 'initial', $5
         FROM unnest($2::uuid[], $3::text[], $4::int[]) AS t(id, sku, stock)`,
      [
        productId,
        stocked.map((row) => row.id),
        stocked.map((row) => row.sku),
        stocked.map((row) => row.stock),
        actor.kind === 'user' ? actor.id : null,
      ],
    );
  }
  return rows;
}

// Create, update -------------------------------------------------------------------------------

/**
 * The category rows for the form's slugs. Section 9's categories are created on first use (a
 * shop without demo data has none yet); any other must already exist as a top-level category.
 */
async function resolveCategories(
  sql: SqlRunner,
  input: Pick<ProductInput, 'category' | 'subcategory'>,
): Promise<{ categoryId: string; subcategoryId: string | null }> {
  const known = CATEGORY_TREE.findIndex((top) => top.slug === input.category);
  if (known !== -1) {
    const top = CATEGORY_TREE[known]!;
    await sql.query(
      `INSERT INTO categories (name, slug, display_order) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING`,
      [top.name, top.slug, known + 1],
    );
    const child = top.children.findIndex((c) => c.slug === input.subcategory);
    if (child !== -1) {
      await sql.query(
        `INSERT INTO categories (name, slug, parent_id, display_order)
         SELECT $1, $2, id, $4 FROM categories WHERE slug = $3 ON CONFLICT (slug) DO NOTHING`,
        [top.children[child]!.name, top.children[child]!.slug, top.slug, child + 1],
      );
    }
  }
  const [category] = await sql.query<{ id: string }>(
    'SELECT id FROM categories WHERE slug = $1 AND parent_id IS NULL',
    [input.category],
  );
  if (!category) {
    throw badRequest(PRODUCT_MESSAGES.categoryRequired, {
      fields: { category: PRODUCT_MESSAGES.categoryRequired },
    });
  }
  if (!input.subcategory) return { categoryId: category.id, subcategoryId: null };
  const [sub] = await sql.query<{ id: string }>(
    'SELECT id FROM categories WHERE slug = $1 AND parent_id = $2',
    [input.subcategory, category.id],
  );
  if (!sub) {
    throw badRequest(PRODUCT_MESSAGES.unknownSubcategory, {
      fields: { subcategory: PRODUCT_MESSAGES.unknownSubcategory },
    });
  }
  return { categoryId: category.id, subcategoryId: sub.id };
}

/** What the audit log keeps of a product: its fields and its variants' options and stock. */
const auditRecord = (product: AdminProduct) => ({
  name: product.name,
  description: product.description,
  priceKobo: product.priceKobo,
  category: product.category,
  subcategory: product.subcategory,
  gender: product.gender,
  isActive: product.isActive,
  isFeatured: product.isFeatured,
  isMystery: product.isMystery,
  variants: product.variants.map((v) => `${v.sku} ${v.size}/${v.color ?? '-'}: ${v.stock}`),
});

const variantChanges = (productId: string, ids: string[], action: string): Change[] =>
  ids.map((id) => ({ table: 'product_variants', id, userId: null, action, productId }));

export async function createProduct(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: ProductInput,
): Promise<AdminProduct> {
  return deps.database.transaction(async (sql) => {
    const { categoryId, subcategoryId } = await resolveCategories(sql, input);
    const [row] = await sql.query<{ id: string }>(
      `INSERT INTO products (name, description, price_kobo, category_id, subcategory_id, gender,
                             is_active, is_featured, is_mystery)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        input.name,
        input.description,
        input.priceKobo,
        categoryId,
        subcategoryId,
        input.gender,
        input.isActive,
        input.isFeatured,
        input.isMystery,
      ],
    );
    const id = row!.id;
    const wanted = combinations(input.sizes, input.colors);
    const stock = splitStock(input.stock, wanted.length);
    const variants = await insertVariants(
      sql,
      actor,
      id,
      wanted.map((combination, index) => ({ ...combination, stock: stock[index]! })),
    );
    const product = (await readAdminProduct(sql, id))!;
    await recordAudit(sql, actor, {
      action: 'created',
      entityType: 'product',
      entityId: id,
      after: auditRecord(product),
    });
    await announce(sql, { table: 'products', id, userId: null, action: 'created' });
    await announceAll(
      sql,
      variantChanges(
        id,
        variants.map((v) => v.id),
        'created',
      ),
    );
    return product;
  });
}

/**
 * The variants of a size or colour the admin removed: their stock goes with them, and like every
 * stock change by an admin it is an inventory adjustment (a correction down to 0, saying why),
 * audited and announced. The rows are locked first (in id order, as every stock writer does), so
 * the figure recorded is the one deleted, whatever sold meanwhile.
 */
async function discardVariants(sql: SqlRunner, actor: Actor, variants: VariantRow[]): Promise<void> {
  const locked = await sql.query<{ id: string; stock: number }>(
    `SELECT id, stock_quantity AS stock FROM product_variants
      WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [variants.map((v) => v.id)],
  );
  for (const row of locked) {
    if (row.stock === 0) continue;
    const variant = variants.find((v) => v.id === row.id)!;
    const option =
      variant.color === null ? `size ${variant.size}` : `size ${variant.size}, colour ${variant.color}`;
    await changeVariantStock(sql, actor, {
      variantId: row.id,
      to: 0,
      reason: 'correction',
      note: `Option removed from the product (${option}): its stock was discarded with it.`,
    });
  }
}

/**
 * Saves the form over a product. Variants follow the sizes and colours: new combinations are
 * added with no stock (the admin sets it in the stock table, as an adjustment with a reason),
 * combinations no longer wanted are removed (their stock recorded as a correction to 0), and the
 * others keep their stock and SKU. Order lines are snapshots, so none of this changes an order.
 */
export async function updateProduct(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  input: ProductInput,
): Promise<AdminProduct> {
  return deps.database.transaction(async (sql) => {
    const before = await readAdminProduct(sql, id, true);
    if (!before) throw notFound('Product not found');
    const { categoryId, subcategoryId } = await resolveCategories(sql, input);
    await sql.query(
      `UPDATE products SET name = $2, description = $3, price_kobo = $4, category_id = $5,
              subcategory_id = $6, gender = $7, is_active = $8, is_featured = $9, is_mystery = $10,
              updated_at = now()
        WHERE id = $1`,
      [
        id,
        input.name,
        input.description,
        input.priceKobo,
        categoryId,
        subcategoryId,
        input.gender,
        input.isActive,
        input.isFeatured,
        input.isMystery,
      ],
    );
    const key = (c: Combination) => `${c.size}\u0000${c.color ?? ''}`;
    const wanted = combinations(input.sizes, input.colors);
    const wantedKeys = new Set(wanted.map(key));
    const existingKeys = new Set(before.variants.map(key));
    const removed = before.variants.filter((v) => !wantedKeys.has(key(v)));
    if (removed.length > 0) {
      await discardVariants(sql, actor, removed);
      // Order lines keep their snapshot and lose only the link (ON DELETE SET NULL).
      await sql.query('DELETE FROM product_variants WHERE id = ANY($1::uuid[])', [removed.map((v) => v.id)]);
    }
    const added = await insertVariants(
      sql,
      actor,
      id,
      wanted.filter((c) => !existingKeys.has(key(c))).map((c) => ({ ...c, stock: 0 })),
    );
    const after = (await readAdminProduct(sql, id))!;
    await recordAudit(sql, actor, {
      action: 'updated',
      entityType: 'product',
      entityId: id,
      before: auditRecord(before),
      after: auditRecord(after),
    });
    await announce(sql, { table: 'products', id, userId: null, action: 'updated' });
    await announceAll(sql, [
      ...variantChanges(
        id,
        removed.map((v) => v.id),
        'deleted',
      ),
      ...variantChanges(
        id,
        added.map((v) => v.id),
        'created',
      ),
    ]);
    return after;
  });
}

// Delete ---------------------------------------------------------------------------------------

/**
 * Deletes a product with its variants, image rows and stored files; a product that order lines
 * name is deactivated instead (its orders, receipts and history stay whole), and the answer says so.
 */
export async function deleteProduct(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  actor: Actor,
  id: string,
): Promise<DeleteProductResponse> {
  const outcome = await deps.database.transaction(async (sql) => {
    const before = await readAdminProduct(sql, id, true);
    if (!before) throw notFound('Product not found');
    if (before.inOrders) {
      await sql.query('UPDATE products SET is_active = false, updated_at = now() WHERE id = $1', [id]);
      await recordAudit(sql, actor, {
        action: 'deactivated',
        entityType: 'product',
        entityId: id,
        before: { isActive: before.isActive },
        after: { isActive: false },
        details: { reason: 'delete requested; the product appears in orders' },
      });
      await announce(sql, { table: 'products', id, userId: null, action: 'updated' });
      return 'deactivated' as const;
    }
    // Variants, image rows and cart lines go with it (ON DELETE CASCADE).
    await sql.query('DELETE FROM products WHERE id = $1', [id]);
    await recordAudit(sql, actor, {
      action: 'deleted',
      entityType: 'product',
      entityId: id,
      before: { ...auditRecord(before), images: before.images.length },
    });
    await announce(sql, { table: 'products', id, userId: null, action: 'deleted' });
    await announceAll(
      sql,
      variantChanges(
        id,
        before.variants.map((v) => v.id),
        'deleted',
      ),
    );
    return 'deleted' as const;
  });
  if (outcome === 'deactivated') return { outcome, message: PRODUCT_MESSAGES.deactivated };
  // After the commit: the rows are gone, now the files (a failure here leaves files no URL reaches).
  await deleteProductImages(deps, id);
  return { outcome, message: PRODUCT_MESSAGES.deleted };
}
