import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, emailsOfKind, orderRow, variantStock } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { SIMULATOR_SECRET_KEY, signWebhook } from '../../platform/paystack/gateway';
import { expireUnpaidOrders } from '../orders/cancel-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Init = {
  reference: string;
  accessCode: string;
  authorizationUrl: string;
  publicKey: string;
  amountKobo: number;
  email: string;
  mode: string;
};

async function initialize(cookie: string, orderId: string) {
  const response = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as Init;
}

/**
 * Presses a button on the simulator's pay page, as the shopper would, and waits for the job that
 * processes the simulator's webhook.
 */
async function pressButton(init: Init, outcome: 'success' | 'failed' | 'cancelled') {
  const path = new URL(init.authorizationUrl).pathname;
  const response = await t.app.request(`http://localhost:3000${path}`, {
    method: 'POST',
    body: new URLSearchParams({ outcome }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
  });
  const html = await response.text();
  await t.jobsIdle();
  return { status: response.status, html };
}

async function paymentEvents(reference: string) {
  await t.jobsIdle();
  return t.database.sql.query<{ event: string; status: string; attempts: number; error: string | null }>(
    'SELECT event, status, attempts, error FROM payment_events WHERE reference = $1 ORDER BY received_at',
    [reference],
  );
}

function webhook(body: unknown, secret = SIMULATOR_SECRET_KEY) {
  const raw = JSON.stringify(body);
  return t.request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(secret, raw) },
    json: body,
  });
}

describe('payments through the built-in simulator', () => {
  it('initializes a transaction for the order and shows a pay page that says it is a test', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    expect(init).toMatchObject({
      amountKobo: 1_000_000 + 250_000,
      email: user.email,
      mode: 'simulator',
      publicKey: expect.stringMatching(/^pk_test_/),
      authorizationUrl: `http://localhost:3000/simulator/paystack/pay/${init.accessCode}`,
    });
    expect(init.reference.startsWith(`${orderId}-`)).toBe(true);
    const [recorded] = await t.database.sql.query<{ amount_kobo: number; currency: string; status: string }>(
      'SELECT amount_kobo, currency, status FROM payment_transactions WHERE reference = $1',
      [init.reference],
    );
    expect(recorded).toEqual({ amount_kobo: 1_250_000, currency: 'NGN', status: 'initialized' });

    const page = await t.request(`/simulator/paystack/pay/${init.accessCode}`);
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain('Test payment — no money moves');
    expect(html).toContain('₦12,500.00');
    for (const label of ['Succeed', 'Fail', 'Cancel']) expect(html).toContain(`>${label}</button>`);

    // Verify before paying: not paid.
    const early = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie,
      json: { reference: init.reference },
    });
    expect(early.body).toEqual({ success: false, message: 'The payment was not completed.', orderId });
  });

  it('Succeed sends a signed webhook that marks the order paid and moves it to processing', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    const done = await pressButton(init, 'success');
    expect(done.status).toBe(200);
    expect(done.html).toContain('postMessage');
    expect(done.html).toContain(`/payment/${orderId}?trxref=${init.reference}`);

    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(order.paid_at).not.toBeNull();
    const verify = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie,
      json: { reference: init.reference },
    });
    expect(verify.body).toEqual({ success: true, message: 'Payment already verified', orderId });
    expect(await emailsOfKind(t, 'payment_received', user.email)).toHaveLength(1);
  });

  it('Fail leaves the order unpaid and verify says the payment was declined', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    await pressButton(init, 'failed');
    const verify = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie,
      json: { reference: init.reference },
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ success: false, message: 'The payment was declined: Declined.', orderId });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', payment_status: 'pending' });
  });

  // Concurrently on PostgreSQL only: PGlite runs one statement at a time, so there the ten calls
  // only interleave whole statements, a smoke test of the race.
  const verifyAndWebhook = process.env.TEST_DATABASE_URL
    ? 'marks the order paid once when verify and the webhook arrive 5 times each, concurrently'
    : 'marks the order paid once when verify and the webhook arrive 5 times each (PGlite: one statement at a time)';
  it(verifyAndWebhook, async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    // Record the success without the simulator's own webhook, then race ours.
    await t.database.sql.query(
      `UPDATE simulator_transactions SET status = 'success', paid_at = now() WHERE reference = $1`,
      [init.reference],
    );
    const event = {
      event: 'charge.success',
      data: { reference: init.reference, amount: init.amountKobo, currency: 'NGN', status: 'success' },
    };
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        t.request('/api/payments/verify', { method: 'POST', cookie, json: { reference: init.reference } }),
      ),
      ...Array.from({ length: 5 }, () => webhook(event)),
    ]);
    for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await paymentEvents(init.reference)).map((event) => event.status)).toEqual(
      Array.from({ length: 5 }, () => 'processed'),
    );
    const verifies = responses
      .slice(0, 5)
      .map((response) => response.body as { success: boolean; message: string });
    expect(verifies.every((body) => body.success)).toBe(true);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await emailsOfKind(t, 'payment_received', user.email)).toHaveLength(1);
  });

  it('rejects a webhook with a bad signature and trusts no figure in a signed one', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    await t.database.sql.query(
      `UPDATE simulator_transactions SET status = 'success', paid_at = now() WHERE reference = $1`,
      [init.reference],
    );
    const good = {
      event: 'charge.success',
      data: { reference: init.reference, amount: init.amountKobo, currency: 'NGN' },
    };

    const forged = await webhook(good, 'sk_test_someone_else');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: { code: 'invalid_signature', message: 'Invalid signature' } });
    const unsigned = await t.request('/api/payments/webhook', { method: 'POST', json: good });
    expect(unsigned.status).toBe(401);

    // A correctly signed event is stored and answered 200 (Paystack would retry anything else);
    // its figures are not trusted: its job asks Paystack (Verify), whose answer pays the order,
    // once, whatever the events claimed.
    const cheaper = await webhook({ ...good, data: { ...good.data, amount: 100 } });
    expect(cheaper.status).toBe(200);
    const dollars = await webhook({ ...good, data: { ...good.data, currency: 'USD' } });
    expect(dollars.status).toBe(200);
    expect(await paymentEvents(init.reference)).toEqual([
      { event: 'charge.success', status: 'processed', attempts: 1, error: null },
      { event: 'charge.success', status: 'processed', attempts: 1, error: null },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    const book = await t.database.sql.query<{ amount_kobo: string; currency: string; disposition: string }>(
      `SELECT amount_kobo::text, currency, disposition FROM ledger_entries WHERE reference = $1`,
      [init.reference],
    );
    expect(book).toEqual([{ amount_kobo: String(init.amountKobo), currency: 'NGN', disposition: 'applied' }]);

    // Other events are kept, acknowledged and change nothing.
    const other = await webhook({ event: 'transfer.success', data: { reference: init.reference } });
    expect(other.status).toBe(200);
    expect((await paymentEvents(init.reference))[2]).toMatchObject({
      event: 'transfer.success',
      status: 'ignored',
    });
  });

  it("only the owner may pay or verify; another user's order is a 404", async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    const other = await createSignedInUser(t);
    const pay = await t.request('/api/payments/initialize', {
      method: 'POST',
      cookie: other.cookie,
      json: { orderId },
    });
    expect(pay.status).toBe(404);
    expect(pay.body).toEqual({ error: { code: 'not_found', message: 'Order not found' } });
    const verify = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie: other.cookie,
      json: { reference: init.reference },
    });
    expect(verify.status).toBe(404);
    expect((await t.request('/api/payments/initialize', { method: 'POST', json: { orderId } })).status).toBe(
      401,
    );
  });

  it('refuses to initialize a paid or cancelled order', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    await pressButton(await initialize(cookie, orderId), 'success');
    const again = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'order_already_paid' } });

    const expired = await createPendingOrder(t);
    await t.database.sql.query(`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = $1`, [
      expired.orderId,
    ]);
    const late = await t.request('/api/payments/initialize', {
      method: 'POST',
      cookie: expired.cookie,
      json: { orderId: expired.orderId },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'order_not_payable' } });
  });
});

describe('a payment that arrives after the order expired', () => {
  it('revives the order when its items are still in stock', async () => {
    const { cookie, orderId, product } = await createPendingOrder(t, { quantity: 2 });
    const variantId = product.variants[0]!.id;
    const init = await initialize(cookie, orderId);
    expect(await variantStock(t, variantId)).toBe(3);
    await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000));
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await variantStock(t, variantId)).toBe(5);

    await pressButton(init, 'success');
    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'paid', stock_released_at: null });
    expect(order.notes).toContain('reserved again');
    expect(await variantStock(t, variantId)).toBe(3);
  });

  it('keeps it cancelled and refunds the payment in full when the stock has gone', async () => {
    const { user, cookie, orderId, product } = await createPendingOrder(t, { quantity: 2 });
    const variantId = product.variants[0]!.id;
    const init = await initialize(cookie, orderId);
    await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000));
    await t.database.sql.query('UPDATE product_variants SET stock_quantity = 1 WHERE id = $1', [variantId]);

    await pressButton(init, 'success');
    const order = await orderRow(t, orderId);
    // Never the order's money: the order stays unpaid and cancelled, the charge goes back.
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'failed', paid_at: null });
    expect(await variantStock(t, variantId)).toBe(1);
    const verify = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie,
      json: { reference: init.reference },
    });
    expect(verify.body).toMatchObject({ success: false, orderId });
    expect((verify.body as { message: string }).message).toContain('sold out before the payment arrived');
    const emails = await emailsOfKind(t, 'automatic_refund', user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toContain('sold out before the payment arrived');
    const { body } = await t.request(`/api/orders/${orderId}`, { cookie });
    expect((body as { order: { money: unknown } }).order.money).toEqual({
      paidKobo: init.amountKobo,
      refundedKobo: init.amountKobo,
      refundPendingKobo: 0,
      refundDueKobo: 0,
      returned: [
        {
          amountKobo: init.amountKobo,
          reason: expect.stringContaining('sold out before the payment arrived'),
          state: 'refunded',
        },
      ],
    });
  });
});

describe('payments with no provider configured', () => {
  it('answers 503 in production without keys and without PAYMENT_SIMULATOR=allow', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' });
    try {
      const { cookie, orderId } = await createPendingOrder(prod);
      const response = await prod.request('/api/payments/initialize', {
        method: 'POST',
        cookie,
        json: { orderId },
      });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ error: { code: 'payments_unavailable' } });
      expect((await prod.request('/simulator/paystack/pay/abc')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
