import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPendingOrder, emailsOfKind, orderRow, variantStock } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { systemActor } from '../../context';
import { announce, CHANGES_CHANNEL } from '../../platform/db/announce';
import { cancelOrder, EXPIRY_NOTE, expireUnpaidOrders } from './cancel-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * PGlite runs one statement at a time: calls made "at the same moment" there run one after the
 * other. The races below (several processes expiring or cancelling one order at once) are only
 * races on PostgreSQL, and run only there; PGlite checks the same calls one after another.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** Collects what is announced on shop_changes, on PGlite or PostgreSQL alike. */
async function listen(): Promise<{
  events: unknown[];
  /** Resolves once everything committed before the call has been heard. */
  heardAll: () => Promise<void>;
  stop: () => Promise<void>;
}> {
  const events: unknown[] = [];
  // Drizzle keeps the driver's client as $client: a PGlite instance or a pg.Pool.
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  // A change of its own, committed after the others: notifications reach a listener in the order
  // their transactions committed, so once this one is heard every earlier one has been too.
  const heardAll = async () => {
    const marker = randomUUID();
    await t.database.transaction((sql) =>
      announce(sql, { table: 'orders', id: marker, userId: null, action: 'test-marker' }),
    );
    await vi.waitFor(
      () => {
        expect(events).toContainEqual(expect.objectContaining({ id: marker }));
      },
      { timeout: 10_000 },
    );
  };
  if (t.database.kind === 'pglite') {
    const unsubscribe = await (client as PGlite).listen(CHANGES_CHANNEL, (payload) =>
      events.push(JSON.parse(payload)),
    );
    return { events, heardAll, stop: unsubscribe };
  }
  const connection = await (client as pg.Pool).connect();
  connection.on('notification', (message) => events.push(JSON.parse(message.payload ?? 'null')));
  await connection.query(`LISTEN ${CHANGES_CHANNEL}`);
  return {
    events,
    heardAll,
    stop: async () => {
      await connection.query(`UNLISTEN ${CHANGES_CHANNEL}`);
      connection.release();
    },
  };
}

describe('unpaid orders', () => {
  it('expire after 30 minutes: cancelled, payment failed, a note, stock released once', async () => {
    const { user, orderId, product } = await createPendingOrder(t, {
      quantity: 2,
      form: { notes: 'Leave at door' },
    });
    const variantId = product.variants[0]!.id;
    expect(await variantStock(t, variantId)).toBe(3);

    expect(await expireUnpaidOrders(t.deps, minutesFromNow(29))).not.toContain(orderId);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'pending', payment_status: 'pending' });

    expect(await expireUnpaidOrders(t.deps, minutesFromNow(31))).toContain(orderId);
    // Run again, it finds nothing more to do.
    expect(await expireUnpaidOrders(t.deps, minutesFromNow(60))).not.toContain(orderId);

    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
      notes: `Leave at door\n${EXPIRY_NOTE}`,
    });
    expect(order.stock_released_at).not.toBeNull();
    expect(await variantStock(t, variantId)).toBe(5);
    const [email] = await emailsOfKind(t, 'order_status', user.email);
    expect(email?.text_body).toContain('It was not paid in time');
  });

  it.runIf(ON_POSTGRES)(
    'expired by several server processes at the same moment, release the stock once (PostgreSQL: the runs overlap)',
    async () => {
      const { orderId, product } = await createPendingOrder(t, { quantity: 2 });
      const variantId = product.variants[0]!.id;
      expect(await variantStock(t, variantId)).toBe(3);
      const runs = await Promise.all(
        Array.from({ length: 4 }, () => expireUnpaidOrders(t.deps, minutesFromNow(31))),
      );
      expect(runs.flat().filter((id) => id === orderId)).toHaveLength(1);
      expect(await expireUnpaidOrders(t.deps, minutesFromNow(60))).not.toContain(orderId);
      expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
      expect(await variantStock(t, variantId)).toBe(5);
    },
  );

  it('leave paid orders alone', async () => {
    const { orderId, product } = await createPendingOrder(t);
    await t.database.sql.query(
      `UPDATE orders SET payment_status = 'paid', status = 'processing' WHERE id = $1`,
      [orderId],
    );
    await expireUnpaidOrders(t.deps, minutesFromNow(90));
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await variantStock(t, product.variants[0]!.id)).toBe(4);
  });
});

describe('cancelOrder', () => {
  it('releases reserved stock exactly once, however often it is called', async () => {
    const { orderId, product } = await createPendingOrder(t, { quantity: 3 });
    const variantId = product.variants[0]!.id;
    expect(await variantStock(t, variantId)).toBe(2);
    const results = [];
    for (const reason of ['Customer asked', undefined, undefined])
      results.push(await cancelOrder(t.deps, systemActor('script'), orderId, reason));
    expect(results.map((result) => result.released)).toEqual([true, false, false]);
    expect(await variantStock(t, variantId)).toBe(5);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled' });
    // Expiry afterwards does not release it again.
    await expireUnpaidOrders(t.deps, minutesFromNow(31));
    expect(await variantStock(t, variantId)).toBe(5);
  });

  it.runIf(ON_POSTGRES)(
    'releases reserved stock once when called three times at the same moment (PostgreSQL: the calls overlap)',
    async () => {
      const { orderId, product } = await createPendingOrder(t, { quantity: 3 });
      const variantId = product.variants[0]!.id;
      expect(await variantStock(t, variantId)).toBe(2);
      const results = await Promise.all([
        cancelOrder(t.deps, systemActor('script'), orderId, 'Customer asked'),
        cancelOrder(t.deps, systemActor('script'), orderId),
        cancelOrder(t.deps, systemActor('script'), orderId),
      ]);
      expect(results.filter((result) => result.released)).toHaveLength(1);
      expect(await variantStock(t, variantId)).toBe(5);
      expect(await orderRow(t, orderId)).toMatchObject({ status: 'cancelled' });
      await expireUnpaidOrders(t.deps, minutesFromNow(31));
      expect(await variantStock(t, variantId)).toBe(5);
    },
  );

  it('records who cancelled and that the stock went back; cancelling again records nothing', async () => {
    const { orderId } = await createPendingOrder(t);
    const admin = { kind: 'user', id: randomUUID(), email: 'ops@example.test', role: 'admin' } as const;
    await t.database.sql.query(`INSERT INTO users (id, email, role) VALUES ($1, $2, 'admin')`, [
      admin.id,
      admin.email,
    ]);
    await cancelOrder(t.deps, admin, orderId, 'Customer asked');
    await cancelOrder(t.deps, admin, orderId);
    const entries = await t.database.sql.query<{
      actor_id: string;
      actor_label: string;
      before: unknown;
      after: unknown;
      details: unknown;
    }>(
      `SELECT actor_id, actor_label, before, after, details FROM audit_log
        WHERE entity_type = 'order' AND entity_id = $1 ORDER BY created_at`,
      [orderId],
    );
    expect(entries).toEqual([
      {
        actor_id: admin.id,
        actor_label: 'ops@example.test',
        before: { status: 'pending' },
        after: { status: 'cancelled' },
        details: { stockReleased: true, reason: 'Customer asked' },
      },
    ]);
  });
});

describe('announcements', () => {
  it('announce each order change on shop_changes from the transaction that made it', async () => {
    const listener = await listen();
    try {
      const { user, orderId } = await createPendingOrder(t);
      await cancelOrder(t.deps, systemActor('script'), orderId);
      await listener.heardAll();
      const mine = listener.events.filter((event) => (event as { id: string }).id === orderId);
      expect(mine).toEqual([
        { table: 'orders', id: orderId, userId: user.id, action: 'created' },
        { table: 'orders', id: orderId, userId: user.id, action: 'cancelled' },
      ]);
    } finally {
      await listener.stop();
    }
  });
});

describe("the shopper's order", () => {
  it('says how it is delivered and paid: its zone, delivery, Paystack, nothing awaited', async () => {
    const { user, cookie, orderId } = await createPendingOrder(t, { form: { state: 'Kano', city: 'Kano' } });
    const response = await t.request(`/api/orders/${orderId}`, { cookie });
    expect(response.status).toBe(200);
    expect((response.body as { order: Record<string, unknown> }).order).toMatchObject({
      shippingZone: 'Rest of Nigeria',
      fulfilment: 'delivery',
      pickup: null,
      paymentKind: 'paystack',
      awaitingPayment: false,
    });
    const listed = await t.request('/api/orders', { cookie });
    expect((listed.body as { orders: Record<string, unknown>[] }).orders).toEqual([
      expect.objectContaining({ id: orderId, fulfilment: 'delivery', paymentKind: 'paystack' }),
    ]);
    const [placed] = await emailsOfKind(t, 'order_placed', user.email);
    expect(placed!.text_body).toContain('Your items are reserved for 30 minutes while you complete payment.');
    expect(placed!.text_body).toContain(`/payment/${orderId}`);
    expect(placed!.text_body).not.toContain('Pick up in store');
    expect(placed!.text_body).not.toContain('on delivery');
  });
});
