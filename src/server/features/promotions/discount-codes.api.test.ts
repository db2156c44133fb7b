import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PAYABLE_KOBO } from '#shared/payment-channels';
import type { CheckoutPricing } from '#shared/schemas/checkout';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, ensureCategory, type TestProduct } from '../../../../tests/factories/catalog';
import { createDiscount, discountUses } from '../../../../tests/factories/discounts';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { payOrder } from '../../../../tests/factories/paid-orders';
import { createBuyers } from '../../../../tests/process/support/shoppers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { systemActor } from '../../context';
import { cancelOrder, expireUnpaidOrders } from '../orders/cancel-order';
import { refusalMessage } from './discount-codes';

/**
 * Discount codes through the real checkout: every refusal in the shop's words, the order's
 * breakdown line by line, uses held and given back exactly once, limits under simultaneous
 * orders, and refunds of a discounted order's items.
 */

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
});
afterAll(() => t.close());

const tee = (price = 1_000_000, stock = 50) =>
  createProduct(t, {
    name: 'Eko Tee',
    priceKobo: price,
    categorySlug: 'tshirts',
    variants: [{ size: 'M', stock }],
  });
const hoodie = (price = 2_000_000, stock = 50) =>
  createProduct(t, {
    name: 'Yaba Hoodie',
    priceKobo: price,
    categorySlug: 'hoodies',
    variants: [{ size: 'L', stock }],
  });

async function shopper(lines: [TestProduct, number][]) {
  const { user, cookie } = await createSignedInUser(t);
  for (const [product, quantity] of lines) await addToCart(t, cookie, product, quantity);
  return { user, cookie };
}

const apply = (cookie: string, code: string) =>
  t.request('/api/checkout/discount', { method: 'POST', cookie, json: { code } });

async function orderRow(orderId: string) {
  const [row] = await t.database.sql.query<{
    subtotal_kobo: number;
    discount_kobo: number;
    discount_code: string | null;
    shipping_cost_kobo: number;
    shipping_discount_kobo: number;
    total_amount_kobo: number;
  }>(
    `SELECT subtotal_kobo, discount_kobo, discount_code, shipping_cost_kobo, shipping_discount_kobo,
            total_amount_kobo
       FROM orders WHERE id = $1`,
    [orderId],
  );
  return row!;
}

const refusalOf = (response: { status: number; body: Record<string, unknown> }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const error = response.body.error as { code: string; message: string; reason?: string };
  expect(error.code).toBe('discount_refused');
  return error;
};

describe('a code at checkout', () => {
  it('takes 20% off the T-shirts only, line by line, typed in any case with spaces', async () => {
    const tshirts = await ensureCategory(t, 'tshirts');
    const { code } = await createDiscount(t, {
      percentOff: 20,
      appliesTo: 'categories',
      categoryIds: [tshirts.id],
    });
    const [shirt, jumper] = [await tee(1_000_000), await hoodie(2_000_000)];
    const { cookie } = await shopper([
      [shirt, 2],
      [jumper, 1],
    ]);
    const response = await apply(cookie, `  ${code!.toLowerCase()} `);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const pricing = (response.body as { pricing: CheckoutPricing }).pricing;
    expect(pricing.discountCode).toBe(code);
    expect(pricing.lines.map((line) => line.discountKobo)).toEqual([400_000, 0]);
    const [lagosStandard] = await t.database.sql.query<{ id: string }>(
      `SELECT m.id FROM shipping_methods m JOIN shipping_zone_states s ON s.zone_id = m.zone_id
        WHERE s.state = 'Lagos' AND m.code = 'standard'`,
    );
    const standard = pricing.quotes.find((quote) => quote.shippingMethodId === lagosStandard!.id)!.breakdown;
    expect(standard.subtotalKobo).toBe(4_000_000);
    expect(standard.discountKobo).toBe(400_000);
    expect(standard.totalKobo).toBe(standard.subtotalKobo - standard.discountKobo + standard.shippingKobo);

    const placed = await placeOrder(t, cookie, { discountCode: code!.toLowerCase() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body as { orderId: string }).orderId;
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ subtotal_kobo: 4_000_000, discount_kobo: 400_000, discount_code: code });
    expect(order.total_amount_kobo).toBe(4_000_000 - 400_000 + order.shipping_cost_kobo);
    const items = await t.database.sql.query<{ name: string; discount_kobo: number }>(
      'SELECT name, discount_kobo FROM order_items WHERE order_id = $1 ORDER BY name',
      [orderId],
    );
    expect(items).toEqual([
      { name: 'Eko Tee', discount_kobo: 400_000 },
      { name: 'Yaba Hoodie', discount_kobo: 0 },
    ]);
  });

  it('waives the delivery fee with a free-delivery code', async () => {
    const { code } = await createDiscount(t, { type: 'free_shipping' });
    const { cookie } = await shopper([[await tee(500_000), 1]]);
    const placed = await placeOrder(t, cookie, { discountCode: code! });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = await orderRow((placed.body as { orderId: string }).orderId);
    expect(order.shipping_cost_kobo).toBe(0);
    expect(order.shipping_discount_kobo).toBeGreaterThan(0);
    expect(order.total_amount_kobo).toBe(500_000);
  });

  it('takes a fixed amount, never more than the items it covers, leaving the least an order can cost', async () => {
    const { code } = await createDiscount(t, { type: 'fixed', amountOffKobo: 900_000 });
    const { cookie } = await shopper([[await tee(600_000), 1]]);
    const pricing = ((await apply(cookie, code!)).body as { pricing: CheckoutPricing }).pricing;
    // With a delivery fee to pay, the code takes off all the items; with none (pickup, or no
    // method chosen yet) it leaves ₦100, so the order still has an amount to pay.
    const paid = pricing.quotes.map((quote) => quote.breakdown).filter((b) => b.shippingKobo > 0);
    expect(paid.length).toBeGreaterThan(0);
    for (const breakdown of paid)
      expect(breakdown).toMatchObject({ subtotalKobo: 600_000, discountKobo: 600_000 });
    expect(pricing.breakdown).toMatchObject({
      subtotalKobo: 600_000,
      discountKobo: 600_000 - MIN_PAYABLE_KOBO,
      totalKobo: MIN_PAYABLE_KOBO,
    });
  });
});

describe('every refusal, in the shop’s words, at checkout and when placing the order', () => {
  const cases: [string, () => Promise<{ code: string; cookie: string; message: string }>][] = [
    [
      'unknown',
      async () => {
        const { cookie } = await shopper([[await tee(), 1]]);
        return { code: 'NOSUCHCODE', cookie, message: refusalMessage('unknown', 'NOSUCHCODE') };
      },
    ],
    [
      'switched off (unknown to the shopper)',
      async () => {
        const { code } = await createDiscount(t, { isActive: false });
        const { cookie } = await shopper([[await tee(), 1]]);
        return { code: code!, cookie, message: refusalMessage('unknown', code!) };
      },
    ],
    [
      'expired',
      async () => {
        const { code } = await createDiscount(t, { startsIn: -7200, endsIn: -60 });
        const { cookie } = await shopper([[await tee(), 1]]);
        return { code: code!, cookie, message: refusalMessage('expired', code!) };
      },
    ],
    [
      'not started',
      async () => {
        const { code } = await createDiscount(t, { startsIn: 86_400 });
        const { cookie } = await shopper([[await tee(), 1]]);
        return { code: code!, cookie, message: `The code ${code} starts on` };
      },
    ],
    [
      'minimum not reached',
      async () => {
        const { code } = await createDiscount(t, { minSubtotalKobo: 2_000_000 });
        const { cookie } = await shopper([[await tee(1_500_000), 1]]);
        return {
          code: code!,
          cookie,
          message: refusalMessage('minimum_not_reached', code!, {
            minSubtotalKobo: 2_000_000,
            shortKobo: 500_000,
          }),
        };
      },
    ],
    [
      'used up',
      async () => {
        const { code } = await createDiscount(t, { usageLimit: 3, uses: 3 });
        const { cookie } = await shopper([[await tee(), 1]]);
        return { code: code!, cookie, message: refusalMessage('used_up', code!) };
      },
    ],
    [
      'already used by this shopper',
      async () => {
        const { code } = await createDiscount(t, { perCustomerLimit: 1 });
        const product = await tee();
        const { cookie } = await shopper([[product, 1]]);
        expect((await placeOrder(t, cookie, { discountCode: code! })).status).toBe(201);
        await addToCart(t, cookie, product, 1);
        return { code: code!, cookie, message: refusalMessage('already_used', code!) };
      },
    ],
    [
      'not for these items',
      async () => {
        const other = await tee();
        const { code } = await createDiscount(t, { appliesTo: 'products', productIds: [other.id] });
        const { cookie } = await shopper([[await hoodie(), 1]]);
        return { code: code!, cookie, message: refusalMessage('not_applicable', code!) };
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(name, async () => {
      const { code, cookie, message } = await make();
      const atCheckout = refusalOf(await apply(cookie, code));
      expect(atCheckout.message.startsWith(message), atCheckout.message).toBe(true);
      const placing = refusalOf(await placeOrder(t, cookie, { discountCode: code }));
      expect(placing.message).toBe(atCheckout.message);
    });
  }

  it('says how much more is needed for the minimum', () => {
    expect(
      refusalMessage('minimum_not_reached', 'BLACKFRIDAY20', {
        minSubtotalKobo: 2_000_000,
        shortKobo: 500_000,
      }),
    ).toBe('BLACKFRIDAY20 needs ₦20,000.00 of eligible items in your cart. Add ₦5,000.00 more to use it.');
  });
});

describe('uses', () => {
  async function orderWithCode(limit: number | null = 10) {
    const discount = await createDiscount(t, { usageLimit: limit });
    const { cookie } = await shopper([[await tee(), 1]]);
    const placed = await placeOrder(t, cookie, { discountCode: discount.code! });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await discountUses(t, discount.id)).toEqual({ uses: 1, held: 1 });
    return { discount, cookie, orderId: (placed.body as { orderId: string }).orderId };
  }

  it('are given back once when the order is cancelled', async () => {
    const { discount, orderId } = await orderWithCode();
    await cancelOrder(t.deps, systemActor('script'), orderId);
    await cancelOrder(t.deps, systemActor('script'), orderId);
    expect(await discountUses(t, discount.id)).toEqual({ uses: 0, held: 0 });
  });

  it('are given back once when the order expires', async () => {
    const { discount, orderId } = await orderWithCode();
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireUnpaidOrders(t.deps, later)).toContain(orderId);
    await expireUnpaidOrders(t.deps, later);
    await cancelOrder(t.deps, systemActor('script'), orderId);
    expect(await discountUses(t, discount.id)).toEqual({ uses: 0, held: 0 });
  });

  it('are given back once when the order goes back to the cart', async () => {
    const { discount, cookie, orderId } = await orderWithCode();
    for (let press = 0; press < 2; press++) {
      const back = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie });
      expect(back.status).toBe(200);
    }
    expect(await discountUses(t, discount.id)).toEqual({ uses: 0, held: 0 });
  });

  it('are kept by a paid order', async () => {
    const { discount, cookie, orderId } = await orderWithCode();
    await payOrder(t, cookie, orderId);
    expect(await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000))).not.toContain(orderId);
    expect(await discountUses(t, discount.id)).toEqual({ uses: 1, held: 1 });
  });

  const lastFifty = ON_POSTGRES
    ? '200 shoppers ordering at the same moment use the last 50 uses exactly'
    : '200 shoppers ordering for the last 50 uses use them exactly (PGlite: one at a time)';
  it(lastFifty, { timeout: 180_000 }, async () => {
    const discount = await createDiscount(t, { usageLimit: 60, uses: 10 });
    const product = await tee(1_000_000, 500);
    // Signed in straight in the database: 200 sign-ins would meet the sign-in rate limit.
    const shoppers = await createBuyers(t.database, 200, `last-fifty-${discount.id.slice(0, 8)}`);
    for (const { cookie } of shoppers) await addToCart(t, cookie, product, 1);
    const results = await Promise.all(
      shoppers.map(({ cookie }) => placeOrder(t, cookie, { discountCode: discount.code! })),
    );
    const placed = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status !== 201);
    expect(placed).toHaveLength(50);
    for (const result of refused) expect(refusalOf(result).reason).toBe('used_up');
    expect(await discountUses(t, discount.id)).toEqual({ uses: 60, held: 50 });
    const [row] = await t.database.sql.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM orders WHERE discount_id = $1',
      [discount.id],
    );
    expect(row!.count).toBe(50);
  });

  it('per shopper hold across simultaneous orders (two tabs)', { timeout: 60_000 }, async () => {
    const discount = await createDiscount(t, { perCustomerLimit: 1 });
    const product = await tee(1_000_000, 100);
    const { user, cookie } = await createSignedInUser(t);
    const fill = () =>
      t.database.sql.query(
        `WITH cart AS (INSERT INTO carts (user_id) VALUES ($1)
                       ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id)
         INSERT INTO cart_items (cart_id, product_id, variant_id, gender, quantity)
         SELECT id, $2, $3, 'men', 1 FROM cart
         ON CONFLICT (cart_id, variant_id, gender) DO UPDATE SET quantity = 1`,
        [user.id, product.id, product.variants[0]!.id],
      );
    // Each tab fills the cart behind the checks and submits; one that finds the cart just
    // emptied by another tab's order fills it and submits again.
    const results = await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let attempt = 0; attempt < 100; attempt++) {
          await fill();
          const response = await placeOrder(t, cookie, { discountCode: discount.code! });
          if ((response.body as { error?: { code: string } }).error?.code !== 'cart_empty') return response;
        }
        throw new Error('the cart was never there to order');
      }),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    for (const result of results.filter((r) => r.status !== 201)) {
      expect(refusalOf(result).reason).toBe('already_used');
    }
    expect(await discountUses(t, discount.id)).toEqual({ uses: 1, held: 1 });
  });
});

describe('refunds of a discounted order', () => {
  it('give back each item what it was paid, and never more than the order was paid', async () => {
    const tshirts = await ensureCategory(t, 'tshirts');
    const { code } = await createDiscount(t, {
      percentOff: 25,
      appliesTo: 'categories',
      categoryIds: [tshirts.id],
    });
    const [shirt, jumper] = [await tee(1_000_000), await hoodie(2_000_000)];
    const { cookie } = await shopper([
      [shirt, 3],
      [jumper, 1],
    ]);
    const placed = await placeOrder(t, cookie, { discountCode: code! });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body as { orderId: string }).orderId;
    await payOrder(t, cookie, orderId);
    const items = await t.database.sql.query<{ id: string; name: string }>(
      'SELECT id, name FROM order_items WHERE order_id = $1',
      [orderId],
    );
    const itemId = (name: string) => items.find((item) => item.name === name)!.id;
    const refundItems = (orderItemId: string, quantity: number) =>
      t.request(`/api/admin/orders/${orderId}/refunds`, {
        method: 'POST',
        cookie: admin,
        json: { items: [{ orderItemId, quantity }] },
      });
    const amountOf = (response: { status: number; body: Record<string, unknown> }) => {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.refund as { amountKobo: number }).amountKobo;
    };
    // Three tees paid ₦30,000 − 25% = ₦22,500: one is ₦7,500.
    expect(amountOf(await refundItems(itemId('Eko Tee'), 1))).toBe(750_000);
    expect(amountOf(await refundItems(itemId('Eko Tee'), 2))).toBe(1_500_000);
    const again = await refundItems(itemId('Eko Tee'), 1);
    expect(again.status).toBe(409);
    expect((again.body.error as { message: string }).message).toBe('Eko Tee (M) has already been refunded.');
    expect(amountOf(await refundItems(itemId('Yaba Hoodie'), 1))).toBe(2_000_000);

    const order = await orderRow(orderId);
    const [book] = await t.database.sql.query<{ requested: number }>(
      `SELECT coalesce(sum(amount_kobo), 0)::bigint AS requested FROM ledger_entries
        WHERE order_id = $1 AND kind = 'refund_requested'`,
      [orderId],
    );
    expect(Number(book!.requested)).toBe(750_000 + 1_500_000 + 2_000_000);
    // What is left of the payment is the delivery fee.
    expect(order.total_amount_kobo - Number(book!.requested)).toBe(order.shipping_cost_kobo);
  });
});
