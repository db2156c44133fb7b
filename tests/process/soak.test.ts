/**
 * Soak: shoppers browse, search, fill carts and check out at a steady rate against one server
 * process on PostgreSQL, over loopback. Zero errors; memory flat once warm; p99 reported.
 *
 * SOAK_SECONDS sets the length (default 20 in `npm test`; `npm run test:soak` runs 300).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createProduct, type TestProduct } from '../factories/catalog';
import { checkoutForm } from '../factories/orders';
import { createThrowawayDatabase } from './support/postgres';
import { type ShopProcess, startShop } from './support/shop-process';
import { call, createBuyers } from './support/shoppers';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 20);
/** Journeys started per second; each is several requests. */
const RATE = 8;

let db: { url: string; database: Database; drop: () => Promise<void> };
let shop: ShopProcess;
const products: TestProduct[] = [];

beforeAll(async () => {
  db = await createThrowawayDatabase();
  shop = await startShop({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    PAYMENT_SIMULATOR: 'allow',
    DATABASE_URL: db.url,
  });
  for (let i = 0; i < 40; i++) {
    products.push(
      await createProduct(db, {
        name: `Soak Tee ${i}`,
        description: 'Heavyweight cotton tee, boxy fit',
        variants: ['S', 'M', 'L', 'XL'].map((size) => ({ size, color: 'Black', stock: 100_000 })),
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await db?.drop();
});

type Sample = { ms: number; ok: boolean; what: string };

async function timed(samples: Sample[], what: string, run: () => Promise<number>) {
  const started = performance.now();
  let status = 0;
  try {
    status = await run();
  } catch {
    status = 0;
  }
  samples.push({
    ms: performance.now() - started,
    ok: status > 0 && status < 500,
    what: `${what} ${status}`,
  });
}

const get = async (path: string) => {
  const response = await fetch(`http://127.0.0.1:${shop.port}${path}`);
  await response.arrayBuffer();
  return response.status;
};

/** One shopper's visit: the home page, a listing, a search, a product, and every fourth one buys. */
async function journey(i: number, buyer: { email: string; cookie: string }, samples: Sample[]) {
  const product = products[i % products.length]!;
  await timed(samples, 'home', () => get('/'));
  await timed(samples, 'listing', () => get('/api/products?limit=20'));
  await timed(samples, 'search', () =>
    get(`/api/search?q=${encodeURIComponent(i % 2 ? 'tee' : 'boxy cotton')}`),
  );
  await timed(samples, 'product page', () => get(`/product/${product.id}`));
  if (i % 4 !== 0) return;
  const variant = product.variants[i % product.variants.length]!;
  await timed(samples, 'add to cart', async () => {
    const added = await call(shop, '/api/cart/items', {
      method: 'POST',
      cookie: buyer.cookie,
      json: { productId: product.id, variantId: variant.id, gender: 'men', quantity: 1 },
    });
    return added.status;
  });
  await timed(samples, 'place order', async () => {
    const placed = await call(shop, '/api/orders', {
      method: 'POST',
      cookie: buyer.cookie,
      json: checkoutForm({ email: buyer.email }),
    });
    return placed.status === 201 ? 201 : placed.status;
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe('a steady stream of shoppers', () => {
  it(`for ${SECONDS} s: no errors, memory flat, p99 reported`, {
    timeout: (SECONDS + 120) * 1000,
  }, async () => {
    const buyers = await createBuyers(db.database, Math.ceil((SECONDS * RATE) / 4) + 1, 'soak');
    const samples: Sample[] = [];
    const inFlight: Promise<void>[] = [];
    const rss: number[] = [];
    const started = Date.now();
    let i = 0;
    while (Date.now() - started < SECONDS * 1000) {
      const tick = Date.now();
      for (let k = 0; k < RATE; k++, i++)
        inFlight.push(journey(i, buyers[Math.floor(i / 4) % buyers.length]!, samples));
      rss.push(await shop.rssMiB());
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - tick))));
    }
    await Promise.all(inFlight);

    const errors = samples.filter((sample) => !sample.ok);
    const durations = samples.map((sample) => sample.ms);
    // Warm once the first fifth has passed; flat means the end is not far above the warm level.
    const warm = Math.max(...rss.slice(Math.floor(rss.length / 5), Math.floor(rss.length / 2) + 1));
    const end = Math.max(...rss.slice(-3));
    console.info(
      `soak: ${SECONDS} s, ${samples.length} requests in ${i} journeys, ${errors.length} errors, ` +
        `p50 ${percentile(durations, 50).toFixed(1)} ms, p99 ${percentile(durations, 99).toFixed(1)} ms, ` +
        `RSS warm ${warm.toFixed(0)} MiB → end ${end.toFixed(0)} MiB`,
    );
    expect(errors.map((error) => error.what).slice(0, 10)).toEqual([]);
    expect(end).toBeLessThan(warm * 1.25 + 20);
  });
});
