import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutSummary } from '#shared/schemas/checkout';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder, variantStock } from '../../../../tests/factories/orders';
import { createBuyers } from '../../../../tests/process/support/shoppers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
});
afterAll(() => t.close());

const setPayOnDelivery = (on: boolean) =>
  t.database.sql.query(
    `UPDATE settings SET value = jsonb_set(value, '{payOnDelivery}', $1::jsonb) WHERE key = 'payment'`,
    [JSON.stringify(on)],
  );

let buyers = 0;
/** A signed-in shopper (confirmed email) with one item of `priceKobo` in the cart. */
async function shopperWithCart(priceKobo = 1_000_000) {
  buyers += 1;
  const [buyer] = await createBuyers(t.database, 1, `pod-${buyers}-${Date.now()}`);
  const product = await createProduct(t, { priceKobo, variants: [{ size: 'M', stock: 10 }] });
  await addToCart(t, buyer!.cookie, product, 1);
  const [user] = await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    buyer!.email,
  ]);
  return { ...buyer!, userId: user!.id, product };
}

const payOnDelivery = (cookie: string, form: Record<string, unknown> = {}) =>
  placeOrder(t, cookie, { paymentMethod: 'pay_on_delivery', ...form });

const refusedWith = (reason: string, message: string) => ({
  error: { code: 'pay_on_delivery_unavailable', message, reason },
});

const checkoutOf = async (cookie: string) =>
  (await t.request('/api/checkout', { cookie })).body as CheckoutSummary;

const openOrders = async (userId: string) =>
  (
    await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND payment_kind = 'pay_on_delivery'
          AND status <> 'cancelled' AND payment_status = 'pending'`,
      [userId],
    )
  )[0]!.n;

describe('pay on delivery', () => {
  it('is refused while the shop has it off (the default), and checkout does not offer it', async () => {
    const { cookie } = await shopperWithCart();
    const summary = await checkoutOf(cookie);
    expect(summary.payOnDelivery).toEqual({ offered: false, refusal: null });
    expect(summary.zones.map((zone) => zone.payOnDeliveryMaxKobo)).toEqual([null, null, null]);
    const response = await payOnDelivery(cookie);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(refusedWith('off', 'Pay on delivery is not available. Please pay online.'));
  });

  describe('with the shop offering it', () => {
    beforeAll(() => setPayOnDelivery(true));
    afterAll(() => setPayOnDelivery(false));

    it('places the order as processing, unpaid, its stock reserved and the shopper emailed', async () => {
      const { cookie, email, userId, product } = await shopperWithCart(1_500_000);
      const summary = await checkoutOf(cookie);
      expect(summary.payOnDelivery).toEqual({ offered: true, refusal: null });
      expect(summary.zones.map((zone) => [zone.name, zone.payOnDeliveryMaxKobo])).toEqual([
        ['Lagos', 10_000_000],
        ['South-West', null],
        ['Rest of Nigeria', null],
      ]);

      const response = await payOnDelivery(cookie, { email });
      expect(response.status).toBe(201);
      const { orderId } = response.body as { orderId: string };
      const [row] = await t.database.sql.query(
        `SELECT status, payment_status, payment_kind, payment_method, shipping_zone, total_amount_kobo
           FROM orders WHERE id = $1`,
        [orderId],
      );
      expect(row).toEqual({
        status: 'processing',
        payment_status: 'pending',
        payment_kind: 'pay_on_delivery',
        payment_method: 'Pay on delivery',
        shipping_zone: 'Lagos',
        total_amount_kobo: 1_750_000,
      });
      expect(await variantStock(t, product.variants[0]!.id)).toBe(9);
      expect(await openOrders(userId)).toBe(1);
      await t.jobsIdle();
      const [sent] = await t.database.sql.query<{ subject: string; text_body: string }>(
        `SELECT subject, text_body FROM emails WHERE kind = 'order_placed' AND to_address = $1`,
        [email],
      );
      expect(sent?.subject).toBe(`Order ${orderId.slice(0, 8).toUpperCase()} received`);
      expect(sent?.text_body).toContain('to pay on delivery');
    });

    it("counts as unpaid against the account's limits until it is paid: no hoarding through the door", async () => {
      const { cookie, email, product } = await shopperWithCart(1_000_000);
      const variant = product.variants[0]!;
      await t.database.sql.query('UPDATE cart_items SET quantity = 6 WHERE variant_id = $1', [variant.id]);
      expect((await payOnDelivery(cookie, { email })).status).toBe(201);
      expect(await variantStock(t, variant.id)).toBe(4);
      // Six of the variant held at the door: five more by card (restocked meanwhile) would pass
      // the ten an account may hold unpaid.
      await t.database.sql.query('UPDATE product_variants SET stock_quantity = 14 WHERE id = $1', [
        variant.id,
      ]);
      await addToCart(t, cookie, product, 5);
      const more = await placeOrder(t, cookie, { email });
      expect(more.status).toBe(409);
      expect(more.body).toMatchObject({ error: { code: 'order_limit' } });
      expect(await variantStock(t, variant.id)).toBe(14);
    });

    it('is refused in a zone that does not allow it, and above the zone’s maximum', async () => {
      const { cookie, userId } = await shopperWithCart(1_000_000);
      const kano = await payOnDelivery(cookie, { state: 'Kano', city: 'Kano' });
      expect(kano.status).toBe(409);
      expect(kano.body).toEqual(
        refusedWith('zone', 'Pay on delivery is not available for Kano. Please pay online.'),
      );
      const oyo = await payOnDelivery(cookie, { state: 'Oyo', city: 'Ibadan' });
      expect(oyo.body).toMatchObject({ error: { reason: 'zone' } });

      // ₦100,000 is the most (delivery is free in Lagos above ₦25,000): ₦100,000.01 is too much.
      const big = await shopperWithCart(10_000_001);
      const over = await payOnDelivery(big.cookie);
      expect(over.status).toBe(409);
      expect(over.body).toEqual(
        refusedWith(
          'over_maximum',
          'Pay on delivery is available for orders up to ₦100,000.00. Please pay online.',
        ),
      );
      const exact = await shopperWithCart(10_000_000);
      expect((await payOnDelivery(exact.cookie)).status).toBe(201);

      expect(await openOrders(userId)).toBe(0);
      expect(await openOrders(big.userId)).toBe(0);
      // The same cart can still be paid online.
      expect((await placeOrder(t, big.cookie)).status).toBe(201);
    });

    it('is refused for an account whose email is not confirmed', async () => {
      const { cookie, userId } = await shopperWithCart();
      await t.database.sql.query('UPDATE users SET email_verified = false WHERE id = $1', [userId]);
      const message =
        'Pay on delivery needs a confirmed email address. Please confirm your email, then try again.';
      expect((await checkoutOf(cookie)).payOnDelivery).toEqual({ offered: true, refusal: message });
      const response = await payOnDelivery(cookie);
      expect(response.status).toBe(409);
      expect(response.body).toEqual(refusedWith('unconfirmed', message));
      expect(await openOrders(userId)).toBe(0);
    });

    it('allows one open order per account: another once the first is paid or cancelled', async () => {
      const { cookie, userId, product } = await shopperWithCart(2_000_000);
      const first = await payOnDelivery(cookie);
      expect(first.status).toBe(201);
      const firstId = (first.body as { orderId: string }).orderId;
      const ref = `#${firstId.slice(0, 8).toUpperCase()}`;
      const message = `You already have an order to pay on delivery (${ref}). Pay for it or cancel it before placing another.`;

      await addToCart(t, cookie, product, 1);
      expect((await checkoutOf(cookie)).payOnDelivery).toEqual({ offered: true, refusal: message });
      const second = await payOnDelivery(cookie);
      expect(second.status).toBe(409);
      expect(second.body).toEqual(refusedWith('open_order', message));
      // Paying online stays open to them.
      expect((await placeOrder(t, cookie)).status).toBe(201);

      // The cash is collected and recorded: the first is no longer open.
      const paid = await t.request(`/api/admin/orders/${firstId}/offline-payments`, {
        method: 'POST',
        cookie: admin,
        json: { method: 'cash', amountKobo: 2_250_000 },
      });
      expect(paid.status).toBe(200);
      expect(await openOrders(userId)).toBe(0);
      await addToCart(t, cookie, product, 1);
      const third = await payOnDelivery(cookie);
      expect(third.status).toBe(201);
      const thirdId = (third.body as { orderId: string }).orderId;

      // Cancelled by the admin: its stock back, and another may be placed.
      await addToCart(t, cookie, product, 1);
      expect((await payOnDelivery(cookie)).status).toBe(409);
      const cancelled = await t.request(`/api/admin/orders/${thirdId}/status`, {
        method: 'PATCH',
        cookie: admin,
        json: { status: 'cancelled' },
      });
      expect(cancelled.status).toBe(200);
      expect((await payOnDelivery(cookie)).status).toBe(201);
      expect(await openOrders(userId)).toBe(1);
    });

    // Two submits of one account are taken one after the other (the cart's lines and the account
    // are locked by placeOrder): one order is placed, the other finds nothing left to order.
    it('places one order of two submitted at once by one account', async () => {
      const { cookie, userId } = await shopperWithCart();
      const responses = await Promise.all([payOnDelivery(cookie), payOnDelivery(cookie)]);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses[0]).toBe(201);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
      expect(statuses[1]).toBeLessThan(500);
      expect(await openOrders(userId)).toBe(1);
    });

    // The unique index is the guarantee: an order of the same account that becomes an open pay-on-
    // delivery order while this one is being placed (committed after this one's check) makes this
    // one a 409, not a 500. PGlite runs one transaction at a time, so this needs PostgreSQL.
    it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
      'answers 409 when another open order of the account commits during the placement',
      async () => {
        const { cookie, userId, product } = await shopperWithCart();
        const first = await payOnDelivery(cookie);
        const firstId = (first.body as { orderId: string }).orderId;
        await t.request(`/api/admin/orders/${firstId}/status`, {
          method: 'PATCH',
          cookie: admin,
          json: { status: 'cancelled' },
        });
        await addToCart(t, cookie, product, 1);
        let placing: Promise<{ status: number; body: unknown }> | null = null;
        await t.database.transaction(async (sql) => {
          // Reopened, not committed yet: the placement's check cannot see it, its insert waits on it.
          await sql.query(`UPDATE orders SET status = 'processing' WHERE id = $1`, [firstId]);
          placing = payOnDelivery(cookie);
          await vi.waitFor(
            async () => {
              const [waiting] = await t.database.sql.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%insert into "orders"%'`,
              );
              expect(waiting!.n).toBe(1);
            },
            { timeout: 10_000, interval: 20 },
          );
        });
        const response = await placing!;
        expect(response.status).toBe(409);
        expect(response.body).toEqual(
          refusedWith(
            'open_order',
            'You already have an order to pay on delivery. Pay for it or cancel it before placing another.',
          ),
        );
        expect(await openOrders(userId)).toBe(1);
      },
    );
  });
});
