import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPricing, CheckoutZone } from '#shared/schemas/checkout';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, checkoutForm, placeOrder, variantStock } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/checkout', () => {
  it('prefills from the profile and the default address and prices shipping from the database', async () => {
    const { user, cookie } = await createSignedInUser(t, { firstName: 'Chidi', lastName: 'Eze' });
    await t.database.sql.query(
      `INSERT INTO addresses (user_id, full_name, email, phone, address, city, state, is_default)
       VALUES ($1, 'Chidi Eze', 'chidi@example.test', '08020000000', '3 Awolowo Road', 'Ikoyi', 'Lagos', true)`,
      [user.id],
    );
    const product = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 10 }] });
    await addToCart(t, cookie, product, 2);

    const response = await t.request('/api/checkout', { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      prefill: {
        firstName: 'Chidi',
        lastName: 'Eze',
        fullName: 'Chidi Eze',
        email: 'chidi@example.test',
        phone: '08020000000',
        address: '3 Awolowo Road',
        city: 'Ikoyi',
        state: 'Lagos',
      },
      pickup: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
      payOnDelivery: { offered: false, refusal: null },
      paymentChannels: ['card', 'bank_transfer', 'ussd'],
      cart: { subtotalKobo: 2_000_000, totalItems: 2 },
    });
    const zones = (response.body as { zones: CheckoutZone[] }).zones;
    expect(zones.map((zone) => zone.name)).toEqual(['Lagos', 'South-West', 'Rest of Nigeria']);
    expect(zones[0]).toMatchObject({
      states: ['Lagos'],
      // Pay on delivery is off until an admin turns it on: no zone offers it.
      payOnDeliveryMaxKobo: null,
      methods: [
        {
          code: 'standard',
          kind: 'delivery',
          name: 'Standard Shipping',
          feeKobo: 250_000,
          freeAboveKobo: 2_500_000,
          minDays: 1,
          maxDays: 3,
          costKobo: 250_000,
        },
        {
          code: 'express',
          name: 'Express Shipping',
          feeKobo: 500_000,
          freeAboveKobo: null,
          costKobo: 500_000,
        },
        { code: 'pickup', kind: 'pickup', name: 'Pick up in store', feeKobo: 0, costKobo: 0 },
      ],
    });
    expect(zones[1]).toMatchObject({
      states: ['Ekiti', 'Ogun', 'Ondo', 'Osun', 'Oyo'],
      methods: [{ code: 'standard', feeKobo: 350_000, minDays: 2, maxDays: 4, costKobo: 350_000 }],
    });
    expect(zones[2]!.states).toHaveLength(37 - 6);
    expect(zones[2]!.states).toEqual(expect.arrayContaining(['Kano', 'FCT', 'Rivers']));
    expect(zones[2]!.methods).toMatchObject([{ code: 'standard', feeKobo: 450_000, minDays: 3, maxDays: 7 }]);
    // A quote for every method of every zone, by id.
    const pricing = (response.body as { pricing: CheckoutPricing }).pricing;
    const methodIds = zones.flatMap((zone) => zone.methods.map((method) => method.id));
    expect(pricing.quotes.map((quote) => quote.shippingMethodId)).toEqual(methodIds);
    expect(
      pricing.quotes.find((quote) => quote.shippingMethodId === zones[2]!.methods[0]!.id)?.breakdown,
    ).toMatchObject({ subtotalKobo: 2_000_000, shippingKobo: 450_000, totalKobo: 2_450_000 });

    // Above ₦25,000 Lagos standard is free; the figures come from shipping_methods, so an admin change shows.
    await addToCart(t, cookie, product, 1);
    await t.database.sql.query(`UPDATE shipping_methods SET fee_kobo = 600000 WHERE code = 'express'`);
    const above = await t.request('/api/checkout', { cookie });
    expect((above.body as { zones: CheckoutZone[] }).zones[0]).toMatchObject({
      methods: [
        { code: 'standard', costKobo: 0 },
        { code: 'express', costKobo: 600_000 },
        { code: 'pickup', costKobo: 0 },
      ],
    });
    await t.database.sql.query(`UPDATE shipping_methods SET fee_kobo = 500000 WHERE code = 'express'`);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('/api/checkout')).status).toBe(401);
    expect((await t.request('/api/orders', { method: 'POST', json: checkoutForm() })).status).toBe(401);
  });
});

describe('POST /api/orders', () => {
  it("answers the spec's messages for every invalid field", async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await t.request('/api/orders', {
      method: 'POST',
      cookie,
      json: { fullName: 'Al', email: 'nope', phone: '0803', address: 'Ab', city: 'L', state: 'Atlantis' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: {
        code: 'bad_request',
        message: 'Full name is required',
        fields: {
          fullName: 'Full name is required',
          email: 'Please enter a valid email',
          phone: 'Please enter a valid phone number',
          address: 'Address is required',
          city: 'City is required',
          state: 'State is required',
        },
      },
    });
    const billing = await placeOrder(t, cookie, { sameAsShipping: false, billingFullName: 'Bo' });
    expect(billing.status).toBe(400);
    expect(billing.body).toMatchObject({
      error: {
        fields: {
          billingFullName: 'Full name is required',
          billingEmail: 'Please enter a valid email',
          billingState: 'State is required',
        },
      },
    });
  });

  it("refuses an empty cart with 'Your cart is empty'", async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await placeOrder(t, cookie);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'cart_empty', message: 'Your cart is empty' } });
  });

  it('prices from the database whatever the request says, reserves stock and clears the cart', async () => {
    const { user, cookie } = await createSignedInUser(t);
    const tee = await createProduct(t, {
      name: 'Lekki Tee',
      priceKobo: 1_500_000,
      images: 1,
      variants: [{ size: 'L', color: 'Navy', stock: 4 }],
    });
    await addToCart(t, cookie, tee, 2, { gender: 'women' });
    const response = await t.request('/api/orders', {
      method: 'POST',
      cookie,
      json: {
        ...checkoutForm({
          email: user.email,
          notes: 'Call at the gate',
          shippingMethodCode: 'express',
          sameAsShipping: false,
          billingFullName: 'Bisi Ade',
          billingEmail: 'bisi@example.test',
          billingPhone: '08090000000',
          billingAddress: '5 Allen Avenue',
          billingCity: 'Ikeja',
          billingState: 'Lagos',
        }),
        // Tampering: none of these may change anything.
        subtotalKobo: 100,
        totalAmountKobo: 100,
        shippingCostKobo: 0,
        items: [{ variantId: tee.variants[0]!.id, priceKobo: 1, quantity: 2 }],
      },
    });
    expect(response.status).toBe(201);
    const { orderId } = response.body as { orderId: string };

    const order = await t.request(`/api/orders/${orderId}`, { cookie });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      order: {
        id: orderId,
        shortId: orderId.slice(0, 8),
        status: 'pending',
        paymentStatus: 'pending',
        email: user.email,
        subtotalKobo: 3_000_000,
        shippingCostKobo: 500_000,
        totalAmountKobo: 3_500_000,
        shippingMethod: 'Express Shipping',
        shippingMethodCode: 'express',
        notes: 'Call at the gate',
        paidAt: null,
        itemCount: 2,
        shippingAddress: { fullName: 'Ada Obi', city: 'Lagos', state: 'Lagos' },
        billingAddress: { fullName: 'Bisi Ade', city: 'Ikeja' },
        items: [
          {
            productId: tee.id,
            variantId: tee.variants[0]!.id,
            name: 'Lekki Tee',
            gender: 'women',
            size: 'L',
            color: 'Navy',
            imageId: tee.imageIds[0],
            quantity: 2,
            unitPriceKobo: 1_500_000,
            lineTotalKobo: 3_000_000,
          },
        ],
      },
    });
    expect(await variantStock(t, tee.variants[0]!.id)).toBe(2);
    expect((await t.request('/api/cart', { cookie })).body).toMatchObject({ items: [], totalItems: 0 });
    const [email] = await t.database.sql.query<{ subject: string }>(
      `SELECT subject FROM emails WHERE kind = 'order_placed' AND to_address = $1`,
      [user.email],
    );
    expect(email?.subject).toBe(`Order ${orderId.slice(0, 8).toUpperCase()} received`);
  });

  /** The statements of the transaction that wrote the order this cookie's cart places. */
  async function orderStatements(cookie: string) {
    const transactions: string[][] = [];
    const open = t.database.transaction.bind(t.database);
    const spy = vi.spyOn(t.database, 'transaction').mockImplementation((fn) =>
      open((sql) => {
        const statements: string[] = [];
        transactions.push(statements);
        return fn({
          ...sql,
          query: (text, params) => {
            statements.push(text);
            return sql.query(text, params);
          },
        });
      }),
    );
    let response: Awaited<ReturnType<typeof placeOrder>>;
    try {
      response = await placeOrder(t, cookie);
    } finally {
      spy.mockRestore();
    }
    expect(response.status).toBe(201);
    const { orderId } = response.body as { orderId: string };
    const order = transactions.find((statements) =>
      statements.some((text) => /insert into "orders"/i.test(text)),
    );
    return { orderId, statements: order?.map((text) => text.replace(/\s+/g, ' ').trim()) };
  }

  // Each round trip costs the server's one event loop a write and a wake-up: on drop day, the
  // statements of every order are what the other buyers and the page's readers wait behind.
  const cartLocked = /^select .* from "cart_items" .* for update of "c", "ci"$/;
  // The order, its items, the holds consumed, the cart cleared, the confirmation, the announcement,
  // and what the account already holds against its limits, counted in the same statement.
  const orderWritten =
    /^with "new_order" as \(insert into "orders".* as "cleared", json_build_object\( 'unpaid', \(select count\(\*\) as "unpaid" from "orders".*\(SELECT coalesce\(json_object_agg\(u\.product_id, u\.units\), '\{\}'\) FROM \(select "oi"\."product_id"/;

  it("writes the order in one transaction of three statements, its confirmation and the limits' counts in the order's own", async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 5 }] });
    await addToCart(t, cookie, product, 1);
    const { orderId, statements } = await orderStatements(cookie);
    expect(statements).toEqual([
      expect.stringMatching(cartLocked),
      expect.stringMatching(orderWritten),
      expect.stringMatching(/^INSERT INTO pgboss\.job/),
    ]);
    // The order's statement recorded the confirmation; the job enqueued with it delivers it.
    await t.jobsIdle();
    const [email] = await t.database.sql.query<{ subject: string; status: string }>(
      `SELECT subject, status FROM emails WHERE order_id = $1 AND kind = 'order_placed'`,
      [orderId],
    );
    expect(email?.subject).toBe(`Order ${orderId.slice(0, 8).toUpperCase()} received`);
    expect(email?.status).not.toBe('queued');
  });

  it("writes an order of limited drops in four: their per-account locks taken in one, before the order's", async () => {
    const { cookie } = await createSignedInUser(t);
    const drops = [
      await createProduct(t, { name: 'Drop One', variants: [{ size: 'M', stock: 5 }] }),
      await createProduct(t, { name: 'Drop Two', variants: [{ size: 'L', stock: 5 }] }),
    ];
    for (const drop of drops) {
      await t.database.sql.query('UPDATE products SET limit_per_customer = 2 WHERE id = $1', [drop.id]);
      await addToCart(t, cookie, drop, 1);
    }
    const { statements } = await orderStatements(cookie);
    expect(statements).toEqual([
      expect.stringMatching(cartLocked),
      expect.stringMatching(
        /^SELECT count\(pg_advisory_xact_lock\(hashtextextended\(key, 0\)\)\) FROM unnest/,
      ),
      expect.stringMatching(orderWritten),
      expect.stringMatching(/^INSERT INTO pgboss\.job/),
    ]);
  });

  it('writes nothing when an item ran short, and names it with how many are left', async () => {
    const { cookie } = await createSignedInUser(t);
    const plenty = await createProduct(t, { name: 'Plenty', variants: [{ size: 'M', stock: 10 }] });
    const scarce = await createProduct(t, {
      name: 'Ajah Hoodie',
      variants: [{ size: 'XL', color: 'Gray', stock: 3 }],
    });
    await addToCart(t, cookie, plenty, 2);
    await addToCart(t, cookie, scarce, 3);
    await t.database.sql.query('UPDATE product_variants SET stock_quantity = 1 WHERE id = $1', [
      scarce.variants[0]!.id,
    ]);
    const before = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');

    const response = await placeOrder(t, cookie);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: {
        code: 'out_of_stock',
        message: 'Sorry, only 1 of Ajah Hoodie (XL, Gray) left in stock.',
        item: {
          variantId: scarce.variants[0]!.id,
          name: 'Ajah Hoodie (XL, Gray)',
          available: 1,
          requested: 3,
        },
      },
    });
    expect(await variantStock(t, plenty.variants[0]!.id)).toBe(10);
    expect(await variantStock(t, scarce.variants[0]!.id)).toBe(1);
    const after = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(((await t.request('/api/cart', { cookie })).body as { totalItems: number }).totalItems).toBe(5);
  });

  // Concurrent on PostgreSQL only: PGlite runs one statement at a time, so there the buyers are
  // served one after another, a smoke test of the race.
  const lastUnits = process.env.TEST_DATABASE_URL
    ? 'sells the last 3 units to exactly 3 of 50 concurrent buyers'
    : 'sells the last 3 units to exactly 3 of 50 buyers (PGlite: one at a time)';
  it(lastUnits, { timeout: 120_000 }, async () => {
    const product = await createProduct(t, { name: 'Last Drop', variants: [{ size: 'M', stock: 50 }] });
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await createSignedInUser(t));
    await Promise.all(buyers.map(({ cookie }) => addToCart(t, cookie, product, 1)));
    await t.database.sql.query('UPDATE product_variants SET stock_quantity = 3 WHERE id = $1', [
      product.variants[0]!.id,
    ]);

    const responses = await Promise.all(buyers.map(({ cookie }) => placeOrder(t, cookie)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toMatchObject({
        error: { code: 'out_of_stock', message: 'Sorry, Last Drop (M) is sold out.' },
      });
    }
    expect(await variantStock(t, product.variants[0]!.id)).toBe(0);
    const [orders] = await t.database.sql.query<{ n: number; units: number }>(
      `SELECT count(DISTINCT order_id)::int AS n, sum(quantity)::int AS units FROM order_items WHERE variant_id = $1`,
      [product.variants[0]!.id],
    );
    expect(orders).toEqual({ n: 3, units: 3 });
  });
});

describe('GET /api/orders', () => {
  it("lists the shopper's orders newest first; another user's order is a 404 like a missing one", async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 10 }] });
    await addToCart(t, cookie, product, 1);
    const first = (await placeOrder(t, cookie)).body as { orderId: string };
    await addToCart(t, cookie, product, 2);
    const second = (await placeOrder(t, cookie)).body as { orderId: string };

    const list = await t.request('/api/orders', { cookie });
    expect(list.status).toBe(200);
    const orders = (list.body as { orders: { id: string; itemCount: number }[] }).orders;
    expect(orders.map((order) => [order.id, order.itemCount])).toEqual([
      [second.orderId, 2],
      [first.orderId, 1],
    ]);

    const other = await createSignedInUser(t);
    const foreign = await t.request(`/api/orders/${first.orderId}`, { cookie: other.cookie });
    const missing = await t.request('/api/orders/00000000-0000-4000-8000-000000000000', {
      cookie: other.cookie,
    });
    const malformed = await t.request('/api/orders/not-an-id', { cookie: other.cookie });
    for (const response of [foreign, missing, malformed]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'not_found', message: 'Order not found' } });
    }
    expect((await t.request('/api/orders', { cookie: other.cookie })).body).toEqual({ orders: [] });
  });
});
