import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, emailsOfKind, placeOrder, variantStock } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { ORDER_LIMIT_MESSAGES, ORDER_LIMITS } from './order-limits';

/** Issue 11, finding 4: no stock hoarding with unpaid orders, and no order mail to anyone. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ordersOf = async (userId: string) => {
  const [row] = await t.database.sql.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM orders WHERE user_id = $1',
    [userId],
  );
  return row?.count ?? 0;
};

const bigProduct = () =>
  createProduct(t, { name: 'Agbada Hoodie', variants: [{ size: 'M', color: 'Black', stock: 100 }] });

describe('unpaid orders of one account', () => {
  it(`at most ${ORDER_LIMITS.unitsPerVariant} units of a variant in one order`, async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await bigProduct();
    await addToCart(t, cookie, product, ORDER_LIMITS.unitsPerVariant + 1);
    const refused = await placeOrder(t, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'order_limit',
        message: ORDER_LIMIT_MESSAGES.unitsPerVariant('Agbada Hoodie (M, Black)'),
      },
    });
    expect(await variantStock(t, product.variants[0]!.id)).toBe(100);
  });

  it(`at most ${ORDER_LIMITS.unpaidUnitsPerVariant} units of a variant held unpaid, across orders`, async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await bigProduct();
    await addToCart(t, cookie, product, 6);
    expect((await placeOrder(t, cookie)).status).toBe(201);
    await addToCart(t, cookie, product, 5);
    const refused = await placeOrder(t, cookie);
    expect(refused.status).toBe(409);
    expect((refused.body.error as { message: string }).message).toBe(
      ORDER_LIMIT_MESSAGES.unpaidUnits('Agbada Hoodie (M, Black)', 6),
    );
    expect(await variantStock(t, product.variants[0]!.id)).toBe(94);
  });

  it(`at most ${ORDER_LIMITS.unpaidOrdersPerAccount} orders waiting for payment; a paid or expired one frees a place`, async () => {
    const { cookie, user } = await createSignedInUser(t);
    const product = await bigProduct();
    const ids: string[] = [];
    for (let i = 0; i < ORDER_LIMITS.unpaidOrdersPerAccount; i++) {
      await addToCart(t, cookie, product, 1);
      const placed = await placeOrder(t, cookie);
      expect(placed.status).toBe(201);
      ids.push((placed.body as { orderId: string }).orderId);
    }
    await addToCart(t, cookie, product, 1);
    const refused = await placeOrder(t, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: 'order_limit', message: ORDER_LIMIT_MESSAGES.unpaidOrders },
    });
    // One of them is paid: another order may be placed.
    await t.database.sql.query(
      `UPDATE orders SET payment_status = 'paid', status = 'processing', paid_at = now() WHERE id = $1 AND user_id = $2`,
      [ids[0], user.id],
    );
    expect((await placeOrder(t, cookie)).status).toBe(201);
  });

  it('one variant in two lines (men’s and women’s) counts once: the cap is on the variant, not the line', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const product = await bigProduct();
    const variantId = product.variants[0]!.id;
    await addToCart(t, cookie, product, 6, { gender: 'men' });
    await addToCart(t, cookie, product, 5, { gender: 'women' });
    const refused = await placeOrder(t, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        code: 'order_limit',
        message: ORDER_LIMIT_MESSAGES.unitsPerVariant('Agbada Hoodie (M, Black)'),
        item: { variantId },
      },
    });
    expect(await variantStock(t, variantId)).toBe(100);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('one variant in two lines counts once against what the account already holds unpaid', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const product = await bigProduct();
    const variantId = product.variants[0]!.id;
    await addToCart(t, cookie, product, 6);
    expect((await placeOrder(t, cookie)).status).toBe(201);
    // 3 + 2 is within the cap line by line, but 6 + 5 of one variant would be held unpaid.
    await addToCart(t, cookie, product, 3, { gender: 'men' });
    await addToCart(t, cookie, product, 2, { gender: 'women' });
    const refused = await placeOrder(t, cookie);
    expect(refused.status).toBe(409);
    expect((refused.body.error as { message: string }).message).toBe(
      ORDER_LIMIT_MESSAGES.unpaidUnits('Agbada Hoodie (M, Black)', 6),
    );
    expect(await variantStock(t, variantId)).toBe(94);
    expect(await ordersOf(user.id)).toBe(1);
  });

  it('another account is not affected by one account’s unpaid orders', async () => {
    const product = await bigProduct();
    const first = await createSignedInUser(t);
    await addToCart(t, first.cookie, product, ORDER_LIMITS.unpaidUnitsPerVariant);
    expect((await placeOrder(t, first.cookie)).status).toBe(201);
    const second = await createSignedInUser(t);
    await addToCart(t, second.cookie, product, ORDER_LIMITS.unpaidUnitsPerVariant);
    expect((await placeOrder(t, second.cookie)).status).toBe(201);
  });
});

describe('order emails', () => {
  it('go to the account’s confirmed address, greeting the account’s name, never the form’s text', async () => {
    const { cookie, user } = await createSignedInUser(t, { firstName: 'Ada' });
    const product = await bigProduct();
    await addToCart(t, cookie, product, 1);
    const placed = await placeOrder(t, cookie, {
      email: 'victim@example.test',
      fullName: 'Your account is locked, call 0800 FAKE BANK',
    });
    expect(placed.status).toBe(201);
    const emails = await emailsOfKind(t, 'order_placed');
    expect(emails.filter((email) => email.to_address === 'victim@example.test')).toEqual([]);
    const mine = emails.filter((email) => email.to_address === user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text_body).toContain('Hi Ada,');
    expect(mine[0]!.text_body).not.toContain('FAKE BANK');
  });
});
