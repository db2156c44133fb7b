import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../../tests/factories/accounts';
import { createProduct, setOutOfStockSettings, type TestProduct } from '../../../../tests/factories/catalog';
import {
  addToCart,
  createPendingOrder,
  emailsOfKind,
  orderRow,
  placeOrder,
  variantStock,
} from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { type Actor, actorOf, systemActor } from '../../context';
import { cancelOrder } from '../orders/cancel-order';
import { changeVariantStock } from './change-stock';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t, { role: 'admin', email: 'stock-admin@example.test' });
  admin = actorOf({ ...user, role: 'admin' });
});
afterAll(() => t.close());

/** Another shopper orders one of the product's first variant. */
async function buyOne(product: TestProduct) {
  const { cookie } = await createSignedInUser(t);
  await addToCart(t, cookie, product, 1);
  expect((await placeOrder(t, cookie)).status).toBe(201);
}

const change = (input: Parameters<typeof changeVariantStock>[2]) =>
  t.database.transaction((sql) => changeVariantStock(sql, admin, input));

describe('changeVariantStock', () => {
  it('sets and moves stock, recording the adjustment, the audit entry and who made it', async () => {
    const product = await createProduct(t, { variants: [{ size: 'M', color: 'Black', stock: 4 }] });
    const variantId = product.variants[0]!.id;

    expect(await change({ variantId, to: 10, reason: 'restock', note: 'Delivery from Aba' })).toEqual({
      variantId,
      before: 4,
      after: 10,
      changed: true,
    });
    expect((await change({ variantId, by: -3, reason: 'damaged' })).after).toBe(7);
    expect(await variantStock(t, variantId)).toBe(7);

    const adjustments = await t.database.sql.query<{ delta: number; quantity_after: number; reason: string }>(
      'SELECT delta, quantity_after, reason FROM inventory_adjustments WHERE variant_id = $1 ORDER BY created_at',
      [variantId],
    );
    expect(adjustments).toEqual([
      { delta: 6, quantity_after: 10, reason: 'restock' },
      { delta: -3, quantity_after: 7, reason: 'damaged' },
    ]);
    const audit = await t.database.sql.query<{ actor_label: string; before: unknown; after: unknown }>(
      `SELECT actor_label, before, after FROM audit_log
        WHERE entity_type = 'variant' AND entity_id = $1 ORDER BY created_at`,
      [variantId],
    );
    expect(audit).toEqual([
      { actor_label: 'stock-admin@example.test', before: { stock: 4 }, after: { stock: 10 } },
      { actor_label: 'stock-admin@example.test', before: { stock: 10 }, after: { stock: 7 } },
    ]);
  });

  it('never goes below zero and writes nothing when refused', async () => {
    const product = await createProduct(t, { variants: [{ size: 'L', stock: 2 }] });
    const variantId = product.variants[0]!.id;
    await expect(change({ variantId, by: -3, reason: 'correction' })).rejects.toMatchObject({ status: 400 });
    expect(await variantStock(t, variantId)).toBe(2);
  });

  it('refuses a change based on a stock figure that is no longer true', async () => {
    const product = await createProduct(t, { variants: [{ size: 'S', stock: 5 }] });
    const variantId = product.variants[0]!.id;
    await change({ variantId, to: 3, reason: 'correction' });
    await expect(change({ variantId, to: 9, reason: 'restock', expected: 5 })).rejects.toMatchObject({
      status: 409,
      code: 'stock_changed',
    });
    expect(await variantStock(t, variantId)).toBe(3);
  });
});

describe('low-stock alerts', () => {
  it('email the admins once when sales take a variant to the threshold, and again after a restock', async () => {
    await setOutOfStockSettings(t, { threshold: 2, notify_admin: true });
    const product = {
      name: 'Alert Tee',
      priceKobo: 500_000,
      variants: [{ size: 'M', color: 'Black', stock: 4, sku: 'ALERT-TEE-M' }],
    };
    const before = (await emailsOfKind(t, 'low_stock', 'stock-admin@example.test')).length;

    // 4 → 3: above the threshold, no email.
    const first = await createPendingOrder(t, { product, quantity: 1 });
    expect((await emailsOfKind(t, 'low_stock', 'stock-admin@example.test')).length).toBe(before);
    const variantId = first.product.variants[0]!.id;
    expect(await variantStock(t, variantId)).toBe(3);

    // Two more sales of the same variant: 3 → 2 alerts once, 2 → 1 stays quiet.
    await buyOne(first.product);
    await buyOne(first.product);
    expect(await variantStock(t, variantId)).toBe(1);
    const alerts = await emailsOfKind(t, 'low_stock', 'stock-admin@example.test');
    expect(alerts.length).toBe(before + 1);
    expect(alerts.map((email) => email.subject)).toContain('Low stock: Alert Tee');

    // Restocked above the line, the next run to the threshold alerts again.
    await change({ variantId, to: 5, reason: 'restock' });
    await change({ variantId, to: 2, reason: 'correction' });
    await buyOne(first.product);
    expect((await emailsOfKind(t, 'low_stock', 'stock-admin@example.test')).length).toBe(before + 2);
  });

  it('name a variant once when one order holds it on two lines (two genders)', async () => {
    await setOutOfStockSettings(t, { threshold: 2, notify_admin: true });
    const product = await createProduct(t, {
      name: 'Twin Line Tee',
      variants: [{ size: 'L', color: 'Black', stock: 3, sku: 'TWIN-TEE-L' }],
    });
    const before = (await emailsOfKind(t, 'low_stock', 'stock-admin@example.test')).length;
    const { cookie } = await createSignedInUser(t);
    await addToCart(t, cookie, product, 1, { gender: 'men' });
    await addToCart(t, cookie, product, 1, { gender: 'women' });
    expect((await placeOrder(t, cookie)).status).toBe(201);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(1);

    const alerts = await emailsOfKind(t, 'low_stock', 'stock-admin@example.test');
    expect(alerts).toHaveLength(before + 1);
    const [alert] = alerts.filter((email) => email.text_body.includes('TWIN-TEE-L'));
    expect(alert?.subject).toBe('Low stock: Twin Line Tee');
    expect(alert!.text_body.split('TWIN-TEE-L')).toHaveLength(2);
    expect(alert!.text_body).toContain('Twin Line Tee (TWIN-TEE-L): 1 left');
  });

  // Simultaneous only on PostgreSQL (PGlite runs one transaction at a time; the first test here
  // covers sales one after another).
  const simultaneousSales =
    'send one email when simultaneous sales take a variant across the threshold (PostgreSQL)';
  it.runIf(process.env.TEST_DATABASE_URL)(simultaneousSales, async () => {
    await setOutOfStockSettings(t, { threshold: 2, notify_admin: true });
    const product = await createProduct(t, {
      name: 'Rush Tee',
      variants: [{ size: 'M', color: 'White', stock: 6, sku: 'RUSH-TEE-M' }],
    });
    const before = (await emailsOfKind(t, 'low_stock', 'stock-admin@example.test')).length;
    const buyers: string[] = [];
    for (let index = 0; index < 8; index++) {
      const { cookie } = await createSignedInUser(t);
      await addToCart(t, cookie, product, 1);
      buyers.push(cookie);
    }
    const results = await Promise.all(buyers.map((cookie) => placeOrder(t, cookie)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(6);
    expect(results.filter((result) => result.status === 409)).toHaveLength(2);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(0);

    const alerts = await emailsOfKind(t, 'low_stock', 'stock-admin@example.test');
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.filter((email) => email.subject === 'Low stock: Rush Tee')).toHaveLength(1);
  });

  it('clear when a cancelled order puts the stock back above the line', async () => {
    await setOutOfStockSettings(t, { threshold: 1, notify_admin: true });
    const { orderId, product } = await createPendingOrder(t, {
      product: { variants: [{ size: 'XL', stock: 2 }] },
      quantity: 1,
    });
    const variantId = product.variants[0]!.id;
    const alerted = async () =>
      (
        await t.database.sql.query<{ at: Date | null }>(
          'SELECT low_stock_alerted_at AS at FROM product_variants WHERE id = $1',
          [variantId],
        )
      )[0]!.at;
    expect(await alerted()).not.toBeNull();
    await cancelOrder(t.deps, systemActor('script'), orderId);
    expect((await orderRow(t, orderId)).status).toBe('cancelled');
    expect(await alerted()).toBeNull();
  });
});
