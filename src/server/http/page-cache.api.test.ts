import { randomUUID } from 'node:crypto';
import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../../tests/factories/accounts';
import { createProduct, type TestProduct } from '../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { createApp } from '../app';
import { type AppEnv, systemActor } from '../context';
import { changeVariantStock } from '../features/inventory/change-stock';
import { updateStoreSettings } from '../features/settings/settings';
import { announce } from '../platform/db/announce';
import { FRESH_UNTIL_HEADER, SERVER_TIME_HEADER } from '../platform/http/cache-headers';
import { createPageCache, type PageCache, PUBLIC_PAGE_HEADER } from '../platform/http/page-cache';
import { everyAnswerHeaders } from './security-headers';

/**
 * The page cache in front of a stand-in renderer that reads the same API as the real one
 * (the product and the session, in-process, with the visitor's cookie) and marks its page shared
 * for anonymous visitors as entry-server.tsx does. The real renderer needs a build; this one
 * counts its renders.
 */
let t: TestApp;
let cache: PageCache;
let app: ReturnType<typeof createApp>;
let renders = 0;
let product: TestProduct;

/** A page whose render waits for the test to let it finish: a render under way. */
let held: { productId: string; release: Promise<void> } | null = null;

const renderer: MiddlewareHandler<AppEnv> = async (c) => {
  renders += 1;
  if (held && c.req.path.endsWith(held.productId)) await held.release;
  const call = (path: string) =>
    c
      .get('deps')
      .inProcess.request(
        new Request(new URL(path, 'http://localhost:3000'), {
          headers: { cookie: c.req.header('cookie') ?? '' },
        }),
        { renderScope: {} },
      )
      .then((response) => response.json());
  const id = c.req.path.split('/').pop()!;
  const [body, session] = await Promise.all([call(`/api/products/${id}`), call('/api/auth/session')]);
  const detail = (body as { product?: { name: string; priceKobo: number; stock: number } }).product;
  // Marked shared even so: the cache must keep only successful pages.
  if (!detail) return new Response('Not found', { status: 404, headers: { [PUBLIC_PAGE_HEADER]: '1' } });
  const user = (session as { user: { email: string } | null }).user;
  const html = `<!DOCTYPE html><h1>${detail.name}</h1><p>${detail.priceKobo} kobo, ${detail.stock} left</p>${
    user ? `<p>Signed in as ${user.email}</p>` : '<p>Sign in</p>'
  }${'<!-- padding -->'.repeat(200)}`;
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-cache',
      // As web.ts does: a page carries the policy of its own rendering's nonce.
      'content-security-policy': `script-src 'nonce-render${renders}'`,
      ...(user ? {} : { [PUBLIC_PAGE_HEADER]: '1' }),
    },
  });
};

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false, caches: true });
  cache = t.deps.pageCache!;
  await cache.ready;
  app = createApp(t.deps, {
    web: { assets: async (_c, next) => next(), pages: cache.wrap(renderer) },
  });
  product = await createProduct(t, {
    name: 'Eko Tee',
    priceKobo: 1_500_000,
    variants: [{ size: 'M', stock: 7 }],
  });
});
afterAll(async () => {
  t.deps.events.close();
  await t.close();
});

const page = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost:3000${path}`, { headers });

/** Waits until the cache has heard the change just committed (NOTIFY arrives after the commit). */
async function heard(clearsBefore: number) {
  await vi.waitFor(() => expect(cache.stats.clears).toBeGreaterThan(clearsBefore), { timeout: 2_000 });
}

describe('the page cache for anonymous visitors', () => {
  it('renders an anonymous page once and serves it from memory, compressed as the visitor accepts', async () => {
    const before = renders;
    const first = await page(`/product/${product.id}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<h1>Eko Tee</h1>');
    expect(first.headers.has(PUBLIC_PAGE_HEADER)).toBe(false);

    const gzipped = await page(`/product/${product.id}`, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toContain('<h1>Eko Tee</h1>');
    const brotli = await page(`/product/${product.id}`, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(renders - before).toBe(1);

    const etag = brotli.headers.get('etag')!;
    const again = await page(`/product/${product.id}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('shows a product change at once: the announcement from its transaction clears the page', async () => {
    await page(`/product/${product.id}`);
    const clears = cache.stats.clears;
    await t.database.transaction(async (sql) => {
      await sql.query(`UPDATE products SET name = 'Eko Tee II', price_kobo = 1800000 WHERE id = $1`, [
        product.id,
      ]);
      await announce(sql, { table: 'products', id: product.id, userId: null, action: 'updated' });
    });
    await heard(clears);
    const html = await (await page(`/product/${product.id}`)).text();
    expect(html).toContain('<h1>Eko Tee II</h1>');
    expect(html).toContain('1800000 kobo');
  });

  it('shows a stock change at once, made through the inventory domain function', async () => {
    expect(await (await page(`/product/${product.id}`)).text()).toContain('7 left');
    const clears = cache.stats.clears;
    const [admin] = await t.database.sql.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, role, email_verified)
       VALUES ('stock-admin@example.ng', 'Ada', 'Obi', 'admin', true) RETURNING id`,
    );
    await t.database.transaction((sql) =>
      changeVariantStock(
        sql,
        { kind: 'user', id: admin!.id, email: 'stock-admin@example.ng', role: 'admin' },
        { variantId: product.variants[0]!.id, reason: 'restock', to: 3 },
      ),
    );
    await heard(clears);
    expect(await (await page(`/product/${product.id}`)).text()).toContain('3 left');
  });

  it('does not keep a rendering that was under way when a change was heard', async () => {
    const clears = cache.stats.clears;
    const [pending] = await Promise.all([
      page(`/product/${product.id}`),
      t.database.transaction(async (sql) => {
        await sql.query(`UPDATE products SET name = 'Eko Tee III' WHERE id = $1`, [product.id]);
        await announce(sql, { table: 'products', id: product.id, userId: null, action: 'updated' });
      }),
    ]);
    await pending.text();
    await heard(clears);
    expect(await (await page(`/product/${product.id}`)).text()).toContain('<h1>Eko Tee III</h1>');
  });

  it('ignores changes no anonymous page shows (orders, payments, profiles)', async () => {
    await page(`/product/${product.id}`);
    const before = renders;
    const clears = cache.stats.clears;
    await t.database.transaction((sql) =>
      announce(sql, { table: 'orders', id: product.id, userId: null, action: 'created' }),
    );
    // A shop-wide change after it proves the order's announcement was heard first and ignored.
    await t.database.transaction((sql) =>
      announce(sql, { table: 'site_notifications', id: product.id, userId: null, action: 'updated' }),
    );
    await heard(clears);
    expect(cache.stats.clears).toBe(clears + 1);
    await page(`/product/${product.id}`);
    expect(renders - before).toBe(1);
  });

  it('never caches or serves the cache to a signed-in visitor', async () => {
    const { user, cookie } = await createSignedInUser(t);
    await page(`/product/${product.id}`);
    const before = renders;
    const signedIn = await (await page(`/product/${product.id}`, { cookie })).text();
    expect(signedIn).toContain(`Signed in as ${user.email}`);
    const again = await (await page(`/product/${product.id}`, { cookie })).text();
    expect(again).toContain(`Signed in as ${user.email}`);
    expect(renders - before).toBe(2);
    // And what they were shown never reaches anonymous visitors.
    const anonymous = await (await page(`/product/${product.id}`)).text();
    expect(anonymous).toContain('Sign in');
    expect(anonymous).not.toContain(user.email);
    expect(renders - before).toBe(2);
  });

  it('renders pages the renderer does not mark shared for every request', async () => {
    const before = renders;
    await page('/product/00000000-0000-4000-8000-000000000000');
    await page('/product/00000000-0000-4000-8000-000000000000');
    expect(renders - before).toBe(2);
  });
});

describe('kept pages answered ahead of the app, on Node itself (main.ts)', () => {
  it('answers a kept page as the app would, and leaves everything else to the app', async () => {
    const toApp = getRequestListener(app.fetch);
    const every = Object.entries(everyAnswerHeaders({ https: false })).flat();
    const ahead: number[] = [];
    const server = createServer((req, res) => {
      const sent = cache.serveNode(req, res, every);
      if (sent) ahead.push(sent.status);
      else void toApp(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A product of its own: its page has no earlier form, made in other encodings, to take after.
    const shown = await createProduct(t, { name: 'Ahead Tee', variants: [{ size: 'S', stock: 2 }] });
    const path = `/product/${shown.id}`;
    const get = (headers: Record<string, string> = {}, at = path, method = 'GET') =>
      fetch(`${base}${at}`, { method, headers });
    /** A GET of an address exactly as written (fetch would write it in its normal form). */
    const rawGet = (at: string) =>
      new Promise<{ status: number }>((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        const request = httpGet({ host: '127.0.0.1', port, path: at }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        });
        request.on('error', reject);
      });
    /** What an answer says, but for what differs from one answer to the next. */
    const said = async (response: Response) => ({
      status: response.status,
      headers: Object.fromEntries(
        [...response.headers].filter(
          ([name]) =>
            !['x-request-id', 'date', 'connection', 'keep-alive', SERVER_TIME_HEADER].includes(name),
        ),
      ),
      // fetch decodes what the header says the body is in.
      body: await response.text(),
    });
    /** A change to the product, heard: its page is no longer kept. */
    const changeProduct = async () => {
      const clears = cache.stats.clears;
      await t.database.transaction((sql) =>
        announce(sql, { table: 'products', id: shown.id, userId: null, action: 'updated' }),
      );
      await heard(clears);
    };
    try {
      await changeProduct();
      const before = renders;
      // The app renders and keeps the page, then makes its gzip form for the first who asks.
      const rendered = await said(await get({ 'accept-encoding': 'gzip' }));
      expect(ahead).toEqual([]);
      expect(rendered.body).toContain('<h1>Ahead Tee</h1>');

      const kept = await get({ 'accept-encoding': 'gzip', 'x-request-id': 'drop-day-1' });
      expect(ahead).toEqual([200]);
      expect(kept.headers.get('x-request-id')).toBe('drop-day-1');
      expect(kept.headers.get(SERVER_TIME_HEADER)).toBeTruthy();
      expect(await said(kept)).toEqual(rendered);
      expect(rendered.headers['content-security-policy']).toBe(`script-src 'nonce-render${before + 1}'`);
      expect(renders - before).toBe(1);

      // Not modified, from the same ETag.
      const etag = rendered.headers.etag!;
      const unchanged = await get({ 'if-none-match': etag });
      expect(unchanged.status).toBe(304);
      expect(ahead).toEqual([200, 304]);

      // Left to the app: an encoding not made yet (the app makes it), a signed-in visitor, a HEAD,
      // an address not in the form the app keeps it under, an API read.
      const { cookie } = await createSignedInUser(t);
      const leftToTheApp = [
        await get({ 'accept-encoding': 'br' }),
        await get({ cookie }),
        await get({}, path, 'HEAD'),
        await rawGet(`${path}?`),
        await get({}, `/api/products/${shown.id}`),
      ];
      expect(leftToTheApp.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      expect(ahead).toEqual([200, 304]);
      // The Brotli form the app made is answered ahead of it from then on.
      expect((await get({ 'accept-encoding': 'br' })).headers.get('content-encoding')).toBe('br');
      expect(ahead).toEqual([200, 304, 200]);

      // A change clears the page: the next visitor goes to the app, which renders it again.
      await changeProduct();
      const rendersBefore = renders;
      expect((await get({ 'accept-encoding': 'gzip' })).status).toBe(200);
      expect(ahead).toEqual([200, 304, 200]);
      expect(renders - rendersBefore).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the catalogue JSON for anonymous visitors', () => {
  const json = async (path: string, headers: Record<string, string> = {}) => {
    const response = await page(path, headers);
    return { response, body: (await response.json()) as { product: { name: string; stock: number } } };
  };

  it('answers a repeated anonymous read from memory and shows a change at once', async () => {
    await json(`/api/products/${product.id}`);
    const hits = cache.stats.hits;
    const response = await page(`/api/products/${product.id}`, { 'accept-encoding': 'gzip' });
    expect(cache.stats.hits).toBe(hits + 1);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString());
    expect(body.product.name).toBe('Eko Tee III');

    const clears = cache.stats.clears;
    await t.database.transaction(async (sql) => {
      await sql.query(`UPDATE products SET name = 'Eko Tee IV' WHERE id = $1`, [product.id]);
      await announce(sql, { table: 'products', id: product.id, userId: null, action: 'updated' });
    });
    await heard(clears);
    expect((await json(`/api/products/${product.id}`)).body.product.name).toBe('Eko Tee IV');
  });

  it("a change to one product clears its own reads and the listings, not another product's", async () => {
    const other = await createProduct(t, { name: 'Yaba Cap', variants: [{ size: 'M', stock: 4 }] });
    const reads = [`/api/products/${product.id}`, `/api/products/${other.id}`, '/api/products?limit=20'];
    for (const path of reads) await json(path);
    const hits = cache.stats.hits;
    for (const path of reads) await json(path);
    expect(cache.stats.hits).toBe(hits + 3);

    const clears = cache.stats.clears;
    await t.database.transaction(async (sql) => {
      await sql.query('UPDATE product_variants SET stock_quantity = 2 WHERE id = $1', [
        product.variants[0]!.id,
      ]);
      await announce(sql, {
        table: 'product_variants',
        id: product.variants[0]!.id,
        userId: null,
        action: 'adjusted',
        productId: product.id,
      });
    });
    await heard(clears);
    const before = { ...cache.stats };
    expect((await json(`/api/products/${product.id}`)).body.product.stock).toBe(2);
    await json('/api/products?limit=20');
    expect(cache.stats.misses).toBe(before.misses + 2);
    await json(`/api/products/${other.id}`);
    expect(cache.stats.hits).toBe(before.hits + 1);
  });

  it('keeps signed-in reads out of the cache', async () => {
    const { cookie } = await createSignedInUser(t);
    const before = { ...cache.stats };
    const { response, body } = await json(`/api/products/${product.id}`, { cookie });
    expect(response.status).toBe(200);
    expect(body.product.name).toBe('Eko Tee IV');
    expect(response.headers.has(PUBLIC_PAGE_HEADER)).toBe(false);
    expect(cache.stats.hits).toBe(before.hits);
    expect(cache.stats.misses).toBe(before.misses);
  });

  it('does not keep errors', async () => {
    const missing = '/api/products/00000000-0000-4000-8000-000000000000';
    expect((await page(missing)).status).toBe(404);
    const hits = cache.stats.hits;
    expect((await page(missing)).status).toBe(404);
    expect(cache.stats.hits).toBe(hits);
  });

  it("keeps a drop's 'Coming soon' no longer than its release time, which nothing announces", async () => {
    type Read = { product: { releaseAt: string | null }; now: string };
    const read = async (path: string) => {
      const response = await page(path);
      return { response, body: (await response.json()) as Read };
    };
    const drop = await createProduct(t, { name: 'Drop Tee', variants: [{ size: 'M', stock: 5 }] });
    await t.database.sql.query(
      `UPDATE products SET release_at = now() + interval '1500 milliseconds' WHERE id = $1`,
      [drop.id],
    );
    const before = await read(`/api/products/${drop.id}`);
    const releaseAt = Date.parse(before.body.product.releaseAt!);
    expect(releaseAt).toBeGreaterThan(Date.parse(before.body.now));
    expect(before.response.headers.has(FRESH_UNTIL_HEADER)).toBe(false);
    const hits = cache.stats.hits;
    const kept = await read(`/api/products/${drop.id}`);
    expect(cache.stats.hits).toBe(hits + 1);
    // The kept body's clock is as old as the body; the header is the server's clock now.
    expect(Date.parse(kept.response.headers.get(SERVER_TIME_HEADER)!)).toBeGreaterThanOrEqual(
      Date.parse(kept.body.now),
    );
    await page('/api/products?limit=48');

    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(releaseAt + 50), {
      timeout: 3_000,
      interval: 50,
    });
    const after = await read(`/api/products/${drop.id}`);
    expect(Date.parse(after.body.now)).toBeGreaterThanOrEqual(releaseAt);
    // The listings that showed it are read again too.
    const listed = (await (await page('/api/products?limit=48')).json()) as { now: string };
    expect(Date.parse(listed.now)).toBeGreaterThanOrEqual(releaseAt);
  });

  it("keeps another product's page rendered while one product changes", async () => {
    const slow = await createProduct(t, { name: 'Slow Tee', variants: [{ size: 'M', stock: 3 }] });
    const selling = await createProduct(t, { name: 'Selling Tee', variants: [{ size: 'M', stock: 9 }] });
    let release = () => {};
    held = { productId: slow.id, release: new Promise<void>((resolve) => (release = resolve)) };
    const rendering = page(`/product/${slow.id}`);
    const clears = cache.stats.clears;
    await t.database.transaction(async (sql) => {
      await sql.query('UPDATE product_variants SET stock_quantity = 8 WHERE id = $1', [
        selling.variants[0]!.id,
      ]);
      await announce(sql, {
        table: 'product_variants',
        id: selling.variants[0]!.id,
        userId: null,
        action: 'adjusted',
        productId: selling.id,
      });
    });
    await heard(clears);
    release();
    held = null;
    expect(await (await rendering).text()).toContain('Slow Tee');
    const hits = cache.stats.hits;
    await page(`/product/${slow.id}`);
    expect(cache.stats.hits).toBe(hits + 1);
  });

  it("keeps the store's identity for the footer until Settings → Store changes it", async () => {
    const read = async () => {
      const response = await page('/api/store');
      return ((await response.json()) as { store: { name: string } }).store;
    };
    const before = await read();
    const hits = cache.stats.hits;
    await read();
    expect(cache.stats.hits).toBe(hits + 1);
    const clears = cache.stats.clears;
    await updateStoreSettings(t.deps, systemActor('script'), {
      name: 'Eko Street',
      supportEmail: 'help@ekostreet.ng',
      supportPhone: '',
    });
    await heard(clears);
    expect(before.name).not.toBe('Eko Street');
    expect((await read()).name).toBe('Eko Street');
  });
});

describe('a page rendered again after a change, while visitors keep coming', () => {
  it('answers the page as it was until a newer one is kept, never an older one, and never for the JSON', async () => {
    // A cache of its own whose old pages stay answerable for a minute, so that no step races a
    // clock; in front of a renderer that shows a version number and can be held mid-render.
    const own = createPageCache(t.deps.events, { staleMs: 60_000, maxAgeMs: 60_000 });
    await own.ready;
    let version = 1;
    let rendered = 0;
    let gate: Promise<void> | null = null;
    let gone = false;
    const render: MiddlewareHandler = async () => {
      rendered += 1;
      const shown = version;
      const down = gone;
      if (gate) await gate;
      if (down) return new Response('Not found', { status: 404 });
      return new Response(`<p>version ${shown}</p>${'<!-- padding -->'.repeat(100)}`, {
        headers: { 'content-type': 'text/html; charset=utf-8', [PUBLIC_PAGE_HEADER]: '1' },
      });
    };
    const hono = new Hono();
    hono.get('/api/look', own.shared(), async (c) => {
      const shown = version;
      if (gate) await gate;
      return c.json({ version: shown });
    });
    hono.get('*', own.wrap(render));
    const toApp = getRequestListener(hono.fetch);
    const ahead: number[] = [];
    const server = createServer((req, res) => {
      const sent = own.serveNode(req, res, []);
      if (sent) ahead.push(sent.status);
      else void toApp(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string, encoding = 'gzip') =>
      (await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } })).text();
    /** A sale: the change announced from its transaction, and heard. */
    const sale = async () => {
      version += 1;
      const clears = own.stats.clears;
      await t.database.transaction((sql) =>
        announce(sql, {
          table: 'product_variants',
          id: randomUUID(),
          userId: null,
          action: 'adjusted',
          productId: randomUUID(),
        }),
      );
      await vi.waitFor(() => expect(own.stats.clears).toBeGreaterThan(clears), { timeout: 2_000 });
    };
    let releaseHeld = () => {};
    const hold = () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      releaseHeld = () => {
        gate = null;
        release();
      };
      return releaseHeld;
    };
    /**
     * A read that renders again (held), and one that comes while it is on its way and waits for
     * it rather than being answered the page as it was: both texts, once released.
     */
    const renderingWithOneWaiting = async (path: string): Promise<[Promise<string>, Promise<string>]> => {
      const release = hold();
      const misses = own.stats.misses;
      const first = get(path);
      await vi.waitFor(() => expect(own.stats.misses).toBe(misses + 1));
      const second = get(path);
      await vi.waitFor(() => expect(own.stats.misses).toBe(misses + 2));
      release();
      return [first, second];
    };
    try {
      expect(await get('/look')).toContain('version 1');
      expect(await get('/look')).toContain('version 1');
      expect(ahead).toEqual([200]);

      await sale();
      const release = hold();
      // The first visitor after the sale renders the page again, and waits for it.
      const first = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(2));
      // Those who come meanwhile are answered the page as it was: ahead of the app in an encoding
      // it was made in, by the app in another.
      expect(await get('/look')).toContain('version 1');
      expect(ahead).toEqual([200, 200]);
      expect(await get('/look', 'br')).toContain('version 1');
      expect(own.stats.stale).toBe(2);
      expect(rendered).toBe(2);
      release();
      expect(await first).toContain('version 2');
      // Once kept, the new page only, in every encoding, from memory.
      expect(await get('/look')).toContain('version 2');
      expect(await get('/look', 'br')).toContain('version 2');
      expect(await get('/look', 'identity')).toContain('version 2');
      expect(ahead).toEqual([200, 200, 200, 200, 200]);
      expect(own.stats.stale).toBe(2);
      expect(rendered).toBe(2);

      // A rendering overtaken by another change is its own visitors' answer, and the page as it was
      // for those who come during the next rendering.
      await sale();
      const releaseOvertaken = hold();
      const overtaken = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(3));
      await sale();
      releaseOvertaken();
      expect(await overtaken).toContain('version 3');
      const releaseNext = hold();
      const next = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(4));
      expect(await get('/look')).toContain('version 3');
      expect(await get('/look', 'br')).toContain('version 3');
      expect(ahead).toHaveLength(7);
      expect(own.stats.stale).toBe(4);
      releaseNext();
      expect(await next).toContain('version 4');
      expect(await get('/look')).toContain('version 4');

      // A slow rendering that ends after a newer one never takes its place as the page as it was.
      await sale();
      const releaseSlow = hold();
      const slow = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(5));
      await sale();
      const releaseNewer = hold();
      const newer = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(6));
      await sale();
      releaseNewer();
      expect(await newer).toContain('version 6');
      releaseSlow();
      expect(await slow).toContain('version 5');
      const releaseLatest = hold();
      const latest = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(7));
      expect(await get('/look')).toContain('version 6');
      expect(own.stats.stale).toBe(5);
      releaseLatest();
      expect(await latest).toContain('version 7');

      // After changes may have been missed (a gap in the feed), nothing rendered before it is.
      await sale();
      const releaseBeforeGap = hold();
      const beforeGap = get('/look');
      await vi.waitFor(() => expect(rendered).toBe(8));
      own.clear();
      releaseBeforeGap();
      expect(await beforeGap).toContain('version 8');
      let [opening, meanwhile] = await renderingWithOneWaiting('/look');
      expect(await Promise.all([opening, meanwhile])).toEqual([
        expect.stringContaining('version 8'),
        expect.stringContaining('version 8'),
      ]);
      expect(own.stats.stale).toBe(5);

      // The JSON an open page reads again when told of a change is never the old one: the second
      // read waits for the first one's reading.
      expect(await get('/api/look')).toBe('{"version":8}');
      await sale();
      [opening, meanwhile] = await renderingWithOneWaiting('/api/look');
      expect(await Promise.all([opening, meanwhile])).toEqual(['{"version":9}', '{"version":9}']);
      expect(own.stats.stale).toBe(5);

      // A page that is no longer kept for everyone (the product taken down) has no old form either,
      // even from a rendering that started before it was taken down and ends after.
      expect(await get('/look')).toContain('version 9');
      await sale();
      const releaseBeforeDown = hold();
      const beforeDown = get('/look');
      const renderedBefore = rendered;
      await vi.waitFor(() => expect(rendered).toBe(renderedBefore + 1));
      gone = true;
      await sale();
      const releaseDown = hold();
      const takenDown = fetch(`${base}/look`);
      await vi.waitFor(() => expect(rendered).toBe(renderedBefore + 2));
      releaseDown();
      expect((await takenDown).status).toBe(404);
      releaseBeforeDown();
      expect(await beforeDown).toContain('version 10');
      [opening, meanwhile] = await renderingWithOneWaiting('/look');
      expect(await Promise.all([opening, meanwhile])).toEqual(['Not found', 'Not found']);
      expect(own.stats.stale).toBe(5);
    } finally {
      releaseHeld();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
