import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, emailsOfKind, orderRow } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { systemActor } from '../../context';
import { signWebhook } from '../../platform/paystack/gateway';
import { reconcileRefunds } from './reconcile-refunds';
import { executeRefund, REFUND_NOT_AT_PROVIDER } from './refund-lifecycle';

/**
 * Refunds as Paystack runs them, against a local Paystack-compatible server over HTTP: answered
 * pending, settled by a refund.* webhook or the reconcile job's Fetch Refund, failed (freeing the
 * amount, retried by an admin), and recovered when Paystack's answer never came.
 */

let fake: FakePaystack;
let t: TestApp;
let admin: { cookie: string; email: string };

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp(paystackEnv(fake));
  const { user, cookie } = await createSignedInUser(t, { role: 'admin' });
  admin = { cookie, email: user.email };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

/** A shopper's order paid through Paystack (Initialize, then Verify agrees). */
async function paidOrder() {
  const order = await createPendingOrder(t);
  const init = await t.request('/api/payments/initialize', {
    method: 'POST',
    cookie: order.cookie,
    json: { orderId: order.orderId },
  });
  const reference = (init.body as { reference: string }).reference;
  const verified = await t.request('/api/payments/verify', {
    method: 'POST',
    cookie: order.cookie,
    json: { reference },
  });
  expect(verified.body).toMatchObject({ success: true });
  await t.jobsIdle();
  return { ...order, reference };
}

const refund = (orderId: string, json: Record<string, unknown> = {}) =>
  t.request(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', cookie: admin.cookie, json });

const detail = async (orderId: string) => {
  const response = await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return response.body as unknown as AdminOrderDetail;
};

/** Paystack's refund webhook, signed with the secret key, as Paystack sends it. */
async function refundWebhook(event: string, reference: string, amount: number) {
  const payload = {
    event,
    data: {
      status: event.replace('refund.', ''),
      transaction_reference: reference,
      refund_reference: null,
      amount: String(amount),
      currency: 'NGN',
      processor: 'mpgs_zen',
      customer: { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.test' },
      integration: 412829,
      domain: 'test',
    },
  };
  const raw = JSON.stringify(payload);
  const response = await t.request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'x-paystack-signature': signWebhook(fake.secret, raw) },
    json: payload,
  });
  expect(response.status).toBe(200);
  await t.jobsIdle();
}

/** The reconcile job's next run, with every pending refund's check due now. */
async function reconcileNow() {
  await t.database.sql.query(`UPDATE refunds SET next_check_at = now() WHERE status = 'pending'`);
  return reconcileRefunds(t.deps);
}

/** As if the refund had been asked for longer ago than any request can still be on its way. */
const ageRefund = (id: string) =>
  t.database.sql.query(
    `UPDATE refunds SET created_at = now() - interval '10 minutes',
            last_attempt_at = now() - interval '10 minutes' WHERE id = $1`,
    [id],
  );

describe('a refund Paystack answers as pending', () => {
  it('moves no payment status and sends no email until Paystack says processed; then once', async () => {
    const { orderId, reference, user } = await paidOrder();
    const asked = await refund(orderId, { amountKobo: 250_000, reason: 'One size too small' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({
      refund: { amountKobo: 250_000, status: 'pending', paymentStatus: 'paid' },
    });
    const [atPaystack] = fake.refundsOf(reference);
    expect(atPaystack).toMatchObject({ amount: 250_000, status: 'pending' });

    let order = await detail(orderId);
    expect(order.order.paymentStatus).toBe('paid');
    // The pending amount is reserved: no one can refund it twice meanwhile.
    expect(order.refundableKobo).toBe(1_000_000);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        status: 'pending',
        providerStatus: 'pending',
        confirmedByProvider: true,
        actor: admin.email,
      }),
    ]);
    expect(order.timeline.map((entry) => entry.title)).toContain('Refund requested: ₦2,500.00');
    expect(await emailsOfKind(t, 'refund_issued', user.email)).toEqual([]);

    // Paystack moves it to processing: still nothing to tell the shopper.
    atPaystack!.status = 'processing';
    await refundWebhook('refund.processing', reference, 250_000);
    order = await detail(orderId);
    expect(order.refunds[0]).toMatchObject({ status: 'pending', providerStatus: 'processing' });
    expect(order.order.paymentStatus).toBe('paid');

    // Processed: the webhook is a prompt; Paystack's own Fetch Refund answer is what is applied.
    atPaystack!.status = 'processed';
    const before = fake.received.length;
    await refundWebhook('refund.processed', reference, 250_000);
    expect(fake.received.slice(before).map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /refund/${atPaystack!.id}`,
    ]);
    order = await detail(orderId);
    expect(order.order.paymentStatus).toBe('partially_refunded');
    expect(order.refunds[0]).toMatchObject({ status: 'processed', providerStatus: 'processed' });
    const emails = await emailsOfKind(t, 'refund_issued', user.email);
    expect(emails.map((email) => email.subject)).toEqual([
      `Refund of ₦2,500.00 for order ${orderId.slice(0, 8).toUpperCase()}`,
    ]);
    const refunded = order.timeline.find((entry) => entry.title === 'Refunded ₦2,500.00');
    expect(refunded).toMatchObject({
      actor: 'Payment provider (webhook)',
      detail: `Requested by ${admin.email}. One size too small`,
    });

    // Paystack sends the event again (it retries until answered 200): nothing changes twice.
    await refundWebhook('refund.processed', reference, 250_000);
    expect(await emailsOfKind(t, 'refund_issued', user.email)).toHaveLength(1);
    const [count] = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE order_id = $1 AND action = 'refunded'`,
      [orderId],
    );
    expect(count!.n).toBe(1);
  });

  it('is settled by the reconcile job asking Paystack when no webhook comes, with back-off while pending', async () => {
    const { orderId, reference } = await paidOrder();
    expect((await refund(orderId)).body).toMatchObject({
      refund: { status: 'pending', amountKobo: 1_250_000 },
    });
    const [atPaystack] = fake.refundsOf(reference);

    // Not due yet: the first check is a minute after Paystack's answer.
    expect((await reconcileRefunds(t.deps)).checked).toBe(0);
    expect(await reconcileNow()).toEqual({ checked: 1, failures: 0 });
    const [first] = await t.database.sql.query<{ checks: number; wait: number }>(
      `SELECT checks, extract(epoch FROM next_check_at - last_checked_at)::int AS wait FROM refunds WHERE order_id = $1`,
      [orderId],
    );
    expect(first).toEqual({ checks: 1, wait: 60 });
    await t.database.sql.query(`UPDATE refunds SET next_check_at = now() WHERE order_id = $1`, [orderId]);
    await reconcileRefunds(t.deps);
    const [second] = await t.database.sql.query<{ checks: number; wait: number }>(
      `SELECT checks, extract(epoch FROM next_check_at - last_checked_at)::int AS wait FROM refunds WHERE order_id = $1`,
      [orderId],
    );
    expect(second).toEqual({ checks: 2, wait: 120 });
    expect((await orderRow(t, orderId)).payment_status).toBe('paid');

    atPaystack!.status = 'processed';
    await reconcileNow();
    expect((await orderRow(t, orderId)).payment_status).toBe('refunded');
    const order = await detail(orderId);
    expect(order.refunds[0]).toMatchObject({ status: 'processed', nextCheckAt: null });
    expect(order.timeline.find((entry) => entry.title === 'Refunded ₦12,500.00')?.actor).toBe(
      'Refund check with Paystack',
    );
  });

  // At the same moment on PostgreSQL only: PGlite runs one statement at a time, so there the three
  // refunds run one after the other, a smoke test of the race.
  const refundTwice = process.env.TEST_DATABASE_URL
    ? 'two admins at the same moment refund no more than was paid, pending refunds counting'
    : 'two admins refund no more than was paid, pending refunds counting (PGlite: one after the other)';
  it(refundTwice, async () => {
    const { orderId, reference } = await paidOrder();
    const { cookie: second } = await createSignedInUser(t, { role: 'admin' });
    const responses = await Promise.all([
      refund(orderId),
      t.request(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', cookie: second, json: {} }),
      refund(orderId, { amountKobo: 1_250_000 }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(fake.refundsOf(reference).map((row) => row.amount)).toEqual([1_250_000]);
  });
});

describe('a refund that fails', () => {
  it('frees its amount, shows the admin why, and can be retried once', async () => {
    const { orderId, reference, user } = await paidOrder();
    const asked = await refund(orderId, { amountKobo: 400_000 });
    const refundId = (asked.body as { refund: { id: string } }).refund.id;
    fake.refundsOf(reference)[0]!.status = 'failed';
    await refundWebhook('refund.failed', reference, 400_000);

    let order = await detail(orderId);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        id: refundId,
        status: 'failed',
        error: 'Paystack could not complete this refund. No money moved; you can retry it.',
        retriedBy: null,
      }),
    ]);
    expect(order.refundableKobo).toBe(1_250_000);
    expect(order.order.paymentStatus).toBe('paid');
    expect(order.timeline.map((entry) => entry.title)).toContain('Refund of ₦4,000.00 failed');
    expect(await emailsOfKind(t, 'refund_issued', user.email)).toEqual([]);

    // Run again (a job's retry, a second click), it says the refund failed, never 'processed'.
    expect(await executeRefund(t.deps, systemActor('payment-refund'), refundId)).toMatchObject({
      status: 'failed',
      paymentStatus: 'paid',
    });

    // The admin retries it: a new refund for the same amount, this time taken at once.
    fake.newRefundStatus = 'processed';
    const retried = await t.request(`/api/admin/orders/${orderId}/refunds/${refundId}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({
      refund: { amountKobo: 400_000, status: 'processed', paymentStatus: 'partially_refunded' },
    });
    order = await detail(orderId);
    const retry = order.refunds.find((row) => row.retryOf === refundId);
    expect(retry).toMatchObject({ status: 'processed', actor: admin.email });
    expect(order.refunds.find((row) => row.id === refundId)?.retriedBy).toBe(retry?.id);
    expect(order.refundableKobo).toBe(850_000);
    expect(await emailsOfKind(t, 'refund_issued', user.email)).toHaveLength(1);

    const again = await t.request(`/api/admin/orders/${orderId}/refunds/${refundId}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('This refund has already been retried.');
    const notFailed = await t.request(`/api/admin/orders/${orderId}/refunds/${retry!.id}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(notFailed.status).toBe(409);
    // Another order's refund is not found through this one.
    const other = await paidOrder();
    const wrong = await t.request(`/api/admin/orders/${other.orderId}/refunds/${refundId}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(wrong.status).toBe(404);
  });

  it('refused by Paystack at once, it is failed and the admin is told in its words', async () => {
    const { orderId, reference } = await paidOrder();
    // As if refunded on Paystack's dashboard already.
    fake.refunds.set(1, { id: 1, transaction: reference, amount: 1_250_000, status: 'processed' });
    const asked = await refund(orderId, { amountKobo: 100_000 });
    expect(asked.status).toBe(502);
    expect(asked.body).toMatchObject({
      error: {
        code: 'refund_refused',
        message:
          'The payment provider refused the refund: Refund amount cannot be more than the unrefunded transaction amount',
      },
    });
    const order = await detail(orderId);
    expect(order.refunds[0]).toMatchObject({ status: 'failed' });
    expect(order.refundableKobo).toBe(1_250_000);
  });
});

describe('a refund whose answer never came', () => {
  it('created at Paystack but answered 500: found again by the reconcile job, never asked twice', async () => {
    const { orderId, reference } = await paidOrder();
    fake.lostRefundAnswers = 1;
    const asked = await refund(orderId, { amountKobo: 300_000 });
    expect(asked.status).toBe(502);
    expect(asked.body).toMatchObject({ error: { code: 'refund_unconfirmed' } });
    let order = await detail(orderId);
    expect(order.refunds[0]).toMatchObject({ status: 'pending', confirmedByProvider: false });
    expect(order.refundableKobo).toBe(950_000);
    expect(order.paymentRefundPendingKobo).toBe(300_000);

    const posts = () =>
      fake.received.filter((call) => call.method === 'POST' && call.url === '/refund').length;
    expect(posts()).toBe(1);
    await reconcileNow();
    order = await detail(orderId);
    // Found in the charge's list of refunds at Paystack, by its transaction id and amount.
    expect(order.refunds[0]).toMatchObject({
      status: 'pending',
      providerStatus: 'pending',
      confirmedByProvider: true,
    });
    expect(fake.received.some((call) => call.url.startsWith('/refund?transaction='))).toBe(true);

    fake.refundsOf(reference)[0]!.status = 'processed';
    await reconcileNow();
    order = await detail(orderId);
    expect(order.order.paymentStatus).toBe('partially_refunded');
    expect(order.paymentRefundPendingKobo).toBe(0);
    expect(posts()).toBe(1);
  });

  it('never reached Paystack: failed by the reconcile job once no request can still be on its way', async () => {
    const { orderId, reference } = await paidOrder();
    fake.refundOutages = 1;
    const asked = await refund(orderId);
    expect(asked.status).toBe(502);
    const refundId = (await detail(orderId)).refunds[0]!.id;
    expect(fake.refundsOf(reference)).toEqual([]);

    // Just asked: the request might still be on its way, so it stays pending.
    await reconcileNow();
    expect((await detail(orderId)).refunds[0]).toMatchObject({
      status: 'pending',
      confirmedByProvider: false,
    });
    expect((await detail(orderId)).refundableKobo).toBe(0);

    await ageRefund(refundId);
    await reconcileNow();
    const order = await detail(orderId);
    expect(order.refunds[0]).toMatchObject({ status: 'failed', error: REFUND_NOT_AT_PROVIDER });
    expect(order.refundableKobo).toBe(1_250_000);
    expect(order.order.paymentStatus).toBe('paid');
  });

  it("the admin's 'check now' asks Paystack at once; an unreachable Paystack leaves it pending", async () => {
    const { orderId, reference } = await paidOrder();
    await refund(orderId, { amountKobo: 50_000 });
    const refundId = (await detail(orderId)).refunds[0]!.id;
    fake.refundReadOutages = 1;
    const down = await t.request(`/api/admin/orders/${orderId}/refunds/${refundId}/check`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(down.status).toBe(502);
    expect((await detail(orderId)).refunds[0]).toMatchObject({
      status: 'pending',
      error: 'Last check: Paystack failed: An error occurred',
    });
    fake.refundsOf(reference)[0]!.status = 'processed';
    const checked = await t.request(`/api/admin/orders/${orderId}/refunds/${refundId}/check`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(checked.body).toMatchObject({
      refund: { status: 'processed', paymentStatus: 'partially_refunded' },
    });
  });
});

describe('the automatic refund of a second payment', () => {
  it('with Paystack unreachable through every retry, is settled or failed by the reconcile job, then retried', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const start = async () =>
      (
        (await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } })).body as {
          reference: string;
        }
      ).reference;
    const first = await start();
    const second = await start();
    for (const reference of [first, second]) {
      await t.request('/api/payments/verify', { method: 'POST', cookie, json: { reference } });
    }
    // The job's first try and its six retries all meet a Paystack outage.
    fake.refundOutages = 7;
    await t.jobsIdle();
    expect(fake.refundOutages).toBe(0);
    let order = await detail(orderId);
    const [secondRefund] = order.refunds;
    expect(secondRefund).toMatchObject({
      kind: 'second_payment',
      status: 'pending',
      confirmedByProvider: false,
    });
    expect(order.refundDue).toBe(true);
    const [job] = await t.database.sql.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'automatic-refund' AND data->>'refundId' = $1`,
      [secondRefund!.id],
    );
    expect(job?.state).toBe('failed');

    // Paystack is back; it never received the refund: the reconcile job fails it.
    await ageRefund(secondRefund!.id);
    await reconcileNow();
    order = await detail(orderId);
    expect(order.refunds[0]).toMatchObject({ status: 'failed', error: REFUND_NOT_AT_PROVIDER });
    expect(order.refundDue).toBe(true);

    // The admin's way out: retry it.
    fake.newRefundStatus = 'processed';
    const retried = await t.request(`/api/admin/orders/${orderId}/refunds/${secondRefund!.id}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    order = await detail(orderId);
    expect(order.refundDue).toBe(false);
    expect(order.payments.find((payment) => payment.reference === second)?.refundedKobo).toBe(1_250_000);
    expect(order.order.paymentStatus).toBe('paid');
  });
});

describe('refund webhooks', () => {
  it('for a charge with nothing to settle are kept as ignored', async () => {
    await refundWebhook('refund.processed', 'no-such-reference', 100);
    const [event] = await t.database.sql.query<{ status: string; error: string }>(
      `SELECT status, error FROM payment_events WHERE reference = 'no-such-reference'`,
    );
    expect(event).toEqual({ status: 'ignored', error: 'unknown_reference' });
  });
});
