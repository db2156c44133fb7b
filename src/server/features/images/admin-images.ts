import type { AdminImage, ImageOrderRequest } from '#shared/schemas/admin-products';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../db/announce';
import type { SqlRunner } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit/record-audit';
import { isUuid, PRODUCT_IMAGES_BUCKET, productImageFolder, storeProductImage } from './product-images';
import { type RenderedImage, renderProductImage } from './render';

export type UploadedFile = { name: string; data: Buffer };

const imagesOf = (sql: SqlRunner, productId: string) =>
  sql.query<AdminImage>(
    `SELECT id, alt_text AS "altText", display_order AS "displayOrder" FROM product_images
      WHERE product_id = $1 ORDER BY display_order, id`,
    [productId],
  );

async function lockProduct(sql: SqlRunner, productId: string) {
  const [product] = await sql.query<{ name: string }>('SELECT name FROM products WHERE id = $1 FOR UPDATE', [
    productId,
  ]);
  if (!product) throw notFound('Product not found');
  return product;
}

/**
 * Adds uploaded photos after the product's others. Every file is checked by its content and
 * re-encoded (renderProductImage: JPEG, PNG, WebP or AVIF only, at most 2 MB and 8000 x 8000
 * pixels, metadata dropped) before anything is stored, outside the transaction, so a slow encode
 * never holds the product's lock; a refused file names itself and stores nothing. Alt text starts
 * as the product's name.
 */
export async function uploadProductImages(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  actor: Actor,
  productId: string,
  files: UploadedFile[],
): Promise<AdminImage[]> {
  if (!isUuid(productId)) throw notFound('Product not found');
  if (files.length === 0) throw badRequest('Choose at least one image to upload.');
  const [exists] = await deps.database.sql.query('SELECT 1 FROM products WHERE id = $1', [productId]);
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

  const stored: string[] = [];
  try {
    return await deps.database.transaction(async (sql) => {
      const product = await lockProduct(sql, productId);
      const [last] = await sql.query<{ n: number }>(
        'SELECT coalesce(max(display_order), 0)::int AS n FROM product_images WHERE product_id = $1',
        [productId],
      );
      let order = last?.n ?? 0;
      for (const [index, file] of files.entries()) {
        order += 1;
        const image = await storeProductImage(deps, {
          productId,
          input: file.data,
          rendered: rendered[index],
          altText: product.name,
          displayOrder: order,
          sql,
        });
        stored.push(image.id);
        await recordAudit(sql, actor, {
          action: 'uploaded',
          entityType: 'product_image',
          entityId: image.id,
          after: { productId, displayOrder: order, width: image.width, height: image.height },
          details: { file: file.name.slice(0, 200), bytes: file.data.byteLength },
        });
      }
      await sql.query('UPDATE products SET updated_at = now() WHERE id = $1', [productId]);
      await announce(sql, { table: 'products', id: productId, userId: null, action: 'images' });
      const all = await imagesOf(sql, productId);
      return all.filter((image) => stored.includes(image.id));
    });
  } catch (error) {
    // The rows rolled back; their files must go too.
    await Promise.all(
      stored.map((id) =>
        deps.storage.deletePrefix(PRODUCT_IMAGES_BUCKET, productImageFolder(productId, id)).catch(() => {}),
      ),
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
    await sql.query(
      `UPDATE product_images i SET display_order = t.position, alt_text = t.alt
         FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS t(id, alt, position)
        WHERE i.id = t.id AND i.product_id = $1`,
      [productId, ids, altTexts],
    );
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
    await sql.query('UPDATE products SET updated_at = now() WHERE id = $1', [productId]);
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
    const [row] = await sql.query<{ altText: string; displayOrder: number }>(
      `DELETE FROM product_images WHERE id = $1 AND product_id = $2
       RETURNING alt_text AS "altText", display_order AS "displayOrder"`,
      [imageId, productId],
    );
    if (!row) throw notFound('Image not found');
    await sql.query(
      `UPDATE product_images i SET display_order = t.position
         FROM (SELECT id, row_number() OVER (ORDER BY display_order, id) AS position
                 FROM product_images WHERE product_id = $1) t
        WHERE i.id = t.id AND i.display_order <> t.position`,
      [productId],
    );
    await recordAudit(sql, actor, {
      action: 'deleted',
      entityType: 'product_image',
      entityId: imageId,
      before: { productId, ...row },
    });
    await sql.query('UPDATE products SET updated_at = now() WHERE id = $1', [productId]);
    await announce(sql, { table: 'products', id: productId, userId: null, action: 'images' });
    return imagesOf(sql, productId);
  });
  // After the commit: the row is gone, now its files (the image route checks the file, so its
  // URLs answer 404 even in a process that still remembers the folder).
  await deps.storage.deletePrefix(PRODUCT_IMAGES_BUCKET, productImageFolder(productId, imageId));
  return remaining;
}
