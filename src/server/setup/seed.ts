import { randomUUID } from 'node:crypto';
import { CATEGORY_TREE } from '#shared/constants';
import type { AppDeps } from '../context';
import { storeProductImageLater } from '../features/images/product-images';
import type { SqlRunner } from '../platform/db/client';
import { garmentSvg, logoSvg } from './demo/artwork';
import { DEMO_PRODUCTS, type DemoProduct, EXTRA_CATEGORIES } from './demo/catalog';

// Distinct from the migrations' lock, so a seed never waits on an unrelated start-up step.
const SEED_LOCK_ID = 4_242_005;
const DAY = 24 * 60 * 60 * 1000;

export type SeedResult = { products: number; images: number; ms: number } | null;

export type SeedOptions = {
  /** Called as the demo images are drawn (images done so far, images in all), e.g. to show progress. */
  onProgress?: (done: number, total: number) => void;
};

/**
 * Demo data for an empty shop. Runs only when the catalogue is empty, so it never writes over a
 * real shop's data, and running it twice changes nothing. Everything is written in one
 * transaction under an advisory lock: a second process starting at the same time waits, then
 * finds the products and skips; a failure leaves no half catalogue behind.
 */
export async function seedDemoData(deps: AppDeps, options: SeedOptions = {}): Promise<SeedResult> {
  if (await hasProducts(deps.database.sql)) return null;
  const started = performance.now();
  const storage = deps.storage;
  const productIds: string[] = [];

  let counts: { products: number; images: number } | null;
  try {
    counts = await deps.database.transaction(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_ID]);
      if (await hasProducts(sql)) return null;
      const categories = await ensureCategories(sql);
      const jobs: ImageJob[] = [];
      const now = Date.now();
      const dates = creationDates(now);
      for (const [index, product] of DEMO_PRODUCTS.entries()) {
        const id = uniqueProductId(productIds);
        productIds.push(id);
        await insertProduct(sql, id, product, categories, dates[index] ?? new Date(now), index);
        for (const [order, view] of product.art.views.entries()) {
          jobs.push({ productId: id, product, view, displayOrder: order + 1 });
        }
      }
      // The originals only: each image's renditions are drawn on its first request, so the
      // first start answers in seconds instead of after rendering every image.
      let stored = 0;
      options.onProgress?.(0, jobs.length);
      for (const job of jobs) {
        await storeProductImageLater(deps, {
          productId: job.productId,
          original: Buffer.from(
            garmentSvg({
              kind: job.product.art.kind,
              color: job.product.colors[0] ?? 'Black',
              accent: job.product.art.accent,
              print: job.product.art.print,
              view: job.view,
            }),
          ),
          extension: 'svg',
          altText: `${job.product.name}, ${(job.product.colors[0] ?? '').toLowerCase()}, ${VIEW_LABELS[job.view]}`,
          displayOrder: job.displayOrder,
          sql,
        });
        options.onProgress?.(++stored, jobs.length);
      }
      return { products: DEMO_PRODUCTS.length, images: jobs.length };
    });
  } catch (error) {
    // The rows rolled back; their files must go too.
    await Promise.all(
      productIds.map((id) => storage.deletePrefix('product-images', `products/${id}`).catch(() => {})),
    );
    throw error;
  }
  if (!counts) return null;

  // Never replace a logo an admin has already uploaded.
  if (!(await storage.exists('logo', 'logo.svg'))) await storage.put('logo', 'logo.svg', logoSvg());
  const ms = Math.round(performance.now() - started);
  deps.logger.info({ ...counts, ms }, 'demo catalogue seeded');
  return { ...counts, ms };
}

type ImageJob = {
  productId: string;
  product: DemoProduct;
  view: DemoProduct['art']['views'][number];
  displayOrder: number;
};

const VIEW_LABELS = { front: 'front view', back: 'back view', detail: 'close-up' } as const;

async function hasProducts(sql: SqlRunner): Promise<boolean> {
  const rows = await sql.query<{ one: number }>('SELECT 1 AS one FROM products LIMIT 1');
  return rows.length > 0;
}

/** The admin tree plus the storefront's extra listings; existing slugs are kept as they are. */
async function ensureCategories(sql: SqlRunner): Promise<Map<string, string>> {
  const tops = [...CATEGORY_TREE, ...EXTRA_CATEGORIES];
  for (const [index, category] of tops.entries()) {
    await sql.query(
      `INSERT INTO categories (name, slug, display_order) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING`,
      [category.name, category.slug, index + 1],
    );
  }
  for (const parent of CATEGORY_TREE) {
    for (const [index, child] of parent.children.entries()) {
      await sql.query(
        `INSERT INTO categories (name, slug, parent_id, display_order)
         SELECT $1, $2, id, $4 FROM categories WHERE slug = $3
         ON CONFLICT (slug) DO NOTHING`,
        [child.name, child.slug, parent.slug, index + 1],
      );
    }
  }
  const rows = await sql.query<{ id: string; slug: string }>('SELECT id, slug FROM categories');
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** A fresh id whose first three characters no other demo product uses, so SKUs stay unique. */
function uniqueProductId(taken: string[]): string {
  const prefixes = new Set(taken.map((id) => id.slice(0, 3)));
  for (;;) {
    const id = randomUUID();
    if (!prefixes.has(id.slice(0, 3))) return id;
  }
}

/** The spec's SKU rule: product id (3, upper-cased) + colour (3) + size. */
export function demoSku(productId: string, color: string, size: string): string {
  return [productId.slice(0, 3), color.slice(0, 3), size.replace(/\s+/g, '')].join('-').toUpperCase();
}

/** New arrivals within the last 3 days; the rest between 8 and 60 days ago, newest first. */
function creationDates(now: number): Date[] {
  const older = DEMO_PRODUCTS.filter((p) => !p.isNew).length;
  let fresh = 0;
  let old = 0;
  return DEMO_PRODUCTS.map((product) => {
    if (product.isNew) return new Date(now - (2 + fresh++ * 11) * 60 * 60 * 1000);
    const days = 8 + (52 * old++) / Math.max(older - 1, 1);
    return new Date(now - days * DAY - (old % 5) * 60 * 60 * 1000);
  });
}

/** Deterministic stock levels: the same demo shop on every machine. */
function stockFor(productIndex: number, variantIndex: number): number {
  const x = Math.sin(productIndex * 97.13 + variantIndex * 12.7) * 10_000;
  const r = x - Math.floor(x);
  // About one variant in eight is low on stock (under the dashboard's threshold of 5).
  return r < 0.12 ? 1 + Math.floor(r * 30) : 6 + Math.floor(r * 20);
}

async function insertProduct(
  sql: SqlRunner,
  id: string,
  product: DemoProduct,
  categories: Map<string, string>,
  createdAt: Date,
  index: number,
) {
  const categoryId = categories.get(product.category);
  if (!categoryId) throw new Error(`demo catalogue: missing category ${product.category}`);
  const subcategoryId = product.subcategory ? (categories.get(product.subcategory) ?? null) : null;
  const saleStartsAt = product.sale ? new Date(Date.now() - DAY) : null;
  const saleEndsAt = product.sale?.endsInDays ? new Date(Date.now() + product.sale.endsInDays * DAY) : null;
  await sql.query(
    `INSERT INTO products (id, name, description, price_kobo, category_id, subcategory_id, gender,
                           is_active, is_featured, is_mystery, created_at, updated_at,
                           sale_price_kobo, sale_starts_at, sale_ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14)`,
    [
      id,
      product.name,
      product.description,
      product.priceKobo,
      categoryId,
      subcategoryId,
      product.gender,
      !product.inactive,
      Boolean(product.featured),
      Boolean(product.mystery),
      createdAt.toISOString(),
      product.sale?.priceKobo ?? null,
      saleStartsAt?.toISOString() ?? null,
      saleEndsAt?.toISOString() ?? null,
    ],
  );

  const combos = product.sizes.flatMap((size) => product.colors.map((color) => ({ size, color })));
  // Sold-out variants are spread across sizes and colours rather than bunched at one end.
  const soldOut = new Set<number>();
  const soldOutCount = product.soldOut === 'all' ? combos.length : (product.soldOut ?? 0);
  for (let n = 0; n < soldOutCount; n++) {
    soldOut.add(product.soldOut === 'all' ? n : (n * 3 + 1) % combos.length);
  }

  // $1 is the product, $2 its creation time (shared by every variant); then four per variant.
  const values: string[] = [];
  const params: unknown[] = [id, createdAt.toISOString()];
  for (const [i, { size, color }] of combos.entries()) {
    const p = params.length;
    params.push(size, color, soldOut.has(i) ? 0 : stockFor(index, i), demoSku(id, color, size));
    values.push(`($1, $${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $2, $2)`);
  }
  await sql.query(
    `INSERT INTO product_variants (product_id, size, color, stock_quantity, sku, created_at, updated_at)
     VALUES ${values.join(', ')}`,
    params,
  );
}
