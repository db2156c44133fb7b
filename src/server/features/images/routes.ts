import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { IMAGE_VARIANTS, type ImageVariant } from '#shared/schemas/images';
import type { AppEnv } from '../../context';
import { notFound } from '../../platform/errors';
import { type Bucket, isValidKey, type StoredObject } from '../../platform/storage/storage';
import { ensureRenditions, findImageFolder, PRODUCT_IMAGES_BUCKET, renditionKey } from './product-images';

/**
 * Public files, outside /api:
 *   GET /images/products/{imageId}/{400|800|1200|preview}.webp   product image renditions
 *   GET /storage/logo/{file}                                      the 'logo' bucket
 */
export function mediaRoutes() {
  return new Hono<AppEnv>()
    .get('/images/products/:imageId/:file', async (c) => {
      const variant = /^(.+)\.webp$/.exec(c.req.param('file'))?.[1];
      if (!variant || !(IMAGE_VARIANTS as readonly string[]).includes(variant)) throw notFound();
      const imageId = c.req.param('imageId');
      const folder = await findImageFolder(c.get('deps'), imageId);
      if (!folder) throw notFound();
      const key = renditionKey(folder, variant as ImageVariant);
      return sendStored(c, PRODUCT_IMAGES_BUCKET, key, {
        contentType: 'image/webp',
        // The files of an image id never change (a new upload gets a new id).
        cacheControl: 'public, max-age=31536000, immutable',
        // The demo catalogue's images are drawn on their first request.
        whenMissing: () => ensureRenditions(c.get('deps'), imageId),
      });
    })
    .get('/storage/logo/:file', async (c) => {
      const file = c.req.param('file');
      if (!isValidKey(file)) throw notFound();
      const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
      const contentType = CONTENT_TYPES[extension];
      if (!contentType) throw notFound();
      return sendStored(c, 'logo', file, {
        contentType,
        // The logo can be replaced under the same name: cache for an hour, then revalidate.
        cacheControl: 'public, max-age=3600',
        svg: extension === 'svg',
      });
    });
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

/**
 * Answers with a stored object in as few requests to the store as possible (each is a round trip
 * to the bucket with S3): a GET is one `open` (the object's size, time and bytes together); a HEAD
 * or a revalidation (If-None-Match) is one `stat`, and a revalidation that finds the object
 * changed opens it as well. `whenMissing` may create a missing object (then it is looked up again).
 */
async function sendStored(
  c: Context<AppEnv>,
  bucket: Bucket,
  key: string,
  options: { contentType: string; cacheControl: string; svg?: boolean; whenMissing?: () => Promise<void> },
) {
  const storage = c.get('deps').storage;
  const lookUp = async <T>(find: () => Promise<T | null>): Promise<T> => {
    let found = await find();
    if (!found && options.whenMissing) {
      await options.whenMissing();
      found = await find();
    }
    if (!found) throw notFound();
    return found;
  };
  const headersFor = (info: StoredObject, withBody: boolean): Record<string, string> => ({
    // Size and modification time, as nginx does: no need to read the file to answer a revalidation.
    ETag: `"${info.size.toString(16)}-${Math.floor(info.modifiedAt.getTime()).toString(16)}"`,
    'Cache-Control': options.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened directly must not run scripts on our origin.
    ...(options.svg
      ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
      : {}),
    ...(withBody ? { 'Content-Type': options.contentType, 'Content-Length': String(info.size) } : {}),
  });

  const revalidating = c.req.header('if-none-match');
  // Hono answers HEAD through this GET route; opening the object for it would only waste a read.
  if (c.req.method === 'HEAD' || revalidating) {
    const info = await lookUp(() => storage.stat(bucket, key));
    const headers = headersFor(info, true);
    if (matchesEtag(revalidating, headers.ETag!)) return c.body(null, 304, headersFor(info, false));
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  }
  const object = await lookUp(() => storage.open(bucket, key));
  return c.body(toWebStream(object.body), 200, headersFor(object, true));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  // Node's and the DOM lib's ReadableStream types differ only in typing; the object is the same.
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}
