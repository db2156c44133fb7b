import { randomUUID } from 'node:crypto';
import { sql as pg } from 'kysely';
import type { ImageVariant } from '#shared/schemas/images';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { notFound } from '../../platform/errors';
import { type RenderedImage, renderProductImage } from './render';

/** One stored file of an image (product_images.renditions holds them as JSON). */
export type ImageRendition = { width: number; height: number; bytes: number; kind: 'webp' | 'preview' };

/**
 * Product images are stored once, in the 'product-images' bucket:
 *   products/{productId}/{imageId}/original.webp   the upload re-encoded, without metadata (storage_key)
 *   products/{productId}/{imageId}/{400|800|1200|preview}.webp
 * and served by id at /images/products/{imageId}/{variant}.webp (see routes.ts). No file is ever
 * kept as it was uploaded (render.ts).
 */
export const PRODUCT_IMAGES_BUCKET = 'product-images';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const productImageFolder = (productId: string, imageId: string) => `products/${productId}/${imageId}`;
export const renditionKey = (folder: string, variant: ImageVariant) => `${folder}/${variant}.webp`;

export type StoredProductImage = {
  id: string;
  productId: string;
  storageKey: string;
  altText: string;
  displayOrder: number;
  width: number;
  height: number;
  /** 400, 800, 1200 (kind 'webp', each at most the original's short side) then the preview. */
  renditions: ImageRendition[];
};

/** An image's files, written but not yet recorded (no product_images row points at them yet). */
export type WrittenProductImage = Omit<StoredProductImage, 'altText' | 'displayOrder'> & { folder: string };

/**
 * Writes a rendered image's files under a new id: the re-encoded original and the renditions.
 * Nothing refers to them until `recordProductImage` inserts the row, so this runs before (and
 * outside) any transaction: slow storage (S3) never holds a lock. On failure nothing stays behind.
 */
export async function writeProductImageFiles(
  deps: Pick<AppDeps, 'storage'>,
  productId: string,
  rendered: RenderedImage,
): Promise<WrittenProductImage> {
  if (!rendered.original) throw new Error('writeProductImageFiles needs the original (renderProductImage)');
  const id = randomUUID();
  const folder = productImageFolder(productId, id);
  const storageKey = `${folder}/original.webp`;
  try {
    await Promise.all([
      deps.storage.put(PRODUCT_IMAGES_BUCKET, storageKey, rendered.original.data),
      ...rendered.files.map((file) =>
        deps.storage.put(PRODUCT_IMAGES_BUCKET, renditionKey(folder, file.variant), file.data),
      ),
    ]);
  } catch (error) {
    await deleteImageFiles(deps, [folder]);
    throw error;
  }
  return {
    id,
    productId,
    folder,
    storageKey,
    width: rendered.width,
    height: rendered.height,
    renditions: rendered.files.map((file) => ({
      width: file.width,
      height: file.height,
      bytes: file.data.byteLength,
      kind: file.variant === 'preview' ? 'preview' : 'webp',
    })),
  };
}

/**
 * Records written files as one of the product's images: false, recording nothing, when the product
 * is gone (the caller then deletes the files).
 */
export async function recordProductImage(
  sql: SqlRunner,
  image: WrittenProductImage,
  placement: { altText: string; displayOrder: number },
): Promise<boolean> {
  // INSERT … SELECT from the product: nothing is inserted when the product is gone.
  const row = await queries(sql)
    .insertInto('product_images')
    .columns([
      'id',
      'product_id',
      'storage_key',
      'alt_text',
      'display_order',
      'width',
      'height',
      'renditions',
    ])
    .expression((eb) =>
      eb
        .selectFrom('products')
        .select([
          eb.val(image.id).as('image_id'),
          'id',
          eb.val(image.storageKey).as('storage_key'),
          eb.val(placement.altText).as('alt_text'),
          eb.val(placement.displayOrder).as('display_order'),
          eb.val(image.width).as('width'),
          eb.val(image.height).as('height'),
          pg<ImageRendition[]>`${JSON.stringify(image.renditions)}::jsonb`.as('renditions'),
        ])
        .where('id', '=', image.productId),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes image folders, never failing (files no row names are unreachable anyway). */
export async function deleteImageFiles(deps: Pick<AppDeps, 'storage'>, folders: string[]): Promise<void> {
  await Promise.all(
    folders.map((folder) => deps.storage.deletePrefix(PRODUCT_IMAGES_BUCKET, folder).catch(() => {})),
  );
}

export type StoreProductImageInput = {
  productId: string;
  input: Buffer;
  altText: string;
  displayOrder: number;
  /**
   * Runs the insert inside the caller's transaction (e.g. product and images saved together).
   * Needed on PGlite, where a query outside an open transaction waits for it to finish.
   */
  sql?: SqlRunner;
  /** WebP encoder effort, 0-6 (default 4): lower is faster for slightly larger files. */
  effort?: number;
  /** Also accept GIF and SVG: only for the shop's own drawings (demo data), never an upload. */
  allowDrawings?: boolean;
};

/**
 * Validates and renders an image, stores its files and records the product_images row (one image
 * on its own; the admin's uploads go through admin-images.ts). Throws AppError image_too_large
 * (413), invalid_image (400) or not_found (404, no such product).
 */
export async function storeProductImage(
  deps: Pick<AppDeps, 'storage' | 'database'>,
  { productId, input, altText, displayOrder, sql, effort, allowDrawings }: StoreProductImageInput,
): Promise<StoredProductImage> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const runner = sql ?? deps.database.sql;
  // Checked before any work so that nothing is written for a missing product; the insert checks
  // again, for a product deleted meanwhile.
  const product = await queries(runner)
    .selectFrom('products')
    .select(pg<number>`1`.as('one'))
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found');
  const rendered = await renderProductImage(input, { effort, allowDrawings });
  // Files first: once the row is visible, every URL it implies must already work.
  const image = await writeProductImageFiles(deps, productId, rendered);
  let recorded = false;
  try {
    recorded = await recordProductImage(runner, image, { altText, displayOrder });
  } finally {
    if (!recorded) await deleteImageFiles(deps, [image.folder]);
  }
  if (!recorded) throw notFound('Product not found');
  const { folder: _, ...stored } = image;
  return { ...stored, altText, displayOrder };
}

/**
 * Removes all of a product's images: rows and files. Also cleans the files of a product whose rows
 * are already gone (deleting a product cascades to product_images). Returns how many rows went.
 */
export async function deleteProductImages(
  deps: Pick<AppDeps, 'storage' | 'database'>,
  productId: string,
  options: { sql?: SqlRunner } = {},
): Promise<number> {
  if (!isUuid(productId)) return 0;
  const rows = await queries(options.sql ?? deps.database.sql)
    .deleteFrom('product_images')
    .where('product_id', '=', productId)
    .returning('id')
    .execute();
  await deps.storage.deletePrefix(PRODUCT_IMAGES_BUCKET, `products/${productId}`);
  forgetImages(rows.map((row) => row.id));
  return rows.length;
}

/** Removes one image (row and files); false when there was no such image. */
export async function deleteProductImage(
  deps: Pick<AppDeps, 'storage' | 'database'>,
  imageId: string,
  options: { sql?: SqlRunner } = {},
): Promise<boolean> {
  if (!isUuid(imageId)) return false;
  const row = await queries(options.sql ?? deps.database.sql)
    .deleteFrom('product_images')
    .where('id', '=', imageId)
    .returning('product_id as productId')
    .executeTakeFirst();
  if (!row) return false;
  await deps.storage.deletePrefix(PRODUCT_IMAGES_BUCKET, productImageFolder(row.productId, imageId));
  forgetImages([imageId]);
  return true;
}

// imageId → folder never changes for a given id, so it can be remembered; a deleted image's files
// are gone, which the file check in the route notices even if this process still remembers it.
const folders = new Map<string, string>();
const MAX_REMEMBERED = 10_000;

function forgetImages(ids: string[]) {
  for (const id of ids) folders.delete(id);
}

/** Where an image's files live, or null for an unknown id. */
export async function findImageFolder(
  deps: Pick<AppDeps, 'database'>,
  imageId: string,
): Promise<string | null> {
  if (!isUuid(imageId)) return null;
  const known = folders.get(imageId);
  if (known) return known;
  const row = await queries(deps.database.sql)
    .selectFrom('product_images')
    .select('product_id as productId')
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (!row) return null;
  const folder = productImageFolder(row.productId, imageId);
  if (folders.size >= MAX_REMEMBERED) {
    const oldest = folders.keys().next().value;
    if (oldest !== undefined) folders.delete(oldest);
  }
  folders.set(imageId, folder);
  return folder;
}

/**
 * Records an image whose renditions are drawn on first request (the demo catalogue: a newcomer's
 * shop answers at once instead of after rendering every image). Stores the original and the row
 * with no renditions yet; `ensureRenditions` draws them when a rendition is first asked for.
 * The original must be an image the shop itself made (no validation beyond sharp reading it).
 */
export async function storeProductImageLater(
  deps: Pick<AppDeps, 'storage'>,
  input: {
    productId: string;
    original: Buffer;
    extension: string;
    altText: string;
    displayOrder: number;
    sql: SqlRunner;
  },
): Promise<string> {
  const id = randomUUID();
  const folder = productImageFolder(input.productId, id);
  const storageKey = `${folder}/original.${input.extension}`;
  await deps.storage.put(PRODUCT_IMAGES_BUCKET, storageKey, input.original);
  // Square renditions of at most 1200 px: the size the row announces until they are drawn.
  await queries(input.sql)
    .insertInto('product_images')
    .values({
      id,
      product_id: input.productId,
      storage_key: storageKey,
      alt_text: input.altText,
      display_order: input.displayOrder,
      width: 1200,
      height: 1200,
      renditions: pg<ImageRendition[]>`'[]'::jsonb`,
    })
    .execute();
  return id;
}

// One drawing per image at a time in this process; another process may draw the same image at the
// same moment, which writes the same files twice and is harmless.
const drawing = new Map<string, Promise<void>>();

/** Draws an image's renditions from its original when they are missing (see storeProductImageLater). */
export async function ensureRenditions(
  deps: Pick<AppDeps, 'storage' | 'database'>,
  imageId: string,
): Promise<void> {
  let pending = drawing.get(imageId);
  if (!pending) {
    pending = (async () => {
      const row = await queries(deps.database.sql)
        .selectFrom('product_images')
        .select(['storage_key as storageKey', pg<ImageRendition[]>`renditions`.as('renditions')])
        .where('id', '=', imageId)
        .executeTakeFirst();
      if (!row || row.renditions.length > 0) return;
      const folder = row.storageKey.slice(0, row.storageKey.lastIndexOf('/'));
      const original = await deps.storage.read(PRODUCT_IMAGES_BUCKET, row.storageKey);
      // Only the demo seed stores originals to draw later, and its drawings are SVG of our own.
      const rendered = await renderProductImage(original, {
        effort: 2,
        allowDrawings: true,
        original: false,
      });
      await Promise.all(
        rendered.files.map((file) =>
          deps.storage.put(PRODUCT_IMAGES_BUCKET, renditionKey(folder, file.variant), file.data),
        ),
      );
      const renditions: ImageRendition[] = rendered.files.map((file) => ({
        width: file.width,
        height: file.height,
        bytes: file.data.byteLength,
        kind: file.variant === 'preview' ? 'preview' : 'webp',
      }));
      await queries(deps.database.sql)
        .updateTable('product_images')
        .set({
          renditions: pg<ImageRendition[]>`${JSON.stringify(renditions)}::jsonb`,
          width: rendered.width,
          height: rendered.height,
        })
        .where('id', '=', imageId)
        .execute();
    })().finally(() => drawing.delete(imageId));
    drawing.set(imageId, pending);
  }
  await pending;
}
