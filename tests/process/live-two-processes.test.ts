import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import { migrate } from '../../src/server/platform/db/migrate';
import { changeMessages, readSse } from '../setup/live-stream';
import { adminUrl, databaseUrl } from '../setup/postgres';
import { type ShopProcess, startShop } from './support/shop-process';

/**
 * Two server processes of the built shop on one PostgreSQL database, as behind a load balancer:
 * a change made through one reaches a page connected to the other, within a second.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `shop_live_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const PASSWORD = 'Passw0rd!';

let a: ShopProcess;
let b: ShopProcess;

beforeAll(async () => {
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(serverUrl), maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  // Migrated once up front, so the two processes do not race to create the schema.
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(serverUrl, name),
    maxConnections: 1,
  });
  await migrate(database);
  await database.close();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl(serverUrl, name),
    PAYMENT_SIMULATOR: 'allow',
    // Each test shopper names its own address in X-Forwarded-For, as a proxy on this machine would.
    TRUSTED_PROXIES: '127.0.0.1,::1',
  };
  [a, b] = await Promise.all([startShop(env), startShop(env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(serverUrl), maxConnections: 1 });
  await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
});

const base = (shop: ShopProcess) => `http://127.0.0.1:${shop.port}`;

async function post(shop: ShopProcess, path: string, body: unknown, cookie?: string) {
  return fetch(`${base(shop)}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base(shop),
      'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A confirmed shopper signed in on `shop`: registration, the confirmation token from the database, sign-in. */
async function shopper(shop: ShopProcess): Promise<string> {
  const email = `live-${randomUUID().slice(0, 8)}@example.test`;
  const registered = await post(shop, '/api/auth/register', {
    firstName: 'Ada',
    lastName: 'Obi',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(serverUrl, name),
    maxConnections: 1,
  });
  try {
    const [mail] = await database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const token = /token_hash=([^&\s]+)/.exec(mail?.text_body ?? '')?.[1];
    const confirmed = await post(shop, '/api/auth/confirm', { token_hash: token, type: 'signup' });
    expect(confirmed.status).toBe(200);
    // Confirming signs nobody in (whoever opens the link); the shopper then signs in.
    const signedIn = await post(shop, '/api/auth/sign-in', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.includes('session_token='));
    if (!cookie) throw new Error('no session after signing in');
    return cookie;
  } finally {
    await database.close();
  }
}

describe('live updates across processes', () => {
  it('a change made through process A reaches a subscriber on process B within a second', async () => {
    const cookie = await shopper(a);
    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(serverUrl, name),
      maxConnections: 1,
    });
    try {
      // A product in stock, and the shopper's cart on process A.
      const [category] = await database.sql.query<{ id: string }>(
        `INSERT INTO categories (name, slug) VALUES ('T-Shirts', 'tshirts') RETURNING id`,
      );
      const [product] = await database.sql.query<{ id: string }>(
        `INSERT INTO products (name, price_kobo, category_id, gender) VALUES ('Lagos Tee', 1500000, $1, 'men') RETURNING id`,
        [category!.id],
      );
      const [variant] = await database.sql.query<{ id: string }>(
        `INSERT INTO product_variants (product_id, size, stock_quantity, sku) VALUES ($1, 'M', 5, 'LT-M') RETURNING id`,
        [product!.id],
      );
      const added = await post(
        a,
        '/api/cart/items',
        { productId: product!.id, variantId: variant!.id, gender: 'men', quantity: 1 },
        cookie,
      );
      expect(added.status).toBe(200);

      // The shopper's page is connected to process B.
      const abort = new AbortController();
      const response = await fetch(`${base(b)}/api/live?topics=my-orders,product:${product!.id}`, {
        headers: { cookie },
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      const stream = readSse(response, () => abort.abort());
      await stream.next((event) => event.event === 'ready');

      // The order is placed through process A.
      const placedAt = Date.now();
      const placed = await post(
        a,
        '/api/orders',
        {
          fullName: 'Ada Obi',
          email: 'ada@example.test',
          phone: '08031234567',
          address: '12 Admiralty Way, Lekki',
          city: 'Lagos',
          state: 'Lagos',
          sameAsShipping: true,
          shippingMethodCode: 'standard',
        },
        cookie,
      );
      expect(placed.status).toBe(201);
      const { orderId } = (await placed.json()) as { orderId: string };
      const heard = await stream.next(
        (event) => event.event === 'change' && event.data.includes(orderId),
        2_000,
      );
      expect(heard.at - placedAt).toBeLessThan(1_000);
      await stream.next((event) => event.event === 'change' && event.data.includes(variant!.id), 2_000);
      const changes = changeMessages(stream.events).flatMap((message) => message.changes);
      expect(changes).toEqual(
        expect.arrayContaining([
          { topic: 'my-orders', table: 'orders', id: orderId, action: 'created' },
          { topic: `product:${product!.id}`, table: 'product_variants', id: variant!.id, action: 'reserved' },
        ]),
      );
      await stream.close();
    } finally {
      await database.close();
    }
  });

  it('closes its streams on SIGTERM and still exits cleanly', async () => {
    const cookie = await shopper(b);
    const response = await fetch(`${base(b)}/api/live?topics=my-orders`, { headers: { cookie } });
    const stream = readSse(response);
    await stream.next((event) => event.event === 'ready');
    const stopping = Date.now();
    const code = await b.stop();
    await stream.ended;
    expect(code).toBe(0);
    // Open streams do not hold the shutdown up.
    expect(Date.now() - stopping).toBeLessThan(3_000);
  });
});
