import { sql as pg } from 'kysely';
import { ADMIN_COLORS, ADMIN_SIZES, CATEGORY_TREE } from '#shared/constants';
import {
  type AdminCategoryOption,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type DeleteProductResponse,
  PRODUCT_MESSAGES,
  type ProductInput,
  type SaleStatus,
} from '#shared/schemas/admin-products';
import type { Actor, AppDeps } from '../../context';
import { announce, announceAll, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { iso, isoOrNull, likeContaining, likeStartingWith } from '../../platform/db/values';
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

/**
 * A page of the catalogue, newest first, searched in name and description (the trigram index
 * of migration 0001 serves the LIKE). Stock and image counts come from one grouped pass each.
 */
export async function listAdminProducts(
  deps: Pick<AppDeps, 'database'>,
  query: AdminProductListQuery,
): Promise<AdminProductListResponse> {
  const db = queries(deps.database.sql);
  const pattern = query.q ? likeContaining(query.q.toLowerCase()) : null;
  // As the trigram index defines the text; a null pattern lists everything.
  const matches = pg<boolean>`(${pattern}::text IS NULL OR (lower(p.name) || ' ' || lower(p.description)) LIKE ${pattern})`;
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_variants')
          .select([pg<number | null>`sum(stock_quantity)`.as('stock'), eb.fn.countAll<number>().as('n')])
          .whereRef('product_id', '=', 'p.id')
          .as('v'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_images')
          .select([
            eb.fn.countAll<number>().as('n'),
            pg<string | null>`(array_agg(id ORDER BY display_order, id))[1]`.as('main'),
          ])
          .whereRef('product_id', '=', 'p.id')
          .as('i'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'p.id',
      'p.name',
      'p.price_kobo as priceKobo',
      'c.name as category',
      'p.gender',
      'p.is_active as isActive',
      'p.is_featured as isFeatured',
      pg<number>`coalesce(v.stock, 0)::int`.as('stock'),
      pg<number>`coalesce(v.n, 0)::int`.as('variantCount'),
      pg<number>`coalesce(i.n, 0)::int`.as('imageCount'),
      'i.main as mainImageId',
      eb
        .exists(
          eb.selectFrom('order_items').select(pg<number>`1`.as('one')).whereRef('product_id', '=', 'p.id'),
        )
        .$castTo<boolean>()
        .as('inOrders'),
      'p.release_at as releaseAt',
      pg<boolean>`coalesce(p.release_at > now(), false)`.as('comingSoon'),
      'p.limit_per_customer as limitPerCustomer',
      'p.sale_price_kobo as salePriceKobo',
      'p.sale_starts_at as saleStartsAt',
      'p.sale_ends_at as saleEndsAt',
      pg<SaleStatus | null>`CASE WHEN p.sale_price_kobo IS NULL THEN NULL
                                 WHEN p.sale_starts_at > now() THEN 'scheduled'
                                 WHEN p.sale_ends_at IS NULL OR p.sale_ends_at > now() THEN 'on_sale' END`.as(
        'saleStatus',
      ),
    ])
    .where(matches)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const count = await db
    .selectFrom('products as p')
    .select(pg<number>`count(*)::int`.as('total'))
    .where(matches)
    .executeTakeFirst();
  return {
    products: rows.map((row) => ({
      ...row,
      releaseAt: isoOrNull(row.releaseAt),
      saleStartsAt: isoOrNull(row.saleStartsAt),
      saleEndsAt: isoOrNull(row.saleEndsAt),
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
  const others = await queries(deps.database.sql)
    .selectFrom('categories')
    .select(['slug', 'name'])
    .where('parent_id', 'is', null)
    .where((eb) =>
      eb.not(eb('slug', '=', eb.fn.any(pg<string[]>`${CATEGORY_TREE.map((top) => top.slug)}::text[]`))),
    )
    .orderBy('display_order')
    .orderBy('name')
    .execute();
  return [...options, ...others.map((row) => ({ ...row, subcategories: [] }))];
}

// One product ----------------------------------------------------------------------------------

const VARIANT_COLUMNS = ['id', 'size', 'color', 'stock_quantity as stock', 'sku'] as const;

/** A product's variants, oldest first (readAdminProduct sorts them in the form's order). */
const variantsOf = (sql: SqlRunner, productId: string) =>
  queries(sql)
    .selectFrom('product_variants')
    .select(VARIANT_COLUMNS)
    .where('product_id', '=', productId)
    .orderBy('created_at')
    .orderBy('sku')
    .execute();

type VariantRow = Awaited<ReturnType<typeof variantsOf>>[number];

export async function readAdminProduct(
  sql: SqlRunner,
  id: string,
  lock = false,
): Promise<AdminProduct | null> {
  if (!isUuid(id)) return null;
  const product = queries(sql)
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('categories as s', 's.id', 'p.subcategory_id')
    .select([
      'p.id',
      'p.name',
      'p.description',
      'p.price_kobo as priceKobo',
      'c.slug as category',
      's.slug as subcategory',
      'p.gender',
      'p.is_active as isActive',
      'p.is_featured as isFeatured',
      'p.is_mystery as isMystery',
      'p.release_at as releaseAt',
      'p.limit_per_customer as limitPerCustomer',
      'p.sale_price_kobo as salePriceKobo',
      'p.sale_starts_at as saleStartsAt',
      'p.sale_ends_at as saleEndsAt',
      'p.created_at as createdAt',
      'p.updated_at as updatedAt',
    ])
    .where('p.id', '=', id);
  const row = await (lock ? product.forUpdate(['p']) : product).executeTakeFirst();
  if (!row) return null;
  const variants = await variantsOf(sql, id);
  // Sizes and colours in the form's order (custom ones after, alphabetically).
  variants.sort(
    (a, b) =>
      rank(ADMIN_SIZES, a.size) - rank(ADMIN_SIZES, b.size) ||
      a.size.localeCompare(b.size) ||
      rank(ADMIN_COLORS, a.color ?? '') - rank(ADMIN_COLORS, b.color ?? '') ||
      (a.color ?? '').localeCompare(b.color ?? ''),
  );
  const images = await queries(sql)
    .selectFrom('product_images')
    .select(['id', 'alt_text as altText', 'display_order as displayOrder'])
    .where('product_id', '=', id)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  const orders = await queries(sql)
    .selectNoFrom((eb) =>
      eb
        .exists(eb.selectFrom('order_items').select(pg<number>`1`.as('one')).where('product_id', '=', id))
        .$castTo<boolean>()
        .as('inOrders'),
    )
    .executeTakeFirst();
  const sizes = [...new Set(variants.map((v) => v.size))];
  const colors = [...new Set(variants.flatMap((v) => (v.color === null ? [] : [v.color])))];
  return {
    ...row,
    releaseAt: isoOrNull(row.releaseAt),
    saleStartsAt: isoOrNull(row.saleStartsAt),
    saleEndsAt: isoOrNull(row.saleEndsAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
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
  const patterns = bases.map((base) => likeStartingWith(`${base}-`));
  const rows = await queries(sql)
    .selectFrom('product_variants')
    .select('sku')
    .where((eb) =>
      eb.or([
        eb('sku', '=', eb.fn.any(pg<string[]>`${bases}::text[]`)),
        pg<boolean>`sku LIKE ANY(${patterns}::text[])`,
      ]),
    )
    .execute();
  const taken = new Set(rows.map((row) => row.sku));
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
  // One statement for any number of variants (unnest of arrays: one text, one prepared statement).
  const { rows } =
    await pg<VariantRow>`INSERT INTO product_variants (product_id, size, color, stock_quantity, sku)
     SELECT ${productId}, size, color, stock, sku
       FROM unnest(${wanted.map((w) => w.size)}::text[], ${wanted.map((w) => w.color)}::text[],
                   ${wanted.map((w) => w.stock)}::int[], ${skus}::text[]) AS t(size, color, stock, sku)
     RETURNING id, size, color, stock_quantity AS stock, sku`.execute(queries(sql));
  // The first stock of a variant is an inventory movement like any other, with its own reason.
  const stocked = rows.filter((row) => row.stock > 0);
  if (stocked.length > 0) {
    await pg`INSERT INTO inventory_adjustments (variant_id, product_id, sku, delta, quantity_after, reason, actor_id)
       SELECT id, ${productId}, sku, stock, stock, 'initial', ${actor.kind === 'user' ? actor.id : null}
         FROM unnest(${stocked.map((row) => row.id)}::uuid[], ${stocked.map((row) => row.sku)}::text[],
                     ${stocked.map((row) => row.stock)}::int[]) AS t(id, sku, stock)`.execute(queries(sql));
  }
  return rows;
}

// Create, update -------------------------------------------------------------------------------

/** The products row a form describes: its fields and its category rows (created on first use). */
async function productValues(sql: SqlRunner, input: ProductInput) {
  const { categoryId, subcategoryId } = await resolveCategories(sql, input);
  return {
    name: input.name,
    description: input.description,
    price_kobo: input.priceKobo,
    category_id: categoryId,
    subcategory_id: subcategoryId,
    gender: input.gender,
    is_active: input.isActive,
    is_featured: input.isFeatured,
    is_mystery: input.isMystery,
    sale_price_kobo: input.sale?.priceKobo ?? null,
    sale_starts_at: input.sale?.startsAt ?? null,
    sale_ends_at: input.sale?.endsAt ?? null,
  };
}

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
    await queries(sql)
      .insertInto('categories')
      .values({ name: top.name, slug: top.slug, display_order: known + 1 })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    const child = top.children.findIndex((c) => c.slug === input.subcategory);
    if (child !== -1) {
      const { name, slug } = top.children[child]!;
      await queries(sql)
        .insertInto('categories')
        .columns(['name', 'slug', 'parent_id', 'display_order'])
        .expression((eb) =>
          eb
            .selectFrom('categories')
            .select([
              eb.val(name).as('name'),
              eb.val(slug).as('slug'),
              'id',
              eb.val(child + 1).as('display_order'),
            ])
            .where('slug', '=', top.slug),
        )
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }
  }
  const category = await queries(sql)
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', input.category)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!category) {
    throw badRequest(PRODUCT_MESSAGES.categoryRequired, {
      fields: { category: PRODUCT_MESSAGES.categoryRequired },
    });
  }
  if (!input.subcategory) return { categoryId: category.id, subcategoryId: null };
  const sub = await queries(sql)
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', input.subcategory)
    .where('parent_id', '=', category.id)
    .executeTakeFirst();
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
  salePriceKobo: product.salePriceKobo,
  saleStartsAt: product.saleStartsAt,
  saleEndsAt: product.saleEndsAt,
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
    const { id } = await queries(sql)
      .insertInto('products')
      .values(await productValues(sql, input))
      .returning('id')
      .executeTakeFirstOrThrow();
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
  const locked = await queries(sql)
    .selectFrom('product_variants')
    .select(['id', 'stock_quantity as stock'])
    .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${variants.map((v) => v.id)}::uuid[]`)))
    .orderBy('id')
    .forUpdate()
    .execute();
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
    await queries(sql)
      .updateTable('products')
      .set({ ...(await productValues(sql, input)), updated_at: pg<Date>`now()` })
      .where('id', '=', id)
      .execute();
    const key = (c: Combination) => `${c.size}\u0000${c.color ?? ''}`;
    const wanted = combinations(input.sizes, input.colors);
    const wantedKeys = new Set(wanted.map(key));
    const existingKeys = new Set(before.variants.map(key));
    const removed = before.variants.filter((v) => !wantedKeys.has(key(v)));
    if (removed.length > 0) {
      await discardVariants(sql, actor, removed);
      // Order lines keep their snapshot and lose only the link (ON DELETE SET NULL).
      await queries(sql)
        .deleteFrom('product_variants')
        .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${removed.map((v) => v.id)}::uuid[]`)))
        .execute();
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
      await queries(sql)
        .updateTable('products')
        .set({ is_active: false, updated_at: pg<Date>`now()` })
        .where('id', '=', id)
        .execute();
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
    await queries(sql).deleteFrom('products').where('id', '=', id).execute();
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
