/**
 * Races across two real server processes on one PostgreSQL database, each run many times
 * (RACE_RUNS, default 6): payment verification, the provider's webhook and the unpaid-order expiry
 * landing on one order at once; and one shopper's cart changed from two tabs served by different
 * processes; and two admins editing one product on two processes. Each run must end consistent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db/client';
import { createProduct } from '../factories/catalog';
import { checkoutForm } from '../factories/orders';
import { createThrowawayDatabase } from './support/postgres';
import { type ShopProcess, startShop } from './support/shop-process';
import { call, createBuyers, stockOf, waitFor } from './support/shoppers';

const RUNS = Number(process.env.RACE_RUNS ?? 6);

let db: { url: string; database: Database; drop: () => Promise<void> };
let a: ShopProcess;
let b: ShopProcess;
let enqueueExpiry: () => Promise<string>;
let closeQueue: () => Promise<void>;

beforeAll(async () => {
  db = await createThrowawayDatabase();
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    PAYMENT_SIMULATOR: 'allow',
    DATABASE_URL: db.url,
    JOB_TIMEOUT_SECONDS: '3',
  };
  [a, b] = await Promise.all([startShop(env), startShop(env)]);

  // The expiry sweep, enqueued as the once-a-minute schedule would, for the processes to run.
  const { createJobQueue, JOB_SCHEMA } = await import('../../src/server/platform/jobs/queue');
  const { JOB_DEFINITIONS, JOB_SCHEDULES } = await import('../../src/server/jobs');
  const { expireUnpaidOrdersJob } = await import('../../src/server/features/payments/unpaid-sweep');
  const { createLogger } = await import('../../src/server/platform/logger');
  const queue = createJobQueue({
    database: db.database,
    logger: createLogger('silent'),
    definitions: JOB_DEFINITIONS,
    schedules: JOB_SCHEDULES,
    options: { timeoutSeconds: 3 },
  });
  enqueueExpiry = async () => {
    const id = await db.database.transaction((sql) => queue.enqueue(sql, expireUnpaidOrdersJob, {}));
    await waitFor(
      'expiry sweep',
      () =>
        db.database.sql.query<{ state: string }>(`SELECT state::text FROM ${JOB_SCHEMA}.job WHERE id = $1`, [
          id,
        ]),
      (rows) => rows[0]?.state === 'completed',
    );
    return id;
  };
  closeQueue = async () => {};
}, 120_000);

afterAll(async () => {
  await closeQueue?.();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

async function payInSimulator(authorizationUrl: string, shop: ShopProcess) {
  const local = `http://127.0.0.1:${shop.port}${new URL(authorizationUrl).pathname}`;
  const page = await (await fetch(local)).text();
  const form = new URLSearchParams();
  for (const match of page.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(match[0])?.[1];
    if (name) form.set(name, /value="([^"]*)"/.exec(match[0])?.[1] ?? '');
  }
  form.set('outcome', 'success');
  const response = await fetch(local, {
    method: 'POST',
    headers: { origin: `http://127.0.0.1:${shop.port}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Units of a variant held by orders that have not given their stock back. */
async function heldUnits(variantId: string): Promise<number> {
  const [row] = await db.database.sql.query<{ held: number }>(
    `SELECT coalesce(sum(i.quantity), 0)::int AS held FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.variant_id = $1 AND o.stock_released_at IS NULL`,
    [variantId],
  );
  return row!.held;
}

describe('two processes, one order: verify × webhook × expiry', () => {
  it(`ends paid-and-reserved or cancelled-released-and-refund-due, never both, ${RUNS} times`, {
    timeout: 300_000,
  }, async () => {
    const product = await createProduct(db, { variants: [{ size: 'M', color: 'Black', stock: 1_000 }] });
    const variantId = product.variants[0]!.id;
    const buyers = await createBuyers(db.database, RUNS, 'vwe');
    const outcomes = { paid: 0, revived: 0, refundDue: 0 };

    for (const [run, buyer] of buyers.entries()) {
      const shop = run % 2 === 0 ? a : b;
      const other = shop === a ? b : a;
      await call(shop, '/api/cart/items', {
        method: 'POST',
        cookie: buyer.cookie,
        json: { productId: product.id, variantId, gender: 'men', quantity: 2 },
      });
      const placed = await call(shop, '/api/orders', {
        method: 'POST',
        cookie: buyer.cookie,
        json: checkoutForm({ email: buyer.email }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const orderId = placed.body.orderId as string;
      const init = await call(other, '/api/payments/initialize', {
        method: 'POST',
        cookie: buyer.cookie,
        json: { orderId },
      });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      // The order is now past its 30 minutes: the sweep may take it while the payment lands.
      await db.database.sql.query(
        `UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = $1`,
        [orderId],
      );
      const verify = (target: ShopProcess) =>
        call(target, '/api/payments/verify', {
          method: 'POST',
          cookie: buyer.cookie,
          json: { reference: init.body.reference },
        });
      // Three ways the race can go: all at once; the sweep first, with the items still in stock;
      // the sweep first, and the items gone by the time the money arrives.
      const mode = run % 3;
      const payAndVerify = () =>
        payInSimulator(init.body.authorizationUrl, shop).then(() => Promise.all([verify(a), verify(b)]));
      let answers: Array<{ status: number }>;
      if (mode === 0) {
        [answers] = await Promise.all([payAndVerify(), enqueueExpiry()]);
      } else {
        await enqueueExpiry();
        if (mode === 2) {
          await db.database.sql.query('UPDATE product_variants SET stock_quantity = 0 WHERE id = $1', [
            variantId,
          ]);
        }
        answers = await payAndVerify();
      }
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      await waitFor(
        'webhook processed',
        () => db.database.sql.query(`SELECT id FROM payment_events WHERE status = 'received'`),
        (rows) => rows.length === 0,
      );

      const [order] = await db.database.sql.query<{
        status: string;
        payment_status: string;
        stock_released_at: Date | null;
        successes: number;
        notes: string | null;
      }>(
        `SELECT status, payment_status, stock_released_at, notes,
                (SELECT count(*) FROM payment_transactions p WHERE p.order_id = o.id AND p.status = 'success')::int AS successes
           FROM orders o WHERE id = $1`,
        [orderId],
      );
      // The charge happened either way, and is in the book once.
      expect(order!.successes).toBe(1);
      const charges = await db.database.sql.query<{ disposition: string }>(
        `SELECT disposition FROM ledger_entries WHERE order_id = $1 AND kind = 'charge'`,
        [orderId],
      );
      expect(charges).toHaveLength(1);
      if (order!.status === 'cancelled') {
        // Expired first and sold out since: stock went back, the order was never paid, and the
        // charge is refunded in full (not kept).
        outcomes.refundDue += 1;
        expect(order!.stock_released_at).not.toBeNull();
        expect(order!.payment_status).toBe('failed');
        expect(charges[0]!.disposition).toBe('not_deliverable');
        const [refund] = await db.database.sql.query<{ kind: string }>(
          `SELECT kind FROM refunds WHERE order_id = $1`,
          [orderId],
        );
        expect(refund).toEqual({ kind: 'not_deliverable' });
      } else {
        expect(order!.payment_status).toBe('paid');
        expect(charges[0]!.disposition).toBe('applied');
        if (/reserved again/.test(order!.notes ?? '')) outcomes.revived += 1;
        else outcomes.paid += 1;
        expect(order!.status).toBe('processing');
        expect(order!.stock_released_at).toBeNull();
      }
      if (mode === 2) {
        // Put back what the test took off the shelf, so the count below stays exact.
        await db.database.sql.query('UPDATE product_variants SET stock_quantity = $2 WHERE id = $1', [
          variantId,
          1_000 - (await heldUnits(variantId)),
        ]);
      }
      expect((await stockOf(db.database, variantId)) + (await heldUnits(variantId))).toBe(1_000);
    }
    console.info(
      `races: verify × webhook × expiry ${RUNS} times: ${outcomes.paid} paid in time, ${outcomes.revived} paid after expiry and revived, ${outcomes.refundDue} paid after selling out (refunded in full)`,
    );
  });
});

describe('one cart from two tabs on two processes', () => {
  it(`stays one line per option, within stock, ${RUNS} times`, { timeout: 300_000 }, async () => {
    const product = await createProduct(db, {
      variants: [
        { size: 'S', color: 'White', stock: 3 },
        { size: 'M', color: 'White', stock: 50 },
      ],
    });
    const [buyer] = await createBuyers(db.database, 1, 'tabs');
    for (let run = 0; run < RUNS; run++) {
      const add = (shop: ShopProcess, variant: number, quantity: number) =>
        call(shop, '/api/cart/items', {
          method: 'POST',
          cookie: buyer!.cookie,
          json: { productId: product.id, variantId: product.variants[variant]!.id, gender: 'men', quantity },
        });
      const answers = await Promise.all([
        add(a, 0, 2),
        add(b, 0, 2),
        add(a, 1, 5),
        add(b, 1, 5),
        call(b, '/api/cart', { cookie: buyer!.cookie }),
        run % 3 === 2
          ? call(a, '/api/cart', { method: 'DELETE', cookie: buyer!.cookie })
          : Promise.resolve(null),
      ]);
      for (const answer of answers) if (answer) expect(answer.status).toBeLessThan(500);
      const lines = await db.database.sql.query<{
        variant_id: string;
        gender: string;
        quantity: number;
        stock: number;
      }>(
        `SELECT ci.variant_id, ci.gender, ci.quantity, v.stock_quantity AS stock
           FROM cart_items ci JOIN carts c ON c.id = ci.cart_id JOIN users u ON u.id = c.user_id
           JOIN product_variants v ON v.id = ci.variant_id WHERE u.email = $1`,
        [buyer!.email],
      );
      const keys = lines.map((line) => `${line.variant_id}/${line.gender}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const line of lines) expect(line.quantity).toBeLessThanOrEqual(line.stock);
      await call(a, '/api/cart', { method: 'DELETE', cookie: buyer!.cookie });
    }
  });
});

describe('two admins editing one product on two processes', () => {
  it(`one stock change wins, the other is told it changed meanwhile; edits never mix, ${RUNS} times`, {
    timeout: 300_000,
  }, async () => {
    const product = await createProduct(db, { variants: [{ size: 'M', color: 'Black', stock: 10 }] });
    const variantId = product.variants[0]!.id;
    const admins = await createBuyers(db.database, 2, 'editor');
    await db.database.sql.query(`UPDATE users SET role = 'admin' WHERE email = ANY($1::text[])`, [
      admins.map((admin) => admin.email),
    ]);
    let expected = 10;
    for (let run = 0; run < RUNS; run++) {
      // Both saw the same stock; each sets a different number at the same moment, through its own process.
      const [first, second] = await Promise.all(
        [a, b].map((shop, i) =>
          call(shop, `/api/admin/products/${product.id}/variants/${variantId}/stock`, {
            method: 'PUT',
            cookie: admins[i]!.cookie,
            json: { stock: 20 + run * 2 + i, expected, reason: 'correction' },
          }),
        ),
      );
      const statuses = [first!.status, second!.status].sort();
      expect(statuses, JSON.stringify([first!.body, second!.body])).toEqual([200, 409]);
      const winner = first!.status === 200 ? 20 + run * 2 : 20 + run * 2 + 1;
      expect(await stockOf(db.database, variantId)).toBe(winner);
      expected = winner;

      // Two product edits at once: each is whole; the product ends as one of them, never a mix.
      const edits = await Promise.all(
        [a, b].map((shop, i) =>
          call(shop, `/api/admin/products/${product.id}`, {
            method: 'PUT',
            cookie: admins[i]!.cookie,
            json: {
              name: `Editor ${i} name ${run}`,
              description: `Editor ${i} description ${run}`,
              price: String(10_000 + i),
              category: 'tshirts',
              subcategory: '',
              gender: 'men',
              stock: '0',
              sizes: ['M'],
              colors: ['Black'],
              isActive: true,
              isFeatured: false,
              isMystery: false,
            },
          }),
        ),
      );
      for (const edit of edits) expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const [row] = await db.database.sql.query<{ name: string; description: string; price_kobo: string }>(
        'SELECT name, description, price_kobo::text FROM products WHERE id = $1',
        [product.id],
      );
      const editor = row!.name.startsWith('Editor 0') ? 0 : 1;
      expect(row).toEqual({
        name: `Editor ${editor} name ${run}`,
        description: `Editor ${editor} description ${run}`,
        price_kobo: String((10_000 + editor) * 100),
      });
      // The stock the winner set survives the edits.
      expect(await stockOf(db.database, variantId)).toBe(winner);
    }
    const audited = await db.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inventory_adjustments WHERE variant_id = $1`,
      [variantId],
    );
    expect(audited[0]!.n).toBe(RUNS);
  });
});
