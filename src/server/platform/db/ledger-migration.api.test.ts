/**
 * Migration 0100 on a shop that has traded before the ledger: what it knew about money (charges,
 * second payments, refunds, orders marked paid or refunded by hand, payments kept for cancelled
 * orders, who cancelled what) is written into the book once, with the figures an accountant would
 * expect, and the book refuses changes from then on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, databaseUrl } from '../../../../tests/setup/postgres';
import { type Database, openDatabase } from './client';
import { loadMigrations, migrate } from './migrate';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    database = await openDatabase({ kind: 'pglite' });
    drop = () => database.close();
    return;
  }
  const name = `ledger_migration_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(server), maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  database = await openDatabase({ kind: 'postgres', url: databaseUrl(server, name) });
  drop = async () => {
    await database.close();
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
});
afterAll(() => drop());

const ADDRESS = JSON.stringify({
  fullName: 'Ada Obi',
  email: 'ada@example.test',
  phone: '08031234567',
  address: '1 Way',
  city: 'Lagos',
  state: 'Lagos',
});

type Legacy = {
  status: string;
  paymentStatus: string;
  notes?: string;
  /** Successful charges: [reference suffix, second payment?]. */
  charges?: [string, boolean][];
  /** Refunds: [charge suffix, amount, status]. */
  refunds?: [string, number, 'pending' | 'processed' | 'failed'][];
  cancelledByExpiry?: boolean;
};

/** An order as the shop before the ledger kept it: ₦10,000 (1,000,000 kobo). */
async function legacyOrder(input: Legacy): Promise<string> {
  const sql = database.sql;
  const [user] = await sql.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, email_verified) VALUES ($1, 'Ada', 'Obi', true) RETURNING id`,
    [`${randomUUID()}@example.test`],
  );
  const payingSuffix = input.charges?.find(([, second]) => !second)?.[0];
  const id = randomUUID();
  await sql.query(
    `INSERT INTO orders (id, user_id, email, status, payment_status, subtotal_kobo, shipping_cost_kobo,
                         total_amount_kobo, shipping_address, billing_address, notes, paid_at, payment_reference)
     VALUES ($1, $2, 'ada@example.test', $3, $4, 1000000, 0, 1000000, $5, $5, $6,
             CASE WHEN $4 = 'pending' OR $4 = 'failed' THEN NULL ELSE now() END, $7)`,
    [
      id,
      user!.id,
      input.status,
      input.paymentStatus,
      ADDRESS,
      input.notes ?? null,
      payingSuffix ? `${id}-${payingSuffix}` : null,
    ],
  );
  for (const [suffix, second] of input.charges ?? []) {
    await sql.query(
      `INSERT INTO payment_transactions (order_id, reference, amount_kobo, status, second_payment, verified_at,
                                         provider_response)
       VALUES ($1, $2, 1000000, 'success', $3, now(), $4)`,
      [id, `${id}-${suffix}`, second, JSON.stringify({ amount: 1000000, currency: 'NGN', channel: 'card' })],
    );
  }
  for (const [suffix, amount, status] of input.refunds ?? []) {
    await sql.query(
      `INSERT INTO refunds (order_id, reference, amount_kobo, kind, status, processed_at)
       VALUES ($1, $2, $3, 'admin', $4, CASE WHEN $4 = 'pending' THEN NULL ELSE now() END)`,
      [id, `${id}-${suffix}`, amount, status],
    );
  }
  if (input.status === 'cancelled') {
    await sql.query(
      `INSERT INTO audit_log (actor_label, action, entity_type, entity_id, before, after, details, order_id)
       VALUES ($1, 'status_changed', 'order', $2::text, '{"status":"pending"}', '{"status":"cancelled"}', '{}', $2::uuid)`,
      [input.cancelledByExpiry ? 'system:order-expiry' : 'admin@example.test', id],
    );
  }
  return id;
}

async function figures(orderId: string) {
  const [row] = await database.sql.query<Record<string, string>>(
    `SELECT m.received_kobo::text AS received, m.applied_kobo::text AS applied, m.refunded_kobo::text AS refunded,
            m.refund_pending_kobo::text AS pending, m.sales_kobo::text AS sales, m.refund_due_kobo::text AS due,
            o.payment_status, o.cancelled_by
       FROM order_money m JOIN orders o ON o.id = m.order_id WHERE o.id = $1`,
    [orderId],
  );
  return row;
}

const book = (orderId: string) =>
  database.sql.query<{ kind: string; disposition: string; amount: string; method: string | null }>(
    `SELECT kind, disposition, amount_kobo::text AS amount, method FROM ledger_entries WHERE order_id = $1 ORDER BY seq`,
    [orderId],
  );

describe('migration 0100 on a shop with history', () => {
  const ids: Record<string, string> = {};

  it('runs over orders made before it', async () => {
    const migrations = await loadMigrations();
    await migrate(
      database,
      migrations.filter((migration) => migration.version < 100),
    );
    ids.paid = await legacyOrder({ status: 'processing', paymentStatus: 'paid', charges: [['a', false]] });
    ids.second = await legacyOrder({
      status: 'processing',
      paymentStatus: 'paid',
      charges: [
        ['a', false],
        ['b', true],
      ],
      refunds: [['b', 1_000_000, 'processed']],
    });
    ids.refundDue = await legacyOrder({
      status: 'cancelled',
      paymentStatus: 'paid',
      notes: 'REFUND DUE: payment arrived after the order was cancelled; the order was not revived.',
      charges: [['a', false]],
      cancelledByExpiry: true,
    });
    ids.refundDueByHand = await legacyOrder({
      status: 'cancelled',
      paymentStatus: 'refunded',
      notes: 'REFUND DUE: payment arrived after the order was cancelled; the order was not revived.',
      charges: [['a', false]],
    });
    ids.cardRefundedByHand = await legacyOrder({
      status: 'processing',
      paymentStatus: 'refunded',
      charges: [['a', false]],
      refunds: [['a', 300_000, 'processed']],
    });
    ids.offline = await legacyOrder({ status: 'processing', paymentStatus: 'paid' });
    ids.offlineRefunded = await legacyOrder({ status: 'cancelled', paymentStatus: 'refunded' });
    ids.expired = await legacyOrder({
      status: 'cancelled',
      paymentStatus: 'failed',
      cancelledByExpiry: true,
    });
    ids.adminFailed = await legacyOrder({ status: 'cancelled', paymentStatus: 'failed' });
    await migrate(database, migrations);
  });

  it('writes each kind of history into the book with the figures it stands for', async () => {
    expect(await book(ids.paid!)).toEqual([
      { kind: 'charge', disposition: 'applied', amount: '1000000', method: 'card' },
    ]);
    expect(await figures(ids.paid!)).toMatchObject({
      received: '1000000',
      sales: '1000000',
      due: '0',
      payment_status: 'paid',
    });

    expect((await book(ids.second!)).map((entry) => [entry.kind, entry.disposition])).toEqual([
      ['charge', 'applied'],
      ['charge', 'second_payment'],
      ['refund_requested', 'second_payment'],
      ['refund_processed', 'second_payment'],
    ]);
    expect(await figures(ids.second!)).toMatchObject({
      received: '2000000',
      refunded: '1000000',
      sales: '1000000',
      due: '0',
    });

    // Promised back and never refunded: the book says it is due (the reconcile-refunds job asks
    // Paystack for it), and the order was never paid.
    expect(await book(ids.refundDue!)).toEqual([
      { kind: 'charge', disposition: 'not_deliverable', amount: '1000000', method: 'card' },
    ]);
    expect(await figures(ids.refundDue!)).toMatchObject({
      sales: '0',
      due: '1000000',
      payment_status: 'failed',
      cancelled_by: 'expiry',
    });

    // Marked refunded by hand: that money went back; nothing is due, nothing can go back twice.
    expect(await figures(ids.refundDueByHand!)).toMatchObject({ refunded: '1000000', due: '0' });
    expect(await figures(ids.cardRefundedByHand!)).toMatchObject({
      refunded: '1000000',
      sales: '0',
      due: '0',
      payment_status: 'refunded',
    });
    const [left] = await database.sql.query<{ left: string }>(
      `SELECT c.amount_kobo - coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind = 'refund_requested'), 0)
              + coalesce(sum(r.amount_kobo) FILTER (WHERE r.kind = 'refund_failed'), 0) AS left
         FROM ledger_entries c LEFT JOIN ledger_entries r ON r.reference = c.reference AND r.refund_id IS NOT NULL
        WHERE c.order_id = $1 AND c.kind = 'charge' GROUP BY c.amount_kobo`,
      [ids.cardRefundedByHand],
    );
    expect(Number(left!.left)).toBe(0);

    expect(await book(ids.offline!)).toEqual([
      { kind: 'offline_payment', disposition: 'applied', amount: '1000000', method: 'other' },
    ]);
    expect(await figures(ids.offline!)).toMatchObject({ sales: '1000000', payment_status: 'paid' });
    expect((await book(ids.offlineRefunded!)).map((entry) => entry.kind)).toEqual([
      'offline_payment',
      'offline_refund',
    ]);
    expect(await figures(ids.offlineRefunded!)).toMatchObject({
      refunded: '1000000',
      due: '0',
      cancelled_by: 'admin',
    });
  });

  it('knows who cancelled what: the expiry sweep, or an admin (even one who set the payment failed)', async () => {
    expect(await figures(ids.expired!)).toMatchObject({ cancelled_by: 'expiry' });
    expect(await figures(ids.adminFailed!)).toMatchObject({ cancelled_by: 'admin' });
  });

  it('makes the book append-only', async () => {
    await expect(database.sql.query(`UPDATE ledger_entries SET amount_kobo = 1`)).rejects.toThrow(
      /never changed or removed/,
    );
  });
});
