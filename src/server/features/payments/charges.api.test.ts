/**
 * The charge rule and the ledger, finding by finding (issue "Money you can audit"): each test
 * plays what a shopper, an admin and Paystack did, on the real app and database, and checks what
 * the shop kept, gave back and told the shopper.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import type { Order } from '#shared/schemas/orders';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, type TestProduct } from '../../../../tests/factories/catalog';
import {
  addToCart,
  createPendingOrder,
  emailsOfKind,
  orderRow,
  placeOrder,
  variantStock,
} from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signWebhook } from '../../platform/paystack/gateway';
import { expireUnpaidOrders } from '../orders/cancel-order';
import { exportOrdersCsv } from '../orders/orders-csv';
import { refundUnattendedCharges } from './automatic-refunds';
import { readOrderMoney } from './ledger';
import { recheckPendingPayments } from './payments';

type Init = { reference: string; authorizationUrl: string; amountKobo: number };

/** A shop, its admin, and how its shoppers pay. */
function shop(app: () => TestApp, admin: () => string) {
  const t = () => app();
  return {
    async initialize(cookie: string, orderId: string): Promise<Init> {
      const response = await t().request('/api/payments/initialize', {
        method: 'POST',
        cookie,
        json: { orderId },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as unknown as Init;
    },
    verify(cookie: string, reference: string) {
      return t().request('/api/payments/verify', { method: 'POST', cookie, json: { reference } });
    },
    async detail(orderId: string): Promise<AdminOrderDetail> {
      const response = await t().request(`/api/admin/orders/${orderId}`, { cookie: admin() });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body as unknown as AdminOrderDetail;
    },
    async shopperOrder(cookie: string, orderId: string): Promise<Order> {
      const response = await t().request(`/api/orders/${orderId}`, { cookie });
      return (response.body as { order: Order }).order;
    },
    async dispositions(orderId: string) {
      return t().database.sql.query<{ disposition: string; amount_kobo: string; reason: string | null }>(
        `SELECT disposition, amount_kobo::text, reason FROM ledger_entries
          WHERE order_id = $1 AND kind = 'charge' ORDER BY seq`,
        [orderId],
      );
    },
  };
}

describe('through the built-in simulator', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  });
  afterAll(() => t.close());
  const s = shop(
    () => t,
    () => admin,
  );

  /** The shopper presses a button on the simulator's pay page; its webhook is processed. */
  async function press(init: Init, outcome = 'success') {
    const response = await t.app.request(`http://localhost:3000${new URL(init.authorizationUrl).pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
    });
    expect(response.status).toBe(200);
    await t.jobsIdle();
  }

  async function dropProduct(limit: number, stock = 5): Promise<TestProduct> {
    const product = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock }] });
    const response = await t.request(`/api/admin/products/${product.id}/drop`, {
      method: 'PUT',
      cookie: admin,
      json: { releaseAt: null, limitPerCustomer: limit },
    });
    expect(response.status).toBe(200);
    return product;
  }

  async function order(cookie: string, email: string, product: TestProduct, quantity = 1) {
    await addToCart(t, cookie, product, quantity);
    const placed = await placeOrder(t, cookie, { email });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return (placed.body as { orderId: string }).orderId;
  }

  /** Units of the product in the shopper's orders the shop will deliver. */
  async function unitsToDeliver(userId: string, productId: string) {
    const [row] = await t.database.sql.query<{ units: number }>(
      `SELECT coalesce(sum(oi.quantity), 0)::int AS units FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE o.user_id = $1 AND oi.product_id = $2 AND o.status <> 'cancelled'`,
      [userId, productId],
    );
    return row!.units;
  }

  it("1. a late payment never gets round a drop's limit: it is refunded, the other order stands", async () => {
    const { user, cookie } = await createSignedInUser(t);
    const product = await dropProduct(1);
    const a = await order(cookie, user.email, product);
    const initA = await s.initialize(cookie, a);
    // 'Return to Checkout': order A is cancelled and its item goes back to the cart.
    expect((await t.request(`/api/orders/${a}/return-to-cart`, { method: 'POST', cookie })).status).toBe(200);
    const placedB = await placeOrder(t, cookie, { email: user.email });
    expect(placedB.status, JSON.stringify(placedB.body)).toBe(201);
    const b = (placedB.body as { orderId: string }).orderId;
    await press(await s.initialize(cookie, b));
    // A's Paystack window was still open: the shopper pays it too.
    await press(initA);

    expect(await orderRow(t, b)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await orderRow(t, a)).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      paid_at: null,
    });
    expect(await unitsToDeliver(user.id, product.id)).toBe(1);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(4);
    const [charge] = await s.dispositions(a);
    expect(charge).toMatchObject({ disposition: 'not_deliverable', amount_kobo: String(initA.amountKobo) });
    expect(charge!.reason).toBe(
      `${product.name} is a limited drop of 1 per customer, and your other orders already hold 1.`,
    );
    // Refunded in full, through the refund lifecycle (the simulator settles it by webhook).
    expect(await readOrderMoney(t.database.sql, a)).toMatchObject({
      receivedKobo: initA.amountKobo,
      refundedKobo: initA.amountKobo,
      salesKobo: 0,
      refundDueKobo: 0,
    });
    const detail = await s.detail(a);
    expect(detail.refunds).toEqual([
      expect.objectContaining({ kind: 'not_deliverable', status: 'processed', amountKobo: initA.amountKobo }),
    ]);
    expect(detail.timeline.map((entry) => entry.title)).toContain(
      `REFUND DUE: payment of ₦12,500.00 not kept`,
    );
    // The shopper is told once, in plain words, and their order page says so too.
    const emails = await emailsOfKind(t, 'automatic_refund', user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toContain('is a limited drop of 1 per customer');
    const page = await s.shopperOrder(cookie, a);
    expect(page.money.returned).toEqual([
      { amountKobo: initA.amountKobo, reason: charge!.reason, state: 'refunded' },
    ]);
  });

  it('1. a late payment for a drop moved later, or taken off sale, is refunded, not revived', async () => {
    for (const change of ['release', 'inactive'] as const) {
      const { user, cookie } = await createSignedInUser(t);
      const product = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 5 }] });
      const orderId = await order(cookie, user.email, product);
      const init = await s.initialize(cookie, orderId);
      await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000));
      await t.database.sql.query(
        change === 'release'
          ? `UPDATE products SET release_at = now() + interval '2 days' WHERE id = $1`
          : 'UPDATE products SET is_active = false WHERE id = $1',
        [product.id],
      );
      await press(init);
      expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
      const [charge] = await s.dispositions(orderId);
      expect(charge).toMatchObject({
        disposition: 'not_deliverable',
        reason:
          change === 'release' ? `${product.name} is not out yet.` : `${product.name} is no longer on sale.`,
      });
      expect(await variantStock(t, product.variants[0]!.id)).toBe(5);
      expect((await readOrderMoney(t.database.sql, orderId)).refundedKobo).toBe(init.amountKobo);
    }
  });

  it('3. a payment for an order an admin cancelled is refunded automatically, never counted as sales', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    const cancel = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: admin,
      json: { status: 'cancelled' },
    });
    expect(cancel.body).toEqual({ changed: true, refundKobo: 0 });
    const before = (await t.request('/api/admin/dashboard', { cookie: admin })).body as {
      sales: { totalKobo: number; refundDueKobo: number };
    };
    await press(init);
    const [charge] = await s.dispositions(orderId);
    expect(charge).toMatchObject({
      disposition: 'not_deliverable',
      reason: 'The order had been cancelled before the payment arrived.',
    });
    expect(await readOrderMoney(t.database.sql, orderId)).toMatchObject({
      refundedKobo: init.amountKobo,
      salesKobo: 0,
      refundDueKobo: 0,
    });
    const after = (await t.request('/api/admin/dashboard', { cookie: admin })).body as typeof before;
    expect(after.sales).toEqual(before.sales);
    const [email] = await emailsOfKind(t, 'automatic_refund', user.email);
    expect(email?.text_body).toContain('The order had been cancelled before the payment arrived.');
    // The old promise ("we will refund the full amount") is never sent without the refund.
    expect(await emailsOfKind(t, 'refund_due', user.email)).toHaveLength(0);
  });

  it("3. an admin's cancel stands even when the order had just expired: a late payment is refunded", async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000));
    const cancel = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: admin,
      json: { status: 'cancelled' },
    });
    expect(cancel.body).toEqual({ changed: true, refundKobo: 0 });
    await press(init);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect((await s.dispositions(orderId))[0]).toMatchObject({
      disposition: 'not_deliverable',
      reason: 'The order had been cancelled before the payment arrived.',
    });
    expect((await readOrderMoney(t.database.sql, orderId)).refundedKobo).toBe(init.amountKobo);
  });

  it('4. a card payment on an order already recorded as paid by bank transfer is a second payment, refunded', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    const offline = await t.request(`/api/admin/orders/${orderId}/offline-payments`, {
      method: 'POST',
      cookie: admin,
      json: {
        method: 'bank_transfer',
        amountKobo: init.amountKobo,
        reference: 'GTB-0042',
        note: 'Seen on statement',
      },
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    await press(init);

    const detail = await s.detail(orderId);
    expect(detail.paymentReference).toBeNull();
    expect(detail.order.paymentMethod).toBe('Bank transfer');
    expect(detail.payments).toEqual([
      expect.objectContaining({
        reference: init.reference,
        disposition: 'second_payment',
        refundedKobo: init.amountKobo,
      }),
    ]);
    expect(detail.money).toMatchObject({
      receivedKobo: 2 * init.amountKobo,
      refundedKobo: init.amountKobo,
      salesKobo: init.amountKobo,
      refundDueKobo: 0,
    });
    expect(detail.ledger.map((entry) => [entry.kind, entry.disposition, entry.method])).toEqual([
      ['offline_payment', 'applied', 'bank_transfer'],
      ['charge', 'second_payment', 'card'],
      ['refund_requested', 'second_payment', null],
      ['refund_processed', 'second_payment', null],
    ]);
    const [email] = await emailsOfKind(t, 'automatic_refund', user.email);
    expect(email?.text_body).toContain('The order had already been paid.');
  });

  it('5. the CSV, the order, the customer and the dashboard give the same figures', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const first = await s.initialize(cookie, orderId);
    const second = await s.initialize(cookie, orderId);
    const dashboard = async () =>
      ((await t.request('/api/admin/dashboard', { cookie: admin })).body as { sales: { totalKobo: number } })
        .sales.totalKobo;
    const before = await dashboard();
    await press(first);
    await press(second); // refunded automatically in full
    const partial = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: admin,
      json: { amountKobo: 200_000 },
    });
    expect(partial.status).toBe(200);
    await t.jobsIdle();

    const money = (await s.detail(orderId)).money;
    expect(money).toMatchObject({
      receivedKobo: 2_500_000,
      refundedKobo: 1_250_000 + 200_000,
      salesKobo: 1_050_000,
      refundDueKobo: 0,
    });
    let csv = '';
    for await (const chunk of exportOrdersCsv(t.deps, { q: orderId, status: 'all' })) csv += chunk;
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, index) => [name, row!.split(',')[index]]));
    expect(cells).toMatchObject({
      'Paid (NGN)': '25000.00',
      'Refunded (NGN)': '14500.00',
      'Refund due (NGN)': '0.00',
      'Kept (NGN)': '10500.00',
      'Payment status': 'partially_refunded',
      'Paid by': 'Card',
    });
    expect((await dashboard()) - before).toBe(money.salesKobo);
    const customer = (await t.request(`/api/admin/customers/${user.id}`, { cookie: admin })).body as {
      customer: { totalSpentKobo: number };
    };
    expect(customer.customer.totalSpentKobo).toBe(money.salesKobo);
  });

  it('an offline payment must be the whole total, for an unpaid order that is not cancelled', async () => {
    const { orderId } = await createPendingOrder(t);
    const record = (json: Record<string, unknown>) =>
      t.request(`/api/admin/orders/${orderId}/offline-payments`, { method: 'POST', cookie: admin, json });
    const part = await record({ method: 'cash', amountKobo: 100_000 });
    expect(part.status).toBe(409);
    expect(part.body).toMatchObject({
      error: {
        code: 'offline_amount',
        message:
          "An offline payment records the order's whole total (₦12,500.00). Record it once all of it has arrived.",
      },
    });
    expect((await record({ method: 'cheque', amountKobo: 1_250_000 })).status).toBe(400);
    expect((await record({ method: 'cash', amountKobo: 1_250_000 })).status).toBe(200);
    expect((await record({ method: 'cash', amountKobo: 1_250_000 })).body).toMatchObject({
      error: { code: 'order_already_paid' },
    });
    // Given back outside Paystack: at most what came in outside it, recorded, the shopper told.
    const refundOffline = (amountKobo: number) =>
      t.request(`/api/admin/orders/${orderId}/offline-refunds`, {
        method: 'POST',
        cookie: admin,
        json: { method: 'bank_transfer', amountKobo, reference: 'REF-9' },
      });
    expect((await refundOffline(1_250_001)).status).toBe(409);
    expect((await refundOffline(250_000)).body).toEqual({ paymentStatus: 'partially_refunded' });
    const detail = await s.detail(orderId);
    expect(detail.offlineKeptKobo).toBe(1_000_000);
    expect(detail.money).toMatchObject({
      receivedKobo: 1_250_000,
      refundedKobo: 250_000,
      salesKobo: 1_000_000,
    });
    expect(detail.timeline.map((entry) => entry.title)).toEqual(
      expect.arrayContaining([
        'Offline payment recorded: ₦12,500.00 (Cash)',
        'Refund made outside Paystack: ₦2,500.00 (Bank transfer)',
      ]),
    );
    const cancelled = await createPendingOrder(t);
    await t.request(`/api/admin/orders/${cancelled.orderId}/status`, {
      method: 'PATCH',
      cookie: admin,
      json: { status: 'cancelled' },
    });
    const refused = await t.request(`/api/admin/orders/${cancelled.orderId}/offline-payments`, {
      method: 'POST',
      cookie: admin,
      json: { method: 'cash', amountKobo: 1_250_000 },
    });
    expect(refused.body).toMatchObject({ error: { code: 'order_cancelled' } });
  });

  it('a cancelled order whose payment went back cannot be reopened: it would ship unpaid', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    await press(await s.initialize(cookie, orderId));
    const setStatus = (status: string) =>
      t.request(`/api/admin/orders/${orderId}/status`, { method: 'PATCH', cookie: admin, json: { status } });
    expect((await setStatus('cancelled')).body).toEqual({ changed: true, refundKobo: 1_250_000 });
    const reopen = await setStatus('processing');
    expect(reopen.status).toBe(409);
    expect(reopen.body).toMatchObject({ error: { code: 'order_refunded' } });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('cancelling an order paid outside Paystack promises no card refund: the money is owed, to be paid back by hand', async () => {
    const { user, orderId } = await createPendingOrder(t);
    await t.request(`/api/admin/orders/${orderId}/offline-payments`, {
      method: 'POST',
      cookie: admin,
      json: { method: 'cash', amountKobo: 1_250_000 },
    });
    const cancel = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: admin,
      json: { status: 'cancelled' },
    });
    expect(cancel.body).toEqual({ changed: true, refundKobo: 0 });
    expect(await readOrderMoney(t.database.sql, orderId)).toMatchObject({
      refundDueKobo: 1_250_000,
      refundPendingKobo: 0,
    });
    const [email] = await emailsOfKind(t, 'order_status', user.email);
    expect(email?.text_body).toContain('We owe you ₦12,500.00 back and will contact you to arrange it.');
    expect(email?.text_body).not.toContain('We are refunding');
  });

  it('a charge the shop could not keep and never asked to refund (kept from before the ledger) is refunded by the refund checks', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const first = await s.initialize(cookie, orderId);
    const second = await s.initialize(cookie, orderId);
    await press(first);
    // The second charge, as the shop wrote it before the ledger: in the book, never refunded.
    await t.database.sql.query(
      `UPDATE simulator_transactions SET status = 'success', paid_at = now() WHERE reference = $1`,
      [second.reference],
    );
    await t.database.sql.query(`UPDATE payment_transactions SET status = 'success' WHERE reference = $1`, [
      second.reference,
    ]);
    await t.database.sql.query(
      `INSERT INTO ledger_entries (order_id, kind, amount_kobo, disposition, method, reference, reason, actor_label)
       VALUES ($1, 'charge', $2, 'second_payment', 'card', $3, 'The order had already been paid.', 'system:migration')`,
      [orderId, second.amountKobo, second.reference],
    );
    expect(await refundUnattendedCharges(t.deps)).toBe(1);
    await t.jobsIdle();
    expect(await refundUnattendedCharges(t.deps)).toBe(0);
    const detail = await s.detail(orderId);
    expect(detail.refunds).toEqual([
      expect.objectContaining({ kind: 'second_payment', status: 'processed', amountKobo: second.amountKobo }),
    ]);
    expect(detail.money).toMatchObject({ salesKobo: first.amountKobo, refundDueKobo: 0 });
  });

  it('the ledger refuses to change or forget an entry', async () => {
    await expect(t.database.sql.query('UPDATE ledger_entries SET amount_kobo = 1')).rejects.toThrow(
      /never changed or removed/,
    );
    await expect(t.database.sql.query('DELETE FROM ledger_entries')).rejects.toThrow(
      /never changed or removed/,
    );
  });
});

describe('against a Paystack-compatible server', () => {
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
  const s = shop(
    () => t,
    () => admin,
  );

  function webhook(reference: string) {
    const raw = JSON.stringify({ event: 'charge.success', data: { reference } });
    return t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(fake.secret, raw) },
      json: JSON.parse(raw),
    });
  }

  it('2. a charge for more than the order is kept nowhere: recorded with its amount and refunded in full', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    fake.setTransaction(init.reference, { status: 'success', chargedAmount: init.amountKobo + 500_000 });
    expect((await webhook(init.reference)).status).toBe(200);
    await t.jobsIdle();
    const [charge] = await s.dispositions(orderId);
    expect(charge).toMatchObject({
      disposition: 'amount_mismatch',
      amount_kobo: String(init.amountKobo + 500_000),
    });
    expect(fake.refundsOf(init.reference)).toEqual([
      expect.objectContaining({ amount: init.amountKobo + 500_000, status: 'processed' }),
    ]);
    // The admin sees the charge and its refund; the transaction is a success at Paystack.
    const detail = await s.detail(orderId);
    expect(detail.payments).toEqual([
      expect.objectContaining({
        status: 'success',
        disposition: 'amount_mismatch',
        refundedKobo: init.amountKobo + 500_000,
      }),
    ]);
    expect(detail.refundDue).toBe(false);
    // The order was never paid: it expires, and the shopper is not told they never paid.
    await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000));
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    const statusEmails = await emailsOfKind(t, 'order_status', user.email);
    expect(statusEmails.at(-1)?.text_body).not.toContain('It was not paid in time');
    expect(await emailsOfKind(t, 'automatic_refund', user.email)).toHaveLength(1);
  });

  it('6. a transfer Paystack reports ongoing waits: not abandoned, the order not expired, the webhook kept', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    fake.setTransaction(init.reference, { status: 'ongoing', channel: 'bank_transfer' });
    const verify = await s.verify(cookie, init.reference);
    expect(verify.body).toMatchObject({ success: false, pending: true, orderId });
    const transaction = async () =>
      (
        await t.database.sql.query<{ status: string; provider_status: string }>(
          'SELECT status, provider_status FROM payment_transactions WHERE reference = $1',
          [init.reference],
        )
      )[0];
    expect(await transaction()).toEqual({ status: 'pending', provider_status: 'ongoing' });

    // A charge.success webhook processed while Paystack still says ongoing: kept, looked at later.
    expect((await webhook(init.reference)).status).toBe(200);
    await t.jobsIdle();
    const [event] = await t.database.sql.query<{ status: string; error: string }>(
      'SELECT status, error FROM payment_events WHERE reference = $1',
      [init.reference],
    );
    expect(event).toMatchObject({ status: 'received', error: expect.stringContaining('pending') });
    const [later] = await t.database.sql.query<{ waits: boolean }>(
      `SELECT start_after > now() + interval '30 seconds' AS waits FROM pgboss.job
        WHERE name = 'process-payment-event' AND state = 'created' ORDER BY created_on DESC LIMIT 1`,
    );
    expect(later).toEqual({ waits: true });

    // Past the 30 minutes, the sweep leaves it alone while the bank confirms.
    expect(await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000))).not.toContain(orderId);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    // The bank confirms; the pending-payment check finds it.
    fake.setTransaction(init.reference, { status: 'success' });
    await t.database.sql.query('UPDATE payment_transactions SET next_check_at = now() WHERE reference = $1', [
      init.reference,
    ]);
    expect(await recheckPendingPayments(t.deps)).toEqual({ checked: 1, failures: 0 });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect((await s.detail(orderId)).payments[0]).toMatchObject({
      channel: 'bank_transfer',
      disposition: 'applied',
    });
  });

  it("6. 'Return to Checkout' waits while a transfer is being confirmed: no paying twice", async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    fake.setTransaction(init.reference, { status: 'ongoing', channel: 'bank_transfer' });
    await s.verify(cookie, init.reference);
    const back = await t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ error: { code: 'payment_pending' } });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending' });
  });

  it('6. a transfer that never arrives lets the order expire once Paystack says it is over', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await s.initialize(cookie, orderId);
    fake.setTransaction(init.reference, { status: 'ongoing' });
    await s.verify(cookie, init.reference);
    fake.setTransaction(init.reference, { status: 'abandoned' });
    await t.database.sql.query('UPDATE payment_transactions SET next_check_at = now() WHERE reference = $1', [
      init.reference,
    ]);
    await recheckPendingPayments(t.deps);
    expect(await expireUnpaidOrders(t.deps, new Date(Date.now() + 31 * 60_000))).toContain(orderId);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
  });
});
