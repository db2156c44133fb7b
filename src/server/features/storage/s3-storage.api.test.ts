import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../tests/factories/catalog';
import { startS3Server } from '../../../../tests/setup/s3-server';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { loadEnv } from '../../env';
import { deleteProductImage, storeProductImage } from '../images/product-images';
import { createS3Storage } from './s3-storage';
import { InvalidStorageKeyError, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** A second client straight to the bucket, to see what really is there. */
const bucket = (): Storage => createS3Storage(loadEnv(s3.env).s3!);

describe('the S3 storage adapter, against a real S3-compatible server', () => {
  it('is what the shop uses when S3_BUCKET is set', () => {
    expect(t.deps.storage.kind).toBe('s3');
  });

  it('puts, reads, streams, checks and deletes objects', async () => {
    const storage = t.deps.storage;
    await storage.put('logo', 'logo.svg', '<svg/>');
    await storage.put('logo', 'logo.svg', '<svg></svg>');
    expect((await storage.read('logo', 'logo.svg')).toString()).toBe('<svg></svg>');
    expect(await storage.stat('logo', 'logo.svg')).toMatchObject({ size: 11 });
    expect(await storage.stat('logo', 'missing.svg')).toBeNull();
    expect(await storage.exists('product-images', 'logo.svg')).toBe(false);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.stream('logo', 'logo.svg')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<svg></svg>');

    await storage.put('product-images', 'products/p2/a/400.webp', 'a');
    await storage.put('product-images', 'products/p2/b/400.webp', 'b');
    await storage.put('product-images', 'products/p22/c/400.webp', 'c');
    await storage.deletePrefix('product-images', 'products/p2');
    expect(await bucket().exists('product-images', 'products/p2/a/400.webp')).toBe(false);
    expect(await bucket().exists('product-images', 'products/p2/b/400.webp')).toBe(false);
    expect(await bucket().exists('product-images', 'products/p22/c/400.webp')).toBe(true);

    await storage.delete('logo', 'logo.svg');
    await storage.delete('logo', 'logo.svg');
    expect(await bucket().exists('logo', 'logo.svg')).toBe(false);
  });

  it('refuses keys that would leave their bucket', async () => {
    for (const key of ['../logo/logo.svg', 'a/../../x', '', '.hidden', 'products//x']) {
      await expect(t.deps.storage.put('product-images', key, 'x'), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(t.deps.storage.stat('product-images', key), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
  });

  it('stores a product image in the bucket, serves it through the shop, and deletes it', async () => {
    const product = await createProduct(t);
    const input = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c81e1e' } })
      .png()
      .toBuffer();
    const image = await storeProductImage(t.deps, {
      productId: product.id,
      input,
      altText: 'Front',
      displayOrder: 1,
    });
    const folder = `products/${product.id}/${image.id}`;
    expect(await bucket().exists('product-images', `${folder}/original.png`)).toBe(true);
    expect(await bucket().exists('product-images', `${folder}/800.webp`)).toBe(true);

    const response = await t.app.request(`http://localhost:3000/images/products/${image.id}/800.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(await bucket().read('product-images', `${folder}/800.webp`))).toBe(true);
    expect((await sharp(served).metadata()).width).toBe(800);
    const etag = response.headers.get('etag')!;
    const again = await t.app.request(`http://localhost:3000/images/products/${image.id}/800.webp`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    expect(await deleteProductImage(t.deps, image.id)).toBe(true);
    expect(await bucket().exists('product-images', `${folder}/original.png`)).toBe(false);
    expect(await bucket().exists('product-images', `${folder}/800.webp`)).toBe(false);
    const gone = await t.app.request(`http://localhost:3000/images/products/${image.id}/800.webp`);
    expect(gone.status).toBe(404);
  });
});
