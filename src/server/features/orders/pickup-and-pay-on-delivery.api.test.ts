import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderListResponse } from '#shared/schemas/admin-orders';
import type { Dashboard } from '#shared/schemas/dashboard';
import type { Order } from '#shared/schemas/orders';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, emailsOfKind } from '../../../../tests/factories/orders';
import { payOrder } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin' });
  // Pay on delivery is off until an admin turns it on (Settings → Payment).
  const on = await t.request('/api/admin/settings/payment', {
    method: 'PUT',
    cookie: admin.cookie,
    json: { channels: ['card', 'bank_transfer', 'ussd'], payOnDelivery: true },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
});
afterAll(() => t.close());

const PICKUP = { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' };

const shopperOrder = async (cookie: string, orderId: string) => {
  const response = await t.request(`/api/orders/${orderId}`, { cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as unknown as { order: Order }).order;
};

const detail = async (orderId: string) => {
  const response = await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as AdminOrderDetail;
};

const listRow = async (orderId: string) => {
  const response = await t.request(`/api/admin/orders?q=${orderId}`, { cookie: admin.cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const [row] = (response.body as unknown as AdminOrderListResponse).orders;
  expect(row?.id).toBe(orderId);
  return row!;
};

const setStatus = async (orderId: string, status: string) => {
  const response = await t.request(`/api/admin/orders/${orderId}/status`, {
    method: 'PATCH',
    cookie: admin.cookie,
    json: { status },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

const packingSlip = async (orderId: string) => {
  const response = await t.request(`/api/admin/orders/${orderId}/packing-slip`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return String(response.body);
};

/** The CSV of one order: its header and its line, cell by cell (no cell of these orders is quoted). */
const csvOf = async (orderId: string) => {
  const response = await t.app.request(`http://localhost:3000/api/admin/orders/export.csv?q=${orderId}`, {
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  const [header, line] = (await response.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const names = header!.split(',');
  const cells = line!.split(',');
  return Object.fromEntries(names.map((name, index) => [name, cells[index]]));
};

const orderStatusEmails = async (to: string, orderId: string) =>
  (await emailsOfKind(t, 'order_status', to)).filter((email) =>
    email.subject.includes(orderId.slice(0, 8).toUpperCase()),
  );

describe('a pickup order', () => {
  it('says where and when to collect it, in its page, emails, slip and CSV; made ready and picked up', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t, { form: { shippingMethodCode: 'pickup' } });
    expect(await shopperOrder(cookie, orderId)).toMatchObject({
      shippingZone: 'Lagos',
      fulfilment: 'pickup',
      pickup: PICKUP,
      paymentKind: 'paystack',
      shippingMethod: 'Pick up in store',
      shippingCostKobo: 0,
      awaitingPayment: false,
    });
    const [placed] = await emailsOfKind(t, 'order_placed', user.email);
    expect(placed!.text_body).toContain(
      'Pick up in store: 12 Admiralty Way, Lekki Phase 1, Lagos. Opening hours: Mon–Sat, 10am–6pm.',
    );
    expect(placed!.text_body).toContain(`/payment/${orderId}`);

    await payOrder(t, cookie, orderId);
    const [receipt] = await emailsOfKind(t, 'payment_received', user.email);
    expect(receipt!.text_body).toContain('We will email you when it is ready for pickup.');
    expect(receipt!.text_body).not.toContain('We will ship to');

    await setStatus(orderId, 'shipped');
    const [ready] = await orderStatusEmails(user.email, orderId);
    expect(ready!.subject).toBe(`Order ${orderId.slice(0, 8).toUpperCase()} is ready for pickup`);
    expect(ready!.text_body).toContain('Status: Ready for pickup');
    expect(ready!.text_body).toContain('Pick up in store: 12 Admiralty Way, Lekki Phase 1, Lagos.');
    expect(ready!.text_body).toContain('Opening hours: Mon–Sat, 10am–6pm.');

    await setStatus(orderId, 'delivered');
    const emails = await orderStatusEmails(user.email, orderId);
    expect(emails.map((email) => email.subject).sort()).toEqual([
      `Order ${orderId.slice(0, 8).toUpperCase()} has been picked up`,
      `Order ${orderId.slice(0, 8).toUpperCase()} is ready for pickup`,
    ]);
    expect(emails.find((email) => email.subject.endsWith('picked up'))!.text_body).toContain(
      'Status: Picked up',
    );

    const admin = await detail(orderId);
    expect(admin.order).toMatchObject({ fulfilment: 'pickup', pickup: PICKUP, shippingZone: 'Lagos' });
    expect(admin.timeline.map((entry) => entry.title)).toEqual(
      expect.arrayContaining([
        'Status: Processing → Ready for pickup',
        'Status: Ready for pickup → Picked up',
      ]),
    );
    expect(await listRow(orderId)).toMatchObject({
      fulfilment: 'pickup',
      pickup: PICKUP,
      paymentKind: 'paystack',
      shippingZone: 'Lagos',
      awaitingPayment: false,
    });

    const slip = await packingSlip(orderId);
    expect(slip).toContain('<h2>PICKUP IN STORE</h2>');
    expect(slip).toContain('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(slip).toContain('Mon–Sat, 10am–6pm');
    expect(slip).not.toContain('Ship to');
    expect(slip).toContain('Paid in full.');

    expect(await csvOf(orderId)).toMatchObject({
      'Shipping method': 'Pick up in store',
      Zone: 'Lagos',
      Fulfilment: 'Pickup',
      Payment: 'Paystack',
      'Shipping (NGN)': '0.00',
      Status: 'delivered',
    });
  });
});

describe('a pay-on-delivery order', () => {
  it('is placed unpaid without a payment link, slipped to collect, and paid and counted once the cash is recorded', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t, {
      form: { paymentMethod: 'pay_on_delivery' },
    });
    const order = await shopperOrder(cookie, orderId);
    expect(order).toMatchObject({
      status: 'processing',
      paymentStatus: 'pending',
      paymentKind: 'pay_on_delivery',
      fulfilment: 'delivery',
      pickup: null,
      shippingZone: 'Lagos',
      awaitingPayment: false,
    });
    const total = order.totalAmountKobo;
    expect(total).toBe(1_250_000);

    const [placed] = await emailsOfKind(t, 'order_placed', user.email);
    expect(placed!.text_body).toContain(
      'You pay ₦12,500.00 on delivery: have it ready in cash or for a transfer at the door.',
    );
    expect(placed!.text_body).not.toContain('/payment/');
    expect(placed!.text_body).not.toContain('30 minutes');

    expect(await packingSlip(orderId)).toContain('Pay on delivery: collect ₦12,500.00.');
    expect(await listRow(orderId)).toMatchObject({
      paymentKind: 'pay_on_delivery',
      paymentStatus: 'pending',
      fulfilment: 'delivery',
    });
    expect(await csvOf(orderId)).toMatchObject({
      'Shipping method': 'Standard Shipping',
      Zone: 'Lagos',
      Fulfilment: 'Delivery',
      Payment: 'Pay on delivery',
      'Payment status': 'pending',
    });

    // Shipped unpaid: the shopper is reminded what to have ready.
    await setStatus(orderId, 'shipped');
    const [shipped] = await orderStatusEmails(user.email, orderId);
    expect(shipped!.text_body).toContain('has been shipped');
    expect(shipped!.text_body).toContain('You pay ₦12,500.00 on delivery');

    const before = (await detail(orderId)).money;
    expect(before).toMatchObject({ receivedKobo: 0, salesKobo: 0 });
    const dashboard = async () =>
      (await t.request('/api/admin/dashboard', { cookie: admin.cookie })).body as unknown as Dashboard;
    const { sales: salesBefore } = await dashboard();

    const recorded = await t.request(`/api/admin/orders/${orderId}/offline-payments`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { method: 'cash', amountKobo: total, note: 'Collected at the door' },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);

    const after = await detail(orderId);
    expect(after.order).toMatchObject({ paymentStatus: 'paid', paymentKind: 'pay_on_delivery' });
    expect(after.order.paidAt).not.toBeNull();
    expect(after.money).toMatchObject({ receivedKobo: total, appliedKobo: total, salesKobo: total });
    expect(after.ledger).toEqual([
      expect.objectContaining({ kind: 'offline_payment', method: 'cash', amountKobo: total }),
    ]);
    // The dashboard counts the order's own ledger figure: its sales grew by this order's kept money.
    const counted = await dashboard();
    expect(counted.sales.totalKobo - salesBefore.totalKobo).toBe(after.money.salesKobo);
    expect(counted.sales.paidOrders - salesBefore.paidOrders).toBe(1);
    expect(counted.sales.month.current - salesBefore.month.current).toBe(after.money.salesKobo);
    expect(counted.recentOrders).toContainEqual(
      expect.objectContaining({ id: orderId, paymentStatus: 'paid' }),
    );

    const [receipt] = await emailsOfKind(t, 'payment_received', user.email);
    expect(receipt!.text_body).toContain('We received your payment of ₦12,500.00');
    expect(receipt!.text_body).toContain('Paid on delivery.');
    expect(await packingSlip(orderId)).toContain('Paid in full.');
    expect(await listRow(orderId)).toMatchObject({ paymentStatus: 'paid', paymentKind: 'pay_on_delivery' });
  });
});

describe('awaiting payment', () => {
  it('is true while Paystack reports a payment of the order pending, and false once it is paid', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    expect((await shopperOrder(cookie, orderId)).awaitingPayment).toBe(false);

    const init = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    // Started and not reported yet: nothing to wait for.
    expect((await shopperOrder(cookie, orderId)).awaitingPayment).toBe(false);

    // Paystack reports the transfer pending while the bank confirms it.
    await t.database.sql.query(
      `UPDATE payment_transactions SET status = 'pending', provider_status = 'pending', channel = 'bank_transfer'
        WHERE order_id = $1`,
      [orderId],
    );
    expect(await shopperOrder(cookie, orderId)).toMatchObject({
      awaitingPayment: true,
      paymentStatus: 'pending',
    });
    expect((await listRow(orderId)).awaitingPayment).toBe(true);
    expect((await detail(orderId)).order.awaitingPayment).toBe(true);
    const mine = (await t.request('/api/orders', { cookie })).body as unknown as { orders: Order[] };
    expect(mine.orders.find((order) => order.id === orderId)?.awaitingPayment).toBe(true);

    // The bank confirms it: Paystack's webhook reports the same payment successful.
    const path = new URL((init.body as { authorizationUrl: string }).authorizationUrl).pathname;
    const pressed = await t.app.request(`http://localhost:3000${path}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'success' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    });
    expect(pressed.status).toBe(200);
    await t.jobsIdle();
    expect(await shopperOrder(cookie, orderId)).toMatchObject({
      awaitingPayment: false,
      paymentStatus: 'paid',
    });
    expect((await listRow(orderId)).awaitingPayment).toBe(false);
  });
});
