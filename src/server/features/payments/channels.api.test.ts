import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createDiscount, discountUses } from '../../../../tests/factories/discounts';
import { createPendingOrder, orderRow, variantStock } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { eventually } from '../../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { EXPIRY_NOTE, expireUnpaidOrders } from '../orders/cancel-order';
import { transferAccountNumber, ussdCode } from './simulator';
import { sweepUnpaidOrders } from './unpaid-sweep';

/**
 * Paystack's channels on the real app and database: Settings → Payment chooses them, Initialize
 * offers them, the simulator plays each, the channel Paystack reports is kept, and an unpaid order
 * waits for a pending payment as long as its channel's window (a transfer 3 hours, USSD 1 hour).
 */
let t: TestApp;
let admin: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await createSignedInUser(t, { role: 'admin' });
  admin = { cookie: signedIn.cookie, id: signedIn.user.id };
});
afterAll(() => t.close());

const DEFAULT_CHANNELS = ['card', 'bank_transfer', 'ussd'];
const savePayment = (json: unknown, cookie = admin.cookie) =>
  t.request('/api/admin/settings/payment', { method: 'PUT', cookie, json });
afterEach(async () => {
  expect((await savePayment({ channels: DEFAULT_CHANNELS, payOnDelivery: false })).status).toBe(200);
});

type Init = {
  reference: string;
  accessCode: string;
  authorizationUrl: string;
  amountKobo: number;
  channels: string[];
};

async function initialize(cookie: string, orderId: string): Promise<Init> {
  const response = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as Init;
}

const verify = async (cookie: string, reference: string) =>
  (await t.request('/api/payments/verify', { method: 'POST', cookie, json: { reference } })).body as {
    success: boolean;
    pending?: boolean;
    message: string;
  };

/** Presses a button on the simulator's pay page, as the shopper would. */
async function press(init: Init, outcome: string, extra: Record<string, string> = {}) {
  const response = await t.app.request(`http://localhost:3000${new URL(init.authorizationUrl).pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ outcome, ...extra }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
  });
  return { status: response.status, html: await response.text() };
}

const payPage = async (init: Init) => String((await t.request(new URL(init.authorizationUrl).pathname)).body);

async function transactionOf(reference: string) {
  const [row] = await t.database.sql.query<{ status: string; channel: string | null }>(
    'SELECT status, channel FROM payment_transactions WHERE reference = $1',
    [reference],
  );
  return row!;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('Settings → Payment', () => {
  it('starts with card, bank transfer and USSD, pay on delivery off, and admins only', async () => {
    const response = await t.request('/api/admin/settings/payment', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      mode: 'simulator',
      channels: DEFAULT_CHANNELS,
      payOnDelivery: false,
    });
    const shopper = await createSignedInUser(t);
    expect((await t.request('/api/admin/settings/payment', { cookie: shopper.cookie })).status).toBe(403);
    const refused = await savePayment({ channels: ['card'], payOnDelivery: true }, shopper.cookie);
    expect(refused.status).toBe(403);
  });

  it('refuses no channel, an unknown one and a missing switch, and changes nothing', async () => {
    for (const [json, field, message] of [
      [{ channels: [], payOnDelivery: false }, 'channels', 'Choose at least one way to pay'],
      [
        { channels: ['card', 'qr'], payOnDelivery: false },
        'channels.1',
        'Choose from card, bank transfer, USSD and bank',
      ],
      [{ channels: ['card'] }, 'payOnDelivery', 'Pay on delivery must be on or off'],
    ] as const) {
      const response = await savePayment(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body).toMatchObject({
        error: { fields: { [field]: expect.stringContaining(message) } },
      });
    }
    const now = await t.request('/api/admin/settings/payment', { cookie: admin.cookie });
    expect(now.body).toMatchObject({ channels: DEFAULT_CHANNELS, payOnDelivery: false });
  });

  it("saves the channels in Paystack's order and pay on delivery, audited with before and after", async () => {
    const response = await savePayment({ channels: ['bank', 'ussd', 'bank_transfer'], payOnDelivery: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      mode: 'simulator',
      webhookUrl: 'http://localhost:3000/api/payments/webhook',
      channels: ['bank_transfer', 'ussd', 'bank'],
      payOnDelivery: true,
    });
    const again = await t.request('/api/admin/settings/payment', { cookie: admin.cookie });
    expect(again.body).toMatchObject({ channels: ['bank_transfer', 'ussd', 'bank'], payOnDelivery: true });
    const [audit] = await t.database.sql.query<{
      actor_id: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT actor_id, action, before, after FROM audit_log
        WHERE entity_type = 'setting' AND entity_id = 'payment' ORDER BY created_at DESC, id DESC LIMIT 1`,
    );
    expect(audit).toEqual({
      actor_id: admin.id,
      action: 'updated',
      before: { channels: DEFAULT_CHANNELS, payOnDelivery: false },
      after: { channels: ['bank_transfer', 'ussd', 'bank'], payOnDelivery: true },
    });
  });
});

describe('Initialize offers the saved channels', () => {
  it('the simulator receives them and its pay page offers only them', async () => {
    await savePayment({ channels: ['bank_transfer', 'ussd'], payOnDelivery: false });
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    expect(init.channels).toEqual(['bank_transfer', 'ussd']);
    const [stored] = await t.database.sql.query<{ channels: string[] }>(
      'SELECT channels FROM simulator_transactions WHERE reference = $1',
      [init.reference],
    );
    expect(stored!.channels).toEqual(['bank_transfer', 'ussd']);

    const html = await payPage(init);
    expect(html).toContain('<h2 id="pay-bank_transfer-title">Bank transfer</h2>');
    expect(html).toContain('<h2 id="pay-ussd-title">USSD</h2>');
    expect(html).not.toContain('id="pay-card-title"');
    expect(html).not.toContain('id="pay-bank-title"');
    expect(html).not.toContain('value="success"');
    // A card outcome is refused: the window does not offer it.
    const refused = await press(init, 'success');
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This way to pay is not offered for this payment');
    expect((await transactionOf(init.reference)).status).toBe('initialized');
  });

  it("Paystack's Initialize receives them as `channels`", async () => {
    const fake: FakePaystack = await startFakePaystack();
    const live = await createTestApp(paystackEnv(fake));
    try {
      const signedIn = await createSignedInUser(live, { role: 'admin' });
      await live.request('/api/admin/settings/payment', {
        method: 'PUT',
        cookie: signedIn.cookie,
        json: { channels: ['card', 'bank'], payOnDelivery: false },
      });
      const { cookie, orderId } = await createPendingOrder(live);
      const response = await live.request('/api/payments/initialize', {
        method: 'POST',
        cookie,
        json: { orderId },
      });
      expect(response.status).toBe(200);
      const initialized = fake.received.filter((call) => call.url === '/transaction/initialize');
      expect(initialized).toHaveLength(1);
      expect(initialized[0]!.body).toMatchObject({
        channels: ['card', 'bank'],
        metadata: { order_id: orderId },
      });
    } finally {
      await live.close();
      await fake.close();
    }
  });

  it('refuses a pay-on-delivery order: it is paid at the door', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    await t.database.sql.query(`UPDATE orders SET payment_kind = 'pay_on_delivery' WHERE id = $1`, [orderId]);
    const response = await t.request('/api/payments/initialize', {
      method: 'POST',
      cookie,
      json: { orderId },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: { code: 'order_not_payable', message: expect.stringContaining('paid on delivery') },
    });
    const [{ count } = { count: -1 }] = await t.database.sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM payment_transactions WHERE order_id = $1',
      [orderId],
    );
    expect(count).toBe(0);
  });
});

describe('a bank transfer past the card window', () => {
  it('is waited for past 30 minutes, paid later from the bank app, and the order is paid', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    const html = await payPage(init);
    expect(html).toContain(transferAccountNumber(init.reference));
    expect(html).toContain('Paystack-Titan');
    expect(html).toContain('valid for 3 hours');
    expect(transferAccountNumber(init.reference)).toMatch(/^\d{10}$/);

    // The shopper closes the window to pay later: Paystack reports the transfer pending.
    const later = await press(init, 'transfer_later');
    expect(later.status).toBe(200);
    expect(later.html).toContain('"status":"pending"');
    expect(await verify(cookie, init.reference)).toMatchObject({ success: false, pending: true });
    expect(await transactionOf(init.reference)).toEqual({ status: 'pending', channel: 'bank_transfer' });
    const order = await t.request(`/api/orders/${orderId}`, { cookie });
    expect(order.body).toMatchObject({
      order: { awaitingPayment: true, paymentMethod: 'Bank transfer (Paystack)' },
    });

    // Past the card's 30 minutes, and nearly 3 hours: the order waits for the transfer.
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(31))).not.toContain(orderId);
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(179))).not.toContain(orderId);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    // Forty minutes on, the payment page starts no second payment: the transfer is awaited.
    await t.database.sql.query(`UPDATE orders SET created_at = now() - interval '40 minutes' WHERE id = $1`, [
      orderId,
    ]);
    const second = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { code: 'payment_pending' } });
    expect(await expireUnpaidOrders(t.deps)).not.toContain(orderId);

    // Reopening the pay page shows the account again; the shopper sends the money.
    const reopened = await payPage(init);
    expect(reopened).toContain(transferAccountNumber(init.reference));
    expect(reopened).toContain('I&#39;ve sent the money');
    expect(reopened).not.toContain('value="success"');
    const sent = await press(init, 'transfer', { delay_seconds: '0' });
    expect(sent.html).toContain('Transfer started: your bank is confirming it.');
    await eventually(
      async () => {
        await t.jobsIdle();
        return (await orderRow(t, orderId)).payment_status === 'paid';
      },
      10_000,
      'the transfer confirmed',
    );
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await transactionOf(init.reference)).toEqual({ status: 'success', channel: 'bank_transfer' });
    const paid = await t.request(`/api/orders/${orderId}`, { cookie });
    expect(paid.body).toMatchObject({
      order: { awaitingPayment: false, paymentMethod: 'Bank transfer (Paystack)' },
    });
    // The page says where it stands once sent: no second transfer.
    expect(await payPage(init)).toContain('Payment succeeded.');
  });

  it('that never arrives: the order expires after 3 hours, its stock and code use released', async () => {
    const discount = await createDiscount(t, { percentOff: 10 });
    const { cookie, orderId, product } = await createPendingOrder(t, {
      form: { discountCode: discount.code! },
    });
    const variantId = product.variants[0]!.id;
    expect(await variantStock(t, variantId)).toBe(4);
    expect(await discountUses(t, discount.id)).toEqual({ uses: 1, held: 1 });
    const init = await initialize(cookie, orderId);
    // A long confirmation: the shopper says they sent it, the bank has not confirmed yet.
    await press(init, 'transfer', { delay_seconds: '600' });
    expect(await verify(cookie, init.reference)).toMatchObject({ success: false, pending: true });
    expect((await transactionOf(init.reference)).channel).toBe('bank_transfer');

    expect(await expireUnpaidOrders(t.deps, minutesFromNow(31))).not.toContain(orderId);
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(181))).toContain(orderId);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(row.notes).toContain('Cancelled automatically: not paid within 3 hours.');
    expect(row.notes).not.toContain(EXPIRY_NOTE);
    expect(row.stock_released_at).not.toBeNull();
    expect(await variantStock(t, variantId)).toBe(5);
    expect((await discountUses(t, discount.id)).held).toBe(0);
  });

  it('that succeeded at Paystack with its webhook lost is asked about before the order expires: paid, not expired', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    await press(init, 'transfer_later');
    await verify(cookie, init.reference);
    // The bank confirms the transfer at Paystack; its webhook never reaches the shop, and the
    // backed-off checks are not due before the window ends.
    await t.database.sql.query(
      `UPDATE simulator_transactions SET status = 'success', paid_at = now() WHERE reference = $1`,
      [init.reference],
    );
    expect(await sweepUnpaidOrders(t.deps, minutesFromNow(181))).not.toContain(orderId);
    expect(await orderRow(t, orderId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
      stock_released_at: null,
    });
    expect(await transactionOf(init.reference)).toEqual({ status: 'success', channel: 'bank_transfer' });
  });

  it('arriving after the window revives the order while it can still be delivered', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    await press(init, 'transfer_later');
    await verify(cookie, init.reference);
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(181))).toContain(orderId);
    await press(init, 'transfer', { delay_seconds: '0' });
    await eventually(
      async () => {
        await t.jobsIdle();
        return (await orderRow(t, orderId)).payment_status === 'paid';
      },
      10_000,
      'the late transfer applied',
    );
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', stock_released_at: null });
  });
});

describe('USSD', () => {
  it('dialled: waits an hour for the bank, then the order expires', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    expect(await payPage(init)).toContain(ussdCode(init.reference));
    expect(ussdCode(init.reference)).toMatch(/^\*737\*000\*\d{6}#$/);
    const dialled = await press(init, 'ussd', { delay_seconds: '600' });
    expect(dialled.html).toContain('USSD payment started: your bank is confirming it.');
    expect(await verify(cookie, init.reference)).toMatchObject({ pending: true });
    expect(await transactionOf(init.reference)).toEqual({ status: 'pending', channel: 'ussd' });
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(59))).not.toContain(orderId);
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(61))).toContain(orderId);
    expect((await orderRow(t, orderId)).notes).toContain('Cancelled automatically: not paid within 1 hour.');
  });

  it('declined by the bank: the payment failed, the order can still be paid', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    // Left for later first, then dialled and declined.
    await press(init, 'ussd_later');
    expect(await payPage(init)).toContain('I dialled the code');
    const declined = await press(init, 'ussd_declined');
    expect(declined.html).toContain('Payment failed.');
    expect(await verify(cookie, init.reference)).toMatchObject({ success: false });
    expect(await transactionOf(init.reference)).toEqual({ status: 'failed', channel: 'ussd' });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    const again = await initialize(cookie, orderId);
    expect(again.reference).not.toBe(init.reference);
  });
});

describe('a pay-on-delivery order', () => {
  it('is never expired by the unpaid-order sweep, even while pending', async () => {
    const { orderId } = await createPendingOrder(t);
    await t.database.sql.query(`UPDATE orders SET payment_kind = 'pay_on_delivery' WHERE id = $1`, [orderId]);
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(7 * 24 * 60))).not.toContain(orderId);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', stock_released_at: null });
  });
});

describe('a card payment', () => {
  it('keeps its channel, and an order with no payment under way expires after 30 minutes', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    await press(init, 'failed');
    await verify(cookie, init.reference);
    expect(await transactionOf(init.reference)).toEqual({ status: 'failed', channel: 'card' });
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(29))).not.toContain(orderId);
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(31))).toContain(orderId);
    expect((await orderRow(t, orderId)).notes).toContain(EXPIRY_NOTE);
  });
});
