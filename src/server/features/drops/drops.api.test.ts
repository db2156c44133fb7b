import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '#shared/dates';
import { productDetailResponseSchema, productListResponseSchema } from '#shared/schemas/catalog';
import { createSignedInUser, createUser } from '../../../../tests/factories/accounts';
import { createProduct, type TestProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder, variantStock } from '../../../../tests/factories/orders';
import { readSse } from '../../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { systemActor } from '../../context';
import { cancelOrder } from '../orders/cancel-order';
import { checkDropLimits, lockDropAllowances, orderedUnits } from './drop-rules';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function setDrop(productId: string, body: unknown, cookie = admin) {
  return t.request(`/api/admin/products/${productId}/drop`, { method: 'PUT', cookie, json: body });
}

async function drop(input: { releaseAt?: string | null; limit?: number | null; stock?: number } = {}) {
  const product = await createProduct(t, {
    priceKobo: 2_000_000,
    variants: [
      { size: 'M', color: 'Black', stock: input.stock ?? 100 },
      { size: 'L', color: 'Black', stock: input.stock ?? 100 },
    ],
  });
  const response = await setDrop(product.id, {
    releaseAt: input.releaseAt ?? null,
    limitPerCustomer: input.limit ?? null,
  });
  expect(response.status).toBe(200);
  return product;
}

/** Puts a line straight into the account's cart, as a client that skips the cart's checks would. */
async function forceCartLine(userId: string, product: TestProduct, quantity: number, variantIndex = 0) {
  await t.database.sql.query(
    `WITH cart AS (
       INSERT INTO carts (user_id) VALUES ($1)
       ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id)
     INSERT INTO cart_items (cart_id, product_id, variant_id, gender, quantity)
     SELECT id, $2, $3, 'men', $4 FROM cart
     ON CONFLICT (cart_id, variant_id, gender) DO UPDATE SET quantity = EXCLUDED.quantity`,
    [userId, product.id, product.variants[variantIndex]!.id, quantity],
  );
}

/** Units of the product in the account's orders that are not cancelled. */
async function unitsOrdered(userId: string, productId: string): Promise<number> {
  const [row] = await t.database.sql.query<{ units: number }>(
    `SELECT coalesce(sum(oi.quantity), 0)::integer AS units
       FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.user_id = $1 AND oi.product_id = $2 AND o.status <> 'cancelled'`,
    [userId, productId],
  );
  return Number(row!.units);
}

const cartItem = (product: TestProduct, quantity = 1, variantIndex = 0) => ({
  productId: product.id,
  variantId: product.variants[variantIndex]!.id,
  gender: 'men' as const,
  quantity,
});

describe('PUT /api/admin/products/:id/drop', () => {
  it('sets and clears the release time and the limit, audited, and shows them on the product', async () => {
    const product = await createProduct(t);
    const releaseAt = '2030-05-01T17:00:00.000Z';
    const response = await setDrop(product.id, {
      releaseAt: '2030-05-01T18:00:00+01:00',
      limitPerCustomer: 2,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ drop: { productId: product.id, releaseAt, limitPerCustomer: 2 } });

    const page = productDetailResponseSchema.parse((await t.request(`/api/products/${product.id}`)).body);
    expect(page.product).toMatchObject({ releaseAt, limitPerCustomer: 2 });
    expect(Math.abs(Date.parse(page.now) - Date.now())).toBeLessThan(5_000);

    const [audit] = await t.database.sql.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity_type = 'product' AND entity_id = $1`,
      [product.id],
    );
    expect(audit).toEqual({
      action: 'drop_updated',
      before: { releaseAt: null, limitPerCustomer: null },
      after: { releaseAt, limitPerCustomer: 2 },
    });

    const cleared = await setDrop(product.id, { releaseAt: null, limitPerCustomer: null });
    expect(cleared.body).toEqual({
      drop: { productId: product.id, releaseAt: null, limitPerCustomer: null },
    });
    const after = productDetailResponseSchema.parse((await t.request(`/api/products/${product.id}`)).body);
    expect(after.product).toMatchObject({ releaseAt: null, limitPerCustomer: null });
  });

  it('refuses invalid values with a message for each field, and unknown products with 404', async () => {
    const product = await createProduct(t);
    const bad = await setDrop(product.id, { releaseAt: 'next friday', limitPerCustomer: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: {
        fields: {
          releaseAt: 'Please enter a valid release date and time',
          limitPerCustomer: 'Limit per customer must be at least 1',
        },
      },
    });
    const fraction = await setDrop(product.id, { releaseAt: null, limitPerCustomer: 1.5 });
    expect(fraction.body).toMatchObject({
      error: { fields: { limitPerCustomer: 'Limit per customer must be a whole number' } },
    });
    const missing = await setDrop('0b7c4c3e-4f57-4a51-8a8e-1b1f2f0e9a11', {
      releaseAt: null,
      limitPerCustomer: null,
    });
    expect(missing.status).toBe(404);
    expect((await setDrop('nope', { releaseAt: null, limitPerCustomer: null })).status).toBe(404);
    // Nothing changed on the product.
    const [row] = await t.database.sql.query<{ release_at: Date | null; limit_per_customer: number | null }>(
      'SELECT release_at, limit_per_customer FROM products WHERE id = $1',
      [product.id],
    );
    expect(row).toEqual({ release_at: null, limit_per_customer: null });
  });

  it("is heard at once by a shopper's page following the product", async () => {
    const product = await createProduct(t);
    const response = await t.app.request(`http://localhost:3000/api/live?topics=product:${product.id}`, {
      headers: { accept: 'text/event-stream' },
    });
    const stream = readSse(response);
    try {
      await stream.next((event) => event.event === 'ready');
      await setDrop(product.id, { releaseAt: inMinutes(30), limitPerCustomer: null });
      const change = await stream.next(
        (event) => event.event === 'change' && event.data.includes(product.id),
      );
      expect(JSON.parse(change.data)).toMatchObject({
        topics: [`product:${product.id}`],
        changes: [{ table: 'products', id: product.id, action: 'drop_updated' }],
      });
    } finally {
      await stream.close();
    }
  });

  it('is for admins only', async () => {
    const product = await createProduct(t);
    const { cookie } = await createSignedInUser(t);
    const body = { releaseAt: null, limitPerCustomer: 5 };
    expect(
      (await t.request(`/api/admin/products/${product.id}/drop`, { method: 'PUT', json: body })).status,
    ).toBe(401);
    expect((await setDrop(product.id, body, cookie)).status).toBe(403);
  });
});

describe('before the release time', () => {
  it('lists the drop as upcoming, the next first', async () => {
    const later = await drop({ releaseAt: inMinutes(600) });
    const sooner = await drop({ releaseAt: inMinutes(300) });
    const past = await drop({ releaseAt: inMinutes(-5) });
    const list = productListResponseSchema.parse((await t.request('/api/products?upcoming=true')).body);
    const ids = list.products.map((product) => product.id);
    expect(ids.filter((id) => [later.id, sooner.id, past.id].includes(id))).toEqual([sooner.id, later.id]);
    const times = list.products.map((product) => Date.parse(product.releaseAt!));
    expect(times.every((time) => time > Date.now())).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Still listed with the rest of the shop, with its release time.
    const all = productListResponseSchema.parse((await t.request('/api/products?limit=100')).body);
    expect(all.products.find((product) => product.id === sooner.id)?.releaseAt).toBe(
      list.products.find((product) => product.id === sooner.id)!.releaseAt,
    );
  });

  it('refuses to add it to a cart, however asked', async () => {
    const product = await drop({ releaseAt: inMinutes(60) });
    const { user, cookie } = await createSignedInUser(t);
    const add = await t.request('/api/cart/items', { method: 'POST', cookie, json: cartItem(product) });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({
      error: {
        code: 'coming_soon',
        message: expect.stringMatching(/is not out yet\. It drops .+ \(Lagos time\)/),
      },
    });

    // A guest cart priced by the server says so and cannot check out.
    const quote = await t.request('/api/cart/quote', {
      method: 'POST',
      json: { items: [cartItem(product)] },
    });
    expect(quote.body).toMatchObject({ canCheckout: false, items: [{ status: 'coming_soon' }] });

    // Merged at sign-in, it is left out with a notice.
    const merge = await t.request('/api/cart/merge', {
      method: 'POST',
      cookie,
      json: { items: [cartItem(product)] },
    });
    expect(merge.body).toMatchObject({ items: [], notices: [expect.stringContaining('is not out yet')] });

    // A line that got in anyway cannot be raised.
    await forceCartLine(user.id, product, 1);
    const [line] = await t.database.sql.query<{ id: string }>(
      'SELECT ci.id FROM cart_items ci JOIN carts c ON c.id = ci.cart_id WHERE c.user_id = $1',
      [user.id],
    );
    const raise = await t.request(`/api/cart/items/${line!.id}`, {
      method: 'PATCH',
      cookie,
      json: { quantity: 2 },
    });
    expect(raise.status).toBe(409);
    expect((await t.request('/api/cart', { cookie })).body).toMatchObject({
      canCheckout: false,
      items: [{ status: 'coming_soon' }],
    });
  });

  it('refuses an order with it, and sells it once the time has come', async () => {
    const releaseAt = inMinutes(60);
    const product = await drop({ releaseAt, stock: 5 });
    const { user, cookie } = await createSignedInUser(t);
    await forceCartLine(user.id, product, 1);
    const early = await placeOrder(t, cookie);
    expect(early.status).toBe(409);
    // Its release time as the order's first read found it.
    expect(early.body).toEqual({
      error: {
        code: 'coming_soon',
        message: `${product.name} is not out yet. It drops ${formatDateTime(releaseAt)} (Lagos time); you can add it to your cart from then.`,
        productId: product.id,
        releaseAt,
      },
    });
    expect(await variantStock(t, product.variants[0]!.id)).toBe(5);
    expect(await unitsOrdered(user.id, product.id)).toBe(0);

    // Release time moved to now by the admin: buyable at once.
    await setDrop(product.id, { releaseAt: new Date().toISOString(), limitPerCustomer: null });
    await addToCart(t, cookie, product, 1);
    const order = await placeOrder(t, cookie);
    expect(order.status).toBe(201);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(3);
  });
});

describe('the limit per customer', () => {
  it('caps the cart at the limit across sizes, with a message', async () => {
    const product = await drop({ limit: 2 });
    const { cookie } = await createSignedInUser(t);
    const capped = await t.request('/api/cart/items', { method: 'POST', cookie, json: cartItem(product, 3) });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({
      items: [{ quantity: 2, allowance: 2, status: 'ok' }],
      notices: [`${product.name} is a limited drop: 2 per customer. Your cart has 2.`],
    });
    // Another size of the same product counts too.
    const other = await t.request('/api/cart/items', {
      method: 'POST',
      cookie,
      json: cartItem(product, 1, 1),
    });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      error: {
        code: 'limit_reached',
        message: `${product.name} is a limited drop: 2 per customer. Your cart already has 2.`,
        productId: product.id,
        limit: 2,
        ordered: 0,
        available: 0,
      },
    });
    const line = (capped.body as { items: { id: string }[] }).items[0]!;
    const raise = await t.request(`/api/cart/items/${line.id}`, {
      method: 'PATCH',
      cookie,
      json: { quantity: 3 },
    });
    expect(raise.status).toBe(409);
    expect(raise.body).toMatchObject({ error: { code: 'limit_reached' } });

    // A guest cart is capped by the same rule when priced.
    const quote = await t.request('/api/cart/quote', {
      method: 'POST',
      json: { items: [cartItem(product, 3)] },
    });
    expect(quote.body).toMatchObject({ canCheckout: false, items: [{ status: 'over_limit', allowance: 2 }] });
  });

  it('counts unpaid and paid orders but not cancelled ones', async () => {
    const product = await drop({ limit: 2 });
    const { user, cookie } = await createSignedInUser(t);
    await addToCart(t, cookie, product, 1);
    const paid = await placeOrder(t, cookie);
    expect(paid.status).toBe(201);
    const paidId = (paid.body as { orderId: string }).orderId;
    await t.database.sql.query(`UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = $1`, [
      paidId,
    ]);
    await addToCart(t, cookie, product, 1);
    const unpaid = await placeOrder(t, cookie);
    expect(unpaid.status).toBe(201);

    // One paid and one unpaid: the limit is reached, in the cart and at checkout.
    const add = await t.request('/api/cart/items', { method: 'POST', cookie, json: cartItem(product) });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({
      error: {
        code: 'limit_reached',
        message: `${product.name} is a limited drop: 2 per customer. You have already ordered 2. You have reached the limit.`,
      },
    });
    await forceCartLine(user.id, product, 1);
    const third = await placeOrder(t, cookie);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ error: { code: 'limit_reached', available: 0 } });
    expect((await t.request('/api/cart', { cookie })).body).toMatchObject({
      canCheckout: false,
      items: [{ status: 'over_limit', allowance: 0 }],
    });

    // The unpaid one is cancelled: its unit no longer counts.
    await cancelOrder(t.deps, systemActor('script'), (unpaid.body as { orderId: string }).orderId);
    const again = await placeOrder(t, cookie);
    expect(again.status).toBe(201);
    expect(await unitsOrdered(user.id, product.id)).toBe(2);
  });

  it('refuses an order past the limit even when the cart was filled around the checks', async () => {
    const product = await drop({ limit: 2, stock: 10 });
    const { user, cookie } = await createSignedInUser(t);
    await forceCartLine(user.id, product, 2, 0);
    await forceCartLine(user.id, product, 1, 1);
    const response = await placeOrder(t, cookie);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: { code: 'limit_reached', limit: 2, ordered: 0, requested: 3, available: 2 },
    });
    expect(await variantStock(t, product.variants[0]!.id)).toBe(10);
    expect(await variantStock(t, product.variants[1]!.id)).toBe(10);
  });

  // Simultaneous on PostgreSQL only: PGlite runs one statement at a time, so there the orders
  // come one after another, a smoke test of the race.
  const thirtyOrders = process.env.TEST_DATABASE_URL
    ? 'gives exactly 2 units to 30 simultaneous orders from one customer with limit 2'
    : 'gives exactly 2 units to 30 orders from one customer with limit 2 (PGlite: one at a time)';
  it(thirtyOrders, { timeout: 120_000 }, async () => {
    const product = await drop({ limit: 2, stock: 50 });
    const { user, cookie } = await createSignedInUser(t);
    // Each of the 30 orders refills the cart behind the cart's own checks and submits at once;
    // one that finds the cart just emptied by another order fills it and submits again.
    const responses = await Promise.all(
      Array.from({ length: 30 }, async () => {
        for (let attempt = 0; attempt < 100; attempt++) {
          await forceCartLine(user.id, product, 1);
          const response = await placeOrder(t, cookie);
          if ((response.body as { error?: { code: string } }).error?.code !== 'cart_empty') return response;
        }
        throw new Error('the cart was never there to order');
      }),
    );
    const placed = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status !== 201);
    expect(placed.length).toBe(2);
    expect(refused.length).toBe(28);
    for (const response of refused) {
      expect(response.status, JSON.stringify(response.body)).toBe(409);
      expect(response.body).toMatchObject({ error: { code: 'limit_reached', limit: 2 } });
    }
    expect(await unitsOrdered(user.id, product.id)).toBe(2);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(48);
  });
});

// Transactions that overlap, lined up by the lock: PostgreSQL only (PGlite runs one at a time, so
// there is nothing to line up).
describe.runIf(process.env.TEST_DATABASE_URL)('the per-account lock (PostgreSQL)', () => {
  it("counts one account's simultaneous orders one after the other, whatever else orders them", async () => {
    // Straight at the rule, without the cart's row locks that also line up orders from one cart:
    // each transaction checks, takes its time, then writes its order of 1 unit.
    const product = await drop({ limit: 2 });
    const user = await createUser(t);
    const address = JSON.stringify({
      fullName: 'Ada Obi',
      email: user.email,
      phone: '08031234567',
      address: '12 Admiralty Way',
      city: 'Lagos',
      state: 'Lagos',
    });
    const line = {
      product_id: product.id,
      name: product.name,
      release_at: null,
      limit_per_customer: 2,
      coming_soon: false,
      quantity: 1,
    };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        t.database.transaction(async (sql) => {
          await lockDropAllowances(sql, user.id, [product.id]);
          checkDropLimits([line], await orderedUnits(sql, user.id, [product.id]));
          await new Promise((resolve) => setTimeout(resolve, 30));
          const [order] = await sql.query<{ id: string }>(
            `INSERT INTO orders (user_id, email, subtotal_kobo, shipping_cost_kobo, total_amount_kobo,
                                 shipping_address, billing_address)
             VALUES ($1, $2, 2000000, 0, 2000000, $3, $3) RETURNING id`,
            [user.id, user.email, address],
          );
          await sql.query(
            `INSERT INTO order_items (order_id, product_id, variant_id, name, gender, size, color, quantity,
                                      unit_price_kobo)
             VALUES ($1, $2, $3, $4, 'men', 'M', 'Black', 1, 2000000)`,
            [order!.id, product.id, product.variants[0]!.id, product.name],
          );
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'limit_reached' });
    }
    expect(await unitsOrdered(user.id, product.id)).toBe(2);
  });
});
