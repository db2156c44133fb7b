import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPendingOrder } from '../../../../tests/factories/orders';
import { eventually } from '../../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  initializeTransaction,
  listTransactions,
  PaystackError,
  verifyTransaction,
} from '../../platform/paystack/client';
import type { Gateway } from '../../platform/paystack/gateway';
import { transferAccountNumber, ussdCode } from './simulator';

/**
 * The built-in Paystack simulator as the shop's Paystack client sees it: List Transactions, and
 * the pay page's outcomes that a ledger and a reconciliation must handle (a charge of less than
 * the order, a transfer that stays ongoing before it succeeds). Orders are not looked at here:
 * only what the simulator answers and the webhooks it sends.
 */
let t: TestApp;
let gateway: Gateway;
beforeAll(async () => {
  t = await createTestApp();
  gateway = t.deps.payments!;
  expect(gateway.mode).toBe('simulator');
});
afterAll(() => t.close());

type Init = { reference: string; accessCode: string; authorizationUrl: string; amountKobo: number };

async function initialize(): Promise<Init> {
  const { cookie, orderId } = await createPendingOrder(t);
  const response = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as Init;
}

/** Presses a button on the simulator's pay page, as the shopper would. */
async function press(authorizationUrl: string, outcome: string, extra: Record<string, string> = {}) {
  const path = new URL(authorizationUrl).pathname;
  const response = await t.app.request(`http://localhost:3000${path}`, {
    method: 'POST',
    body: new URLSearchParams({ outcome, ...extra }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
  });
  return { status: response.status, html: await response.text() };
}

async function simulatorRow(reference: string) {
  const [row] = await t.database.sql.query<{ status: string; channel: string; charged_kobo: string | null }>(
    'SELECT status, channel, charged_kobo::text FROM simulator_transactions WHERE reference = $1',
    [reference],
  );
  return row!;
}

async function chargeSuccessEvents(reference: string) {
  return t.database.sql.query<{ amount: string; status: string; channel: string }>(
    `SELECT payload->'data'->>'amount' AS amount, payload->'data'->>'status' AS status,
            payload->'data'->>'channel' AS channel
       FROM payment_events WHERE reference = $1 AND event = 'charge.success' ORDER BY received_at`,
    [reference],
  );
}

const databaseNow = async () => {
  const [row] = await t.database.sql.query<{ now: Date | string }>('SELECT clock_timestamp() AS now');
  return new Date(row!.now);
};

describe("the simulator's List Transactions", () => {
  it('lists the transactions created between from and to, newest first, page by page, by status', async () => {
    const from = await databaseNow();
    const first = await initialize();
    const second = await initialize();
    const third = await initialize();
    expect((await press(second.authorizationUrl, 'failed')).status).toBe(200);
    const to = new Date((await databaseNow()).getTime() + 1000);

    const page1 = await listTransactions(gateway, { from, to, page: 1, perPage: 2 });
    const page2 = await listTransactions(gateway, { from, to, page: 2, perPage: 2 });
    expect([page1.total, page1.pageCount, page2.total, page2.pageCount]).toEqual([3, 2, 3, 2]);
    expect([...page1.transactions, ...page2.transactions].map((row) => [row.reference, row.status])).toEqual([
      // Untouched by the shopper: abandoned, as Paystack says of a transaction never completed.
      [third.reference, 'abandoned'],
      [second.reference, 'failed'],
      [first.reference, 'abandoned'],
    ]);
    const [newest] = page1.transactions;
    expect(newest).toMatchObject({
      amountKobo: 1_250_000,
      currency: 'NGN',
      channel: 'card',
      paidAt: null,
      metadata: { order_id: expect.any(String) },
      providerId: expect.stringMatching(/^\d+$/),
    });
    expect(Date.parse(newest!.createdAt!)).toBeGreaterThanOrEqual(from.getTime());

    const failed = await listTransactions(gateway, { from, to, page: 1, status: 'failed' });
    expect(failed.transactions.map((row) => row.reference)).toEqual([second.reference]);
    expect(failed).toMatchObject({ total: 1, pageCount: 1 });
    const before = await listTransactions(gateway, { from: new Date(0), to: from, page: 1 });
    expect(before).toEqual({ transactions: [], pageCount: 0, total: 0 });
  });

  it("answers in Paystack's envelope, with meta, at most 100 per page, only with the secret key", async () => {
    const path = `/simulator/paystack/transaction?perPage=500&page=1&from=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`;
    const answer = await t.request(path, { headers: { authorization: `Bearer ${gateway.secretKey}` } });
    expect(answer.status).toBe(200);
    const body = answer.body as { data: unknown[]; meta: { total: number } };
    expect(body).toMatchObject({
      status: true,
      message: 'Transactions retrieved',
      meta: { skipped: 0, perPage: 100, page: 1, pageCount: 1 },
    });
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
    expect(body.data).toHaveLength(body.meta.total);
    const wrongKey = await t.request(path, { headers: { authorization: 'Bearer sk_test_someone_else' } });
    expect(wrongKey.status).toBe(401);
    const badDate = await t.request('/simulator/paystack/transaction?from=yesterday', {
      headers: { authorization: `Bearer ${gateway.secretKey}` },
    });
    expect(badDate.status).toBe(400);
    await expect(
      listTransactions(
        { ...gateway, secretKey: 'sk_test_someone_else' },
        { from: new Date(0), to: new Date(), page: 1 },
      ),
    ).rejects.toBeInstanceOf(PaystackError);
  });
});

describe("the pay page's charge of less than the order", () => {
  it('offers the charge of less than asked, and the transfer, as buttons', async () => {
    const init = await initialize();
    const page = await t.request(`/simulator/paystack/pay/${init.accessCode}`);
    const html = String(page.body);
    expect(html).toContain(
      '<button type="submit" name="outcome" value="charged_less">Charge ₦1,000 less than asked</button>',
    );
    expect(html).toContain(
      '<button type="submit" name="outcome" value="transfer">I&#39;ve sent the money</button>',
    );
  });

  it('succeeds for ₦1,000 less: Verify, the list and the webhook all report the lower amount', async () => {
    const init = await initialize();
    expect(init.amountKobo).toBe(1_250_000);
    const done = await press(init.authorizationUrl, 'charged_less');
    expect(done.status).toBe(200);
    expect(done.html).toContain('Payment succeeded.');

    const verified = await verifyTransaction(gateway, init.reference);
    expect(verified).toMatchObject({
      status: 'success',
      amountKobo: 1_150_000,
      currency: 'NGN',
      channel: 'card',
    });
    expect(verified.paidAt).toEqual(expect.any(String));
    const listed = await listTransactions(gateway, {
      from: new Date(Date.now() - 60_000),
      to: new Date(Date.now() + 60_000),
      page: 1,
      status: 'success',
    });
    expect(listed.transactions.find((row) => row.reference === init.reference)?.amountKobo).toBe(1_150_000);
    await t.jobsIdle();
    expect(await chargeSuccessEvents(init.reference)).toEqual([
      { amount: '1150000', status: 'success', channel: 'card' },
    ]);
  });

  it('charges half of an amount of ₦1,000 or less', async () => {
    // Straight through the simulator's Initialize, as Paystack would take it: no order is that cheap.
    const { authorizationUrl } = await initializeTransaction(gateway, {
      email: 'ada@example.test',
      amountKobo: 80_000,
      reference: 'small-charge-1',
      currency: 'NGN',
      callbackUrl: 'http://localhost:3000/payment/none',
      metadata: {},
    });
    expect((await press(authorizationUrl, 'charged_less')).status).toBe(200);
    expect(await verifyTransaction(gateway, 'small-charge-1')).toMatchObject({
      status: 'success',
      amountKobo: 40_000,
    });
  });
});

describe("the pay page's transfer", () => {
  it('stays ongoing, then succeeds once the bank confirms, and sends charge.success then', async () => {
    const init = await initialize();
    const done = await press(init.authorizationUrl, 'transfer', { delay_seconds: '1' });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Transfer started: your bank is confirming it.');
    expect(done.html).toContain(`"status":"pending","reference":"${init.reference}"`);

    const ongoing = await verifyTransaction(gateway, init.reference);
    expect(ongoing).toMatchObject({
      status: 'ongoing',
      channel: 'bank_transfer',
      amountKobo: 1_250_000,
      paidAt: null,
    });
    // A second press changes nothing; the pay page says where it stands.
    expect((await press(init.authorizationUrl, 'success')).html).toContain('Transfer started');
    expect((await t.request(`/simulator/paystack/pay/${init.accessCode}`)).body).toContain(
      'Transfer started',
    );
    expect(await chargeSuccessEvents(init.reference)).toEqual([]);

    await eventually(
      async () => {
        await t.jobsIdle();
        return (await simulatorRow(init.reference)).status === 'success';
      },
      10_000,
      'the transfer confirmed',
    );
    await t.jobsIdle();
    const settled = await verifyTransaction(gateway, init.reference);
    expect(settled).toMatchObject({ status: 'success', channel: 'bank_transfer', amountKobo: 1_250_000 });
    expect(settled.paidAt).toEqual(expect.any(String));
    expect(await chargeSuccessEvents(init.reference)).toEqual([
      { amount: '1250000', status: 'success', channel: 'bank_transfer' },
    ]);
  });

  it('confirms at once with delay_seconds=0', async () => {
    const init = await initialize();
    await press(init.authorizationUrl, 'transfer', { delay_seconds: '0' });
    await t.jobsIdle();
    expect(await simulatorRow(init.reference)).toEqual({
      status: 'success',
      channel: 'bank_transfer',
      charged_kobo: null,
    });
    expect(await chargeSuccessEvents(init.reference)).toHaveLength(1);
  });

  it('refuses a delay that is not whole seconds from 0 to 600, and the transaction stays untouched', async () => {
    const init = await initialize();
    for (const delay of ['601', '-1', '1.5', 'soon']) {
      const refused = await press(init.authorizationUrl, 'transfer', { delay_seconds: delay });
      expect(refused.status, delay).toBe(400);
      expect(refused.html).toContain('The transfer delay must be whole seconds, from 0 to 600');
    }
    expect((await verifyTransaction(gateway, init.reference)).status).toBe('abandoned');
  });
});

describe('the pay page plays each channel', () => {
  /** A transaction straight through the simulator's Initialize, offering `channels` (none: all). */
  async function direct(reference: string, channels?: string[]) {
    const result = await initializeTransaction(gateway, {
      email: 'ada@example.test',
      amountKobo: 1_250_000,
      reference,
      currency: 'NGN',
      callbackUrl: 'http://localhost:3000/payment/none',
      metadata: {},
      ...(channels ? { channels } : {}),
    });
    return { ...result, html: String((await t.request(new URL(result.authorizationUrl).pathname)).body) };
  }
  const sections = (html: string) =>
    [...html.matchAll(/<h2 id="pay-([a-z_]+)-title">/g)].map((match) => match[1]);

  it('offers every channel when Initialize names none, and only those it names, in order', async () => {
    expect(sections((await direct('channels-all')).html)).toEqual(['card', 'bank_transfer', 'ussd', 'bank']);
    const some = await direct('channels-some', ['ussd', 'card', 'qr']);
    expect(sections(some.html)).toEqual(['card', 'ussd']);
    const [row] = await t.database.sql.query<{ channels: string[] }>(
      'SELECT channels FROM simulator_transactions WHERE reference = $1',
      ['channels-some'],
    );
    expect(row!.channels).toEqual(['card', 'ussd']);
    // One channel: no list of ways to pay to choose from.
    const one = await direct('channels-one', ['bank_transfer']);
    expect(sections(one.html)).toEqual(['bank_transfer']);
    expect(one.html).not.toContain('aria-label="Ways to pay"');
  });

  it('shows the same account and code each time for a transaction, and names the buttons plainly', async () => {
    const { html } = await direct('channels-details');
    for (const words of [
      'Paystack-Titan',
      '₦12,500.00',
      'valid for 3 hours',
      'valid for 1 hour',
      'I&#39;ve sent the money',
      'Close and pay later',
      'I dialled the code',
      'The bank declined it',
      'Close and dial later',
      'Approve in my bank',
      'Approval refused',
      '>Succeed<',
      '>Fail<',
      '>Cancel<',
    ]) {
      expect(html, words).toContain(words);
    }
    expect(html).toContain(`<dd class="number">${transferAccountNumber('channels-details')}</dd>`);
    expect(html).toContain(ussdCode('channels-details'));
    expect(transferAccountNumber('channels-details')).not.toBe(transferAccountNumber('channels-all'));
  });

  it('reports the channel of each outcome through Verify', async () => {
    const cases = [
      ['success', 'success', 'card'],
      ['bank_success', 'success', 'bank'],
      ['bank_failed', 'failed', 'bank'],
      ['ussd', 'ongoing', 'ussd'],
      ['ussd_declined', 'failed', 'ussd'],
      ['transfer_later', 'ongoing', 'bank_transfer'],
    ] as const;
    for (const [outcome, status, channel] of cases) {
      const reference = `channel-${outcome.replaceAll('_', '-')}`;
      const { authorizationUrl } = await direct(reference);
      expect((await press(authorizationUrl, outcome, { delay_seconds: '600' })).status, outcome).toBe(200);
      expect(await verifyTransaction(gateway, reference), outcome).toMatchObject({
        status,
        channel,
        paidAt: status === 'success' ? expect.any(String) : null,
      });
    }
  });

  it('a transfer left for later: the window says pending, the page shows the account again, then the money is sent', async () => {
    const init = await direct('transfer-later');
    const later = await press(init.authorizationUrl, 'transfer_later');
    expect(later.html).toContain('Not paid yet: your order waits for your payment.');
    expect(later.html).toContain('"status":"pending","reference":"transfer-later"');
    expect(later.html).toContain(transferAccountNumber('transfer-later'));
    const reopened = String((await t.request(new URL(init.authorizationUrl).pathname)).body);
    expect(sections(reopened)).toEqual(['bank_transfer']);
    expect(reopened).toContain('I&#39;ve sent the money');
    // Another channel's outcome is not taken now: the transfer is under way.
    expect((await press(init.authorizationUrl, 'success')).html).toContain('Not paid yet');
    expect((await press(init.authorizationUrl, 'ussd')).html).toContain('Not paid yet');
    expect((await simulatorRow('transfer-later')).status).toBe('ongoing');
    expect(await chargeSuccessEvents('transfer-later')).toEqual([]);

    await press(init.authorizationUrl, 'transfer', { delay_seconds: '0' });
    await eventually(
      async () => {
        await t.jobsIdle();
        return (await simulatorRow('transfer-later')).status === 'success';
      },
      10_000,
      'the transfer confirmed',
    );
    await t.jobsIdle();
    expect(await chargeSuccessEvents('transfer-later')).toEqual([
      { amount: '1250000', status: 'success', channel: 'bank_transfer' },
    ]);
  });

  it('USSD dialled is confirmed by the bank a few seconds later', async () => {
    const init = await direct('ussd-dialled');
    const dialled = await press(init.authorizationUrl, 'ussd', { delay_seconds: '0' });
    expect(dialled.html).toContain('USSD payment started: your bank is confirming it.');
    await eventually(
      async () => {
        await t.jobsIdle();
        return (await simulatorRow('ussd-dialled')).status === 'success';
      },
      10_000,
      'the USSD payment confirmed',
    );
    expect(await verifyTransaction(gateway, 'ussd-dialled')).toMatchObject({
      status: 'success',
      channel: 'ussd',
    });
  });
});
