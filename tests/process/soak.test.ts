/**
 * Soak: shoppers browse, search, fill carts and check out at a steady rate against one server
 * process on PostgreSQL, over loopback. Zero errors; memory flat once warm; p99 reported.
 *
 * SOAK_SECONDS sets the length (default 20 in `npm test`; `npm run test:soak` runs 300).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db/client';
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
type Outcome = { status: number; code?: string };

/** Sold out (another buyer took the last units): the only refusal a buyer's step may meet. */
const SOLD_OUT = ['409 out_of_stock', '409 insufficient_stock'];

/**
 * Times one step. It counts as an error unless it answered what the step expects: its success
 * status, or one of the refusals listed for it (`status code`). Any other answer, a 4xx included
 * (a 401 from a lost session, a 409 no step expects), is an error.
 */
async function timed(
  samples: Sample[],
  what: string,
  expected: readonly string[],
  run: () => Promise<Outcome>,
) {
  const started = performance.now();
  let outcome: Outcome = { status: 0 };
  try {
    outcome = await run();
  } catch {
    outcome = { status: 0 };
  }
  const answer = outcome.code ? `${outcome.status} ${outcome.code}` : String(outcome.status);
  samples.push({
    ms: performance.now() - started,
    ok: expected.includes(String(outcome.status)) || expected.includes(answer),
    what: `${what} ${answer}`,
  });
}

const get = async (path: string): Promise<Outcome> => {
  const response = await fetch(`http://127.0.0.1:${shop.port}${path}`);
  await response.arrayBuffer();
  return { status: response.status };
};

const codeOf = (body: unknown) => (body as { error?: { code?: string } } | null)?.error?.code;

/** One shopper's visit: the home page, a listing, a search, a product, and every fourth one buys. */
async function journey(i: number, buyer: { email: string; cookie: string }, samples: Sample[]) {
  const product = products[i % products.length]!;
  await timed(samples, 'home', ['200'], () => get('/'));
  await timed(samples, 'listing', ['200'], () => get('/api/products?limit=20'));
  await timed(samples, 'search', ['200'], () =>
    get(`/api/search?q=${encodeURIComponent(i % 2 ? 'tee' : 'boxy cotton')}`),
  );
  await timed(samples, 'product page', ['200'], () => get(`/product/${product.id}`));
  if (i % 4 !== 0) return;
  const variant = product.variants[i % product.variants.length]!;
  await timed(samples, 'add to cart', ['200', ...SOLD_OUT], async () => {
    const added = await call(shop, '/api/cart/items', {
      method: 'POST',
      cookie: buyer.cookie,
      json: { productId: product.id, variantId: variant.id, gender: 'men', quantity: 1 },
    });
    return { status: added.status, code: codeOf(added.body) };
  });
  await timed(samples, 'place order', ['201', ...SOLD_OUT], async () => {
    const placed = await call(shop, '/api/orders', {
      method: 'POST',
      cookie: buyer.cookie,
      json: checkoutForm({ email: buyer.email }),
    });
    return { status: placed.status, code: codeOf(placed.body) };
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
