import { sql as pg } from 'kysely';
import type { AdminImage, ImageOrderRequest } from '#shared/schemas/admin-products';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import {
  deleteImageFiles,
  isUuid,
  PRODUCT_IMAGES_BUCKET,
  productImageFolder,
  recordProductImage,
  type WrittenProductImage,
  writeProductImageFiles,
} from './product-images';
import { type RenderedImage, renderProductImage } from './render';

export type UploadedFile = { name: string; data: Buffer };

const imagesOf = (sql: SqlRunner, productId: string): Promise<AdminImage[]> =>
  queries(sql)
    .selectFrom('product_images')
    .select(['id', 'alt_text as altText', 'display_order as displayOrder'])
    .where('product_id', '=', productId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();

/** The product's `updated_at` moves with its images (listings and caches notice). */
const touchProduct = (sql: SqlRunner, productId: string) =>
  queries(sql)
    .updateTable('products')
    .set({ updated_at: pg<Date>`now()` })
    .where('id', '=', productId)
    .execute();

/**
 * Locks the product row for a short change of its images. FOR NO KEY UPDATE, not FOR UPDATE: it
 * keeps two admins' image changes in turn but does not conflict with the key-share lock an order
 * line's foreign key takes, so checkouts of the product never wait for it.
 */
async function lockProduct(sql: SqlRunner, productId: string) {
  const product = await queries(sql)
    .selectFrom('products')
    .select('name')
    .where('id', '=', productId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!product) throw notFound('Product not found');
  return product;
}

/**
 * Adds uploaded photos after the product's others. Every file is checked by its content and
 * re-encoded (renderProductImage: JPEG, PNG, WebP or AVIF only, at most 2 MB and 8000 x 8000
 * pixels, no metadata kept) and its files written to storage before the transaction begins: the
 * transaction only records the rows, so neither a slow encode nor slow storage (S3) ever holds the
 * product's lock. A refused file names itself and stores nothing; if recording fails, the files
 * written for it are deleted. Alt text starts as the product's name.
 */
export async function uploadProductImages(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  actor: Actor,
  productId: string,
  files: UploadedFile[],
): Promise<AdminImage[]> {
  if (!isUuid(productId)) throw notFound('Product not found');
  if (files.length === 0) throw badRequest('Choose at least one image to upload.');
  const exists = await queries(deps.database.sql)
    .selectFrom('products')
    .select(pg<number>`1`.as('one'))
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!exists) throw notFound('Product not found');

  const rendered: RenderedImage[] = [];
  for (const file of files) {
    try {
      rendered.push(await renderProductImage(file.data));
    } catch (error) {
      if (error instanceof AppError && files.length > 1) {
        throw new AppError(error.code, error.status, `${file.name}: ${error.message}`, { file: file.name });
      }
      throw error;
    }
  }

  const written: WrittenProductImage[] = [];
  try {
    const writes = await Promise.allSettled(
      rendered.map((image) => writeProductImageFiles(deps, productId, image)),
    );
    for (const write of writes) if (write.status === 'fulfilled') written.push(write.value);
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) throw failed.reason;
    return await deps.database.transaction(async (sql) => {
      const product = await lockProduct(sql, productId);
      const last = await queries(sql)
        .selectFrom('product_images')
        .select((eb) => eb.fn.coalesce(eb.fn.max('display_order'), eb.lit(0)).as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirst();
      let order = last?.n ?? 0;
      for (const [index, image] of written.entries()) {
        order += 1;
        // The product is locked: it cannot have gone since.
        await recordProductImage(sql, image, { altText: product.name, displayOrder: order });
        const file = files[index]!;
        await recordAudit(sql, actor, {
          action: 'uploaded',
          entityType: 'product_image',
          entityId: image.id,
          after: { productId, displayOrder: order, width: image.width, height: image.height },
          details: { file: file.name.slice(0, 200), bytes: file.data.byteLength },
        });
      }
      await touchProduct(sql, productId);
      await announce(sql, { table: 'products', id: productId, userId: null, action: 'images' });
      const ids = new Set(written.map((image) => image.id));
      return (await imagesOf(sql, productId)).filter((image) => ids.has(image.id));
    });
  } catch (error) {
    // Nothing was recorded (the transaction rolled back, or never began): the files must go too.
    await deleteImageFiles(
      deps,
      written.map((image) => image.folder),
    );
    throw error;
  }
}

/**
 * Sets the order (the first is the main image) and the alt texts of every image of a product in
 * one step. The list must name exactly the product's images; an empty alt text becomes the name.
 */
export async function arrangeProductImages(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  productId: string,
  request: ImageOrderRequest,
): Promise<AdminImage[]> {
  if (!isUuid(productId)) throw notFound('Product not found');
  return deps.database.transaction(async (sql) => {
    const product = await lockProduct(sql, productId);
    const before = await imagesOf(sql, productId);
    const ids = request.images.map((image) => image.id);
    const same =
      ids.length === before.length &&
      new Set(ids).size === ids.length &&
      before.every((image) => ids.includes(image.id));
    if (!same) {
      throw new AppError(
        'images_changed',
        409,
        "This product's images changed meanwhile. Close the dialog and open it again.",
      );
    }
    const altTexts = request.images.map((image) => image.altText || product.name);
    await pg`UPDATE product_images i SET display_order = t.position, alt_text = t.alt
         FROM unnest(${ids}::uuid[], ${altTexts}::text[]) WITH ORDINALITY AS t(id, alt, position)
        WHERE i.id = t.id AND i.product_id = ${productId}`.execute(queries(sql));
    const after = await imagesOf(sql, productId);
    const describe = (images: AdminImage[]) => ({
      order: images.map((image) => image.id),
      altTexts: Object.fromEntries(images.map((image) => [image.id, image.altText])),
    });
    await recordAudit(sql, actor, {
      action: 'images_arranged',
      entityType: 'product',
      entityId: productId,
      before: describe(before),
      after: describe(after),
    });
    await touchProduct(sql, productId);
    await announce(sql, { table: 'products', id: productId, userId: null, action: 'images' });
    return after;
  });
}

/** Removes one image (row, then files) and closes the gap in the order. */
export async function removeProductImage(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  actor: Actor,
  productId: string,
  imageId: string,
): Promise<AdminImage[]> {
  if (!isUuid(productId) || !isUuid(imageId)) throw notFound('Image not found');
  const remaining = await deps.database.transaction(async (sql) => {
    await lockProduct(sql, productId);
    const row = await queries(sql)
      .deleteFrom('product_images')
      .where('id', '=', imageId)
      .where('product_id', '=', productId)
      .returning(['alt_text as altText', 'display_order as displayOrder'])
      .executeTakeFirst();
    if (!row) throw notFound('Image not found');
    await pg`UPDATE product_images i SET display_order = t.position
         FROM (SELECT id, row_number() OVER (ORDER BY display_order, id) AS position
                 FROM product_images WHERE product_id = ${productId}) t
        WHERE i.id = t.id AND i.display_order <> t.position`.execute(queries(sql));
    await recordAudit(sql, actor, {
      action: 'deleted',
      entityType: 'product_image',
      entityId: imageId,
      before: { productId, ...row },
    });
    await touchProduct(sql, productId);
    await announce(sql, { table: 'products', id: productId, userId: null, action: 'images' });
    return imagesOf(sql, productId);
  });
  // After the commit: the row is gone, now its files (the image route checks the file, so its
  // URLs answer 404 even in a process that still remembers the folder).
  await deps.storage.deletePrefix(PRODUCT_IMAGES_BUCKET, productImageFolder(productId, imageId));
  return remaining;
}
