import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeProductImage } from '../../src/server/features/images/product-images';
import type { Database } from '../../src/server/platform/db/client';
import { loadEnv } from '../../src/server/platform/env';
import { createS3Storage } from '../../src/server/platform/storage/s3-storage';
import { createProduct } from '../factories/catalog';
import { startS3Server } from '../setup/s3-server';
import { createThrowawayDatabase } from './support/postgres';
import { type ShopProcess, startShop } from './support/shop-process';

/**
 * The built shop with its images in an S3-compatible bucket (s3rver), with and without
 * IMAGE_BASE_URL: where the pages point browsers for images, and what the shop's own image
 * address (a CDN's origin) costs.
 */

const CDN = 'https://cdn.naija-street.test';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let db: { url: string; database: Database; drop: () => Promise<void> };
let withCdn: ShopProcess;
let plain: ShopProcess;
let productId: string;
let imageId: string;

beforeAll(async () => {
  s3 = await startS3Server();
  db = await createThrowawayDatabase();
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    DATABASE_URL: db.url,
    ...s3.env,
  };
  withCdn = await startShop({ ...env, IMAGE_BASE_URL: `${CDN}/` });
  plain = await startShop(env);

  const product = await createProduct(db, { name: 'Eko Tee' });
  productId = product.id;
  const input = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#1e6ec8' } })
    .png()
    .toBuffer();
  const image = await storeProductImage(
    { database: db.database, storage: createS3Storage(loadEnv(s3.env).s3!) },
    { productId, input, altText: 'Front', displayOrder: 1 },
  );
  imageId = image.id;
});

afterAll(async () => {
  await Promise.all([withCdn?.stop(), plain?.stop()]);
  await db?.drop();
  await s3?.close();
});

const page = async (shop: ShopProcess) => {
  const response = await fetch(`http://127.0.0.1:${shop.port}/product/${productId}`);
  expect(response.status).toBe(200);
  return { html: await response.text(), policy: response.headers.get('content-security-policy') ?? '' };
};

describe('IMAGE_BASE_URL', () => {
  it('points the pages’ images, previews and Open Graph image at the CDN, which the page’s policy allows', async () => {
    const { html, policy } = await page(withCdn);
    const path = `/images/products/${imageId}`;
    expect(html).toContain(`src="${CDN}${path}/800.webp"`);
    expect(html).toContain(
      `${CDN}${path}/400.webp 400w, ${CDN}${path}/800.webp 800w, ${CDN}${path}/1200.webp 1200w`,
    );
    expect(html).toContain(`url(&quot;${CDN}${path}/preview.webp&quot;)`);
    expect(html).toContain(`<meta property="og:image" content="${CDN}${path}/1200.webp"`);
    // The same addresses reach the page's state, so the browser renders what the server did.
    expect(html).toContain(`"imageBaseUrl":"${CDN}"`);
    expect(html).not.toContain(`"${path}/`);
    expect(policy).toMatch(new RegExp(`img-src 'self' data: blob: ${CDN.replaceAll('.', '\\.')} `));
  });

  it('leaves images on the shop’s own address by default', async () => {
    const { html, policy } = await page(plain);
    expect(html).toContain(`src="/images/products/${imageId}/800.webp"`);
    expect(html).not.toContain(CDN);
    expect(policy).toContain("img-src 'self' data: blob: https://checkout.paystack.com");
  });

  it('serves the CDN (and anyone) from the shop’s image address with one read of the bucket', async () => {
    for (const shop of [withCdn, plain]) {
      const before = s3.requests.length;
      const response = await fetch(`http://127.0.0.1:${shop.port}/images/products/${imageId}/800.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(800);
      expect(s3.requests.slice(before).map((call) => call.method)).toEqual(['GET']);
    }
  });
});
