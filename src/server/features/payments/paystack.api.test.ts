import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, orderRow } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signWebhook } from './gateway';
import { initializeTransaction, PaystackError, refundTransaction, verifyTransaction } from './paystack';

/** A local stand-in for api.paystack.co: same paths, same envelope, controllable answers. */
type Recorded = { method: string; url: string; authorization: string | undefined; body: unknown };
const SECRET = 'sk_test_fake_0123456789';
const received: Recorded[] = [];
const transactions = new Map<string, { amount: number; currency: string; email: string }>();
/** Overrides what Verify reports, to play a tampered or failed payment. */
let verifyOverride: Partial<{ amount: number; currency: string; status: string; reference: string }> = {};
let delayMs = 0;
/** Verify answers 500 this many more times, as a Paystack outage would. */
let verifyOutages = 0;
let server: Server;
let baseUrl: string;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({
      method: request.method!,
      url: request.url!,
      authorization: request.headers.authorization,
      body,
    });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${SECRET}`)
      return send(401, { status: false, message: 'Invalid key' });
    if (request.method === 'POST' && request.url === '/transaction/initialize') {
      const input = body as { reference: string; amount: number; currency: string; email: string };
      transactions.set(input.reference, {
        amount: input.amount,
        currency: input.currency,
        email: input.email,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${input.reference.slice(0, 8)}`,
          access_code: `ac_${input.reference.slice(0, 8)}`,
          reference: input.reference,
        },
      });
    }
    const verify = request.url?.match(/^\/transaction\/verify\/(.+)$/);
    if (request.method === 'GET' && verify && verifyOutages > 0) {
      verifyOutages -= 1;
      return send(500, { status: false, message: 'An error occurred' });
    }
    if (request.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1]!);
      const transaction = transactions.get(reference);
      if (!transaction) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 1,
          status: 'success',
          reference,
          amount: transaction.amount,
          currency: transaction.currency,
          gateway_response: 'Successful',
          paid_at: new Date().toISOString(),
          customer: { email: transaction.email },
          ...verifyOverride,
        },
      });
    }
    if (request.method === 'POST' && request.url === '/refund') {
      // Paystack's Create Refund: the transaction's reference (or id) and an amount in kobo.
      const input = body as { transaction: string; amount?: number };
      const transaction = transactions.get(input.transaction);
      if (!transaction) return send(404, { status: false, message: 'Transaction not found' });
      if ((input.amount ?? transaction.amount) > transaction.amount) {
        return send(400, { status: false, message: 'Refund amount cannot be more than transaction amount' });
      }
      return send(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { id: 3018284, amount: input.amount ?? transaction.amount, currency: 'NGN', status: 'pending' },
      });
    }
    send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  verifyOverride = {};
  delayMs = 0;
  received.length = 0;
});

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
    expect(received[0]).toEqual({
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
    received.length = 0;
    const refund = await refundTransaction(config, {
      reference: 'order-2-1700000000000',
      amountKobo: 200_000,
      reason: 'Wrong size',
    });
    expect(refund).toMatchObject({ id: '3018284', status: 'pending', amountKobo: 200_000 });
    expect(received[0]).toEqual({
      method: 'POST',
      url: '/refund',
      authorization: `Bearer ${SECRET}`,
      body: { transaction: 'order-2-1700000000000', amount: 200_000, merchant_note: 'Wrong size' },
    });
    const tooMuch = refundTransaction(config, { reference: 'order-2-1700000000000', amountKobo: 500_001 });
    await expect(tooMuch).rejects.toBeInstanceOf(PaystackError);
    await expect(tooMuch).rejects.toMatchObject({ kind: 'rejected', status: 400 });
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

    delayMs = 500;
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
    t = await createTestApp({
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: 'pk_test_fake',
      PAYSTACK_BASE_URL: baseUrl,
    });
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
    expect(received.at(-1)?.body).toMatchObject({
      amount: 1_250_000,
      currency: 'NGN',
      callback_url: `http://localhost:3000/payment/${orderId}`,
      metadata: { order_id: orderId },
    });

    const response = await verify(cookie, init.reference);
    expect(response.body).toEqual({ success: true, message: 'Payment verified successfully', orderId });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
  });

  it('refunds a paid order through Paystack: part of it, then a refusal for more than is left', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    expect((await verify(cookie, init.reference)).body).toMatchObject({ success: true });
    const { cookie: admin } = await createSignedInUser(t, { role: 'admin' });
    received.length = 0;
    const refunded = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: admin,
      json: { amountKobo: 250_000 },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({
      refund: { amountKobo: 250_000, paymentStatus: 'partially_refunded' },
    });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/refund',
        authorization: `Bearer ${SECRET}`,
        body: { transaction: init.reference, amount: 250_000 },
      },
    ]);
    expect((await orderRow(t, orderId)).payment_status).toBe('partially_refunded');
    // Our own check refuses more than is left before Paystack is asked.
    received.length = 0;
    const tooMuch = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: admin,
      json: { amountKobo: 1_000_001 },
    });
    expect(tooMuch.status).toBe(409);
    expect(received).toEqual([]);
  });

  it('refuses a payment whose amount, currency or reference differs from what we recorded', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    for (const override of [{ amount: 100 }, { currency: 'USD' }, { reference: 'someone-elses' }]) {
      verifyOverride = override;
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
    verifyOverride = { amount: 100 };
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

    verifyOverride = {};
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
    verifyOutages = 2;
    const hook = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'x-paystack-signature': signWebhook(SECRET, raw), 'content-type': 'application/json' },
      json: JSON.parse(raw),
    });
    // Answered once stored, before (and whatever) the processing.
    expect(hook.status).toBe(200);
    await t.jobsIdle();
    expect(verifyOutages).toBe(0);
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
