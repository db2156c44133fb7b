import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '#shared/schemas/images';
import { createProduct } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { AppError } from '../../platform/errors';
import { deleteProductImages, storeProductImage } from './product-images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Fetches a URL as raw bytes (t.request decodes text, which would mangle an image). */
async function fetchBytes(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await t.app.request(`http://localhost:3000${pathname}`, { method, headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A photo-like test image: two colour halves, so cropping and orientation are visible. */
function twoTone(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const left = { r: 200, g: 30, b: 30 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="rgb(30,30,200)"/>
    <rect width="${width / 2}" height="${height}" fill="rgb(${left.r},${left.g},${left.b})"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function imageRow(id: string) {
  const [row] = await t.database.sql.query<{
    width: number;
    height: number;
    storageKey: string;
    renditions: { width: number; height: number; bytes: number; kind: string }[];
  }>('SELECT width, height, storage_key AS "storageKey", renditions FROM product_images WHERE id = $1', [id]);
  return row;
}

describe('storeProductImage and GET /images/products/:imageId/:variant.webp', () => {
  it('stores square WebP renditions and serves each with its size, type and cache headers', async () => {
    const product = await createProduct(t);
    const image = await storeProductImage(t.deps, {
      productId: product.id,
      input: await twoTone(2000, 1400),
      altText: 'Front view',
      displayOrder: 1,
    });

    const row = await imageRow(image.id);
    expect(row).toMatchObject({ width: 2000, height: 1400 });
    expect(row?.storageKey).toBe(`products/${product.id}/${image.id}/original.webp`);
    expect(row?.renditions.map((r) => [r.width, r.height, r.kind])).toEqual([
      [400, 400, 'webp'],
      [800, 800, 'webp'],
      [1200, 1200, 'webp'],
      [100, 100, 'preview'],
    ]);
    expect(await t.deps.storage.exists('product-images', row!.storageKey)).toBe(true);

    for (const [variant, side] of [
      ['400', 400],
      ['800', 800],
      ['1200', 1200],
      ['preview', 100],
    ] as const) {
      const response = await fetchBytes(`/images/products/${image.id}/${variant}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = response.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      const meta = await sharp(response.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);

      const again = await fetchBytes(`/images/products/${image.id}/${variant}.webp`, {
        'if-none-match': etag!,
      });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('etag')).toBe(etag);
    }

    // Cover, centred: the middle of a red|blue image keeps both halves, red on the left.
    const { data, info } = await sharp((await fetchBytes(`/images/products/${image.id}/400.webp`)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray((200 * info.width + x) * info.channels).subarray(0, 3)];
    expect(pixel(50)[0]).toBeGreaterThan(150);
    expect(pixel(350)[2]).toBeGreaterThan(150);

    const changed = await fetchBytes(`/images/products/${image.id}/400.webp`, { 'if-none-match': '"other"' });
    expect(changed.status).toBe(200);
    const head = await fetchBytes(`/images/products/${image.id}/800.webp`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
  });

  it('never upscales: a small original caps the larger renditions at its short side', async () => {
    const product = await createProduct(t);
    const image = await storeProductImage(t.deps, {
      productId: product.id,
      input: await twoTone(600, 900, 'jpeg'),
      altText: '',
      displayOrder: 1,
    });
    const sizes: number[] = [];
    for (const variant of ['400', '800', '1200', 'preview']) {
      const response = await fetchBytes(`/images/products/${image.id}/${variant}.webp`);
      const meta = await sharp(response.bytes).metadata();
      expect(meta.width).toBe(meta.height);
      sizes.push(meta.width!);
    }
    expect(sizes).toEqual([400, 600, 600, 100]);
  });

  it('keeps no metadata in any stored file: a camera photo with its GPS position loses it everywhere', async () => {
    const product = await createProduct(t);
    const camera = await sharp(await twoTone(1600, 1000, 'jpeg'))
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'PC-1', Copyright: 'EXIF-MARKER-Ada-Obi' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '6/1 27/1 1234/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '3/1 23/1 4321/100',
        },
      })
      // Taken sideways: the camera says so in the EXIF orientation.
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    // The upload really carries it.
    const uploaded = await sharp(camera).metadata();
    expect(uploaded.exif?.length).toBeGreaterThan(0);
    expect(uploaded.orientation).toBe(6);
    expect(camera.includes('EXIF-MARKER-Ada-Obi')).toBe(true);

    const image = await storeProductImage(t.deps, {
      productId: product.id,
      input: camera,
      altText: '',
      displayOrder: 1,
    });
    const folder = path.join(t.deps.env.dataDir, 'uploads/product-images/products', product.id, image.id);
    const files = (await readdir(folder)).sort();
    expect(files).toHaveLength(5);
    for (const file of files) {
      const bytes = await readFile(path.join(folder, file));
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc], file).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      for (const trace of ['Exif', 'EXIF-MARKER', 'PhoneCam', 'GPS'])
        expect(bytes.includes(trace), `${file} holds "${trace}"`).toBe(false);
      expect(meta.format, file).toBe('webp');
    }
    expect(files).toEqual(['1200.webp', '400.webp', '800.webp', 'original.webp', 'preview.webp']);
    // The original is re-encoded upright and whole (not cropped), without its orientation tag.
    const original = await sharp(await readFile(path.join(folder, 'original.webp'))).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([1000, 1600, undefined]);
  });

  it('turns photos upright from their EXIF orientation', async () => {
    const product = await createProduct(t);
    const sideways = await sharp(await twoTone(400, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await storeProductImage(t.deps, {
      productId: product.id,
      input: sideways,
      altText: '',
      displayOrder: 1,
    });
    expect(await imageRow(image.id)).toMatchObject({ width: 200, height: 400 });
  });

  it("accepts WebP and AVIF; GIF and SVG only for the shop's own drawings", async () => {
    const product = await createProduct(t);
    const base = sharp({ create: { width: 500, height: 500, channels: 3, background: '#2a7' } });
    for (const [index, input] of [
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ].entries()) {
      const image = await storeProductImage(t.deps, {
        productId: product.id,
        input,
        altText: '',
        displayOrder: index + 1,
      });
      expect(image.renditions).toHaveLength(4);
    }
    const gif = await base.clone().gif().toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><circle cx="25" cy="25" r="20"/></svg>',
    );
    for (const input of [gif, svg]) {
      await expect(
        storeProductImage(t.deps, { productId: product.id, input, altText: '', displayOrder: 3 }),
      ).rejects.toMatchObject({ code: 'invalid_image', status: 400, message: IMAGE_MESSAGES.notAnImage });
    }
    const drawn: string[] = [];
    for (const [index, input] of [gif, svg].entries()) {
      const image = await storeProductImage(t.deps, {
        productId: product.id,
        input,
        altText: '',
        displayOrder: index + 3,
        allowDrawings: true,
      });
      expect(image.renditions).toHaveLength(4);
      drawn.push(image.id);
    }
    // A vector is drawn at full size, not stretched from 50 px.
    const svgImage = { id: drawn[1]! };
    const meta = await sharp(
      (await fetchBytes(`/images/products/${svgImage.id}/1200.webp`)).bytes,
    ).metadata();
    expect(meta.width).toBe(1200);
  });

  it('rejects files over 2 MB and files that are not images, with a clear message, storing nothing', async () => {
    const product = await createProduct(t);
    const attempt = (input: Buffer) =>
      storeProductImage(t.deps, { productId: product.id, input, altText: '', displayOrder: 1 }).then(
        () => null,
        (error: unknown) => error,
      );

    const oversized = Buffer.concat([await twoTone(100, 100), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await attempt(oversized);
    expect(tooBig).toBeInstanceOf(AppError);
    expect(tooBig).toMatchObject({ code: 'image_too_large', status: 413, message: IMAGE_MESSAGES.tooLarge });
    expect((tooBig as Error).message).toContain('2 MB');

    for (const input of [
      Buffer.from('just some text, not a picture'),
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.alloc(0),
    ]) {
      const error = await attempt(input);
      expect(error).toMatchObject({ code: 'invalid_image', status: 400, message: IMAGE_MESSAGES.notAnImage });
      expect((error as Error).message).toContain('JPEG, PNG, WebP or AVIF');
    }
    const truncated = (await twoTone(800, 800, 'jpeg')).subarray(0, 600);
    expect(await attempt(truncated)).toMatchObject({ code: 'invalid_image', status: 400 });

    const [count] = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_images WHERE product_id = $1',
      [product.id],
    );
    expect(count?.n).toBe(0);
    expect(await t.deps.storage.exists('product-images', `products/${product.id}`)).toBe(false);
  });

  it('refuses an image for a product that does not exist and leaves no files', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(
      storeProductImage(t.deps, {
        productId: missing,
        input: await twoTone(100, 100),
        altText: '',
        displayOrder: 1,
      }),
    ).rejects.toMatchObject({ code: 'not_found', status: 404, message: 'Product not found' });
    const folder = path.join(t.deps.env.dataDir, 'uploads/product-images/products');
    const entries = await readdir(folder).catch(() => []);
    expect(entries).not.toContain(missing);
  });

  it('deleteProductImages removes the rows and the files, and the URLs answer 404', async () => {
    const product = await createProduct(t);
    const first = await storeProductImage(t.deps, {
      productId: product.id,
      input: await twoTone(500, 500),
      altText: '',
      displayOrder: 1,
    });
    await storeProductImage(t.deps, {
      productId: product.id,
      input: await twoTone(500, 500),
      altText: '',
      displayOrder: 2,
    });
    expect((await fetchBytes(`/images/products/${first.id}/400.webp`)).status).toBe(200);

    expect(await deleteProductImages(t.deps, product.id)).toBe(2);
    expect(await imageRow(first.id)).toBeUndefined();
    expect(await t.deps.storage.exists('product-images', first.storageKey)).toBe(false);
    expect((await fetchBytes(`/images/products/${first.id}/400.webp`)).status).toBe(404);
  });

  it('answers 404 for unknown images, variants and formats', async () => {
    const product = await createProduct(t);
    const image = await storeProductImage(t.deps, {
      productId: product.id,
      input: await twoTone(300, 300),
      altText: '',
      displayOrder: 1,
    });
    for (const pathname of [
      '/images/products/2b1f4c39-0d6c-4b8e-9a53-000000000000/400.webp',
      '/images/products/not-a-uuid/400.webp',
      `/images/products/${image.id}/300.webp`,
      `/images/products/${image.id}/400.png`,
      `/images/products/${image.id}/original.webp`,
      `/images/products/${image.id}/original.png`,
      `/images/products/${image.id}/400`,
    ]) {
      const response = await t.request(pathname);
      expect(response.status, pathname).toBe(404);
    }
  });
});

describe('path traversal', () => {
  it('never serves files outside the buckets, however the path is encoded', async () => {
    const dataDir = t.deps.env.dataDir;
    await writeFile(path.join(dataDir, 'secret.txt'), 'top secret');
    await t.deps.storage.put('logo', 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await t.deps.storage.put('product-images', 'secret.webp', 'not for you');

    const attempts = [
      '/storage/logo/..%2F..%2Fsecret.txt',
      '/storage/logo/..%2f..%2fsecret.txt',
      '/storage/logo/%2e%2e%2F%2e%2e%2Fsecret.txt',
      '/storage/logo/..%5C..%5Csecret.txt',
      '/storage/logo/%2e%2e',
      '/storage/logo/..%2Fproduct-images%2Fsecret.webp',
      '/storage/logo/.%2Flogo.svg',
      '/storage/logo/logo.svg%00.png',
      '/images/products/..%2F..%2F..%2Fsecret.txt/400.webp',
      '/images/products/%2e%2e/400.webp',
      '/images/products/x/..%2F..%2Fsecret.webp',
    ];
    for (const pathname of attempts) {
      const response = await fetchBytes(pathname);
      // A NUL is refused before any route reads the path (http/clean-input.ts).
      expect(response.status, pathname).toBe(pathname.includes('%00') ? 400 : 404);
      expect(response.bytes.toString()).not.toContain('secret');
      expect(response.bytes.toString()).not.toContain('not for you');
    }
  });

  it('serves the logo bucket with its content type, an ETag and 304 revalidation', async () => {
    await t.deps.storage.put('logo', 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const response = await fetchBytes('/storage/logo/logo.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.bytes.toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const again = await fetchBytes('/storage/logo/logo.svg', {
      'if-none-match': response.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expect((await fetchBytes('/storage/logo/missing.svg')).status).toBe(404);
    expect((await fetchBytes('/storage/logo/logo.exe')).status).toBe(404);
  });
});
