import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db/client';
import { JOB_SCHEMA } from '../../src/server/platform/jobs/queue';
import { createProduct, type TestProduct } from '../factories/catalog';
import { checkoutForm } from '../factories/orders';
import { createThrowawayDatabase } from './support/postgres';
import { type ShopProcess, startShop } from './support/shop-process';
import { call, createBuyers as createBuyersIn, stockOf as stockIn, waitFor } from './support/shoppers';

/**
 * Two real server processes of the built shop on one throwaway PostgreSQL database, as behind a
 * load balancer: nothing they share lives in one process.
 */

// A local SMTP server: the shop's only outside party. It can hold one recipient's first delivery
// open (as a stuck mail server would) so a test can kill the process in the middle of it.
const accepted: string[] = [];
let holdFirstDeliveryTo: string | null = null;
let onHeld: (() => void) | null = null;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === holdFirstDeliveryTo) {
      holdFirstDeliveryTo = null;
      onHeld?.();
      return; // never answered: the connection hangs until its process dies
    }
    callback();
  },
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) accepted.push(rcpt.address);
      callback();
    });
  },
});

let db: { url: string; database: Database; drop: () => Promise<void> };
let env: Record<string, string>;
const processes: ShopProcess[] = [];
let a: ShopProcess;
let b: ShopProcess;

async function start(): Promise<ShopProcess> {
  const shop = await startShop(env);
  processes.push(shop);
  return shop;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  db = await createThrowawayDatabase();
  env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    PAYMENT_SIMULATOR: 'allow',
    DATABASE_URL: db.url,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    // A job of a killed process is retried by another after 3 s instead of 2 minutes.
    JOB_TIMEOUT_SECONDS: '3',
    // The unpaid-order expiry is offered every second instead of every minute.
    EXPIRY_SWEEP_SECONDS: '1',
    // Each process logs what its sweeps expired.
    LOG_LEVEL: 'info',
  };
  // Both start at once: migrations and the job queue's tables are created exactly once.
  [a, b] = await Promise.all([start(), start()]);
});

afterAll(async () => {
  await Promise.all(processes.map((shop) => shop.stop()));
  await db?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

type Buyer = { email: string; cookie: string; shop: ShopProcess };

const createBuyers = (count: number, prefix: string) => createBuyersIn(db.database, count, prefix);
const stockOf = (variantId: string) => stockIn(db.database, variantId);

/** Puts one unit of `product` in each buyer's cart, alternately through A and B. */
async function withCarts(
  buyers: Array<{ email: string; cookie: string }>,
  product: TestProduct,
): Promise<Buyer[]> {
  const result: Buyer[] = [];
  for (let i = 0; i < buyers.length; i += 50) {
    const group = buyers.slice(i, i + 50).map(async (buyer, j) => {
      const shop = (i + j) % 2 === 0 ? a : b;
      const added = await call(shop, '/api/cart/items', {
        method: 'POST',
        cookie: buyer.cookie,
        json: { productId: product.id, variantId: product.variants[0]!.id, gender: 'men', quantity: 1 },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return { ...buyer, shop };
    });
    result.push(...(await Promise.all(group)));
  }
  return result;
}

const order = (buyer: Buyer) =>
  call(buyer.shop, '/api/orders', {
    method: 'POST',
    cookie: buyer.cookie,
    json: checkoutForm({ email: buyer.email }),
  });

describe('two server processes on one PostgreSQL database', () => {
  it('sell the last 5 units to exactly 5 of 200 concurrent buyers', async () => {
    const product = await createProduct(db, { variants: [{ size: 'M', color: 'Black', stock: 5 }] });
    const buyers = await withCarts(await createBuyers(200, 'race'), product);

    const results = await Promise.all(buyers.map(order));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(195);
    expect(await stockOf(product.variants[0]!.id)).toBe(0);
    const [orders] = await db.database.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM order_items WHERE variant_id = $1`,
      [product.variants[0]!.id],
    );
    expect(orders!.count).toBe(5);
    // Both processes sold: the race really ran across the two.
    const winners = results.flatMap((result, i) => (result.status === 201 ? [buyers[i]!.shop.pid] : []));
    expect(new Set(buyers.map((buyer) => buyer.shop.pid)).size).toBe(2);
    expect(winners).toHaveLength(5);
  });

  it('both run the scheduled unpaid-order expiry, and each order is released exactly once', async () => {
    // Every process offers each interval's sweep (here every second); the queue keeps one per interval.
    const slots = await waitFor(
      'sweeps of two intervals',
      () =>
        db.database.sql.query<{ jobs: number }>(
          `SELECT count(*)::int AS jobs FROM ${JOB_SCHEMA}.job WHERE name = 'expire-unpaid-orders' GROUP BY singleton_on`,
        ),
      (rows) => rows.length > 1,
    );
    for (const slot of slots) expect(slot.jobs).toBe(1);

    const product = await createProduct(db, { variants: [{ size: 'L', color: 'Red', stock: 30 }] });
    const variantId = product.variants[0]!.id;
    const buyers = await withCarts(await createBuyers(20, 'unpaid'), product);
    for (const result of await Promise.all(buyers.map(order))) expect(result.status).toBe(201);
    expect(await stockOf(variantId)).toBe(10);
    const orderIds = (
      await db.database.sql.query<{ id: string }>(
        `SELECT DISTINCT order_id AS id FROM order_items WHERE variant_id = $1 ORDER BY order_id`,
        [variantId],
      )
    ).map((row) => row.id);
    expect(orderIds).toHaveLength(20);

    // The orders fall due one at a time; each is expired by whichever process's schedule runs
    // the next sweep. What each process expired is in its own log.
    const expiredBy = (shop: ShopProcess) =>
      shop
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"expired unpaid orders"'))
        .reduce((total, line) => total + (JSON.parse(line) as { count: number }).count, 0);
    for (const id of orderIds) {
      await db.database.sql.query(
        `UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = $1`,
        [id],
      );
      await waitFor(
        'the order expired by a scheduled sweep',
        () => db.database.sql.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]),
        (rows) => rows[0]?.status === 'cancelled',
        10_000,
      );
    }

    expect(expiredBy(a)).toBeGreaterThan(0);
    expect(expiredBy(b)).toBeGreaterThan(0);
    expect(expiredBy(a) + expiredBy(b)).toBe(20);
    expect(await stockOf(variantId)).toBe(30);
    const orders = await db.database.sql.query<{ status: string; payment_status: string }>(
      'SELECT status, payment_status FROM orders WHERE id = ANY($1::uuid[])',
      [orderIds],
    );
    for (const row of orders) expect(row).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    const released = await db.database.sql.query<{ entity_id: string; times: number }>(
      `SELECT entity_id, count(*)::int AS times FROM audit_log
        WHERE entity_type = 'order' AND entity_id = ANY($1::text[]) AND action = 'status_changed'
        GROUP BY entity_id`,
      [orderIds],
    );
    expect(released).toHaveLength(20);
    for (const row of released) expect(row.times).toBe(1);
    const notices = await db.database.sql.query<{ to_address: string }>(
      `SELECT to_address FROM emails WHERE kind = 'order_status' AND to_address LIKE 'unpaid-%'`,
    );
    expect(notices).toHaveLength(20);
    expect(new Set(notices.map((row) => row.to_address)).size).toBe(20);
  }, 90_000);

  it('finish a job of a process killed with SIGKILL mid-job, exactly once, in the other one', async () => {
    const [first, second] = (await createBuyers(2, 'crash')).map((buyer) => buyer.email);
    holdFirstDeliveryTo = first!;
    const held = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    // B is paused for a moment, so that A alone takes the work A enqueues.
    process.kill(b.pid, 'SIGSTOP');
    try {
      expect(
        (await call(a, '/api/auth/forgot-password', { method: 'POST', json: { email: first } })).status,
      ).toBe(200);
      await held; // A is in the middle of delivering the first reset email.
      expect(
        (await call(a, '/api/auth/forgot-password', { method: 'POST', json: { email: second } })).status,
      ).toBe(200);
      // The second reset email is written by A's job, and waits behind A's stuck delivery.
      await waitFor(
        'second reset email',
        () => db.database.sql.query('SELECT id FROM emails WHERE to_address = $1', [second]),
        (rows) => rows.length === 1,
      );
    } finally {
      process.kill(b.pid, 'SIGCONT');
    }
    await a.kill();

    const emails = await waitFor(
      'reset emails delivered by the other process',
      () =>
        db.database.sql.query<{ to_address: string; status: string; attempts: number }>(
          `SELECT to_address, status, attempts FROM emails WHERE to_address = ANY($1::text[]) ORDER BY to_address`,
          [[first, second]],
        ),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
    );
    // The first was cut off mid-delivery and done again by B; the second had not started.
    expect(emails).toEqual([
      { to_address: first, status: 'sent', attempts: 2 },
      { to_address: second, status: 'sent', attempts: 1 },
    ]);
    expect(accepted.filter((to) => to === first)).toHaveLength(1);
    expect(accepted.filter((to) => to === second)).toHaveLength(1);
    // Done by B, already running before A died: no other process was started.
    expect(processes).toHaveLength(2);
    expect(b.child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${b.port}/api/health`)).status).toBe(200);
  });
});
