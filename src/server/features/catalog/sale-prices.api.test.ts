import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminProduct,
  adminProductListResponse,
  PRODUCT_MESSAGES,
  type ProductFormValues,
} from '#shared/schemas/admin-products';
import {
  type ProductSummary,
  productDetailResponseSchema,
  productListResponseSchema,
  searchResponseSchema,
} from '#shared/schemas/catalog';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createApp } from '../../app';
import { JOB_DEFINITIONS, jobSchedules } from '../../jobs';
import { announce, type Change } from '../../platform/db/announce';
import { createPageCache } from '../../platform/http/page-cache';
import { DEMO_PRODUCTS } from '../../setup/demo/catalog';
import {
  announceSaleBoundaries,
  SALE_BOUNDARIES_KEY,
  saleBoundariesJob,
} from '../promotions/sale-boundaries';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t, { role: 'admin', email: 'sale-admin@example.test' })).cookie;
});
afterAll(async () => {
  t.deps.events.close();
  await t.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Puts a sale on a product straight in the database (announcing nothing, as a clock does). */
async function setSale(
  productId: string,
  priceKobo: number | null,
  startsAt?: string,
  endsAt?: string | null,
) {
  await t.database.sql.query(
    'UPDATE products SET sale_price_kobo = $2, sale_starts_at = $3, sale_ends_at = $4 WHERE id = $1',
    [
      productId,
      priceKobo,
      priceKobo === null ? null : startsAt,
      priceKobo === null ? null : (endsAt ?? null),
    ],
  );
}

/** An automatic offer, written as the admin's Discounts section would: a percentage in a window. */
async function automaticOffer(input: {
  percentOff: number;
  productIds?: string[];
  categoryIds?: string[];
  startsAt?: string;
  endsAt?: string | null;
  isActive?: boolean;
}): Promise<string> {
  const appliesTo = input.productIds ? 'products' : input.categoryIds ? 'categories' : 'all';
  const [row] = await t.database.sql.query<{ id: string }>(
    `INSERT INTO discounts (kind, title, type, percent_off, applies_to, product_ids, category_ids, starts_at,
                            ends_at, is_active)
     VALUES ('automatic', 'Harmattan offer', 'percentage', $1, $2, $3::uuid[], $4::uuid[], $5, $6, $7)
     RETURNING id`,
    [
      input.percentOff,
      appliesTo,
      input.productIds ?? [],
      input.categoryIds ?? [],
      input.startsAt ?? at(-MINUTE),
      input.endsAt ?? null,
      input.isActive ?? true,
    ],
  );
  return row!.id;
}

async function listed(query = '?limit=100'): Promise<ProductSummary[]> {
  const response = await t.request(`/api/products${query}`);
  expect(response.status).toBe(200);
  return productListResponseSchema.parse(response.body).products;
}

async function detail(id: string) {
  const response = await t.request(`/api/products/${id}`);
  expect(response.status).toBe(200);
  return productDetailResponseSchema.parse(response.body).product;
}

const priceOf = (product: Pick<ProductSummary, 'priceKobo' | 'compareAtKobo' | 'percentOff'>) => ({
  priceKobo: product.priceKobo,
  compareAtKobo: product.compareAtKobo,
  percentOff: product.percentOff,
});

const NO_OFFER = { priceKobo: 1_500_000, compareAtKobo: null, percentOff: null };
const ON_SALE = { priceKobo: 1_200_000, compareAtKobo: 1_500_000, percentOff: 20 };

/** Listens to the change feed; `heard(id)` resolves once a change to that row has been heard. */
async function hearing() {
  const changes: Change[] = [];
  const stop = await t.deps.events.subscribe({
    change: (change) => changes.push(change),
    gap() {},
    close() {},
  });
  /** Waits until a change of its own, announced after everything before it, has been heard. */
  const heardAll = async () => {
    const marker = crypto.randomUUID();
    await t.database.transaction((sql) =>
      announce(sql, { table: 'orders', id: marker, userId: null, action: 'test-marker' }),
    );
    await vi.waitFor(() => expect(changes.some((change) => change.id === marker)).toBe(true), {
      timeout: 10_000,
    });
  };
  return { changes, heardAll, stop };
}

beforeEach(async () => {
  await t.database.sql.exec('DELETE FROM discounts; DELETE FROM products');
});

describe('the catalogue charges and shows the price of the moment', () => {
  it('lists a sale in its window only: past, running, running without an end, to come', async () => {
    const ended = await createProduct(t, { name: 'Ended Sale Tee' });
    const running = await createProduct(t, { name: 'Running Sale Tee' });
    const open = await createProduct(t, { name: 'Open Sale Tee' });
    const coming = await createProduct(t, { name: 'Coming Sale Tee' });
    const none = await createProduct(t, { name: 'Full Price Tee' });
    await setSale(ended.id, 1_200_000, at(-2 * DAY), at(-DAY));
    await setSale(running.id, 1_200_000, at(-DAY), at(DAY));
    await setSale(open.id, 1_200_000, at(-MINUTE), null);
    await setSale(coming.id, 1_200_000, at(DAY), at(2 * DAY));

    const products = await listed();
    const byId = (id: string) => priceOf(products.find((product) => product.id === id)!);
    expect(byId(ended.id)).toEqual(NO_OFFER);
    expect(byId(running.id)).toEqual(ON_SALE);
    expect(byId(open.id)).toEqual(ON_SALE);
    expect(byId(coming.id)).toEqual(NO_OFFER);
    expect(byId(none.id)).toEqual(NO_OFFER);
  });

  it('shows the sale in the featured, new and category listings, in search and on the product page', async () => {
    const product = await createProduct(t, {
      name: 'Zobo Sale Hoodie',
      priceKobo: 1_500_000,
      isFeatured: true,
      categorySlug: 'hoodies',
    });
    await setSale(product.id, 1_200_000, at(-MINUTE), at(DAY));
    for (const query of [
      '?featured=true',
      '?new=true',
      '?category=hoodies',
      '?category=sweatshirts&gender=men',
    ]) {
      expect((await listed(query)).map(priceOf), query).toEqual([ON_SALE]);
    }

    const search = searchResponseSchema.parse((await t.request('/api/search?q=zobo')).body);
    expect(search.products.map(priceOf)).toEqual([ON_SALE]);

    expect(priceOf(await detail(product.id))).toEqual(ON_SALE);
    await setSale(product.id, 1_200_000, at(-2 * DAY), at(-DAY));
    expect(priceOf(await detail(product.id))).toEqual(NO_OFFER);
    expect(
      searchResponseSchema.parse((await t.request('/api/search?q=zobo')).body).products.map(priceOf),
    ).toEqual([NO_OFFER]);
  });

  it('shows an automatic offer covering the product as an offer, the lower of it and a sale', async () => {
    const tee = await createProduct(t, { name: 'Offer Tee', categorySlug: 'tshirts' });
    const cap = await createProduct(t, { name: 'Offer Cap', categorySlug: 'hats' });
    const other = await createProduct(t, { name: 'Other Cap', categorySlug: 'hats' });
    await automaticOffer({ percentOff: 10, productIds: [tee.id, cap.id] });

    expect(priceOf(await detail(tee.id))).toEqual({
      priceKobo: 1_350_000,
      compareAtKobo: 1_500_000,
      percentOff: 10,
    });
    expect(priceOf(await detail(other.id))).toEqual(NO_OFFER);

    // A sale lower than the offer wins; a higher one leaves the offer.
    await setSale(tee.id, 1_200_000, at(-MINUTE));
    await setSale(cap.id, 1_400_000, at(-MINUTE));
    expect(priceOf(await detail(tee.id))).toEqual(ON_SALE);
    expect(priceOf(await detail(cap.id))).toEqual({
      priceKobo: 1_350_000,
      compareAtKobo: 1_500_000,
      percentOff: 10,
    });

    // Offers out of their window, or switched off, lower nothing.
    await t.database.sql.exec('DELETE FROM discounts');
    await setSale(tee.id, null);
    await automaticOffer({ percentOff: 30, startsAt: at(DAY) });
    await automaticOffer({ percentOff: 30, startsAt: at(-2 * DAY), endsAt: at(-DAY) });
    await automaticOffer({ percentOff: 30, isActive: false });
    expect(priceOf(await detail(tee.id))).toEqual(NO_OFFER);

    // One covering the whole shop, and a search shows it too.
    await automaticOffer({ percentOff: 25 });
    const all = { priceKobo: 1_125_000, compareAtKobo: 1_500_000, percentOff: 25 };
    expect((await listed()).map(priceOf)).toEqual([all, all, all]);
    expect(
      searchResponseSchema.parse((await t.request('/api/search?q=offer')).body).products.map(priceOf),
    ).toEqual([all, all]);
  });

  it('rounds the percentage to the whole percent', async () => {
    const product = await createProduct(t, { priceKobo: 3_000_000 });
    await setSale(product.id, 1_999_900, at(-MINUTE));
    expect(priceOf(await detail(product.id))).toEqual({
      priceKobo: 1_999_900,
      compareAtKobo: 3_000_000,
      percentOff: 33,
    });
  });
});

// The admin's form ----------------------------------------------------------------------------

const form = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: 'Lagos Sale Tee',
  description: 'Heavy cotton',
  price: '15,000',
  category: 'tshirts',
  subcategory: '',
  gender: 'men',
  stock: '4',
  sizes: ['M'],
  colors: [],
  isActive: true,
  isFeatured: false,
  isMystery: false,
  ...overrides,
});

const save = (values: ProductFormValues, id?: string) =>
  t.request(id ? `/api/admin/products/${id}` : '/api/admin/products', {
    method: id ? 'PUT' : 'POST',
    cookie: admin,
    json: values,
  });

describe('a sale in the admin’s product form', () => {
  it('refuses a sale price not below the price, a half-filled sale and an end before the start', async () => {
    const refusals: [Partial<ProductFormValues>, Record<string, string>][] = [
      [
        { salePrice: '15,000', saleStartsAt: '2026-12-01T09:00' },
        { salePrice: PRODUCT_MESSAGES.salePriceBelow },
      ],
      [{ salePrice: '0', saleStartsAt: '2026-12-01T09:00' }, { salePrice: PRODUCT_MESSAGES.pricePositive }],
      [{ salePrice: '12,000' }, { saleStartsAt: PRODUCT_MESSAGES.saleStartRequired }],
      [{ saleStartsAt: '2026-12-01T09:00' }, { salePrice: PRODUCT_MESSAGES.salePriceRequired }],
      [
        { saleEndsAt: '2026-12-01T09:00' },
        { salePrice: PRODUCT_MESSAGES.salePriceRequired, saleStartsAt: PRODUCT_MESSAGES.saleStartRequired },
      ],
      [
        { salePrice: '12,000', saleStartsAt: '2026-12-01T09:00', saleEndsAt: '2026-12-01T09:00' },
        { saleEndsAt: PRODUCT_MESSAGES.saleEndAfterStart },
      ],
      [
        { salePrice: '12,000', saleStartsAt: 'next friday' },
        { saleStartsAt: PRODUCT_MESSAGES.saleTimeInvalid },
      ],
    ];
    for (const [sale, fields] of refusals) {
      const response = await save(form(sale));
      expect(response.status, JSON.stringify(sale)).toBe(400);
      expect((response.body as { error: { fields: Record<string, string> } }).error.fields).toEqual(fields);
    }
    const [row] = await t.database.sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM products',
    );
    expect(row!.count).toBe(0);
  });

  it('saves a sale typed in Lagos time, audited and announced, and removes it', async () => {
    const created = await save(form({ salePrice: '12,000', saleStartsAt: '2026-12-01T09:00' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = (created.body as { product: AdminProduct }).product;
    // 9 am in Lagos (UTC+1) is 8 am UTC.
    expect(product).toMatchObject({
      salePriceKobo: 1_200_000,
      saleStartsAt: '2026-12-01T08:00:00.000Z',
      saleEndsAt: null,
    });

    const listener = await hearing();
    try {
      const updated = await save(
        form({ salePrice: '11,250.50', saleStartsAt: at(-MINUTE), saleEndsAt: '2030-01-31T23:30' }),
        product.id,
      );
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect((updated.body as { product: AdminProduct }).product).toMatchObject({
        salePriceKobo: 1_125_050,
        saleEndsAt: '2030-01-31T22:30:00.000Z',
      });
      await listener.heardAll();
      expect(listener.changes).toContainEqual(
        expect.objectContaining({ table: 'products', id: product.id, action: 'updated' }),
      );
    } finally {
      await listener.stop();
    }
    const [audit] = await t.database.sql.query<{
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(`SELECT before, after FROM audit_log WHERE entity_id = $1 AND action = 'updated'`, [product.id]);
    expect(audit!.before).toMatchObject({
      salePriceKobo: 1_200_000,
      saleStartsAt: '2026-12-01T08:00:00.000Z',
    });
    expect(audit!.after).toMatchObject({ salePriceKobo: 1_125_050, saleEndsAt: '2030-01-31T22:30:00.000Z' });
    expect(priceOf(await detail(product.id))).toEqual({
      priceKobo: 1_125_050,
      compareAtKobo: 1_500_000,
      percentOff: 25,
    });

    const removed = await save(form(), product.id);
    expect((removed.body as { product: AdminProduct }).product).toMatchObject({
      salePriceKobo: null,
      saleStartsAt: null,
      saleEndsAt: null,
    });
    expect(priceOf(await detail(product.id))).toEqual(NO_OFFER);
  });

  it('says in the products list which sale is on and which is to come', async () => {
    const running = await createProduct(t, { name: 'Running' });
    const coming = await createProduct(t, { name: 'Coming' });
    const over = await createProduct(t, { name: 'Over' });
    await createProduct(t, { name: 'Plain' });
    await setSale(running.id, 1_000_000, at(-MINUTE), at(DAY));
    await setSale(coming.id, 1_000_000, at(DAY));
    await setSale(over.id, 1_000_000, at(-DAY), at(-MINUTE));
    const response = await t.request('/api/admin/products', { cookie: admin });
    const { products } = adminProductListResponse.parse(response.body);
    expect(Object.fromEntries(products.map((product) => [product.name, product.saleStatus]))).toEqual({
      Running: 'on_sale',
      Coming: 'scheduled',
      Over: null,
      Plain: null,
    });
  });
});

// Boundaries --------------------------------------------------------------------------------------

/** Sets when the boundary job last looked. */
const lastChecked = (iso: string) =>
  t.database.sql.query(
    `INSERT INTO settings (key, value) VALUES ($1, jsonb_build_object('at', $2::text))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [SALE_BOUNDARIES_KEY, iso],
  );

describe('sale boundaries', () => {
  it('is a background job every 60 seconds', () => {
    expect(JOB_DEFINITIONS).toContain(saleBoundariesJob);
    expect(saleBoundariesJob.background).toBe(true);
    expect(jobSchedules({ expirySweepSeconds: 60 })).toContainEqual({
      job: saleBoundariesJob,
      everySeconds: 60,
    });
  });

  it('announces each product whose sale started or ended since the last run, and each automatic offer', async () => {
    const started = await createProduct(t, { name: 'Started' });
    const ended = await createProduct(t, { name: 'Ended' });
    const earlier = await createProduct(t, { name: 'Started before the last run' });
    const later = await createProduct(t, { name: 'Starts later' });
    await setSale(started.id, 1_000_000, at(-MINUTE), at(DAY));
    await setSale(ended.id, 1_000_000, at(-DAY), at(-MINUTE));
    await setSale(earlier.id, 1_000_000, at(-DAY), null);
    await setSale(later.id, 1_000_000, at(MINUTE), at(DAY));
    const offerStarted = await automaticOffer({ percentOff: 10, startsAt: at(-MINUTE) });
    const offerEnded = await automaticOffer({ percentOff: 10, startsAt: at(-DAY), endsAt: at(-MINUTE) });
    await automaticOffer({ percentOff: 10, startsAt: at(-DAY) });
    await lastChecked(at(-5 * MINUTE));

    const listener = await hearing();
    try {
      const first = await announceSaleBoundaries(t.deps);
      expect(first.products.sort()).toEqual([started.id, ended.id].sort());
      expect(first.discounts.sort()).toEqual([offerStarted, offerEnded].sort());
      await listener.heardAll();
      const heard = listener.changes.filter((change) => change.action === 'updated');
      expect(heard).toHaveLength(4);
      expect(heard).toEqual(
        expect.arrayContaining([
          { table: 'products', id: started.id, userId: null, action: 'updated' },
          { table: 'products', id: ended.id, userId: null, action: 'updated' },
          { table: 'discounts', id: offerStarted, userId: null, action: 'updated' },
          { table: 'discounts', id: offerEnded, userId: null, action: 'updated' },
        ]),
      );

      // The next run starts where this one ended: nothing twice.
      const second = await announceSaleBoundaries(t.deps);
      expect(second.since).toBe(first.until);
      expect(second).toMatchObject({ products: [], discounts: [] });
    } finally {
      await listener.stop();
    }
  });

  it('takes a sale that started since the last run out of the page cache', async () => {
    const cache = createPageCache(t.deps.events);
    await cache.ready;
    const app = createApp({ ...t.deps, pageCache: cache });
    const cached = async (id: string) => {
      const response = await app.request(`http://localhost:3000/api/products/${id}`);
      return priceOf(productDetailResponseSchema.parse(await response.json()).product);
    };
    const product = await createProduct(t, { name: 'Cached Tee' });
    await setSale(product.id, 1_200_000, at(DAY));
    await lastChecked(at(-MINUTE));
    // An anonymous visitor's answer, kept by the page cache.
    expect(await cached(product.id)).toEqual(NO_OFFER);
    // The sale starts; no row changed, so the kept answer still has the old price.
    await setSale(product.id, 1_200_000, at(-1000));
    expect(await cached(product.id)).toEqual(NO_OFFER);
    expect(cache.stats.hits).toBeGreaterThan(0);

    await saleBoundariesJob.run(
      {},
      { deps: t.deps, jobId: 'test', attempt: 1, isLastAttempt: true, log: t.deps.logger },
    );
    await vi.waitFor(async () => expect(await cached(product.id)).toEqual(ON_SALE), { timeout: 10_000 });
  });
});

describe('the demo shop', () => {
  it('has products on sale, each below its price', () => {
    const onSale = DEMO_PRODUCTS.filter((product) => product.sale);
    expect(onSale.length).toBeGreaterThanOrEqual(1);
    for (const product of onSale) expect(product.sale!.priceKobo).toBeLessThan(product.priceKobo);
  });
});
