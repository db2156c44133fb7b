import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, type TestProduct } from '../../../../tests/factories/catalog';
import {
  chargeViolations,
  orderMoneyViolations,
  postChargeWebhook,
  readOrderStates,
  stockViolations,
} from '../../../../tests/factories/money-checks';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { systemActor } from '../../context';
import { expireUnpaidOrders } from '../orders/cancel-order';
import { runReconciliation, startReconciliation } from './reconciliation';

/**
 * One order, many hands at once: the shopper's verify, Paystack's webhook, the expiry sweep, an
 * admin's cancel and the shopper's 'Return to Checkout' all arrive together, many times over.
 * Whoever wins, the charge is in the book once, the money kept is what is owed for what the shop
 * will deliver (nothing for a cancelled order, once refunds settle), stock is conserved and the
 * payment status says what the book says. And a payment arriving after its order expired races
 * another order for the last unit, or the same shopper's next order where only the drop's limit per
 * customer decides: exactly one of them gets it.
 *
 * Runs: RACE_RUNS (default 20 on PostgreSQL, 5 on PGlite). The races themselves happen on
 * PostgreSQL only: PGlite runs one statement at a time, so its runs only interleave whole
 * statements and transactions, a smoke test of the same outcomes.
 */

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.RACE_RUNS ?? (ON_POSTGRES ? 20 : 5));
const TIMEOUT_MS = 60_000 + RUNS * 10_000;
const later = () => new Date(Date.now() + 31 * 60_000);

let fake: FakePaystack;
let t: TestApp;
let admin: string;
type Shopper = { id: string; email: string; cookie: string };
const shoppers: Shopper[] = [];

beforeAll(async () => {
  fake = await startFakePaystack();
  // Refunds settle at once, so a run's money can be judged as soon as its jobs are done.
  fake.newRefundStatus = 'processed';
  t = await createTestApp(paystackEnv(fake));
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  for (let n = 0; n < 2; n++) {
    const { user, cookie } = await createSignedInUser(t);
    shoppers.push({ id: user.id, email: user.email, cookie });
  }
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Answer = Awaited<ReturnType<TestApp['request']>>;

function expectStatus(what: string, answer: Answer, allowed: number[]): Answer {
  expect(allowed, `${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`).toContain(
    answer.status,
  );
  return answer;
}

/** A limited drop of `stock` units, `limit` per customer. */
async function drop(stock: number, limit: number): Promise<TestProduct> {
  const product = await createProduct(t, {
    priceKobo: 1_000_000,
    variants: [{ size: 'M', color: 'Black', stock }],
  });
  await t.database.sql.query('UPDATE products SET limit_per_customer = $2 WHERE id = $1', [
    product.id,
    limit,
  ]);
  return product;
}

/** The shopper orders one unit and starts paying: Initialize, as the payment page does. */
async function orderAndInitialize(shopper: Shopper, product: TestProduct) {
  await addToCart(t, shopper.cookie, product, 1);
  const placed = expectStatus(
    'place order',
    await placeOrder(t, shopper.cookie, { email: shopper.email }),
    [201],
  );
  const orderId = (placed.body as { orderId: string }).orderId;
  const init = expectStatus(
    'initialize',
    await t.request('/api/payments/initialize', {
      method: 'POST',
      cookie: shopper.cookie,
      json: { orderId },
    }),
    [200],
  );
  return { orderId, reference: (init.body as { reference: string }).reference };
}

/** Resolves once Paystack has been asked to verify the reference, whoever asked. */
async function paystackAsked(reference: string): Promise<void> {
  const asked = () =>
    fake.received.some((call) => call.url === `/transaction/verify/${encodeURIComponent(reference)}`);
  const deadline = Date.now() + 10_000;
  while (!asked()) {
    if (Date.now() > deadline) throw new Error(`Paystack was never asked about ${reference}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const verify = (shopper: Shopper, reference: string) =>
  t.request('/api/payments/verify', { method: 'POST', cookie: shopper.cookie, json: { reference } });

/** Every rule, once every job (webhooks, automatic refunds) has run and every refund has settled. */
async function expectMoneyConsistent(input: {
  orderIds: string[];
  references: string[];
  product: TestProduct;
  stock: number;
  limit: number;
}) {
  await t.jobsIdle();
  const broken = [
    ...(await orderMoneyViolations(t, input.orderIds, { settled: true })),
    ...(await stockViolations(t, {
      productId: input.product.id,
      variantId: input.product.variants[0]!.id,
      startingStock: input.stock,
      limit: input.limit,
    })),
    ...(await chargeViolations(t, fake, input.references, { settled: true, final: false })),
  ];
  expect(broken).toEqual([]);
}

/** Nothing of a run left unpaid in the way of the next (an account may hold 3 unpaid orders). */
async function cleanUp(shopper: Shopper) {
  await expireUnpaidOrders(t.deps, later());
  await t.jobsIdle();
  await t.request('/api/cart', { method: 'DELETE', cookie: shopper.cookie });
}

const outcomes = new Map<string, number>();
const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

describe('one paid order, everything at once', () => {
  it(
    `verify, webhook, expiry, admin cancel and return to cart together: one charge, consistent money (${RUNS} runs)`,
    async () => {
      outcomes.clear();
      for (let run = 0; run < RUNS; run++) {
        const shopper = shoppers[run % shoppers.length]!;
        // Half the runs on the last unit (a revival must find it free again), half with a spare.
        const stock = 1 + (run % 2);
        const product = await drop(stock, 1);
        // Paid at Paystack (the fake charges a transaction once initialized).
        const { orderId, reference } = await orderAndInitialize(shopper, product);
        expect(fake.transactions.get(reference)?.status).toBe('success');

        const [verified, hooked, , cancelled, returned] = await Promise.all([
          verify(shopper, reference),
          postChargeWebhook(t, fake, reference),
          expireUnpaidOrders(t.deps, later()),
          t.request(`/api/admin/orders/${orderId}/status`, {
            method: 'PATCH',
            cookie: admin,
            json: { status: 'cancelled' },
          }),
          t.request(`/api/orders/${orderId}/return-to-cart`, { method: 'POST', cookie: shopper.cookie }),
        ]);
        expectStatus('verify', verified, [200]);
        expectStatus('webhook', hooked, [200]);
        expectStatus('admin cancel', cancelled, [200]);
        expectStatus('return to cart', returned, [200, 409]);

        await expectMoneyConsistent({
          orderIds: [orderId],
          references: [reference],
          product,
          stock,
          limit: 1,
        });
        const [charge] = await t.database.sql.query<{ disposition: string }>(
          `SELECT disposition FROM ledger_entries WHERE kind = 'charge' AND reference = $1`,
          [reference],
        );
        const order = (await readOrderStates(t, [orderId])).get(orderId)!;
        // An admin's cancel of an order that had just expired or gone back to the cart changes
        // nothing ({ changed: false }); a payment arriving next then revives the order.
        const adminChanged = (cancelled.body as { changed: boolean }).changed;
        count(
          `${order.status}/${order.paymentStatus}, charge ${charge?.disposition}, admin cancel ${adminChanged ? 'cancelled it' : 'changed nothing'}`,
        );
        await cleanUp(shopper);
      }
      console.info(`one order, everything at once: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    },
    TIMEOUT_MS,
  );
});

type LateRace = {
  shopper: Shopper;
  rival: Shopper;
  stock: number;
  limit: number;
  mode: 'at once' | 'as Paystack is asked' | 'after verify';
};

/**
 * The shopper's order expires unpaid, its payment then goes through after all, and as its reports
 * arrive (verify, webhook, reconciliation) the rival places an order for one unit of the same
 * drop, at the moment `mode` names: at once (the rival usually wins: the payment's reports ask
 * Paystack first), as Paystack is first asked about the payment (the charge rule and the order
 * then meet in the database), or once the shopper's verify has answered (the payment usually
 * wins, and the webhook and the reconciliation still race the rival). Exactly one of the two
 * holds what only one may have; the money is consistent either way.
 */
async function raceLatePayment(race: LateRace) {
  const { shopper, rival, stock, limit, mode } = race;
  const product = await drop(stock, limit);
  const startedAt = new Date(Date.now() - 1_000);

  const late = await orderAndInitialize(shopper, product);
  // The shopper has not paid yet; the order expires and its unit goes back on the shelf.
  fake.setTransaction(late.reference, { status: 'abandoned' });
  expect(await expireUnpaidOrders(t.deps, later())).toContain(late.orderId);
  await t.jobsIdle();
  // Then the payment goes through after all, as the rival's cart holds a unit.
  fake.setTransaction(late.reference, { status: 'success' });
  await addToCart(t, rival.cookie, product, 1);

  const reconciliation = await startReconciliation(t.deps, systemActor('reconciliation'), {
    from: startedAt,
    to: new Date(Date.now() + 60_000),
  });
  fake.received.length = 0;
  const verifying = verify(shopper, late.reference);
  const rivalGoes =
    mode === 'at once'
      ? Promise.resolve()
      : mode === 'after verify'
        ? verifying
        : paystackAsked(late.reference);
  const [verified, hooked, placed, reconciled] = await Promise.all([
    verifying,
    postChargeWebhook(t, fake, late.reference),
    rivalGoes.then(() => placeOrder(t, rival.cookie, { email: rival.email })),
    runReconciliation(t.deps, reconciliation.id),
  ]);
  expectStatus('verify', verified, [200]);
  expectStatus('webhook', hooked, [200]);
  expectStatus('rival order', placed, [201, 409]);
  expect(reconciled.status, reconciled.error ?? '').toBe('done');

  const rivalOrderId = placed.status === 201 ? (placed.body as { orderId: string }).orderId : null;
  const orderIds = rivalOrderId ? [late.orderId, rivalOrderId] : [late.orderId];
  await expectMoneyConsistent({ orderIds, references: [late.reference], product, stock, limit });
  const [charge] = await t.database.sql.query<{ disposition: string; reason: string | null }>(
    `SELECT disposition, reason FROM ledger_entries WHERE kind = 'charge' AND reference = $1`,
    [late.reference],
  );
  // Exactly one of them: the revived order, or the rival's.
  expect(
    { revived: charge?.disposition === 'applied', rivalPlaced: rivalOrderId !== null },
    JSON.stringify(placed.body),
  ).toEqual(
    charge?.disposition === 'applied'
      ? { revived: true, rivalPlaced: false }
      : { revived: false, rivalPlaced: true },
  );
  await cleanUp(rival);
  await cleanUp(shopper);
  return {
    disposition: charge?.disposition ?? null,
    reason: charge?.reason ?? null,
    rivalRefused: placed.status === 201 ? null : (placed.body as { error: { code: string } }).error.code,
  };
}

const MODES = ['at once', 'as Paystack is asked', 'after verify'] as const;

describe('a late payment racing another order for the last unit', () => {
  it(
    `the expired order is revived or its payment refunded, never both orders served (${RUNS} runs)`,
    async () => {
      outcomes.clear();
      for (let run = 0; run < RUNS; run++) {
        const shopper = shoppers[run % shoppers.length]!;
        // Usually the same shopper's next order (limit 1: the drop's limit and the stock both
        // decide; limit 2: the stock alone); every fourth run another shopper's.
        const limit = run % 2 === 0 ? 1 : 2;
        const rival = run % 4 === 3 ? shoppers[(run + 1) % shoppers.length]! : shopper;
        const mode = MODES[run % 3]!;
        const result = await raceLatePayment({ shopper, rival, stock: 1, limit, mode });
        count(
          `${mode}, ${rival === shopper ? 'same' : 'other'} shopper, limit ${limit}: ${result.disposition}` +
            (result.rivalRefused ? `, rival ${result.rivalRefused}` : ', rival placed'),
        );
      }
      console.info(`late payment vs the last unit: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    },
    TIMEOUT_MS,
  );
});

describe("a late payment racing the same shopper's next order, units to spare", () => {
  it(
    `the drop's limit per customer alone decides: one of the two orders, never both (${RUNS} runs)`,
    async () => {
      outcomes.clear();
      for (let run = 0; run < RUNS; run++) {
        const shopper = shoppers[run % shoppers.length]!;
        const mode = MODES[run % 3]!;
        // Three units for one shopper allowed one: the stock never runs out, only the allowance.
        const result = await raceLatePayment({ shopper, rival: shopper, stock: 3, limit: 1, mode });
        if (result.disposition === 'applied') {
          expect(result.rivalRefused).toBe('limit_reached');
        } else {
          expect(result).toMatchObject({ disposition: 'not_deliverable' });
          expect(result.reason).toMatch(
            /limited drop of 1 per customer, and your other orders already hold 1\./,
          );
        }
        count(`${mode}: ${result.disposition}, rival ${result.rivalRefused ?? 'placed'}`);
      }
      console.info(
        `late payment vs the same shopper's allowance: ${JSON.stringify(Object.fromEntries(outcomes))}`,
      );
    },
    TIMEOUT_MS,
  );
});
