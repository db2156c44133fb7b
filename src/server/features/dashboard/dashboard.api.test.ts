import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, setOutOfStockSettings } from '../../../../tests/factories/catalog';
import { orderProduct, setOrderDates } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { getDashboard, percentChange } from './dashboard';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Lagos is UTC+1 all year (no summer time): its calendar, worked out without the database. */
function lagosPeriods(now: Date) {
  const lagos = new Date(now.getTime() + HOUR);
  const y = lagos.getUTCFullYear();
  const m = lagos.getUTCMonth();
  const currentStart = new Date(Date.UTC(y, m, 1) - HOUR);
  const previousStart = new Date(Date.UTC(y, m - 1, 1) - HOUR);
  const previousEnd = new Date(
    Math.min(previousStart.getTime() + (now.getTime() - currentStart.getTime()), currentStart.getTime()),
  );
  const today = lagos.toISOString().slice(0, 10);
  return { currentStart, previousStart, previousEnd, today };
}

describe('GET /api/admin/dashboard, against orders made in the test', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  });
  afterAll(() => t.close());

  it('adds up paid sales, sign-ups, units and stock, this month against the same days of last month', async () => {
    // Standard shipping ₦2,500 under ₦25,000: totals ₦12,500 and ₦25,000 (kobo below).
    const tee = await createProduct(t, {
      name: 'Zulu Tee',
      priceKobo: 1_000_000,
      variants: [{ size: 'M', color: 'Black', stock: 50 }],
    });
    const cap = await createProduct(t, {
      name: 'alpha Cap',
      priceKobo: 1_125_000,
      variants: [{ size: 'One Size', stock: 40 }],
    });
    await createProduct(t, { name: 'Low Hoodie', variants: [{ size: 'L', color: 'Red', stock: 3 }] });
    await createProduct(t, { name: 'Edge Hoodie', variants: [{ size: 'L', color: 'Red', stock: 5 }] });
    await createProduct(t, { name: 'Retired Jacket', isActive: false, variants: [{ size: 'L', stock: 0 }] });

    const ada = await createSignedInUser(t);
    const bola = await createSignedInUser(t);
    const chidi = await createSignedInUser(t);
    const thisMonth = await orderProduct(t, ada.cookie, ada.user.email, tee); // ₦12,500, 1 unit
    const lastMonth = await orderProduct(t, bola.cookie, bola.user.email, cap, { quantity: 2 }); // ₦25,000
    const older = await orderProduct(t, chidi.cookie, chidi.user.email, tee); // ₦12,500
    const unpaid = await orderProduct(t, chidi.cookie, chidi.user.email, cap, { paid: false });

    const now = new Date();
    const p = lagosPeriods(now);
    // Inside last month's stretch, and before it (two months back counts only in the total).
    await setOrderDates(
      t,
      lastMonth,
      new Date(p.previousStart.getTime() + (p.previousEnd.getTime() - p.previousStart.getTime()) / 2),
    );
    await setOrderDates(t, older, new Date(p.previousStart.getTime() - 3 * DAY));
    // Bola signed up inside last month's stretch.
    await t.database.sql.query('UPDATE users SET created_at = $2 WHERE id = $1', [
      bola.user.id,
      new Date(p.previousStart.getTime() + 1).toISOString(),
    ]);

    const response = await t.request('/api/admin/dashboard', { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = response.body as unknown as Awaited<ReturnType<typeof getDashboard>>;

    expect(body.periods).toEqual({
      currentStart: p.currentStart.toISOString(),
      previousStart: p.previousStart.toISOString(),
      previousEnd: expect.any(String),
    });
    expect(Math.abs(new Date(body.periods.previousEnd).getTime() - p.previousEnd.getTime())).toBeLessThan(
      60_000,
    );
    expect(body.sales).toEqual({
      refundDueKobo: 0,
      totalKobo: 1_250_000 + 2_500_000 + 1_250_000,
      paidOrders: 3,
      month: { current: 1_250_000, previous: 2_500_000, changePercent: -50 },
    });
    // The three shoppers are the customers (the admin is not); Ada and Chidi joined this month.
    expect(body.customers).toEqual({ total: 3, month: { current: 2, previous: 1, changePercent: 100 } });
    expect(body.inventory).toEqual({
      products: 5,
      // Low Hoodie (3) and Edge Hoodie (5, at the threshold); the inactive jacket is not counted.
      lowStock: 2,
      threshold: 5,
      unitsSold: { current: 1, previous: 2, changePercent: -50 },
    });
    expect(body.lowStock.map((row) => [row.name, row.stock])).toEqual([
      ['Low Hoodie', 3],
      ['Edge Hoodie', 5],
    ]);
    // By name, whatever the case; a product's stock is the sum of its variants'.
    expect(body.products.items.map((row) => [row.name, row.stock])).toEqual([
      ['alpha Cap', 40 - 2 - 1],
      ['Edge Hoodie', 5],
      ['Low Hoodie', 3],
      ['Retired Jacket', 0],
      ['Zulu Tee', 50 - 2],
    ]);
    expect(body.products.total).toBe(5);

    // Newest first by when they were placed: the unpaid one and this month's, then the older two.
    expect(body.recentOrders.map((order) => order.id)).toEqual([unpaid, thisMonth, lastMonth, older]);
    expect(body.recentOrders[1]).toEqual({
      id: thisMonth,
      shortId: thisMonth.slice(0, 8),
      email: ada.user.email,
      createdAt: expect.any(String),
      status: 'processing',
      paymentStatus: 'paid',
      totalKobo: 1_250_000,
    });
    expect(body.recentOrders[0]).toMatchObject({ paymentStatus: 'pending', status: 'pending' });

    expect(body.salesByDay).toHaveLength(30);
    expect(body.salesByDay.at(-1)).toEqual({ date: p.today, totalKobo: 1_250_000, orders: 1 });
    // Last month's orders are in the chart only when they fall in its 30 Lagos days.
    const windowStart = Date.parse(`${body.salesByDay[0]!.date}T00:00:00+01:00`);
    const expected = [
      [1_250_000, now.getTime()],
      [2_500_000, p.previousStart.getTime() + (p.previousEnd.getTime() - p.previousStart.getTime()) / 2],
      [1_250_000, p.previousStart.getTime() - 3 * DAY],
    ]
      .filter(([, at]) => at! >= windowStart)
      .reduce((total, [kobo]) => total + kobo!, 0);
    expect(body.salesByDay.reduce((total, day) => total + day.totalKobo, 0)).toBe(expected);
  });

  it('uses the out-of-stock threshold as the low-stock line', async () => {
    await setOutOfStockSettings(t, { threshold: 2 });
    const body = (await t.request('/api/admin/dashboard', { cookie: admin })).body as unknown as Awaited<
      ReturnType<typeof getDashboard>
    >;
    expect(body.inventory.threshold).toBe(2);
    expect(body.inventory.lowStock).toBe(0);
    expect(body.lowStock).toEqual([]);
    await setOutOfStockSettings(t, { threshold: 5 });
  });

  it('shows a guest order (no account) without an email', async () => {
    const dana = await createSignedInUser(t);
    const tee = await createProduct(t, { variants: [{ size: 'M', stock: 5 }] });
    const orderId = await orderProduct(t, dana.cookie, dana.user.email, tee, { paid: false });
    await t.database.sql.query('UPDATE orders SET user_id = NULL WHERE id = $1', [orderId]);
    const body = (await t.request('/api/admin/dashboard', { cookie: admin })).body as unknown as Awaited<
      ReturnType<typeof getDashboard>
    >;
    expect(body.recentOrders[0]).toMatchObject({ id: orderId, email: null });
  });

  it("names the order by the account's email, as the Orders list does, not the checkout contact", async () => {
    const efe = await createSignedInUser(t);
    const tee = await createProduct(t, { variants: [{ size: 'M', stock: 5 }] });
    const orderId = await orderProduct(t, efe.cookie, 'gift-contact@example.test', tee, { paid: false });
    const body = (await t.request('/api/admin/dashboard', { cookie: admin })).body as unknown as Awaited<
      ReturnType<typeof getDashboard>
    >;
    expect(body.recentOrders[0]).toMatchObject({ id: orderId, email: efe.user.email });
    const list = (await t.request(`/api/admin/orders?q=${orderId.slice(0, 8)}`, { cookie: admin })).body as {
      orders: { customerEmail: string | null; shippingEmail: string }[];
    };
    expect(list.orders[0]).toMatchObject({
      customerEmail: efe.user.email,
      shippingEmail: 'gift-contact@example.test',
    });
  });
});

describe('getDashboard at Lagos day and month boundaries', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    userId = (await createSignedInUser(t)).user.id;
  });
  afterAll(() => t.close());

  /** A paid order of `kobo` (subtotal, no shipping) paid at `paidAt`, recorded as an offline payment. */
  async function paidOrderAt(paidAt: string, kobo: number) {
    const address = {
      fullName: 'Ada Obi',
      email: 'ada@example.test',
      phone: '08031234567',
      address: '1 Way',
      city: 'Lagos',
      state: 'Lagos',
    };
    const [order] = await t.database.sql.query<{ id: string }>(
      `INSERT INTO orders (user_id, email, status, payment_status, subtotal_kobo, shipping_cost_kobo,
                           total_amount_kobo, shipping_address, billing_address, paid_at, created_at)
       VALUES ($1, 'ada@example.test', 'processing', 'paid', $2, 0, $2, $3, $3, $4, $4) RETURNING id`,
      [userId, kobo, JSON.stringify(address), paidAt],
    );
    await t.database.sql.query(
      `INSERT INTO ledger_entries (order_id, kind, amount_kobo, disposition, method, created_at)
       VALUES ($1, 'offline_payment', $2, 'applied', 'cash', $3)`,
      [order!.id, kobo, paidAt],
    );
  }

  it('counts an order in the Lagos day and month it was paid in, not the UTC one', async () => {
    // 00:30 on 1 December in Lagos is still 30 November in UTC.
    const now = new Date('2026-11-30T23:30:00Z');
    await paidOrderAt('2026-11-30T23:10:00Z', 100_00); // 1 Dec 00:10 Lagos: this month, today
    await paidOrderAt('2026-11-30T22:50:00Z', 200_00); // 30 Nov 23:50 Lagos: yesterday, last month
    await paidOrderAt('2026-10-31T23:20:00Z', 400_00); // 1 Nov 00:20 Lagos: inside last month's stretch
    await paidOrderAt('2026-10-31T23:40:00Z', 800_00); // 1 Nov 00:40 Lagos: after the stretch's 30 minutes
    await paidOrderAt('2026-10-31T22:30:00Z', 1600_00); // 31 Oct 23:30 Lagos: before it

    const dashboard = await getDashboard(t.deps, { now });
    expect(dashboard.periods).toEqual({
      currentStart: '2026-11-30T23:00:00.000Z',
      previousStart: '2026-10-31T23:00:00.000Z',
      previousEnd: '2026-10-31T23:30:00.000Z',
    });
    expect(dashboard.sales.month).toEqual({ current: 100_00, previous: 400_00, changePercent: -75 });
    expect(dashboard.sales.totalKobo).toBe(3100_00);
    expect(dashboard.salesByDay).toHaveLength(30);
    expect(dashboard.salesByDay[0]!.date).toBe('2026-11-02');
    expect(dashboard.salesByDay.at(-1)).toEqual({ date: '2026-12-01', totalKobo: 100_00, orders: 1 });
    expect(dashboard.salesByDay.at(-2)).toEqual({ date: '2026-11-30', totalKobo: 200_00, orders: 1 });
    expect(dashboard.salesByDay.slice(0, -2).every((day) => day.totalKobo === 0)).toBe(true);
  });

  it('compares the last day of a long month with the whole of a short one', async () => {
    const dashboard = await getDashboard(t.deps, { now: new Date('2026-03-31T11:00:00Z') });
    expect(dashboard.periods).toEqual({
      currentStart: '2026-02-28T23:00:00.000Z',
      previousStart: '2026-01-31T23:00:00.000Z',
      previousEnd: '2026-02-28T23:00:00.000Z',
    });
  });

  it('says how much a figure changed, or nothing when there was none to compare with', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });
});

describe('figures after refunds, against orders paid and refunded through the simulator', () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const refund = async (orderId: string, amountKobo?: number) => {
    const response = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: admin.cookie,
      json: amountKobo ? { amountKobo } : {},
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // The simulator settles the refund and sends refund.processed right after its answer.
    await t.jobsIdle();
  };

  it('count what each paid order kept: total, the monthly change, the chart and the customer', async () => {
    const tee = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 50 }] });
    const ngozi = await createSignedInUser(t);
    const emeka = await createSignedInUser(t);
    // ₦12,500 each (₦10,000 + ₦2,500 shipping).
    const kept = await orderProduct(t, ngozi.cookie, ngozi.user.email, tee);
    const partly = await orderProduct(t, ngozi.cookie, ngozi.user.email, tee);
    const whole = await orderProduct(t, emeka.cookie, emeka.user.email, tee);
    const lastMonth = await orderProduct(t, emeka.cookie, emeka.user.email, tee);
    await refund(partly, 300_000); // keeps ₦9,500
    await refund(whole); // keeps nothing
    await refund(lastMonth, 500_000); // keeps ₦7,500
    const p = lagosPeriods(new Date());
    await setOrderDates(t, lastMonth, new Date(p.previousStart.getTime() + 60_000));

    const body = (await t.request('/api/admin/dashboard', { cookie: admin.cookie }))
      .body as unknown as Awaited<ReturnType<typeof getDashboard>>;
    // ₦12,500 + ₦9,500 this month; ₦7,500 last month; the fully refunded order counts nothing.
    expect(body.sales.totalKobo).toBe(1_250_000 + 950_000 + 750_000);
    expect(body.sales.paidOrders).toBe(3);
    expect(body.sales.month).toEqual({ current: 2_200_000, previous: 750_000, changePercent: 193 });
    expect(body.salesByDay.at(-1)).toEqual({ date: p.today, totalKobo: 2_200_000, orders: 2 });
    expect(body.inventory.unitsSold.current).toBe(2);
    expect(body.recentOrders.map((order) => order.id)).toContain(kept);

    // The customers' total spent is what they kept paying too.
    const customers = (await t.request('/api/admin/customers', { cookie: admin.cookie })).body as {
      customers: { email: string; totalSpentKobo: number; orderCount: number }[];
    };
    const spent = Object.fromEntries(customers.customers.map((row) => [row.email, row.totalSpentKobo]));
    expect(spent[ngozi.user.email]).toBe(2_200_000);
    expect(spent[emeka.user.email]).toBe(750_000);
    const details = (await t.request(`/api/admin/customers/${ngozi.user.id}`, { cookie: admin.cookie }))
      .body as {
      customer: { totalSpentKobo: number };
    };
    expect(details.customer.totalSpentKobo).toBe(2_200_000);
  });

  it('a cancelled paid order leaves Total Sales at once; its money shows apart until it is back', async () => {
    const tee = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 5 }] });
    const tayo = await createSignedInUser(t);
    const orderId = await orderProduct(t, tayo.cookie, tayo.user.email, tee);
    const dashboard = async () =>
      (
        (await t.request('/api/admin/dashboard', { cookie: admin.cookie })).body as unknown as Awaited<
          ReturnType<typeof getDashboard>
        >
      ).sales;
    const row = async () =>
      (
        (await t.request(`/api/admin/orders?q=${orderId.slice(0, 8)}`, { cookie: admin.cookie })).body as {
          orders: { refundDue: boolean; paymentStatus: string }[];
        }
      ).orders[0]!;
    const before = await dashboard();
    // Paystack will refuse the automatic refund (as if refunded on its dashboard already), so
    // the money stays due back until an admin retries.
    const [charge] = await t.database.sql.query<{ reference: string }>(
      `SELECT reference FROM ledger_entries WHERE order_id = $1 AND kind = 'charge'`,
      [orderId],
    );
    await t.database.sql.query(
      'UPDATE simulator_transactions SET refunded_kobo = amount_kobo WHERE reference = $1',
      [charge!.reference],
    );
    const cancel = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancel.body).toEqual({ changed: true, refundKobo: 1_250_000 });
    await t.jobsIdle();
    const after = await dashboard();
    expect(after.totalKobo).toBe(before.totalKobo - 1_250_000);
    expect(after.refundDueKobo).toBe(before.refundDueKobo + 1_250_000);
    expect(await row()).toMatchObject({ refundDue: true, paymentStatus: 'paid' });

    // Paystack takes it now: the admin retries the failed refund; nothing is due any more.
    await t.database.sql.query('UPDATE simulator_transactions SET refunded_kobo = 0 WHERE reference = $1', [
      charge!.reference,
    ]);
    const [failed] = await t.database.sql.query<{ id: string }>(
      `SELECT id FROM refunds WHERE order_id = $1 AND status = 'failed'`,
      [orderId],
    );
    const retried = await t.request(`/api/admin/orders/${orderId}/refunds/${failed!.id}/retry`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await t.jobsIdle();
    expect(await row()).toMatchObject({ refundDue: false, paymentStatus: 'refunded' });
    const settled = await dashboard();
    expect(settled.refundDueKobo).toBe(before.refundDueKobo);
    expect(settled.totalKobo).toBe(before.totalKobo - 1_250_000);
  });
});
