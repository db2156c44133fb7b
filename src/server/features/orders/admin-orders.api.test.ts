import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderListResponse } from '#shared/schemas/admin-orders';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, emailsOfKind, orderRow, variantStock } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { csvCell, exportOrdersCsv } from './orders-csv';

let t: TestApp;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  const { user, cookie } = await createSignedInUser(t, { role: 'admin' });
  admin = { cookie, email: user.email };
});
afterAll(() => t.close());

type Init = { reference: string; authorizationUrl: string };

async function initialize(cookie: string, orderId: string): Promise<Init> {
  const response = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as Init;
}

/** The shopper presses Succeed on the simulator's pay page; its webhook is processed. */
async function pay(init: Init) {
  const response = await t.app.request(`http://localhost:3000${new URL(init.authorizationUrl).pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
  });
  expect(response.status).toBe(200);
  await t.jobsIdle();
}

async function paidOrder(options: Parameters<typeof createPendingOrder>[1] = {}) {
  const order = await createPendingOrder(t, options);
  const init = await initialize(order.cookie, order.orderId);
  await pay(init);
  expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
  return { ...order, reference: init.reference };
}

const list = async (query: string) => {
  const response = await t.request(`/api/admin/orders${query}`, { cookie: admin.cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as AdminOrderListResponse;
};

const detail = async (orderId: string) => {
  const response = await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as AdminOrderDetail;
};

const setStatus = (orderId: string, status: string) =>
  t.request(`/api/admin/orders/${orderId}/status`, {
    method: 'PATCH',
    cookie: admin.cookie,
    json: { status },
  });

const refund = (orderId: string, json: Record<string, unknown> = {}) =>
  t.request(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', cookie: admin.cookie, json });

const simulatorRefunded = async (reference: string) => {
  const [row] = await t.database.sql.query<{ refunded_kobo: string | number }>(
    'SELECT refunded_kobo FROM simulator_transactions WHERE reference = $1',
    [reference],
  );
  return Number(row!.refunded_kobo);
};

describe('the admin orders list', () => {
  it('finds orders by short id, full id, shipping name and email; filters by status; pages', async () => {
    const a = await createPendingOrder(t, { form: { fullName: 'Chiamaka Eze' } });
    const b = await createPendingOrder(t, { form: { fullName: 'Tunde 100%_Bakare' } });
    const c = await paidOrder({ form: { fullName: 'Chiamaka Okafor' } });

    const short = a.orderId.slice(0, 8);
    expect((await list(`?q=${short}`)).orders.map((row) => row.id)).toEqual([a.orderId]);
    expect((await list(`?q=${short.toUpperCase()}`)).orders.map((row) => row.id)).toEqual([a.orderId]);
    expect((await list(`?q=${a.orderId}`)).orders.map((row) => row.id)).toEqual([a.orderId]);
    const byName = await list('?q=chiamaka');
    expect(byName.orders.map((row) => row.id)).toEqual([c.orderId, a.orderId]);
    expect(byName.total).toBe(2);
    expect((await list(`?q=${encodeURIComponent(b.user.email)}`)).orders.map((row) => row.id)).toEqual([
      b.orderId,
    ]);
    // % and _ are searched as typed, not as wildcards.
    expect((await list(`?q=${encodeURIComponent('100%_B')}`)).orders.map((row) => row.id)).toEqual([
      b.orderId,
    ]);
    expect((await list(`?q=${encodeURIComponent('1_0')}`)).total).toBe(0);

    const processing = await list('?status=processing&q=chiamaka');
    expect(processing.orders.map((row) => row.id)).toEqual([c.orderId]);
    expect(processing.orders[0]).toMatchObject({
      shortId: c.orderId.slice(0, 8),
      customerEmail: c.user.email,
      shippingName: 'Chiamaka Okafor',
      itemCount: 1,
      totalAmountKobo: 1_250_000,
      status: 'processing',
      paymentStatus: 'paid',
      shippingZone: 'Lagos',
      fulfilment: 'delivery',
      pickup: null,
      paymentKind: 'paystack',
      awaitingPayment: false,
      refundDue: false,
    });
    expect((await list('?status=cancelled&q=chiamaka')).orders).toEqual([]);

    const first = await list('?pageSize=2&page=1');
    const second = await list('?pageSize=2&page=2');
    expect(first.orders).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.orders[0]!.id).not.toBe(first.orders[1]!.id);
    expect(first.orders.map((row) => row.id)).toEqual([c.orderId, b.orderId]);

    const bad = await t.request('/api/admin/orders?status=lost', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(
      'Choose all, pending, processing, shipped, delivered or cancelled',
    );
  });

  it('refuses shoppers and guests', async () => {
    const { cookie } = await createSignedInUser(t);
    expect((await t.request('/api/admin/orders', { cookie })).status).toBe(403);
    expect((await t.request('/api/admin/orders')).status).toBe(401);
  });
});

describe('order status changes', () => {
  it('move an order through processing, shipped and delivered, each audited, announced and emailed', async () => {
    const { orderId, user } = await paidOrder();
    const before = (await detail(orderId)).order.updatedAt;

    for (const status of ['shipped', 'delivered'] as const) {
      const response = await setStatus(orderId, status);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({ changed: true, refundKobo: 0 });
    }
    const again = await setStatus(orderId, 'delivered');
    expect(again.body).toEqual({ changed: false, refundKobo: 0 });

    const order = await detail(orderId);
    expect(order.order.status).toBe('delivered');
    expect(order.order.updatedAt > before).toBe(true);
    const emails = await emailsOfKind(t, 'order_status', user.email);
    expect(emails.map((email) => email.subject).sort()).toEqual([
      `Order ${orderId.slice(0, 8).toUpperCase()} has been delivered`,
      `Order ${orderId.slice(0, 8).toUpperCase()} has been shipped`,
    ]);
    const shippedEmail = emails.find((email) => email.subject.endsWith('shipped'))!;
    expect(shippedEmail.text_body).toContain('Status: Shipped');
    expect(shippedEmail.text_body).toContain(`http://localhost:3000/order-confirmation/${orderId}`);

    const titles = order.timeline.map((entry) => entry.title);
    expect(titles[0]).toBe('Order placed');
    // Each entry has its own id, the same at every reading, which the dialog keys its list by
    // while live updates insert entries.
    const ids = order.timeline.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await detail(orderId)).timeline.map((entry) => entry.id)).toEqual(ids);
    expect(titles).toContain('Payment received: ₦12,500.00 (Card)');
    expect(titles).toContain('Status: Processing → Shipped');
    expect(titles).toContain('Status: Shipped → Delivered');
    expect(titles.filter((title) => title.startsWith('Email: '))).toHaveLength(4);
    const shipped = order.timeline.find((entry) => entry.title === 'Status: Processing → Shipped');
    expect(shipped?.actor).toBe(admin.email);
    expect(order.paymentReference).toMatch(new RegExp(`^${orderId}-`));
    expect(order.paymentChannel).toBe('card');
  });

  // At the same moment on PostgreSQL only: PGlite runs one statement at a time, so there the two
  // cancels run one after the other, a smoke test of the race.
  const cancelTwice = process.env.TEST_DATABASE_URL
    ? 'cancelling twice, at the same moment, puts the stock back once; reopening takes it again'
    : 'cancelling twice puts the stock back once; reopening takes it again (PGlite: one after the other)';
  it(cancelTwice, async () => {
    const { orderId, product, user } = await createPendingOrder(t, { quantity: 2 });
    const variantId = product.variants[0]!.id;
    expect(await variantStock(t, variantId)).toBe(3);
    const responses = await Promise.all([setStatus(orderId, 'cancelled'), setStatus(orderId, 'cancelled')]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(responses.map((response) => (response.body as { changed: boolean }).changed).sort()).toEqual([
      false,
      true,
    ]);
    expect(await variantStock(t, variantId)).toBe(5);
    expect(await emailsOfKind(t, 'order_status', user.email)).toHaveLength(1);

    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    expect(await variantStock(t, variantId)).toBe(3);
    expect((await setStatus(orderId, 'cancelled')).status).toBe(200);
    expect(await variantStock(t, variantId)).toBe(5);
  });

  it('cancelling a paid order gives the card payment back automatically, and says so', async () => {
    const { orderId, user, reference } = await paidOrder();
    const response = await setStatus(orderId, 'cancelled');
    expect(response.body).toEqual({ changed: true, refundKobo: 1_250_000 });
    await t.jobsIdle();
    expect(await simulatorRefunded(reference)).toBe(1_250_000);
    const order = await detail(orderId);
    expect(order.order.paymentStatus).toBe('refunded');
    expect(order.money).toMatchObject({
      receivedKobo: 1_250_000,
      refundedKobo: 1_250_000,
      salesKobo: 0,
      refundDueKobo: 0,
    });
    expect(order.refunds).toEqual([
      expect.objectContaining({ kind: 'order_cancelled', status: 'processed', amountKobo: 1_250_000 }),
    ]);
    const [email] = await emailsOfKind(t, 'order_status', user.email);
    expect(email?.text_body).toContain('We are refunding ₦12,500.00 to you');
    // The automatic refund is not announced twice: no refund_issued email for it.
    expect(await emailsOfKind(t, 'refund_issued', user.email)).toHaveLength(0);
  });

  it('answers 404 for the old payment-status route: payments are recorded, never set', async () => {
    const { orderId } = await createPendingOrder(t);
    const response = await t.request(`/api/admin/orders/${orderId}/payment-status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { paymentStatus: 'paid' },
    });
    expect(response.status).toBe(404);
    expect(await orderRow(t, orderId)).toMatchObject({ payment_status: 'pending', paid_at: null });
  });

  it('answers 404 for a missing or malformed order id', async () => {
    expect(
      (await t.request('/api/admin/orders/00000000-0000-4000-8000-000000000000', { cookie: admin.cookie }))
        .status,
    ).toBe(404);
    expect((await t.request('/api/admin/orders/nope', { cookie: admin.cookie })).status).toBe(404);
    expect((await setStatus('nope', 'shipped')).status).toBe(404);
  });
});

describe('refunds', () => {
  it('refund part, then the rest, through the provider; never more than was paid', async () => {
    const { orderId, user, reference } = await paidOrder();
    const tooMuch = await refund(orderId, { amountKobo: 1_250_001 });
    expect(tooMuch.status).toBe(409);
    expect(JSON.stringify(tooMuch.body)).toContain(
      'A refund cannot be more than what is left of the payment (₦12,500.00)',
    );

    // The simulator answers like Paystack: pending; it settles the refund right after and sends
    // refund.processed, which our webhook takes through the same path as Paystack's.
    const part = await refund(orderId, { amountKobo: 250_000, reason: 'One size too small' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({
      refund: { amountKobo: 250_000, status: 'pending', paymentStatus: 'paid' },
    });
    expect(await simulatorRefunded(reference)).toBe(250_000);
    expect((await detail(orderId)).refundableKobo).toBe(1_000_000);
    await t.jobsIdle();
    expect((await orderRow(t, orderId)).payment_status).toBe('partially_refunded');
    const [event] = await t.database.sql.query<{ status: string }>(
      `SELECT status FROM payment_events WHERE event = 'refund.processed' AND reference = $1`,
      [reference],
    );
    expect(event).toEqual({ status: 'processed' });

    const rest = await refund(orderId);
    expect(rest.body).toMatchObject({ refund: { amountKobo: 1_000_000, status: 'pending' } });
    await t.jobsIdle();
    expect((await orderRow(t, orderId)).payment_status).toBe('refunded');
    expect(await simulatorRefunded(reference)).toBe(1_250_000);
    expect((await refund(orderId, { amountKobo: 100 })).status).toBe(409);

    const order = await detail(orderId);
    expect(order.order.paymentStatus).toBe('refunded');
    expect(order.refunds.map((r) => [r.amountKobo, r.status, r.actor])).toEqual([
      [250_000, 'processed', admin.email],
      [1_000_000, 'processed', admin.email],
    ]);
    expect(order.timeline.map((entry) => entry.title)).toEqual(
      expect.arrayContaining(['Refunded ₦2,500.00', 'Refunded ₦10,000.00']),
    );
    const emails = await emailsOfKind(t, 'refund_issued', user.email);
    expect(emails.map((email) => email.subject).sort()).toEqual([
      `Refund of ₦10,000.00 for order ${orderId.slice(0, 8).toUpperCase()}`,
      `Refund of ₦2,500.00 for order ${orderId.slice(0, 8).toUpperCase()}`,
    ]);
  });

  // At the same moment on PostgreSQL only: PGlite runs one statement at a time, so there the three
  // refunds run one after the other, a smoke test of the race.
  const refundTwice = process.env.TEST_DATABASE_URL
    ? 'two admins refunding the whole order at the same moment refund it once'
    : 'two admins refunding the whole order refund it once (PGlite: one after the other)';
  it(refundTwice, async () => {
    const { orderId, reference } = await paidOrder();
    const { cookie: second } = await createSignedInUser(t, { role: 'admin' });
    const responses = await Promise.all([
      refund(orderId),
      t.request(`/api/admin/orders/${orderId}/refunds`, { method: 'POST', cookie: second, json: {} }),
      refund(orderId, { amountKobo: 1_250_000 }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    expect(await simulatorRefunded(reference)).toBe(1_250_000);
    await t.jobsIdle();
    const [sum] = await t.database.sql.query<{ total: string }>(
      `SELECT sum(amount_kobo) AS total FROM refunds WHERE order_id = $1 AND status = 'processed'`,
      [orderId],
    );
    expect(Number(sum!.total)).toBe(1_250_000);
    expect((await orderRow(t, orderId)).payment_status).toBe('refunded');
  });

  it('refuses an order that was never paid by card', async () => {
    const { orderId } = await createPendingOrder(t);
    const response = await refund(orderId);
    expect(response.status).toBe(409);
    expect(JSON.stringify(response.body)).toContain('This order has no card payment to refund.');
    expect((await refund(orderId, { amountKobo: -5 })).status).toBe(400);
  });
});

describe('refunds of items', () => {
  it("count each line's refunded units in the detail; a failed refund frees them, an amount moves none", async () => {
    const { orderId, reference } = await paidOrder({ quantity: 3 });
    const refundItems = (quantity: number) =>
      refund(orderId, { items: [{ orderItemId: itemId, quantity }], reason: 'Wrong size' });
    let order = await detail(orderId);
    const itemId = order.order.items[0]!.id;
    expect(order.refundedUnits).toEqual({ [itemId]: 0 });

    // One of three ₦10,000.00 tees: counted while Paystack (the simulator) has it pending, and after.
    const one = await refundItems(1);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toMatchObject({ refund: { amountKobo: 1_000_000, status: 'pending' } });
    expect((await detail(orderId)).refundedUnits).toEqual({ [itemId]: 1 });
    await t.jobsIdle();
    order = await detail(orderId);
    expect(order.refunds.map((row) => row.status)).toEqual(['processed']);
    expect(order.refundedUnits).toEqual({ [itemId]: 1 });

    // A refund of an amount gives back money, not units.
    expect((await refund(orderId, { amountKobo: 10_000 })).status).toBe(200);
    await t.jobsIdle();
    expect((await detail(orderId)).refundedUnits).toEqual({ [itemId]: 1 });

    // The provider refuses the next one (as if refunded on its dashboard): failed, its units free.
    await t.database.sql.query(
      'UPDATE simulator_transactions SET refunded_kobo = amount_kobo WHERE reference = $1',
      [reference],
    );
    const refused = await refundItems(1);
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    order = await detail(orderId);
    expect(order.refunds.map((row) => row.status)).toEqual(['processed', 'processed', 'failed']);
    expect(order.refundedUnits).toEqual({ [itemId]: 1 });

    await t.database.sql.query('UPDATE simulator_transactions SET refunded_kobo = $2 WHERE reference = $1', [
      reference,
      1_010_000,
    ]);
    const again = await refundItems(1);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ refund: { amountKobo: 1_000_000 } });
    expect((await detail(orderId)).refundedUnits).toEqual({ [itemId]: 2 });
    const more = await refundItems(2);
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({
      error: {
        code: 'refund_exceeds_items',
        message: expect.stringMatching(/^Only 1 of .+ is left to refund\.$/),
      },
    });
  });

  it('refuse to retry a failed refund of units that were refunded since', async () => {
    const { orderId, reference } = await paidOrder({ quantity: 2 });
    const itemId = (await detail(orderId)).order.items[0]!.id;
    const refundItems = () => refund(orderId, { items: [{ orderItemId: itemId, quantity: 1 }] });
    expect((await refundItems()).status).toBe(200);
    await t.jobsIdle();
    const refunded = (await detail(orderId)).refunds[0]!.amountKobo;
    // The provider refuses the next one: failed, its unit free again, and refunded another way.
    await t.database.sql.query(
      'UPDATE simulator_transactions SET refunded_kobo = amount_kobo WHERE reference = $1',
      [reference],
    );
    expect((await refundItems()).status).toBe(502);
    await t.database.sql.query('UPDATE simulator_transactions SET refunded_kobo = $2 WHERE reference = $1', [
      reference,
      refunded,
    ]);
    expect((await refundItems()).status).toBe(200);
    const failed = (await detail(orderId)).refunds.find((row) => row.status === 'failed')!;
    const retried = await t.request(`/api/admin/orders/${orderId}/refunds/${failed.id}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(409);
    expect(retried.body).toMatchObject({ error: { code: 'refund_exceeds_items' } });
    expect((await detail(orderId)).refundedUnits).toEqual({ [itemId]: 2 });
  });
});

describe('a second payment for an order already paid', () => {
  it('is flagged, refunded automatically through the provider, and the shopper is told', async () => {
    const { cookie, orderId, user } = await createPendingOrder(t);
    // Two tabs: the payment initialised twice, then both paid.
    const first = await initialize(cookie, orderId);
    const second = await initialize(cookie, orderId);
    await pay(first);
    await pay(second);

    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await simulatorRefunded(second.reference)).toBe(1_250_000);
    expect(await simulatorRefunded(first.reference)).toBe(0);
    const order = await detail(orderId);
    expect(order.paymentReference).toBe(first.reference);
    expect(order.payments.find((p) => p.reference === second.reference)).toMatchObject({
      disposition: 'second_payment',
      refundedKobo: 1_250_000,
    });
    expect(order.refunds).toEqual([
      expect.objectContaining({
        kind: 'second_payment',
        status: 'processed',
        amountKobo: 1_250_000,
        // Found by the payment that arrived second: here the simulator's webhook.
        actor: 'Payment provider (webhook)',
      }),
    ]);
    expect(order.refundDue).toBe(false);
    const titles = order.timeline.map((entry) => entry.title);
    expect(titles).toContain('REFUND DUE: second payment of ₦12,500.00 received');
    expect(titles).toContain('Refunded automatically (₦12,500.00)');
    const emails = await emailsOfKind(t, 'automatic_refund', user.email);
    expect(emails.map((email) => email.subject)).toEqual([
      `We are refunding your payment of ₦12,500.00 for order ${orderId.slice(0, 8).toUpperCase()}`,
    ]);
    expect(emails[0]!.text_body).toContain('The order had already been paid.');
    // The first payment can still be refunded in full by an admin.
    expect(order.refundableKobo).toBe(1_250_000);
  });

  it('stays REFUND DUE in the list and the detail when the provider refuses the refund', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const first = await initialize(cookie, orderId);
    const second = await initialize(cookie, orderId);
    await pay(first);
    // The provider will refuse: as if the charge had been refunded on its dashboard already.
    await t.database.sql.query(
      'UPDATE simulator_transactions SET refunded_kobo = amount_kobo WHERE reference = $1',
      [second.reference],
    );
    await t.database.sql.query(
      `UPDATE simulator_transactions SET status = 'success', paid_at = now() WHERE reference = $1`,
      [second.reference],
    );
    const verify = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie,
      json: { reference: second.reference },
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ success: true });
    expect(String((verify.body as { message: string }).message)).toContain(
      'second payment is being refunded',
    );
    await t.jobsIdle();

    const order = await detail(orderId);
    expect(order.refundDue).toBe(true);
    expect(order.refunds).toEqual([expect.objectContaining({ kind: 'second_payment', status: 'failed' })]);
    const [row] = (await list(`?q=${orderId.slice(0, 8)}`)).orders;
    expect(row?.refundDue).toBe(true);
    // Repeating the verify neither flags nor refunds it again.
    await t.request('/api/payments/verify', {
      method: 'POST',
      cookie,
      json: { reference: second.reference },
    });
    await t.jobsIdle();
    expect((await detail(orderId)).refunds).toHaveLength(1);

    // Once the provider would take it, an admin refunds that charge from the order.
    await t.database.sql.query('UPDATE simulator_transactions SET refunded_kobo = 0 WHERE reference = $1', [
      second.reference,
    ]);
    const byHand = await refund(orderId, { reference: second.reference });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    expect(byHand.body).toMatchObject({
      refund: { amountKobo: 1_250_000, status: 'pending', paymentStatus: 'paid' },
    });
    await t.jobsIdle();
    expect(await simulatorRefunded(second.reference)).toBe(1_250_000);
    const after = await detail(orderId);
    expect(after.refundDue).toBe(false);
    expect(after.order.paymentStatus).toBe('paid');
    expect(after.refundableKobo).toBe(1_250_000);
    expect((await refund(orderId, { reference: second.reference })).status).toBe(409);
  });
});

describe('CSV export and packing slip', () => {
  it('csvCell quotes separators and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+2348031234567')).toBe("'+2348031234567");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('exports the filtered list with escaped cells', async () => {
    const { orderId } = await createPendingOrder(t, {
      form: { fullName: '=cmd|"/c calc"!A1', address: '5, "Palm" Close', city: 'Lagos' },
    });
    const response = await t.app.request(
      `http://localhost:3000/api/admin/orders/export.csv?q=${orderId.slice(0, 8)}`,
      { headers: { cookie: admin.cookie } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Order ID,Short ID,Date \(Lagos\),Customer,Ship to,/);
    expect(lines[0]).toContain(',Shipping method,Zone,Fulfilment,Payment,Shipping (NGN),');
    expect(lines[1]).toContain(`${orderId},${orderId.slice(0, 8)},`);
    expect(lines[1]).toContain(`,"'=cmd|""/c calc""!A1",`);
    expect(lines[1]).toContain(
      ',1,10000.00,,0.00,0.00,Standard Shipping,Lagos,Delivery,Paystack,2500.00,12500.00,0.00,0.00,0.00,0.00,pending,pending,,',
    );
    const shopper = await createSignedInUser(t);
    expect((await t.request('/api/admin/orders/export.csv', { cookie: shopper.cookie })).status).toBe(403);
  });

  it('exports every matching order, read a batch at a time, with none twice and none left out', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createPendingOrder(t, { form: { fullName: 'Keyset Kemi' } })).orderId);
    }
    // Two orders placed in the same microsecond: the id keeps them apart.
    await t.database.sql.query(
      `UPDATE orders SET created_at = (SELECT created_at FROM orders WHERE id = $1) WHERE id = $2`,
      [ids[1], ids[2]],
    );
    let text = '';
    for await (const chunk of exportOrdersCsv(
      t.deps,
      { q: 'Keyset Kemi', status: 'all' },
      { batchSize: 2 },
    )) {
      text += chunk;
    }
    const exported = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    const expected = (await list('?q=Keyset%20Kemi&pageSize=100')).orders.map((row) => row.id);
    expect(expected).toHaveLength(5);
    expect(exported).toEqual(expected);

    // The route streams the same.
    const response = await t.app.request(
      'http://localhost:3000/api/admin/orders/export.csv?q=Keyset%20Kemi',
      {
        headers: { cookie: admin.cookie },
      },
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
  });

  it('prints a packing slip with the items and the address, as text', async () => {
    const { orderId } = await createPendingOrder(t, {
      form: { fullName: '<script>alert(1)</script>', notes: 'Call before <b>delivery</b>' },
    });
    const response = await t.request(`/api/admin/orders/${orderId}/packing-slip`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = String(response.body);
    expect(html).toContain(`#${orderId.slice(0, 8).toUpperCase()}`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Call before &lt;b&gt;delivery&lt;/b&gt;');
    expect(html).toContain('<h2>Ship to</h2>');
    expect(html).not.toContain('PICKUP IN STORE');
    expect(html).toContain('NOT PAID: do not ship until the payment has arrived.');
    expect(html).toMatch(/<td class="qty">1<\/td><td>[^<]+<\/td><td>M<\/td>/);
    // Its stylesheet carries this answer's CSP nonce, so the browser applies it.
    const nonce = /style-src-elem [^;]*'nonce-([^']+)'/.exec(
      response.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
  });
});
