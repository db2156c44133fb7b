/**
 * Crash: a server process is killed (SIGKILL, no warning, no clean-up) at a random moment while
 * buyers check out and pay, then a new one starts on the same PostgreSQL database. After each
 * crash: every order is whole with its stock reserved, or absent with the stock untouched; every
 * payment is applied once; every queued email is delivered, and delivered again only when the
 * crash fell between the mail server's acceptance and our record of it (same Message-ID).
 *
 * CRASH_RUNS sets how many crashes (default 2; `npm run test:soak` runs more).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db/client';
import { createProduct, type TestProduct } from '../factories/catalog';
import { checkoutForm } from '../factories/orders';
import { createThrowawayDatabase } from './support/postgres';
import { type ShopProcess, startShop } from './support/shop-process';
import { call, createBuyers, waitFor } from './support/shoppers';

const RUNS = Number(process.env.CRASH_RUNS ?? 2);
const BUYERS = 12;
const STOCK = 500;

/** Message-IDs the mail server accepted, with how many times each arrived. */
const delivered = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      const id = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? 'none';
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
      callback();
    });
  },
});

// A killed shop drops its SMTP connections mid-conversation: that is the point, not an error.
smtp.on('error', () => {});

let db: { url: string; database: Database; drop: () => Promise<void> };
let env: Record<string, string>;
let shop: ShopProcess | null = null;
let product: TestProduct;

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
    JOB_TIMEOUT_SECONDS: '3',
    // A webhook job lost with the killed process is retried at once, not after its 15 s back-off.
    JOB_RETRY_DELAY_SECONDS: '1',
  };
  shop = await startShop(env);
  product = await createProduct(db, {
    priceKobo: 1_000_000,
    variants: [
      { size: 'S', color: 'Black', stock: STOCK },
      { size: 'M', color: 'Black', stock: STOCK },
      { size: 'L', color: 'Black', stock: STOCK },
    ],
  });
});

afterAll(async () => {
  await shop?.stop();
  await db?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The simulator's payment page form: its hidden fields and where it posts. */
async function payInSimulator(authorizationUrl: string, port: number) {
  const url = new URL(authorizationUrl);
  const local = `http://127.0.0.1:${port}${url.pathname}`;
  const page = await (await fetch(local)).text();
  const form = new URLSearchParams();
  for (const match of page.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(match[0])?.[1];
    const value = /value="([^"]*)"/.exec(match[0])?.[1] ?? '';
    if (name) form.set(name, value);
  }
  form.set('outcome', 'success');
  await fetch(local, {
    method: 'POST',
    headers: { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
}

/**
 * One buyer's checkouts, one after another, until the server dies: cart → order → pay → verify.
 * Collects the payment references the buyer was given (a returning buyer verifies them).
 */
async function shopUntilCrash(
  buyer: { email: string; cookie: string },
  target: ShopProcess,
  references: Array<{ reference: string; cookie: string }>,
) {
  for (let round = 0; round < 50; round++) {
    try {
      const variant = product.variants[round % product.variants.length]!;
      const added = await call(target, '/api/cart/items', {
        method: 'POST',
        cookie: buyer.cookie,
        json: { productId: product.id, variantId: variant.id, gender: 'men', quantity: 1 + (round % 2) },
      });
      if (added.status !== 200) continue;
      const placed = await call(target, '/api/orders', {
        method: 'POST',
        cookie: buyer.cookie,
        json: checkoutForm({ email: buyer.email }),
      });
      if (placed.status !== 201) continue;
      const init = await call(target, '/api/payments/initialize', {
        method: 'POST',
        cookie: buyer.cookie,
        json: { orderId: placed.body.orderId },
      });
      if (init.status !== 200) continue;
      references.push({ reference: init.body.reference, cookie: buyer.cookie });
      await payInSimulator(init.body.authorizationUrl, target.port);
      await call(target, '/api/payments/verify', {
        method: 'POST',
        cookie: buyer.cookie,
        json: { reference: init.body.reference },
      });
    } catch {
      return; // the server is gone
    }
  }
}

type Totals = { orders: number; paid: number; emails: number; resent: number };
const totals: Totals = { orders: 0, paid: 0, emails: 0, resent: 0 };

async function checkConsistency() {
  const sql = db.database.sql;
  // Every order is whole: lines present and totals adding up (the table's CHECK holds the sum).
  const broken = await sql.query(
    `SELECT o.id FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
      GROUP BY o.id, o.subtotal_kobo HAVING count(i.id) = 0 OR sum(i.quantity * i.unit_price_kobo) <> o.subtotal_kobo`,
  );
  expect(broken).toEqual([]);

  // Stock: what is on the shelf, plus what live orders hold, plus what orders being placed when
  // the server was killed hold (stock_holds: the stale-holds sweep gives it back) is what there was.
  const stock = await sql.query<{ id: string; on_shelf: number; held: number; holding: number }>(
    `SELECT v.id, v.stock_quantity AS on_shelf,
            coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
                       WHERE i.variant_id = v.id AND o.stock_released_at IS NULL), 0)::int AS held,
            coalesce((SELECT sum(h.quantity) FROM stock_holds h WHERE h.variant_id = v.id), 0)::int AS holding
       FROM product_variants v WHERE v.product_id = $1`,
    [product.id],
  );
  for (const row of stock) expect(row.on_shelf + row.held + row.holding, `variant ${row.id}`).toBe(STOCK);
  const unreleased = await sql.query(
    `SELECT id FROM orders WHERE status = 'cancelled' AND stock_released_at IS NULL`,
  );
  expect(unreleased).toEqual([]);

  // Payments: at most one successful charge per order, and paid exactly when there is one.
  const payments = await sql.query<{ id: string; payment_status: string; successes: number }>(
    `SELECT o.id, o.payment_status,
            (SELECT count(*) FROM payment_transactions p WHERE p.order_id = o.id AND p.status = 'success')::int AS successes
       FROM orders o`,
  );
  for (const row of payments) {
    expect(row.successes, `order ${row.id}`).toBeLessThanOrEqual(1);
    expect(
      row.payment_status === 'paid',
      `order ${row.id}: ${row.payment_status}, ${row.successes} charge(s)`,
    ).toBe(row.successes === 1);
  }
  // Every charge the provider took was applied to its order.
  const unapplied = await sql.query(
    `SELECT s.reference FROM simulator_transactions s
       LEFT JOIN payment_transactions p ON p.reference = s.reference
      WHERE s.status = 'success' AND (p.status IS DISTINCT FROM 'success')`,
  );
  expect(unapplied).toEqual([]);

  // Emails: one per order event, each delivered; a repeat only after an interrupted attempt.
  const twice = await sql.query(
    `SELECT kind, to_address, subject, count(*)::int AS n FROM emails GROUP BY 1, 2, 3 HAVING count(*) > 1`,
  );
  expect(twice).toEqual([]);
  const emails = await waitFor(
    'emails delivered',
    () =>
      sql.query<{ id: string; status: string; attempts: number }>('SELECT id, status, attempts FROM emails'),
    (rows) => rows.every((row) => row.status === 'sent'),
    60_000,
  );
  let resent = 0;
  for (const email of emails) {
    const arrivals = [...delivered].find(([messageId]) => messageId.includes(email.id))?.[1] ?? 0;
    expect(arrivals, `email ${email.id}`).toBeGreaterThanOrEqual(1);
    if (arrivals > 1) {
      expect(email.attempts, `email ${email.id} arrived ${arrivals} times`).toBeGreaterThan(1);
      resent += arrivals - 1;
    }
  }
  totals.orders = payments.length;
  totals.paid = payments.filter((row) => row.payment_status === 'paid').length;
  totals.emails = emails.length;
  totals.resent = resent;
}

describe('a server killed at random moments while buyers check out and pay', () => {
  for (let run = 1; run <= RUNS; run++) {
    it(`crash ${run} of ${RUNS}: everything whole after a restart`, { timeout: 120_000 }, async () => {
      const target = shop!;
      const buyers = await createBuyers(db.database, BUYERS, `crash-${run}`);
      const references: Array<{ reference: string; cookie: string }> = [];
      const journeys = Promise.all(buyers.map((buyer) => shopUntilCrash(buyer, target, references)));
      // Once checkouts are flowing, at a random moment within the next second and a half.
      await waitFor(
        'the first payments',
        async () => references.length,
        (n) => n >= 2,
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_500));
      await target.kill();
      await journeys;

      shop = await startShop(env);
      // Buyers come back to their payment pages, which verify what they paid.
      for (const { reference, cookie } of references) {
        await call(shop, '/api/payments/verify', { method: 'POST', cookie, json: { reference } });
      }
      await waitFor(
        'webhooks processed',
        () => db.database.sql.query(`SELECT id FROM payment_events WHERE status IN ('received')`),
        (rows) => rows.length === 0,
        60_000,
      );
      await checkConsistency();
      expect(references.length, 'buyers got as far as paying before the crash').toBeGreaterThan(0);
    });
  }

  afterAll(() => {
    console.info(
      `crash: ${RUNS} SIGKILLs; ${totals.orders} orders (${totals.paid} paid) whole, stock conserved, each payment applied once; ${totals.emails} emails delivered, ${totals.resent} repeated after an interrupted delivery`,
    );
  });
});
