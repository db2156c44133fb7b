import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../tests/factories/catalog';
import { startS3Server } from '../../../../tests/setup/s3-server';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { deleteProductImage, storeProductImage } from '../../features/images/product-images';
import { loadEnv } from '../env';
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
    const opened = await storage.open('logo', 'logo.svg');
    expect(opened).toMatchObject({ size: 11 });
    expect(opened!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<svg></svg>');
    expect(await storage.open('logo', 'missing.svg')).toBeNull();

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
    expect(await bucket().exists('product-images', `${folder}/original.webp`)).toBe(true);
    expect(await bucket().exists('product-images', `${folder}/800.webp`)).toBe(true);

    const url = `http://localhost:3000/images/products/${image.id}/800.webp`;
    /** The requests the shop made to the bucket while answering. */
    const bucketCalls = async (answer: () => Response | Promise<Response>) => {
      const before = s3.requests.length;
      const response = await answer();
      const body = Buffer.from(await response.arrayBuffer());
      return {
        response,
        body,
        calls: s3.requests.slice(before).map((call) => `${call.method} ${call.path}`),
      };
    };
    const objectPath = `/${s3.bucket}/product-images/${folder}/800.webp`;

    // One GET to the bucket per image served: its answer carries the size and time too.
    const { response, body: served, calls } = await bucketCalls(() => t.app.request(url));
    expect(calls).toEqual([`GET ${objectPath}`]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-length')).toBe(String(served.byteLength));
    expect(served.equals(await bucket().read('product-images', `${folder}/800.webp`))).toBe(true);
    expect((await sharp(served).metadata()).width).toBe(800);
    // A revalidation and a HEAD need no bytes: one HEAD each.
    const etag = response.headers.get('etag')!;
    const again = await bucketCalls(() => t.app.request(url, { headers: { 'if-none-match': etag } }));
    expect(again.response.status).toBe(304);
    expect(again.calls).toEqual([`HEAD ${objectPath}`]);
    const head = await bucketCalls(() => t.app.request(url, { method: 'HEAD' }));
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('etag')).toBe(etag);
    expect(head.response.headers.get('content-length')).toBe(String(served.byteLength));
    expect(head.calls).toEqual([`HEAD ${objectPath}`]);

    expect(await deleteProductImage(t.deps, image.id)).toBe(true);
    expect(await bucket().exists('product-images', `${folder}/original.webp`)).toBe(false);
    expect(await bucket().exists('product-images', `${folder}/800.webp`)).toBe(false);
    const gone = await t.app.request(url);
    expect(gone.status).toBe(404);
  });
});
