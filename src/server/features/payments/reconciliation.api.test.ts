/**
 * Reconciliation with Paystack: every successful charge Paystack lists for a period is in the
 * book afterwards, through the charge rule; what does not match is shown with what was done.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReconciliationRun } from '#shared/schemas/money';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, orderRow } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { expireUnpaidOrders } from '../orders/cancel-order';

let fake: FakePaystack;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp(paystackEnv(fake));
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.newRefundStatus = 'processed';
});

async function initialize(cookie: string, orderId: string) {
  const response = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { reference: string; amountKobo: number };
}

/** Starts a run over [from, now + a minute) as the admin would, and waits for it to finish. */
async function reconcile(from: Date): Promise<ReconciliationRun> {
  const started = await t.request('/api/admin/payments/reconciliations', {
    method: 'POST',
    cookie: admin,
    json: { from: from.toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { run } = started.body as { run: ReconciliationRun };
  expect(run.status).toBe('running');
  await t.jobsIdle();
  const done = await t.request(`/api/admin/payments/reconciliations/${run.id}`, { cookie: admin });
  return (done.body as { run: ReconciliationRun }).run;
}

const chargesIn = async (reference: string) =>
  t.database.sql.query<{ order_id: string | null; disposition: string }>(
    `SELECT order_id, disposition FROM ledger_entries WHERE kind = 'charge' AND reference = $1`,
    [reference],
  );

describe('reconciliation with Paystack', () => {
  it('brings every successful charge into the book: lost webhooks, orders named only by metadata, strangers', async () => {
    const from = new Date(Date.now() - 1000);
    // Paid at Paystack, but neither the webhook nor the shopper's page ever reached the shop.
    const lost = await createPendingOrder(t);
    const lostInit = await initialize(lost.cookie, lost.orderId);
    // Paid and verified as usual: already in the book.
    const usual = await createPendingOrder(t);
    const usualInit = await initialize(usual.cookie, usual.orderId);
    await t.request('/api/payments/verify', {
      method: 'POST',
      cookie: usual.cookie,
      json: { reference: usualInit.reference },
    });
    // A transfer the bank is still confirming.
    const waiting = await createPendingOrder(t);
    const waitingInit = await initialize(waiting.cookie, waiting.orderId);
    fake.setTransaction(waitingInit.reference, { status: 'ongoing', channel: 'bank_transfer' });
    // A charge whose reference the shop never made, naming one of its orders.
    const named = await createPendingOrder(t);
    fake.addForeignTransaction({
      reference: 'pos-terminal-0001',
      amount: 1_250_000,
      email: named.user.email,
      metadata: { order_id: named.orderId },
    });
    // A stranger naming the same order cannot pin a payment on it.
    fake.addForeignTransaction({
      reference: 'someone-else-0002',
      amount: 1_250_000,
      email: 'stranger@example.test',
      metadata: { order_id: named.orderId },
    });
    // A charge for something else entirely (a payment link on the same Paystack account).
    fake.addForeignTransaction({ reference: 'payment-link-77', amount: 500_000, channel: 'ussd' });

    const run = await reconcile(from);
    expect(run.status).toBe('done');
    expect(run.summary).toMatchObject({
      providerCharges: 5,
      providerChargedKobo: 4 * 1_250_000 + 500_000,
      charges: 5,
      chargedKobo: 4 * 1_250_000 + 500_000,
      refunds: 0,
      netKobo: 4 * 1_250_000 + 500_000,
    });
    const byReference = Object.fromEntries(run.items.map((item) => [item.reference, item]));
    expect(byReference[lostInit.reference]).toMatchObject({
      kind: 'recovered',
      orderId: lost.orderId,
      action: 'Applied to its order, which is now paid.',
    });
    expect(byReference['pos-terminal-0001']).toMatchObject({ kind: 'recovered', orderId: named.orderId });
    expect(byReference['payment-link-77']).toMatchObject({
      kind: 'unmatched',
      orderId: null,
      amountKobo: 500_000,
      action: expect.stringContaining('Nothing was refunded'),
    });
    expect(byReference['someone-else-0002']).toMatchObject({ kind: 'unmatched', orderId: null });
    expect(byReference[waitingInit.reference]).toMatchObject({ kind: 'pending', orderId: waiting.orderId });
    expect(byReference[usualInit.reference]).toBeUndefined();

    expect(await orderRow(t, lost.orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await orderRow(t, named.orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await orderRow(t, waiting.orderId)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
    });
    expect(await chargesIn('payment-link-77')).toEqual([{ order_id: null, disposition: 'unmatched' }]);
    expect(fake.refundsOf('payment-link-77')).toEqual([]);

    // Run again: nothing is charged twice; only the stranger is still reported.
    const again = await reconcile(from);
    expect(again.items.map((item) => [item.kind, item.reference]).sort()).toEqual(
      [
        ['pending', waitingInit.reference],
        ['unmatched', 'payment-link-77'],
        ['unmatched', 'someone-else-0002'],
      ].sort(),
    );
    for (const reference of [
      lostInit.reference,
      usualInit.reference,
      'pos-terminal-0001',
      'payment-link-77',
    ]) {
      expect(await chargesIn(reference)).toHaveLength(1);
    }
  });

  it("reports a charge the book has with another amount than Paystack's, and a charge refunded for its amount", async () => {
    const from = new Date(Date.now() - 1000);
    const paid = await createPendingOrder(t);
    const init = await initialize(paid.cookie, paid.orderId);
    await t.request('/api/payments/verify', {
      method: 'POST',
      cookie: paid.cookie,
      json: { reference: init.reference },
    });
    fake.setTransaction(init.reference, { chargedAmount: 1_200_000 });
    const short = await createPendingOrder(t);
    const shortInit = await initialize(short.cookie, short.orderId);
    fake.setTransaction(shortInit.reference, { chargedAmount: 1_000_000 });

    const run = await reconcile(from);
    expect(run.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'mismatch',
          reference: init.reference,
          action:
            "The book has ₦12,500.00 for it; Paystack lists ₦12,000.00. Check it in Paystack's dashboard.",
        }),
        expect.objectContaining({
          kind: 'recovered',
          reference: shortInit.reference,
          orderId: short.orderId,
          action: expect.stringContaining(
            "Paystack charged ₦10,000.00, but the order's total is ₦12,500.00.",
          ),
        }),
      ]),
    );
    expect(fake.refundsOf(shortInit.reference)).toEqual([expect.objectContaining({ amount: 1_000_000 })]);
    // That refund is made by a job of its own, after the run: the next run's book has it.
    const next = await reconcile(from);
    expect(next.summary).toMatchObject({ refunds: 1, refundedKobo: 1_000_000 });
  });

  it('brings a payment we still show as pending to what Paystack lists, so its order can expire', async () => {
    const from = new Date(Date.now() - 1000);
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await initialize(cookie, orderId);
    fake.setTransaction(init.reference, { status: 'ongoing' });
    await t.request('/api/payments/verify', { method: 'POST', cookie, json: { reference: init.reference } });
    const status = async () =>
      (
        await t.database.sql.query<{ status: string }>(
          'SELECT status FROM payment_transactions WHERE reference = $1',
          [init.reference],
        )
      )[0]!.status;
    expect(await status()).toBe('pending');
    fake.setTransaction(init.reference, { status: 'failed' });
    const run = await reconcile(from);
    expect(run.summary?.verified).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('failed');
    expect(await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000))).toContain(orderId);
  });

  it('fails visibly when Paystack cannot list, and is for admins only, over at most 92 days', async () => {
    fake.listOutages = 5;
    const run = await reconcile(new Date(Date.now() - 60_000));
    expect(run).toMatchObject({ status: 'failed', error: expect.stringContaining('Paystack failed') });
    const listed = await t.request('/api/admin/payments/reconciliations', { cookie: admin });
    expect((listed.body as { runs: ReconciliationRun[] }).runs[0]).toMatchObject({
      id: run.id,
      status: 'failed',
    });

    const start = (json: unknown, cookie = admin) =>
      t.request('/api/admin/payments/reconciliations', { method: 'POST', cookie, json });
    const backwards = await start({ from: '2026-11-02T00:00:00+01:00', to: '2026-11-01T00:00:00+01:00' });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('The period must end after it starts');
    const long = await start({ from: '2026-01-01T00:00:00+01:00', to: '2026-06-01T00:00:00+01:00' });
    expect(JSON.stringify(long.body)).toContain('Reconcile at most 92 days at a time');
    const shopper = await createSignedInUser(t);
    expect((await start({}, shopper.cookie)).status).toBe(403);
    expect((await t.request('/api/admin/payments/reconciliations/nope', { cookie: admin })).status).toBe(404);
  });
});
