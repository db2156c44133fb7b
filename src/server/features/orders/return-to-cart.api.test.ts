import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import {
  addToCart,
  checkoutForm,
  createPendingOrder,
  orderRow,
  variantStock,
} from '../../../../tests/factories/orders';
import { payOrder } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { expireUnpaidOrders } from './cancel-order';
import { RETURNED_NOTE } from './return-to-cart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cartOf = async (cookie: string) =>
  (await t.request('/api/cart', { cookie })).body as { items: { variantId: string; quantity: number }[] };

describe("'Return to Checkout' from the payment page", () => {
  it('cancels the unpaid order, releases its stock once and puts its items back in the cart', async () => {
    const { cookie, orderId, product } = await createPendingOrder(t, { quantity: 2 });
    const variantId = product.variants[0]!.id;
    expect(await variantStock(t, variantId)).toBe(3);
    expect((await cartOf(cookie)).items).toEqual([]);

    const response = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(response.body.items).toMatchObject([{ variantId, quantity: 2 }]);
    expect((await cartOf(cookie)).items).toMatchObject([{ variantId, quantity: 2 }]);
    expect(await variantStock(t, variantId)).toBe(5);
    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(order.notes).toContain(RETURNED_NOTE);

    // Pressed again (another tab, a double click): stock is not released twice, the cart not doubled.
    const again = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie });
    expect(again.status).toBe(200);
    expect(await variantStock(t, variantId)).toBe(5);
    expect((await cartOf(cookie)).items).toMatchObject([{ variantId, quantity: 2 }]);

    const [audit] = await t.database.sql.query<{ action: string; after: unknown }>(
      `SELECT action, after FROM audit_log WHERE entity_type = 'order' AND entity_id = $1`,
      [orderId],
    );
    expect(audit).toMatchObject({ action: 'status_changed', after: { status: 'cancelled' } });
  });

  it('gives back the items of an order that expired meanwhile, once', async () => {
    const { cookie, orderId, product } = await createPendingOrder(t, { quantity: 1 });
    const variantId = product.variants[0]!.id;
    await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000));
    expect(await variantStock(t, variantId)).toBe(5);
    for (let press = 0; press < 2; press++) {
      const response = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie });
      expect(response.status).toBe(200);
    }
    expect((await cartOf(cookie)).items).toMatchObject([{ variantId, quantity: 1 }]);
    expect(await variantStock(t, variantId)).toBe(5);
  });

  it('refuses a paid order and leaves it alone', async () => {
    const { cookie, orderId, product } = await createPendingOrder(t);
    await payOrder(t, cookie, orderId);
    const response = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { code: 'order_already_paid' } });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await variantStock(t, product.variants[0]!.id)).toBe(4);
  });

  // A deadlock needs two transactions open at once: PostgreSQL only (PGlite runs one at a time).
  const deadlockTest =
    'and placing the cart at the same moment wait for each other, never deadlock (PostgreSQL)';
  it.runIf(process.env.TEST_DATABASE_URL)(deadlockTest, async () => {
    const { user, cookie, product } = await createPendingOrder(t, {
      product: { priceKobo: 1_000_000, variants: [{ size: 'M', color: 'Black', stock: 40 }] },
    });
    for (let round = 0; round < 8; round++) {
      const placed = await t.request('/api/orders', {
        method: 'POST',
        cookie,
        json: checkoutForm({ email: user.email }),
      });
      if (placed.status === 400) await addToCart(t, cookie, product);
      const [orderId] = (
        await t.database.sql.query<{ id: string }>(
          `SELECT id FROM orders WHERE user_id = $1 AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
          [user.id],
        )
      ).map((row) => row.id);
      await addToCart(t, cookie, product);
      const [back, again] = await Promise.all([
        t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie }),
        t.request('/api/orders', { method: 'POST', cookie, json: checkoutForm({ email: user.email }) }),
      ]);
      expect(back.status, JSON.stringify(back.body)).toBeLessThan(500);
      expect(again.status, JSON.stringify(again.body)).toBeLessThan(500);
      // Leave no unpaid order behind: the account's unpaid orders are limited.
      await t.database.sql.query(
        `UPDATE orders SET created_at = now() - interval '31 minutes' WHERE user_id = $1 AND status = 'pending'`,
        [user.id],
      );
      await expireUnpaidOrders(t.deps, new Date());
    }
    const [stock] = await t.database.sql.query<{ stock: number; held: number }>(
      `SELECT v.stock_quantity AS stock,
              (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
                WHERE oi.variant_id = v.id AND o.stock_released_at IS NULL) AS held
         FROM product_variants v WHERE v.id = $1`,
      [product.variants[0]!.id],
    );
    expect(stock!.stock + stock!.held).toBe(40);
  });

  it("is only for the order's owner", async () => {
    const { orderId, product } = await createPendingOrder(t);
    const other = await createSignedInUser(t);
    const response = await t.request(`/api/orders/${orderId}/return-to-cart`, {
      method: 'POST',
      cookie: other.cookie,
    });
    expect(response.status).toBe(404);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending' });
    expect(await variantStock(t, product.variants[0]!.id)).toBe(4);
    const guest = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST' });
    expect(guest.status).toBe(401);
  });
});
