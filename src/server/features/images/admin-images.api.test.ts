import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { startS3Gate } from '../../../../tests/setup/s3-gate';
import { startS3Server } from '../../../../tests/setup/s3-server';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { type Actor, actorOf } from '../../context';
import { uploadProductImages } from './admin-images';

/**
 * Uploads on a bucket that answers slowly (S3 across the internet): writes to it are held at its
 * network edge, so what waits for them is visible.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let gate: Awaited<ReturnType<typeof startS3Gate>>;
let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  s3 = await startS3Server();
  gate = await startS3Gate(s3.env.S3_ENDPOINT);
  t = await createTestApp({ ...s3.env, S3_ENDPOINT: gate.endpoint });
  const user = await createUser(t, { role: 'admin', email: 'photo-admin@example.test' });
  admin = actorOf({ ...user, role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await gate?.close();
  await s3?.close();
});

const photo = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();

/** What a promise gave within `ms`, or 'still waiting'. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((done) => setTimeout(done, ms, 'still waiting')),
  ]);
}

/** Every object the bucket holds for a product (s3rver keeps each as `{key}._S3rver_object` on its disk). */
async function objectsOf(productId: string): Promise<string[]> {
  const entries = await readdir(path.join(s3.directory, s3.bucket), { recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.includes(productId) && entry.endsWith('._S3rver_object'))
    .map((entry) => entry.slice(0, -'._S3rver_object'.length));
}

describe('uploading photos', () => {
  it('writes the files before its transaction: a checkout of the product never waits for the bucket', async () => {
    const product = await createProduct(t, { variants: [{ size: 'M', color: 'Black', stock: 5 }] });
    const shopper = await createSignedInUser(t);
    await addToCart(t, shopper.cookie, product, 1);

    gate.hold();
    let uploading: Promise<unknown> | undefined;
    try {
      uploading = uploadProductImages(t.deps, admin, product.id, [
        { name: 'front.jpg', data: await photo() },
      ]);
      uploading.catch(() => {});
      await gate.waitForHeld(1);
      // The bucket is still taking the files: the order goes through all the same.
      const placed = await within(placeOrder(t, shopper.cookie), 5_000);
      expect(placed === 'still waiting' ? placed : placed.status).toBe(201);
    } finally {
      gate.release();
    }
    const images = (await uploading) as { id: string; altText: string }[];
    expect(images).toHaveLength(1);
    expect(images[0]!.altText).toBe(product.name);
    const served = await t.app.request(`http://localhost:3000/images/products/${images[0]!.id}/400.webp`);
    expect(served.status).toBe(200);
    const folder = `product-images/products/${product.id}/${images[0]!.id}`;
    expect((await objectsOf(product.id)).sort()).toEqual(
      ['1200.webp', '400.webp', '800.webp', 'original.webp', 'preview.webp'].map((file) =>
        path.join(folder, file),
      ),
    );
  });

  it('deletes the files it wrote when the product went meanwhile, recording nothing', async () => {
    const product = await createProduct(t);
    gate.hold();
    let outcome: Promise<unknown>;
    try {
      outcome = uploadProductImages(t.deps, admin, product.id, [
        { name: 'front.jpg', data: await photo() },
        { name: 'back.jpg', data: await photo() },
      ]).then(
        () => 'stored',
        (error: unknown) => error,
      );
      await gate.waitForHeld(1);
      // Another admin deletes the product while the files are on their way.
      await t.database.sql.query('DELETE FROM products WHERE id = $1', [product.id]);
    } finally {
      gate.release();
    }
    expect(await outcome).toMatchObject({ status: 404, message: 'Product not found' });
    const [rows] = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_images WHERE product_id = $1',
      [product.id],
    );
    expect(rows?.n).toBe(0);
    expect(await objectsOf(product.id)).toEqual([]);
  });
});
