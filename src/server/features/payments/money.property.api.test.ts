import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, type TestProduct } from '../../../../tests/factories/catalog';
import {
  chargeViolations,
  orderMoneyViolations,
  postChargeWebhook,
  readOrderStates,
  stockViolations,
  unmatchedCharges,
} from '../../../../tests/factories/money-checks';
import { placeOrder } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { queries } from '../../platform/db/queries';
import { expireUnpaidOrders } from '../orders/cancel-order';
import { REVIVED_NOTE } from './charges';
import { recheckPendingPayments } from './payments';

/**
 * Money you can audit, as a property: whatever shoppers, Paystack and admins do to orders of a
 * limited drop, in whatever order (a charge reported by verify, webhooks, the pending checks or
 * reconciliation, before or after the order expired, was returned to the cart or cancelled, paid
 * offline, refunded in part), once every payment is final and every refund settled the shop keeps
 * exactly what it is owed for goods it will deliver, no shopper holds more of the drop than its
 * limit, no unit of stock is lost or made up, no charge is refunded more than it took, and every
 * successful charge at Paystack is in the book once.
 *
 * Each run has its own drop product on the same app and database; the shoppers are made once.
 * Runs: MONEY_PROPERTY_RUNS (default 100 on PostgreSQL, 10 on PGlite, where everything runs in one
 * process; `npm run test:money` runs 5,000). A failure prints fast-check's seed and path;
 * MONEY_PROPERTY_SEED and MONEY_PROPERTY_PATH replay it.
 */

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? (ON_POSTGRES ? 100 : 10));
const SEED = process.env.MONEY_PROPERTY_SEED ? Number(process.env.MONEY_PROPERTY_SEED) : undefined;
const PATH = process.env.MONEY_PROPERTY_PATH || undefined;
/** Generous: a run takes about a second on PostgreSQL; shrinking a failure runs many more. */
const TIMEOUT_MS = 10 * 60_000 + RUNS * 5_000;
const EXPIRY_JUMP_MS = 31 * 60_000;
const FINAL = new Set(['success', 'failed', 'abandoned', 'reversed']);

let fake: FakePaystack;
let t: TestApp;
let admin: string;
type Shopper = { id: string; email: string; cookie: string };
const shoppers: Shopper[] = [];

beforeAll(async () => {
  fake = await startFakePaystack();
  // Refunds settle at once: the checks look at money after every refund has been processed.
  fake.newRefundStatus = 'processed';
  t = await createTestApp(paystackEnv(fake));
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  for (let n = 0; n < 3; n++) {
    const { user, cookie } = await createSignedInUser(t);
    shoppers.push({ id: user.id, email: user.email, cookie });
  }
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// ---------------------------------------------------------------------------------------------
// Commands. Orders and transactions are named by how recent they are (0: the latest), modulo how
// many the run has, so a random index mostly lands on something that exists.

type Command =
  | { kind: 'add'; shopper: number; quantity: number }
  | { kind: 'place'; shopper: number }
  /** add to cart then place the order, as a shopper mostly does */
  | { kind: 'checkout'; shopper: number; quantity: number }
  | { kind: 'initialize'; order: number }
  | { kind: 'pay'; tx: number; amount: 'exact' | 'less' | 'more' }
  | { kind: 'ongoing'; tx: number }
  | { kind: 'verify'; tx: number }
  | { kind: 'webhook'; tx: number; copies: number }
  | { kind: 'expire' }
  | { kind: 'adminCancel'; order: number }
  | { kind: 'returnToCart'; order: number }
  | { kind: 'adminRefund'; order: number; part: 'full' | 'half' | 'one_naira' }
  | { kind: 'offline'; order: number }
  | { kind: 'pendingChecks' }
  | { kind: 'reconcile' };

const recent = fc.nat({ max: 3 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add'),
      shopper: fc.nat(2),
      quantity: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('place'), shopper: fc.nat(2) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('checkout'),
      shopper: fc.nat(2),
      quantity: fc.constantFrom(1, 1, 1, 2),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('initialize'), order: recent }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay'),
      tx: recent,
      amount: fc.constantFrom('exact', 'exact', 'exact', 'less', 'more'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ongoing'), tx: recent }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('verify'), tx: recent }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('webhook'),
      tx: recent,
      copies: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminCancel'), order: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('returnToCart'), order: recent }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adminRefund'),
      order: recent,
      part: fc.constantFrom('full', 'half', 'one_naira'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline'), order: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pendingChecks') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reconcile') }) },
) as fc.Arbitrary<Command>;

const scenarioArb = fc.record({
  stock: fc.integer({ min: 2, max: 4 }),
  limit: fc.integer({ min: 1, max: 2 }),
  shoppers: fc.integer({ min: 2, max: 3 }),
  /** What each transaction still unfinished at the end becomes at Paystack: success (true) or failed. */
  finalOutcomes: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  /** Whether each transaction nobody paid is paid after all at the end (a late payment), in turn. */
  latePayments: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
  commands: fc.array(commandArb, { minLength: 8, maxLength: 28, size: 'max' }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

type Order = { id: string; shopper: Shopper; totalKobo: number };
type Transaction = { reference: string; order: Order };
type World = {
  product: TestProduct;
  startingStock: number;
  limit: number;
  startedAt: Date;
  shoppers: Shopper[];
  orders: Order[];
  transactions: Transaction[];
};

const pick = <T>(list: T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[list.length - 1 - (index % list.length)];

/**
 * A command about an order when the run has none yet first has a shopper check out, and one about
 * a transaction first starts paying for the latest order, so that few commands are wasted.
 */
async function someOrder(world: World, index: number, log: string[]): Promise<Order | undefined> {
  if (world.orders.length === 0) {
    log.push(`  (first) ${await perform(world, { kind: 'checkout', shopper: index, quantity: 1 }, log)}`);
  }
  return pick(world.orders, index);
}

async function someTransaction(
  world: World,
  index: number,
  log: string[],
  options: { uncharged?: boolean } = {},
): Promise<Transaction | undefined> {
  const candidates = () =>
    options.uncharged
      ? world.transactions.filter((tx) => fake.transactions.get(tx.reference)?.status !== 'success')
      : world.transactions;
  if (candidates().length === 0) {
    log.push(`  (first) ${await perform(world, { kind: 'initialize', order: 0 }, log)}`);
  }
  return pick(candidates(), index);
}

type Answer = Awaited<ReturnType<TestApp['request']>>;
const codeOf = (answer: Answer) =>
  (answer.body as { error?: { code?: string } } | null)?.error?.code ?? String(answer.status);

/** The answer's status must be one of `allowed` (a refusal the rules call for), never a server error. */
function expectStatus(what: string, answer: Answer, allowed: number[]): string {
  if (!allowed.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.status < 300 ? String(answer.status) : `${answer.status} ${codeOf(answer)}`;
}

async function reconcile(world: World): Promise<string> {
  const started = await t.request('/api/admin/payments/reconciliations', {
    method: 'POST',
    cookie: admin,
    json: { from: world.startedAt.toISOString(), to: new Date(Date.now() + 1_000).toISOString() },
  });
  expectStatus('reconciliation', started, [202]);
  await t.jobsIdle();
  const id = (started.body as { run: { id: string } }).run.id;
  const run = await t.request(`/api/admin/payments/reconciliations/${id}`, { cookie: admin });
  const { status, error } = (run.body as { run: { status: string; error: string | null } }).run;
  if (status !== 'done') throw new Error(`reconciliation ended ${status}: ${error}`);
  return status;
}

async function pendingChecks(): Promise<string> {
  await t.database.sql.query(
    `UPDATE payment_transactions SET next_check_at = now() WHERE status = 'pending'`,
  );
  const { checked, failures } = await recheckPendingPayments(t.deps);
  if (failures > 0) throw new Error(`${failures} pending payments could not be checked`);
  return `checked ${checked}`;
}

async function perform(world: World, command: Command, log: string[]): Promise<string> {
  switch (command.kind) {
    case 'add': {
      const shopper = world.shoppers[command.shopper % world.shoppers.length]!;
      const answer = await t.request('/api/cart/items', {
        method: 'POST',
        cookie: shopper.cookie,
        json: {
          productId: world.product.id,
          variantId: world.product.variants[0]!.id,
          gender: 'men',
          quantity: command.quantity,
        },
      });
      return expectStatus('add to cart', answer, [200, 409]);
    }
    case 'checkout': {
      const added = await perform(
        world,
        { kind: 'add', shopper: command.shopper, quantity: command.quantity },
        log,
      );
      return `${added}, ${await perform(world, { kind: 'place', shopper: command.shopper }, log)}`;
    }
    case 'place': {
      const shopper = world.shoppers[command.shopper % world.shoppers.length]!;
      const answer = await placeOrder(t, shopper.cookie, { email: shopper.email });
      const outcome = expectStatus('place order', answer, [201, 400, 409]);
      if (answer.status === 400 && codeOf(answer) !== 'cart_empty') {
        throw new Error(`place order answered ${JSON.stringify(answer.body)}`);
      }
      if (answer.status === 201) {
        const id = (answer.body as { orderId: string }).orderId;
        const row = await queries(t.database.sql)
          .selectFrom('orders')
          .select('total_amount_kobo')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        world.orders.push({ id, shopper, totalKobo: row.total_amount_kobo });
        return `${outcome} order #${world.orders.length - 1}`;
      }
      return outcome;
    }
    case 'initialize': {
      const order = await someOrder(world, command.order, log);
      if (!order) return 'no order';
      const answer = await t.request('/api/payments/initialize', {
        method: 'POST',
        cookie: order.shopper.cookie,
        json: { orderId: order.id },
      });
      const outcome = expectStatus('initialize', answer, [200, 409]);
      if (answer.status === 200) {
        const { reference } = answer.body as { reference: string };
        // Paystack holds a transaction nobody has paid yet as abandoned until the shopper pays.
        fake.setTransaction(reference, { status: 'abandoned' });
        world.transactions.push({ reference, order });
        return `${outcome} tx #${world.transactions.length - 1} of order #${world.orders.indexOf(order)}`;
      }
      return outcome;
    }
    case 'pay': {
      const tx = await someTransaction(world, command.tx, log, { uncharged: true });
      if (!tx) return 'no transaction';
      const held = fake.transactions.get(tx.reference)!;
      // Paystack never changes a charge it has made.
      if (held.status === 'success') return 'already charged';
      const total = tx.order.totalKobo;
      const chargedAmount =
        command.amount === 'exact' ? total : command.amount === 'less' ? total - 100 : total + 100;
      fake.setTransaction(tx.reference, { status: 'success', chargedAmount });
      return `charged ${chargedAmount} of ${total}`;
    }
    case 'ongoing': {
      const tx = await someTransaction(world, command.tx, log, { uncharged: true });
      if (!tx) return 'no transaction';
      if (fake.transactions.get(tx.reference)!.status === 'success') return 'already charged';
      fake.setTransaction(tx.reference, { status: 'ongoing', channel: 'bank_transfer' });
      return 'ongoing';
    }
    case 'verify': {
      const tx = await someTransaction(world, command.tx, log);
      if (!tx) return 'no transaction';
      const answer = await t.request('/api/payments/verify', {
        method: 'POST',
        cookie: tx.order.shopper.cookie,
        json: { reference: tx.reference },
      });
      const outcome = expectStatus('verify', answer, [200]);
      const body = answer.body as { success: boolean; pending?: boolean; refunding?: boolean };
      return `${outcome} ${body.success ? 'success' : 'no'}${body.pending ? ' pending' : ''}${body.refunding ? ' refunding' : ''}`;
    }
    case 'webhook': {
      const tx = await someTransaction(world, command.tx, log);
      if (!tx) return 'no transaction';
      // Paystack sends charge.success once a charge is made (and may send it more than once).
      const held = fake.transactions.get(tx.reference)!;
      if (held.status === 'ongoing') return 'still ongoing: no webhook';
      if (held.status !== 'success')
        fake.setTransaction(tx.reference, { status: 'success', chargedAmount: tx.order.totalKobo });
      for (let copy = 0; copy < command.copies; copy++) {
        expectStatus('webhook', await postChargeWebhook(t, fake, tx.reference), [200]);
      }
      return `${command.copies} delivered`;
    }
    case 'expire': {
      const expired = await expireUnpaidOrders(t.deps, new Date(Date.now() + EXPIRY_JUMP_MS));
      return `expired ${expired.length}`;
    }
    case 'adminCancel': {
      const order = await someOrder(world, command.order, log);
      if (!order) return 'no order';
      const answer = await t.request(`/api/admin/orders/${order.id}/status`, {
        method: 'PATCH',
        cookie: admin,
        json: { status: 'cancelled' },
      });
      return `${expectStatus('admin cancel', answer, [200])} ${JSON.stringify(answer.body)}`;
    }
    case 'returnToCart': {
      const order = await someOrder(world, command.order, log);
      if (!order) return 'no order';
      const answer = await t.request(`/api/orders/${order.id}/return-to-cart`, {
        method: 'POST',
        cookie: order.shopper.cookie,
      });
      return expectStatus('return to cart', answer, [200, 409]);
    }
    case 'adminRefund': {
      const order = await someOrder(world, command.order, log);
      if (!order) return 'no order';
      const amountKobo =
        command.part === 'full' ? undefined : command.part === 'half' ? Math.floor(order.totalKobo / 2) : 100;
      const answer = await t.request(`/api/admin/orders/${order.id}/refunds`, {
        method: 'POST',
        cookie: admin,
        json: amountKobo === undefined ? {} : { amountKobo },
      });
      return expectStatus('admin refund', answer, [200, 409]);
    }
    case 'offline': {
      const order = await someOrder(world, command.order, log);
      if (!order) return 'no order';
      const answer = await t.request(`/api/admin/orders/${order.id}/offline-payments`, {
        method: 'POST',
        cookie: admin,
        json: { method: 'bank_transfer', amountKobo: order.totalKobo, reference: 'TRF-1' },
      });
      return expectStatus('offline payment', answer, [200, 409]);
    }
    case 'pendingChecks':
      return pendingChecks();
    case 'reconcile':
      return reconcile(world);
  }
}

const describeCommand = (command: Command) => {
  const { kind, ...args } = command;
  return `${kind}(${Object.entries(args)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ')})`;
};

/**
 * The end of the story: every unfinished payment becomes final at Paystack and is checked, a
 * reconciliation runs, orders still unpaid expire, and the admin gives back by hand what was paid
 * by hand for an order the admin cancelled (the shop cannot send that back through Paystack).
 */
async function settle(world: World, scenario: Scenario, log: string[]) {
  world.transactions.forEach((tx, index) => {
    const held = fake.transactions.get(tx.reference)!;
    const late = held.status === 'abandoned' && scenario.latePayments[index % scenario.latePayments.length];
    if (FINAL.has(held.status) && !late) return;
    const status =
      late || scenario.finalOutcomes[index % scenario.finalOutcomes.length] ? 'success' : 'failed';
    const chargedAmount = status === 'success' ? tx.order.totalKobo : held.chargedAmount;
    fake.setTransaction(tx.reference, { status, chargedAmount });
    log.push(`(end) Paystack: tx #${index} ${status}`);
  });
  log.push(`(end) pending checks: ${await pendingChecks()}`);
  log.push(`(end) reconciliation: ${await reconcile(world)}`);
  await t.jobsIdle();
  const expired = await expireUnpaidOrders(t.deps, new Date(Date.now() + EXPIRY_JUMP_MS));
  log.push(`(end) expired ${expired.length}`);
  await t.jobsIdle();

  const states = await readOrderStates(
    t,
    world.orders.map((order) => order.id),
  );
  for (const order of world.orders) {
    const state = states.get(order.id)!;
    if (state.status !== 'cancelled' || state.figures.offlineKeptKobo <= 0) continue;
    // All the shop still owes of a cancelled order is what came outside Paystack.
    expect(state.figures.refundDueKobo, `order ${order.id} owes back only its offline payment`).toBe(
      state.figures.offlineKeptKobo,
    );
    const answer = await t.request(`/api/admin/orders/${order.id}/offline-refunds`, {
      method: 'POST',
      cookie: admin,
      json: { method: 'bank_transfer', amountKobo: state.figures.offlineKeptKobo, reference: 'TRF-BACK' },
    });
    log.push(`(end) offline refund of order #${world.orders.indexOf(order)}: ${answer.status}`);
    expectStatus('offline refund', answer, [200]);
  }
  await t.jobsIdle();
}

/** Leaves nothing of a run (even a failed one) in the way of the next: no unpaid order, no pending payment. */
async function cleanUp(world: World) {
  for (const tx of world.transactions) {
    const held = fake.transactions.get(tx.reference);
    if (held && !FINAL.has(held.status)) fake.setTransaction(tx.reference, { status: 'failed' });
  }
  await pendingChecks().catch(() => undefined);
  await t.jobsIdle().catch(() => undefined);
  await expireUnpaidOrders(t.deps, new Date(Date.now() + EXPIRY_JUMP_MS)).catch(() => undefined);
  await t.jobsIdle().catch(() => undefined);
}

const tally = {
  runs: 0,
  orders: 0,
  commands: 0,
  revived: 0,
  dispositions: {} as Record<string, number>,
  refunds: {} as Record<string, number>,
  lapStarted: Date.now(),
};

async function runScenario(scenario: Scenario) {
  const startingStock = scenario.stock;
  const product = await createProduct(t, {
    priceKobo: 1_000_000,
    variants: [{ size: 'M', color: 'Black', stock: startingStock }],
  });
  await t.database.sql.query('UPDATE products SET limit_per_customer = $2 WHERE id = $1', [
    product.id,
    scenario.limit,
  ]);
  const world: World = {
    product,
    startingStock,
    limit: scenario.limit,
    startedAt: new Date(Date.now() - 1_000),
    shoppers: shoppers.slice(0, scenario.shoppers),
    orders: [],
    transactions: [],
  };
  const log: string[] = [`drop: ${startingStock} in stock, ${scenario.limit} per customer`];
  const stockRules = {
    productId: product.id,
    variantId: product.variants[0]!.id,
    startingStock,
    limit: scenario.limit,
  };
  try {
    for (const shopper of world.shoppers) {
      expectStatus(
        'empty cart',
        await t.request('/api/cart', { method: 'DELETE', cookie: shopper.cookie }),
        [200],
      );
    }
    for (const command of scenario.commands) {
      const outcome = await perform(world, command, log);
      log.push(`${describeCommand(command)} → ${outcome}`);
      await t.jobsIdle();
      // Stock and the drop's limit hold at every moment, and every order's book agrees with its status.
      const broken = [
        ...(await stockViolations(t, stockRules)),
        ...(await orderMoneyViolations(
          t,
          world.orders.map((order) => order.id),
          { settled: false },
        )),
      ];
      if (broken.length > 0) throw new Error(broken.join('\n'));
    }
    await settle(world, scenario, log);
    const orderIds = world.orders.map((order) => order.id);
    const references = world.transactions.map((tx) => tx.reference);
    const broken = [
      ...(await orderMoneyViolations(t, orderIds, { settled: true })),
      ...(await stockViolations(t, stockRules)),
      ...(await chargeViolations(t, fake, references, { settled: true, final: true })),
    ];
    const unmatched = await unmatchedCharges(t);
    if (unmatched > 0) broken.push(`${unmatched} unmatched charges in the book`);
    const states = await readOrderStates(t, orderIds);
    for (const state of states.values()) {
      if (state.status === 'pending') broken.push(`order ${state.id} is still pending after expiry`);
    }
    if (broken.length > 0) throw new Error(broken.join('\n'));
    if (process.env.MONEY_PROPERTY_LOG) console.info(log.join('\n'));

    tally.runs += 1;
    if (RUNS >= 1_000 && tally.runs % 250 === 0) {
      // Long runs say how they are going (and whether runs slow down as the database fills up).
      console.info(
        `money property: ${tally.runs} runs passed, ${Date.now() - tally.lapStarted} ms for the last 250`,
      );
      tally.lapStarted = Date.now();
    }
    tally.orders += world.orders.length;
    tally.commands += scenario.commands.length;
    if (references.length > 0) {
      const rows = await t.database.sql.query<{ disposition: string; n: number }>(
        `SELECT disposition, count(*)::int AS n FROM ledger_entries
          WHERE kind = 'charge' AND reference = ANY($1::text[]) GROUP BY disposition`,
        [references],
      );
      for (const row of rows)
        tally.dispositions[row.disposition] = (tally.dispositions[row.disposition] ?? 0) + row.n;
      const refunds = await t.database.sql.query<{ kind: string; n: number }>(
        `SELECT kind, count(*)::int AS n FROM refunds WHERE reference = ANY($1::text[]) GROUP BY kind`,
        [references],
      );
      for (const row of refunds) tally.refunds[row.kind] = (tally.refunds[row.kind] ?? 0) + row.n;
    }
    if (orderIds.length > 0) {
      const [revived] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND notes LIKE '%' || $2 || '%'`,
        [orderIds, REVIVED_NOTE],
      );
      tally.revived += revived!.n;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n\nWhat happened:\n  ${log.join('\n  ')}`);
  } finally {
    await cleanUp(world);
  }
}

describe('money you can audit, whatever happens in whatever order', () => {
  it(
    `keeps what is owed, holds every limit and unit, refunds the rest, books every charge once (${RUNS} runs)`,
    async () => {
      const started = Date.now();
      tally.lapStarted = started;
      await fc.assert(
        fc.asyncProperty(scenarioArb, (scenario) => runScenario(scenario)),
        {
          numRuns: RUNS,
          ...(SEED === undefined ? {} : { seed: SEED }),
          ...(PATH === undefined ? {} : { path: PATH }),
          // A failure found late still gets reported (with its seed) before the test's timeout.
          interruptAfterTimeLimit: TIMEOUT_MS - 60_000,
          markInterruptAsFailure: true,
        },
      );
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `money property: ${tally.runs} runs, ${tally.commands} commands, ${tally.orders} orders, ` +
          `charges ${JSON.stringify(tally.dispositions)}, refunds ${JSON.stringify(tally.refunds)}, ` +
          `${tally.revived} late payments revived, ` +
          `${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, tally.runs)).toFixed(0)} ms a run)`,
      );
    },
    TIMEOUT_MS,
  );
});
