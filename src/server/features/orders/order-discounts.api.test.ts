import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import type { Order } from '#shared/schemas/orders';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createDiscount } from '../../../../tests/factories/discounts';
import { createPendingOrder, emailsOfKind } from '../../../../tests/factories/orders';
import { payOrder } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

/**
 * An order that used a code reads the same everywhere: the shopper's and the admin's order, every
 * email, the CSV and the packing slip all give Subtotal − Discount + Delivery = Total.
 */

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = { cookie: (await createSignedInUser(t, { role: 'admin' })).cookie };
});
afterAll(() => t.close());

type Code = { code: string; title: string; type: 'percentage' | 'free_shipping' };

/**
 * A pending order for 2 × ₦10,000.00 (Standard delivery ₦2,500.00), its item on sale from
 * ₦12,500.00, then given `code` as placing it would have: 20% off the items (₦4,000.00), or the
 * delivery fee.
 */
async function discountedOrder(code: Code) {
  const order = await createPendingOrder(t, { quantity: 2 });
  const [discount] = await t.database.sql.query<{ id: string }>(
    `INSERT INTO discounts (kind, code, title, type, percent_off)
     VALUES ('code', $1, $2, $3, $4) RETURNING id`,
    [code.code, code.title, code.type, code.type === 'percentage' ? 20 : null],
  );
  const itemsOff = code.type === 'percentage' ? 400_000 : 0;
  const waived = code.type === 'free_shipping' ? 250_000 : 0;
  await t.database.sql.query(
    `UPDATE orders SET discount_id = $2, discount_code = $3, discount_title = $4, discount_kobo = $5,
            shipping_discount_kobo = $6, shipping_cost_kobo = shipping_cost_kobo - $6,
            total_amount_kobo = subtotal_kobo - $5 + shipping_cost_kobo - $6
      WHERE id = $1`,
    [order.orderId, discount!.id, code.code, code.title, itemsOff, waived],
  );
  await t.database.sql.query(
    'UPDATE order_items SET list_price_kobo = 1250000, discount_kobo = $2 WHERE order_id = $1',
    [order.orderId, itemsOff],
  );
  return order;
}

const csvLineOf = async (orderId: string) => {
  const response = await t.app.request(`http://localhost:3000/api/admin/orders/export.csv?q=${orderId}`, {
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  const [header, line, ...rest] = (await response.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(rest).toEqual([]);
  return { header: header!.split(','), cells: line!.split(',') };
};

describe('an order with a percentage code', () => {
  it('reads with its discount, line by line, to the shopper and the admin', async () => {
    const { cookie, orderId } = await discountedOrder({
      code: 'BLACKFRIDAY20',
      title: '20% off everything',
      type: 'percentage',
    });
    const mine = await t.request(`/api/orders/${orderId}`, { cookie });
    expect(mine.status).toBe(200);
    const { order } = mine.body as unknown as { order: Order };
    expect(order).toMatchObject({
      subtotalKobo: 2_000_000,
      discountKobo: 400_000,
      shippingCostKobo: 250_000,
      totalAmountKobo: 1_850_000,
      discount: {
        code: 'BLACKFRIDAY20',
        title: '20% off everything',
        type: 'percentage',
        amountKobo: 400_000,
        shippingKobo: 0,
      },
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        unitPriceKobo: 1_000_000,
        listPriceKobo: 1_250_000,
        lineTotalKobo: 2_000_000,
        discountKobo: 400_000,
      }),
    ]);

    const detail = await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
    expect(detail.status).toBe(200);
    expect((detail.body as unknown as AdminOrderDetail).order).toEqual(order);
  });

  it('has its breakdown in the receipt, on the packing slip and in the CSV', async () => {
    const { user, cookie, orderId } = await discountedOrder({
      code: 'SALLAH20',
      title: '20% off for Sallah',
      type: 'percentage',
    });
    await payOrder(t, cookie, orderId);
    const [receipt] = await emailsOfKind(t, 'payment_received', user.email);
    expect(receipt?.text_body).toContain('We received your payment of ₦18,500.00');
    expect(receipt?.text_body).toMatch(
      /\n2 × Test Product \d+ \(M, Black\) — ₦20,000\.00 \(was ₦12,500\.00 each\), −₦4,000\.00 with SALLAH20\n/,
    );
    expect(receipt?.text_body).toContain(
      [
        'Subtotal: ₦20,000.00',
        'Discount (SALLAH20): −₦4,000.00',
        'Delivery (Standard Shipping): ₦2,500.00',
        'Total: ₦18,500.00',
      ].join('\n'),
    );

    const slip = await t.request(`/api/admin/orders/${orderId}/packing-slip`, { cookie: admin.cookie });
    expect(slip.status).toBe(200);
    const html = String(slip.body);
    expect(html).toContain('<th scope="row">Subtotal</th><td>₦20,000.00</td>');
    expect(html).toContain('<th scope="row">Discount (SALLAH20)</th><td>−₦4,000.00</td>');
    expect(html).toContain('<th scope="row">Delivery</th><td>₦2,500.00</td>');
    expect(html).toContain('<tr class="total"><th scope="row">Total</th><td>₦18,500.00</td></tr>');

    const { header, cells } = await csvLineOf(orderId);
    const cell = (name: string) => cells[header.indexOf(name)];
    expect(cell('Subtotal (NGN)')).toBe('20000.00');
    expect(cell('Discount code')).toBe('SALLAH20');
    expect(cell('Discount (NGN)')).toBe('4000.00');
    expect(cell('Shipping waived (NGN)')).toBe('0.00');
    expect(cell('Shipping (NGN)')).toBe('2500.00');
    expect(cell('Total (NGN)')).toBe('18500.00');
    expect(cell('Paid (NGN)')).toBe('18500.00');
  });
});

describe('an order with a free-delivery code', () => {
  it('says delivery was free with the code, everywhere', async () => {
    const { user, orderId } = await discountedOrder({
      code: 'FREESHIP',
      title: 'Free delivery',
      type: 'free_shipping',
    });
    const detail = await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
    expect((detail.body as unknown as AdminOrderDetail).order).toMatchObject({
      subtotalKobo: 2_000_000,
      discountKobo: 0,
      shippingCostKobo: 0,
      totalAmountKobo: 2_000_000,
      discount: { code: 'FREESHIP', type: 'free_shipping', amountKobo: 0, shippingKobo: 250_000 },
    });

    // An admin moves it on: the shopper's email has the breakdown too.
    const moved = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'processing' },
    });
    expect(moved.status).toBe(200);
    const [update] = await emailsOfKind(t, 'order_status', user.email);
    expect(update?.text_body).toContain(
      ['Subtotal: ₦20,000.00', 'Delivery (Standard Shipping): Free with FREESHIP', 'Total: ₦20,000.00'].join(
        '\n',
      ),
    );
    expect(update?.text_body).not.toContain('Discount (');

    const html = String(
      (await t.request(`/api/admin/orders/${orderId}/packing-slip`, { cookie: admin.cookie })).body,
    );
    expect(html).toContain('<th scope="row">Delivery</th><td>Free with FREESHIP</td>');

    const { header, cells } = await csvLineOf(orderId);
    const cell = (name: string) => cells[header.indexOf(name)];
    expect(cell('Discount code')).toBe('FREESHIP');
    expect(cell('Discount (NGN)')).toBe('0.00');
    expect(cell('Shipping waived (NGN)')).toBe('2500.00');
    expect(cell('Shipping (NGN)')).toBe('0.00');
    expect(cell('Total (NGN)')).toBe('20000.00');
  });
});

describe('an order without a code', () => {
  it('has no discount and no discount row', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const { order } = (await t.request(`/api/orders/${orderId}`, { cookie })).body as unknown as {
      order: Order;
    };
    expect(order).toMatchObject({ discountKobo: 0, discount: null });
    expect(order.items[0]).toMatchObject({ listPriceKobo: null, discountKobo: 0 });
    const [placed] = await emailsOfKind(t, 'order_placed', user.email);
    expect(placed?.text_body).toContain('Subtotal: ₦10,000.00\nDelivery (Standard Shipping): ₦2,500.00');
    expect(placed?.text_body).not.toContain('Discount');
  });
});

describe('an order placed with a code at checkout', () => {
  it('is confirmed by email with the same breakdown the order keeps', async () => {
    await createDiscount(t, { code: 'ABUJA10', title: '10% off everything', percentOff: 10 });
    const { user, cookie, orderId } = await createPendingOrder(t, {
      quantity: 2,
      form: { discountCode: 'abuja10' },
    });
    const { order } = (await t.request(`/api/orders/${orderId}`, { cookie })).body as unknown as {
      order: Order;
    };
    expect(order).toMatchObject({
      subtotalKobo: 2_000_000,
      discountKobo: 200_000,
      shippingCostKobo: 250_000,
      totalAmountKobo: 2_050_000,
      discount: { code: 'ABUJA10', title: '10% off everything', type: 'percentage', amountKobo: 200_000 },
    });
    expect(order.items[0]).toMatchObject({ discountKobo: 200_000 });
    const [placed] = await emailsOfKind(t, 'order_placed', user.email);
    expect(placed?.text_body).toMatch(/ — ₦20,000\.00, −₦2,000\.00 with ABUJA10\n/);
    expect(placed?.text_body).toContain(
      [
        'Subtotal: ₦20,000.00',
        'Discount (ABUJA10): −₦2,000.00',
        'Delivery (Standard Shipping): ₦2,500.00',
        'Total: ₦20,500.00',
      ].join('\n'),
    );
  });
});
