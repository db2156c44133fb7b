/**
 * Catalogue rows for API tests, inserted straight into the test database (no HTTP, no image
 * files). Every helper takes the test app (or anything with its `database`) as first argument.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationType, OutOfStockSettings } from '#shared/constants';
import {
  CATEGORY_TREE,
  type Gender,
  type NotificationAudience,
  type NotificationLocation,
} from '#shared/constants';
import type { Database } from '../../src/server/platform/db/client';

type HasDatabase = { database: Database };

export type TestCategory = {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  displayOrder: number;
};

const capitalise = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

async function findCategory(t: HasDatabase, slug: string): Promise<TestCategory | undefined> {
  const [row] = await t.database.sql.query<TestCategory>(
    `SELECT id, name, slug, parent_id AS "parentId", display_order AS "displayOrder"
     FROM categories WHERE slug = $1`,
    [slug],
  );
  return row;
}

/** Creates a category (under `parentSlug` when given, creating the parent when missing). */
export async function createCategory(
  t: HasDatabase,
  input: { name?: string; slug: string; parentSlug?: string; displayOrder?: number },
): Promise<TestCategory> {
  const parent = input.parentSlug ? await ensureCategory(t, input.parentSlug) : undefined;
  const [row] = await t.database.sql.query<TestCategory>(
    `INSERT INTO categories (name, slug, parent_id, display_order)
     VALUES ($1, $2, $3, coalesce($4, (SELECT coalesce(max(display_order), 0) + 1 FROM categories)))
     RETURNING id, name, slug, parent_id AS "parentId", display_order AS "displayOrder"`,
    [input.name ?? capitalise(input.slug), input.slug, parent?.id ?? null, input.displayOrder ?? null],
  );
  if (!row) throw new Error(`could not create category ${input.slug}`);
  return row;
}

/**
 * The category with this slug, created when missing. Known subcategory slugs (hats, hoodies …)
 * get their parent from the admin category tree, with the tree's names.
 */
export async function ensureCategory(t: HasDatabase, slug: string): Promise<TestCategory> {
  const existing = await findCategory(t, slug);
  if (existing) return existing;
  for (const top of CATEGORY_TREE) {
    if (top.slug === slug) return createCategory(t, { name: top.name, slug });
    const child = top.children.find((c) => c.slug === slug);
    if (child) return createCategory(t, { name: child.name, slug, parentSlug: top.slug });
  }
  return createCategory(t, { slug });
}

export type VariantInput = { size: string; color?: string | null; stock: number; sku?: string };

export type ProductInput = {
  name?: string;
  description?: string;
  priceKobo?: number;
  gender?: Gender;
  /** A top-level category or a subcategory slug (then its parent becomes the category). */
  categorySlug?: string;
  isActive?: boolean;
  isFeatured?: boolean;
  isMystery?: boolean;
  createdAt?: Date | string;
  /** Defaults to one variant: size M, colour Black, stock 10. Pass [] for none. */
  variants?: VariantInput[];
  /** How many product_images rows to add (no files; renditions []). Default 0. */
  images?: number;
};

export type TestVariant = { id: string; size: string; color: string | null; stock: number; sku: string };

export type TestProduct = {
  id: string;
  name: string;
  description: string;
  priceKobo: number;
  gender: Gender;
  categoryId: string;
  subcategoryId: string | null;
  isActive: boolean;
  isFeatured: boolean;
  isMystery: boolean;
  createdAt: string;
  variants: TestVariant[];
  /** product_images ids in display order. */
  imageIds: string[];
};

let productCounter = 0;
let lastCreatedAt = 0;

/**
 * Products made one after another are newer one after another, as in the shop, even when two are
 * made within one millisecond (the listings order by creation, newest first).
 */
function nextCreatedAt(): Date {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt);
}

/** Creates a product with its variants (and optional image rows) in one transaction. */
export async function createProduct(t: HasDatabase, input: ProductInput = {}): Promise<TestProduct> {
  productCounter += 1;
  const category = await ensureCategory(t, input.categorySlug ?? 'tshirts');
  const topId = category.parentId ?? category.id;
  const subId = category.parentId ? category.id : null;
  const createdAt = input.createdAt === undefined ? nextCreatedAt() : new Date(input.createdAt);
  const variantInputs = input.variants ?? [{ size: 'M', color: 'Black', stock: 10 }];

  return t.database.transaction(async (sql) => {
    const [product] = await sql.query<
      Omit<TestProduct, 'variants' | 'imageIds' | 'createdAt'> & { createdAt: Date }
    >(
      `INSERT INTO products (name, description, price_kobo, category_id, subcategory_id, gender,
                             is_active, is_featured, is_mystery, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
       RETURNING id, name, description, price_kobo AS "priceKobo", gender,
                 category_id AS "categoryId", subcategory_id AS "subcategoryId",
                 is_active AS "isActive", is_featured AS "isFeatured", is_mystery AS "isMystery",
                 created_at AS "createdAt"`,
      [
        input.name ?? `Test Product ${productCounter}`,
        input.description ?? '',
        input.priceKobo ?? 1_500_000,
        topId,
        subId,
        input.gender ?? 'men',
        input.isActive ?? true,
        input.isFeatured ?? false,
        input.isMystery ?? false,
        createdAt.toISOString(),
      ],
    );
    if (!product) throw new Error('could not create product');

    const variants: TestVariant[] = [];
    for (const v of variantInputs) {
      const sku = v.sku ?? `T-${randomUUID().slice(0, 8).toUpperCase()}`;
      const [row] = await sql.query<TestVariant>(
        `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku)
         VALUES ($1, $2, $3, $4, $5)
         RETURNING id, size, color, stock_quantity AS stock, sku`,
        [product.id, v.size, v.color ?? null, v.stock, sku],
      );
      if (row) variants.push(row);
    }

    const imageIds: string[] = [];
    for (let order = 1; order <= (input.images ?? 0); order++) {
      const [row] = await sql.query<{ id: string }>(
        `INSERT INTO product_images (product_id, storage_key, alt_text, display_order, width, height)
         VALUES ($1, $2, $3, $4, 1200, 1200) RETURNING id`,
        [product.id, `test/${randomUUID()}`, product.name, order],
      );
      if (row) imageIds.push(row.id);
    }

    return { ...product, createdAt: new Date(product.createdAt).toISOString(), variants, imageIds };
  });
}

/** Sets a variant's stock (e.g. to sell it out). */
export async function setVariantStock(t: HasDatabase, variantId: string, stock: number): Promise<void> {
  await t.database.sql.query('UPDATE product_variants SET stock_quantity = $2 WHERE id = $1', [
    variantId,
    stock,
  ]);
}

/** Merges `patch` into the 'out_of_stock' setting. */
export async function setOutOfStockSettings(
  t: HasDatabase,
  patch: Partial<OutOfStockSettings>,
): Promise<void> {
  await t.database.sql.query(
    `INSERT INTO settings (key, value) VALUES ('out_of_stock', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value, updated_at = now()`,
    [JSON.stringify(patch)],
  );
}

export type NotificationInput = {
  title?: string;
  content?: string;
  type?: NotificationType;
  isActive?: boolean;
  startDate?: Date | string;
  endDate?: Date | string | null;
  targetAudience?: NotificationAudience;
  displayLocation?: NotificationLocation;
  createdAt?: Date | string;
};

/** Creates a site notification; by default active, site-wide, for everyone, started a minute ago. */
export async function createNotification(
  t: HasDatabase,
  input: NotificationInput = {},
): Promise<{ id: string }> {
  const start = input.startDate ?? new Date(Date.now() - 60_000);
  const [row] = await t.database.sql.query<{ id: string }>(
    `INSERT INTO site_notifications (title, content, type, is_active, start_date, end_date,
                                     target_audience, display_location, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now())) RETURNING id`,
    [
      input.title ?? 'Notice',
      input.content ?? 'Something to know',
      input.type ?? 'info',
      input.isActive ?? true,
      new Date(start).toISOString(),
      input.endDate ? new Date(input.endDate).toISOString() : null,
      input.targetAudience ?? 'all',
      input.displayLocation ?? 'site_wide',
      input.createdAt ? new Date(input.createdAt).toISOString() : null,
    ],
  );
  if (!row) throw new Error('could not create notification');
  return row;
}
