import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, orderRow } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  type Fetcher,
  fetchRefund,
  initializeTransaction,
  listRefunds,
  listTransactions,
  PaystackError,
  refundTransaction,
  verifyTransaction,
} from '../../platform/paystack/client';
import { signWebhook } from '../../platform/paystack/gateway';

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
      channel: 'card',
      reference: 'order-1-1700000000000',
    });
  });

  it('verifies what Paystack holds now: a transfer still ongoing, its channel, then what it charged', async () => {
    const config = { baseUrl, secretKey: SECRET };
    await initializeTransaction(config, {
      email: 'ada@example.test',
      amountKobo: 700_000,
      reference: 'order-3-1700000000000',
      currency: 'NGN',
      callbackUrl: 'http://localhost:3000/payment/order-3',
      metadata: { order_id: 'order-3' },
    });
    fake.setTransaction('order-3-1700000000000', { status: 'ongoing', channel: 'bank_transfer' });
    expect(await verifyTransaction(config, 'order-3-1700000000000')).toMatchObject({
      status: 'ongoing',
      channel: 'bank_transfer',
      amountKobo: 700_000,
      paidAt: null,
      metadata: { order_id: 'order-3' },
    });
    fake.setTransaction('order-3-1700000000000', { status: 'success', chargedAmount: 600_000 });
    const settled = await verifyTransaction(config, 'order-3-1700000000000');
    expect(settled).toMatchObject({ status: 'success', channel: 'bank_transfer', amountKobo: 600_000 });
    expect(settled.paidAt).toEqual(expect.any(String));
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

describe('List Transactions', () => {
  const config = () => ({ baseUrl, secretKey: SECRET });
  const day = (n: number, hour = 12) => new Date(Date.UTC(2025, 0, n, hour));

  /** Charges on 1 to 5 January 2025 at noon (long before the other tests' ones), and a failed one on the 3rd. */
  beforeAll(() => {
    for (let n = 1; n <= 5; n++) {
      fake.addForeignTransaction({
        reference: `jan-${n}`,
        amount: n * 100_000,
        createdAt: day(n).toISOString(),
        metadata: { order_id: `order-jan-${n}` },
      });
    }
    fake.addForeignTransaction({
      reference: 'jan-3-failed',
      amount: 90_000,
      status: 'failed',
      channel: 'bank_transfer',
      createdAt: day(3, 15).toISOString(),
    });
  });

  async function allPages(query: { from: Date; to: Date; perPage: number; status?: string }) {
    const pages = [];
    for (let page = 1; ; page++) {
      const answer = await listTransactions(config(), { ...query, page });
      pages.push(answer);
      if (page >= answer.pageCount) return pages;
    }
  }

  it('reads every page, newest first, with the filters and page size in the query', async () => {
    const pages = await allPages({ from: day(1, 0), to: day(5, 23), perPage: 2, status: 'success' });
    expect(pages.map((page) => page.transactions.map((row) => row.reference))).toEqual([
      ['jan-5', 'jan-4'],
      ['jan-3', 'jan-2'],
      ['jan-1'],
    ]);
    expect(pages.map((page) => [page.pageCount, page.total])).toEqual([
      [3, 5],
      [3, 5],
      [3, 5],
    ]);
    expect(fake.received.map((request) => request.url)).toEqual(
      [1, 2, 3].map(
        (page) =>
          `/transaction?perPage=2&page=${page}&from=2025-01-01T00%3A00%3A00.000Z&to=2025-01-05T23%3A00%3A00.000Z&status=success`,
      ),
    );
    expect(pages[2]!.transactions[0]).toEqual({
      status: 'success',
      reference: 'jan-1',
      amountKobo: 100_000,
      currency: 'NGN',
      channel: 'card',
      paidAt: '2025-01-01T12:00:00.000Z',
      createdAt: '2025-01-01T12:00:00.000Z',
      metadata: { order_id: 'order-jan-1' },
      providerId: String(fake.transactions.get('jan-1')!.id),
      raw: expect.objectContaining({ reference: 'jan-1', amount: 100_000 }),
    });
  });

  it('lists only what was created between from and to, whatever its status, at its charged amount', async () => {
    fake.setTransaction('jan-4', { chargedAmount: 350_000 });
    const { transactions, pageCount, total } = await listTransactions(config(), {
      from: day(3, 0),
      to: day(4, 23),
      page: 1,
    });
    expect(transactions.map((row) => [row.reference, row.status, row.amountKobo, row.channel])).toEqual([
      ['jan-4', 'success', 350_000, 'card'],
      ['jan-3-failed', 'failed', 90_000, 'bank_transfer'],
      ['jan-3', 'success', 300_000, 'card'],
    ]);
    expect(transactions[1]!.paidAt).toBeNull();
    expect({ pageCount, total }).toEqual({ pageCount: 1, total: 3 });
    expect(fake.received[0]?.url).toContain('perPage=50&page=1&');

    const none = await listTransactions(config(), { from: day(6), to: day(7), page: 1 });
    expect(none).toEqual({ transactions: [], pageCount: 0, total: 0 });
  });

  it('raises a PaystackError when Paystack fails, and reads again once it is back', async () => {
    fake.listOutages = 2;
    const query = { from: day(1, 0), to: day(5, 23), page: 1 };
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = listTransactions(config(), query);
      await expect(failed).rejects.toBeInstanceOf(PaystackError);
      await expect(failed).rejects.toMatchObject({ kind: 'unavailable', status: 500 });
    }
    expect((await listTransactions(config(), query)).total).toBe(6);
    await expect(listTransactions({ baseUrl, secretKey: 'sk_test_wrong' }, query)).rejects.toMatchObject({
      kind: 'rejected',
      status: 401,
    });
  });

  it('counts the pages from the total when meta has no pageCount, and takes a page without meta as the only one', async () => {
    const answering =
      (body: unknown): Fetcher =>
      async () =>
        Response.json(body);
    const rows = [{ id: 7, status: 'success', reference: 'r-1', amount: 5_000, currency: 'NGN' }];
    const query = { from: day(1), to: day(2), page: 1, perPage: 2 };
    const withTotal = await listTransactions(
      {
        baseUrl,
        secretKey: SECRET,
        fetch: answering({ status: true, message: 'ok', data: rows, meta: { total: '5', perPage: '2' } }),
      },
      query,
    );
    expect(withTotal).toMatchObject({ pageCount: 3, total: 5 });
    expect(withTotal.transactions[0]).toMatchObject({ providerId: '7', channel: null, paidAt: null });
    const bare = await listTransactions(
      { baseUrl, secretKey: SECRET, fetch: answering({ status: true, message: 'ok', data: rows }) },
      query,
    );
    expect(bare).toMatchObject({ pageCount: 1, total: 1 });
    await expect(
      listTransactions(
        { baseUrl, secretKey: SECRET, fetch: answering({ status: true, message: 'ok', data: [{ id: 8 }] }) },
        query,
      ),
    ).rejects.toMatchObject({ kind: 'invalid_response' });
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

  it('keeps no charge whose amount or currency differs from the order: it is refunded in full', async () => {
    for (const [override, reason] of [
      [{ amount: 100 }, "Paystack charged ₦1.00, but the order's total is ₦12,500.00."],
      [{ currency: 'USD' }, 'The payment was made in USD, but the order is priced in NGN.'],
    ] as const) {
      const { cookie, orderId } = await createPendingOrder(t);
      const init = await initialize(cookie, orderId);
      fake.verifyOverride = override;
      const response = await verify(cookie, init.reference);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: false, orderId });
      expect((response.body as { message: string }).message).toContain(reason);
      // Asked again (the webhook, the shopper's reload): the same answer, nothing twice.
      expect((await verify(cookie, init.reference)).body).toEqual(response.body);
      expect(await orderRow(t, orderId)).toMatchObject({
        status: 'pending',
        payment_status: 'pending',
        paid_at: null,
      });
      await t.jobsIdle();
      const charged = override.amount ?? init.amountKobo;
      expect(fake.received.filter((call) => call.url === '/refund').map((call) => call.body)).toEqual([
        { transaction: init.reference, amount: charged, merchant_note: reason },
      ]);
      const [book] = await t.database.sql.query<{
        disposition: string;
        amount_kobo: string;
        currency: string;
      }>(
        `SELECT disposition, amount_kobo::text, currency FROM ledger_entries WHERE reference = $1 AND kind = 'charge'`,
        [init.reference],
      );
      expect(book).toEqual({
        disposition: 'amount_mismatch',
        amount_kobo: String(charged),
        currency: override.currency ?? 'NGN',
      });
      fake.reset();
    }
  });

  it('asks again later when Verify answers about another reference', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    fake.verifyOverride = { reference: 'someone-elses' };
    const response = await verify(cookie, init.reference);
    expect(response.status).toBe(502);
    expect(await orderRow(t, orderId)).toMatchObject({ payment_status: 'pending', paid_at: null });
    const [book] = await t.database.sql.query('SELECT 1 FROM ledger_entries WHERE reference = $1', [
      init.reference,
    ]);
    expect(book).toBeUndefined();

    // The webhook path asks Verify too, and trusts nothing else in the event: its own figures
    // (here a tampered amount) change nothing, and the order is paid with what Paystack says.
    fake.verifyOverride = {};
    const raw = JSON.stringify({
      event: 'charge.success',
      data: { reference: init.reference, amount: 100, currency: 'USD' },
    });
    const hook = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'x-paystack-signature': signWebhook(SECRET, raw), 'content-type': 'application/json' },
      json: JSON.parse(raw),
    });
    expect(hook.status).toBe(200);
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
