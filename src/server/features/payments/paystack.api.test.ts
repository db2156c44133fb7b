import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, orderRow } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signWebhook } from './gateway';
import {
  fetchRefund,
  initializeTransaction,
  listRefunds,
  PaystackError,
  refundTransaction,
  verifyTransaction,
} from './paystack';

/** A local stand-in for api.paystack.co: same paths, same envelope, controllable answers. */
let fake: FakePaystack;
let SECRET: string;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakePaystack();
  SECRET = fake.secret;
  baseUrl = fake.baseUrl;
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('the Paystack client', () => {
  it('initializes with the secret key, the amount in kobo, NGN, the callback and the order id', async () => {
    const result = await initializeTransaction(
      { baseUrl, secretKey: SECRET },
      {
        email: 'ada@example.test',
        amountKobo: 1_250_000,
        reference: 'order-1-1700000000000',
        currency: 'NGN',
        callbackUrl: 'http://localhost:3000/payment/order-1',
        metadata: { order_id: 'order-1' },
      },
    );
    expect(result).toEqual({
      authorizationUrl: 'https://checkout.paystack.com/order-1-',
      accessCode: 'ac_order-1-',
      reference: 'order-1-1700000000000',
    });
    expect(fake.received[0]).toEqual({
      method: 'POST',
      url: '/transaction/initialize',
      authorization: `Bearer ${SECRET}`,
      body: {
        email: 'ada@example.test',
        amount: 1_250_000,
        reference: 'order-1-1700000000000',
        currency: 'NGN',
        callback_url: 'http://localhost:3000/payment/order-1',
        metadata: { order_id: 'order-1' },
      },
    });
    const verified = await verifyTransaction({ baseUrl, secretKey: SECRET }, 'order-1-1700000000000');
    expect(verified).toMatchObject({
      status: 'success',
      amountKobo: 1_250_000,
      currency: 'NGN',
      reference: 'order-1-1700000000000',
    });
  });

  it('asks for a refund with the transaction reference and the amount in kobo; a refusal is an error', async () => {
    const config = { baseUrl, secretKey: SECRET };
    await initializeTransaction(config, {
      email: 'ada@example.test',
      amountKobo: 500_000,
      reference: 'order-2-1700000000000',
      currency: 'NGN',
      callbackUrl: 'http://localhost:3000/payment/order-2',
      metadata: { order_id: 'order-2' },
    });
    fake.received.length = 0;
    const refund = await refundTransaction(config, {
      reference: 'order-2-1700000000000',
      amountKobo: 200_000,
      reason: 'Wrong size',
    });
    expect(refund).toMatchObject({ id: '3018284', status: 'pending', amountKobo: 200_000 });
    expect(fake.received[0]).toEqual({
      method: 'POST',
      url: '/refund',
      authorization: `Bearer ${SECRET}`,
      body: { transaction: 'order-2-1700000000000', amount: 200_000, merchant_note: 'Wrong size' },
    });
    const tooMuch = refundTransaction(config, { reference: 'order-2-1700000000000', amountKobo: 300_001 });
    await expect(tooMuch).rejects.toBeInstanceOf(PaystackError);
    await expect(tooMuch).rejects.toMatchObject({ kind: 'rejected', status: 400 });

    // Fetch Refund by its id, and List Refunds by the transaction's id, say where it stands.
    fake.refunds.get(3018284)!.status = 'processed';
    expect(await fetchRefund(config, '3018284')).toMatchObject({
      id: '3018284',
      status: 'processed',
      amountKobo: 200_000,
    });
    const transactionId = String(fake.transactions.get('order-2-1700000000000')!.id);
    expect(await listRefunds(config, transactionId)).toEqual([
      expect.objectContaining({ id: '3018284', status: 'processed', amountKobo: 200_000 }),
    ]);
    expect(fake.received.at(-1)?.url).toBe(`/refund?transaction=${transactionId}&perPage=100`);
    // A failure on Paystack's side is not a refusal: the refund may or may not exist.
    fake.refundOutages = 1;
    await expect(
      refundTransaction(config, { reference: 'order-2-1700000000000', amountKobo: 100 }),
    ).rejects.toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it("turns Paystack's refusals, timeouts and network failures into clear errors", async () => {
    const refused = verifyTransaction({ baseUrl, secretKey: SECRET }, 'nope');
    await expect(refused).rejects.toThrow(PaystackError);
    await expect(refused).rejects.toMatchObject({
      kind: 'rejected',
      status: 400,
      message: 'Paystack refused: Transaction reference not found',
    });
    await expect(verifyTransaction({ baseUrl, secretKey: 'sk_test_wrong' }, 'x')).rejects.toMatchObject({
      kind: 'rejected',
      status: 401,
    });

    fake.delayMs = 500;
    await expect(
      verifyTransaction({ baseUrl, secretKey: SECRET, timeoutMs: 100 }, 'x'),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Paystack did not answer within 100 ms',
    });
    await expect(
      verifyTransaction({ baseUrl: 'http://127.0.0.1:1', secretKey: SECRET }, 'x'),
    ).rejects.toMatchObject({
      kind: 'network',
    });
  });
});

describe('payments with Paystack keys configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(paystackEnv({ secret: SECRET, baseUrl }));
  });
  afterAll(() => t.close());

  async function initialize(cookie: string, orderId: string) {
    const response = await t.request('/api/payments/initialize', {
      method: 'POST',
      cookie,
      json: { orderId },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as {
      reference: string;
      amountKobo: number;
      mode: string;
      publicKey: string;
      authorizationUrl: string;
    };
  }
  const verify = (cookie: string, reference: string) =>
    t.request('/api/payments/verify', { method: 'POST', cookie, json: { reference } });

  it('initializes in test mode and marks the order paid when Verify agrees', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    expect(init).toMatchObject({ mode: 'test', publicKey: 'pk_test_fake', amountKobo: 1_250_000 });
    expect(init.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(fake.received.at(-1)?.body).toMatchObject({
      amount: 1_250_000,
      currency: 'NGN',
      callback_url: `http://localhost:3000/payment/${orderId}`,
      metadata: { order_id: orderId },
    });

    const response = await verify(cookie, init.reference);
    expect(response.body).toEqual({ success: true, message: 'Payment verified successfully', orderId });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
  });

  it('asks Paystack for a partial refund, kept pending as Paystack answers; more than is left is refused first', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    expect((await verify(cookie, init.reference)).body).toMatchObject({ success: true });
    const { cookie: admin } = await createSignedInUser(t, { role: 'admin' });
    fake.received.length = 0;
    const refunded = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: admin,
      json: { amountKobo: 250_000 },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // Paystack answers a new refund 'pending': nothing is refunded until it says processed.
    expect(refunded.body).toMatchObject({
      refund: { amountKobo: 250_000, status: 'pending', paymentStatus: 'paid' },
    });
    expect(fake.received).toEqual([
      {
        method: 'POST',
        url: '/refund',
        authorization: `Bearer ${SECRET}`,
        body: { transaction: init.reference, amount: 250_000 },
      },
    ]);
    expect((await orderRow(t, orderId)).payment_status).toBe('paid');
    // Our own check refuses more than is left (the pending refund counts) before Paystack is asked.
    fake.received.length = 0;
    const tooMuch = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: admin,
      json: { amountKobo: 1_000_001 },
    });
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toContain('(₦10,000.00)');
    expect(fake.received).toEqual([]);
  });

  it('refuses a payment whose amount, currency or reference differs from what we recorded', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    for (const override of [{ amount: 100 }, { currency: 'USD' }, { reference: 'someone-elses' }]) {
      fake.verifyOverride = override;
      const response = await verify(cookie, init.reference);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, message: 'Payment verification failed', orderId });
    }
    expect(await orderRow(t, orderId)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      paid_at: null,
    });

    // The webhook path asks Verify too, so a correctly signed event cannot pay a tampered charge.
    fake.verifyOverride = { amount: 100 };
    const raw = JSON.stringify({
      event: 'charge.success',
      data: { reference: init.reference, amount: init.amountKobo, currency: 'NGN' },
    });
    const hook = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'x-paystack-signature': signWebhook(SECRET, raw), 'content-type': 'application/json' },
      json: JSON.parse(raw),
    });
    // Stored and acknowledged, then refused by its job.
    expect(hook.status).toBe(200);
    await t.jobsIdle();
    expect(await orderRow(t, orderId)).toMatchObject({ payment_status: 'pending' });

    fake.verifyOverride = {};
    const honest = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'x-paystack-signature': signWebhook(SECRET, raw), 'content-type': 'application/json' },
      json: JSON.parse(raw),
    });
    expect(honest.status).toBe(200);
    await t.jobsIdle();
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
  });

  it('keeps a webhook whose processing fails and retries it until Paystack answers', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    const raw = JSON.stringify({
      event: 'charge.success',
      data: { reference: init.reference, amount: init.amountKobo, currency: 'NGN' },
    });
    fake.verifyOutages = 2;
    const hook = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'x-paystack-signature': signWebhook(SECRET, raw), 'content-type': 'application/json' },
      json: JSON.parse(raw),
    });
    // Answered once stored, before (and whatever) the processing.
    expect(hook.status).toBe(200);
    await t.jobsIdle();
    expect(fake.verifyOutages).toBe(0);
    const [event] = await t.database.sql.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM payment_events WHERE reference = $1',
      [init.reference],
    );
    expect(event).toEqual({ status: 'processed', attempts: 3 });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
  });

  it('answers 502 when Paystack cannot be reached', async () => {
    const broken = await createTestApp({
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PAYSTACK_PUBLIC_KEY: 'pk_live_x',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:1',
    });
    try {
      const { cookie, orderId } = await createPendingOrder(broken);
      const response = await broken.request('/api/payments/initialize', {
        method: 'POST',
        cookie,
        json: { orderId },
      });
      expect(response.status).toBe(502);
      expect(response.body).toMatchObject({ error: { code: 'payment_provider_error' } });
    } finally {
      await broken.close();
    }
  });
});
