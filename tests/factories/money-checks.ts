/**
 * The money rules ("Money you can audit") as checks over what the database and the fake Paystack
 * hold, for the money property and race tests. Each check answers a list of broken rules in words
 * (empty when all hold), so a test can report every one of them at once.
 */
import { signWebhook } from '../../src/server/platform/paystack/gateway';
import type { FakePaystack } from '../setup/fake-paystack';
import type { TestApp } from '../setup/test-app';

/** Paystack's charge.success webhook for a reference, signed with the secret key, as Paystack sends it. */
export async function postChargeWebhook(t: TestApp, fake: FakePaystack, reference: string) {
  const known = fake.transactions.get(reference);
  const payload = {
    event: 'charge.success',
    data: {
      reference,
      amount: known?.chargedAmount ?? 0,
      currency: known?.currency ?? 'NGN',
      status: 'success',
      channel: known?.channel ?? 'card',
    },
  };
  const raw = JSON.stringify(payload);
  return t.request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'x-paystack-signature': signWebhook(fake.secret, raw), 'content-type': 'application/json' },
    json: payload,
  });
}

type LedgerRow = {
  order_id: string | null;
  kind: string;
  amount_kobo: string | number;
  disposition: string;
  reference: string | null;
  refund_id: string | null;
};

export type OrderFigures = {
  receivedKobo: number;
  appliedKobo: number;
  refundedKobo: number;
  refundedAppliedKobo: number;
  refundPendingKobo: number;
  keptKobo: number;
  salesKobo: number;
  refundDueKobo: number;
  /** Money received outside Paystack and not given back. */
  offlineKeptKobo: number;
};

/** An order's figures worked out here from its ledger entries alone (not from the view). */
export function figuresFromLedger(entries: LedgerRow[], cancelled: boolean): OrderFigures {
  const sum = (keep: (entry: LedgerRow) => boolean) =>
    entries.filter(keep).reduce((total, entry) => total + Number(entry.amount_kobo), 0);
  const moneyIn = (entry: LedgerRow) => entry.kind === 'charge' || entry.kind === 'offline_payment';
  const moneyBack = (entry: LedgerRow) =>
    entry.kind === 'refund_processed' || entry.kind === 'offline_refund';
  const receivedKobo = sum(moneyIn);
  const appliedKobo = sum((entry) => moneyIn(entry) && entry.disposition === 'applied');
  const refundedKobo = sum(moneyBack);
  const refundedAppliedKobo = sum((entry) => moneyBack(entry) && entry.disposition === 'applied');
  const refundPendingKobo =
    sum((entry) => entry.kind === 'refund_requested') -
    sum((entry) => entry.kind === 'refund_processed' || entry.kind === 'refund_failed');
  const keptKobo = receivedKobo - refundedKobo;
  const salesKobo = cancelled ? 0 : Math.max(appliedKobo - refundedAppliedKobo, 0);
  return {
    receivedKobo,
    appliedKobo,
    refundedKobo,
    refundedAppliedKobo,
    refundPendingKobo,
    keptKobo,
    salesKobo,
    refundDueKobo: keptKobo - salesKobo,
    offlineKeptKobo:
      sum((entry) => entry.kind === 'offline_payment') - sum((entry) => entry.kind === 'offline_refund'),
  };
}

/** The payment status an order's book calls for (ledger.ts refreshPaymentStatus), or null when none is applied. */
export function paymentStatusFor(figures: OrderFigures): string | null {
  if (figures.appliedKobo === 0) return null;
  if (figures.refundedAppliedKobo >= figures.appliedKobo) return 'refunded';
  if (figures.refundedAppliedKobo > 0) return 'partially_refunded';
  return 'paid';
}

export type OrderState = {
  id: string;
  userId: string;
  status: string;
  paymentStatus: string;
  paid: boolean;
  totalKobo: number;
  stockReleased: boolean;
  figures: OrderFigures;
};

/** The orders with their figures from the ledger, keyed by id. */
export async function readOrderStates(t: TestApp, orderIds: string[]): Promise<Map<string, OrderState>> {
  if (orderIds.length === 0) return new Map();
  const orders = await t.database.sql.query<{
    id: string;
    user_id: string;
    status: string;
    payment_status: string;
    paid: boolean;
    total_amount_kobo: string | number;
    released: boolean;
  }>(
    `SELECT id, user_id, status, payment_status, paid_at IS NOT NULL AS paid, total_amount_kobo,
            stock_released_at IS NOT NULL AS released
       FROM orders WHERE id = ANY($1::uuid[])`,
    [orderIds],
  );
  const entries = await t.database.sql.query<LedgerRow>(
    `SELECT order_id, kind, amount_kobo, disposition, reference, refund_id FROM ledger_entries
      WHERE order_id = ANY($1::uuid[]) ORDER BY seq`,
    [orderIds],
  );
  return new Map(
    orders.map((row) => [
      row.id,
      {
        id: row.id,
        userId: row.user_id,
        status: row.status,
        paymentStatus: row.payment_status,
        paid: row.paid,
        totalKobo: Number(row.total_amount_kobo),
        stockReleased: row.released,
        figures: figuresFromLedger(
          entries.filter((entry) => entry.order_id === row.id),
          row.status === 'cancelled',
        ),
      },
    ]),
  );
}

const VIEW_COLUMNS = [
  ['received_kobo', 'receivedKobo'],
  ['applied_kobo', 'appliedKobo'],
  ['refunded_kobo', 'refundedKobo'],
  ['refund_pending_kobo', 'refundPendingKobo'],
  ['kept_kobo', 'keptKobo'],
  ['sales_kobo', 'salesKobo'],
  ['refund_due_kobo', 'refundDueKobo'],
] as const;

/**
 * (a) Money kept is what the shopper owes for goods the shop will deliver, and the order's payment
 * status says what its book says; the order_money view agrees with the ledger. With `settled`,
 * every refund has been settled at Paystack, so nothing is pending or due.
 */
export async function orderMoneyViolations(
  t: TestApp,
  orderIds: string[],
  options: { settled: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  const states = await readOrderStates(t, orderIds);
  const view = await t.database.sql.query<Record<string, string | number> & { order_id: string }>(
    `SELECT order_id, ${VIEW_COLUMNS.map(([column]) => column).join(', ')} FROM order_money
      WHERE order_id = ANY($1::uuid[])`,
    [orderIds],
  );
  for (const orderId of orderIds) {
    const order = states.get(orderId);
    if (!order) {
      problems.push(`order ${orderId} is missing`);
      continue;
    }
    const f = order.figures;
    const say = (what: string) =>
      problems.push(
        `order ${orderId} (${order.status}/${order.paymentStatus}): ${what} ${JSON.stringify(f)}`,
      );
    const row = view.find((candidate) => candidate.order_id === orderId);
    for (const [column, key] of VIEW_COLUMNS) {
      if (Number(row?.[column]) !== f[key])
        say(`order_money.${column} is ${row?.[column]}, the ledger says ${f[key]}`);
    }
    if (f.appliedKobo !== 0 && f.appliedKobo !== order.totalKobo) {
      say(`applied ${f.appliedKobo} is neither 0 nor the order's total ${order.totalKobo}`);
    }
    if (order.status === 'pending' && f.appliedKobo > 0) say('is paid but still pending');
    const expected = paymentStatusFor(f);
    if (expected === null) {
      if (!['pending', 'failed'].includes(order.paymentStatus))
        say('has no money applied but is marked paid');
      if (order.paid) say('has no money applied but a paid_at');
    } else {
      if (order.paymentStatus !== expected) say(`payment status should be ${expected}`);
      if (!order.paid) say('has money applied but no paid_at');
    }
    if (options.settled) {
      if (f.refundPendingKobo !== 0)
        say(`${f.refundPendingKobo} kobo of refunds still pending after settlement`);
      const owed = order.status === 'cancelled' ? 0 : f.salesKobo;
      if (f.keptKobo !== owed) say(`keeps ${f.keptKobo} kobo but is owed ${owed}`);
      if (f.refundDueKobo !== 0) say(`${f.refundDueKobo} kobo still due back`);
    }
    if (order.status === 'cancelled' && !order.stockReleased) say('is cancelled but still holds its stock');
    if (order.status !== 'cancelled' && order.stockReleased)
      say('is not cancelled but its stock was released');
  }
  return problems;
}

/**
 * (b) No account holds more of a drop than its limit in orders that are not cancelled, and (c)
 * stock is conserved: what is on the shelf plus what orders hold is what there was.
 */
export async function stockViolations(
  t: TestApp,
  input: { productId: string; variantId: string; startingStock: number; limit: number | null },
): Promise<string[]> {
  const problems: string[] = [];
  if (input.limit !== null) {
    const held = await t.database.sql.query<{ user_id: string; units: number }>(
      `SELECT o.user_id, sum(oi.quantity)::int AS units
         FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE oi.product_id = $1 AND o.status <> 'cancelled'
        GROUP BY o.user_id`,
      [input.productId],
    );
    for (const row of held) {
      if (row.units > input.limit) {
        problems.push(
          `shopper ${row.user_id} holds ${row.units} of a drop limited to ${input.limit} per customer`,
        );
      }
    }
  }
  const [stock] = await t.database.sql.query<{ on_hand: number; held: number }>(
    `SELECT (SELECT stock_quantity FROM product_variants WHERE id = $1) AS on_hand,
            (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
              WHERE oi.variant_id = $1 AND o.stock_released_at IS NULL AND o.status <> 'cancelled') AS held`,
    [input.variantId],
  );
  if (stock!.on_hand + stock!.held !== input.startingStock) {
    problems.push(
      `stock not conserved: ${stock!.on_hand} on hand + ${stock!.held} held by orders ≠ ${input.startingStock}`,
    );
  }
  if (stock!.on_hand < 0) problems.push(`stock below zero: ${stock!.on_hand}`);
  return problems;
}

/**
 * (d) No charge is refunded more than it took, the ledger and the refunds table agree, and so does
 * Paystack; with `settled`, a charge the shop could not keep has come back in full. (e) Every
 * transaction Paystack holds as successful is in the book exactly once, at the amount Paystack
 * charged, and nothing else is; with `final`, our record of each transaction is a success exactly when Paystack's is, and
 * none is left pending.
 */
export async function chargeViolations(
  t: TestApp,
  fake: FakePaystack,
  references: string[],
  options: { settled: boolean; final: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  if (references.length === 0) return problems;
  const entries = await t.database.sql.query<LedgerRow>(
    `SELECT order_id, kind, amount_kobo, disposition, reference, refund_id FROM ledger_entries
      WHERE reference = ANY($1::text[]) ORDER BY seq`,
    [references],
  );
  const refunds = await t.database.sql.query<{
    id: string;
    reference: string;
    amount_kobo: string | number;
    status: string;
    provider_refund_id: string | null;
  }>(
    `SELECT id, reference, amount_kobo, status, provider_refund_id FROM refunds WHERE reference = ANY($1::text[])`,
    [references],
  );
  const local = await t.database.sql.query<{ reference: string; status: string }>(
    'SELECT reference, status FROM payment_transactions WHERE reference = ANY($1::text[])',
    [references],
  );
  for (const reference of references) {
    const at = fake.transactions.get(reference);
    const charges = entries.filter((entry) => entry.kind === 'charge' && entry.reference === reference);
    const say = (what: string) =>
      problems.push(`charge ${reference} (Paystack: ${at?.status} ${at?.chargedAmount}): ${what}`);
    if (at?.status === 'success') {
      if (charges.length !== 1) say(`${charges.length} charge entries in the ledger, not 1`);
    } else if (charges.length > 0) {
      say(`in the ledger as a charge (${charges.length}) though Paystack does not hold it as successful`);
    }
    const charge = charges[0];
    if (charge && at && Number(charge.amount_kobo) !== at.chargedAmount) {
      say(`the ledger has ${charge.amount_kobo} kobo, Paystack charged ${at.chargedAmount}`);
    }
    if (charge?.disposition === 'unmatched') say('recorded as unmatched');
    const ours = refunds.filter((refund) => refund.reference === reference);
    const processed = ours
      .filter((refund) => refund.status === 'processed')
      .reduce((sum, r) => sum + Number(r.amount_kobo), 0);
    const reserved = ours
      .filter((refund) => refund.status !== 'failed')
      .reduce((sum, r) => sum + Number(r.amount_kobo), 0);
    const chargeAmount = charge ? Number(charge.amount_kobo) : 0;
    if (reserved > chargeAmount) say(`refunds of ${reserved} kobo (pending or processed) exceed the charge`);
    if (processed > chargeAmount) say(`refunded ${processed} kobo, more than the charge`);
    const ledgerSum = (kind: string) =>
      entries
        .filter((entry) => entry.kind === kind && entry.reference === reference)
        .reduce((sum, entry) => sum + Number(entry.amount_kobo), 0);
    if (ledgerSum('refund_processed') !== processed) {
      say(`the ledger has ${ledgerSum('refund_processed')} kobo processed, the refunds table ${processed}`);
    }
    const requested = entries.filter(
      (entry) => entry.kind === 'refund_requested' && entry.reference === reference,
    );
    if (requested.length !== ours.length) {
      say(`${requested.length} refund_requested entries for ${ours.length} refunds`);
    }
    const atPaystack = fake
      .refundsOf(reference)
      .filter((refund) => refund.status === 'processed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (options.settled && atPaystack !== processed) {
      say(`Paystack refunded ${atPaystack} kobo, our refunds say ${processed}`);
    }
    if (options.settled && charge && charge.disposition !== 'applied' && processed !== chargeAmount) {
      say(`a ${charge.disposition} charge was refunded ${processed} kobo of ${chargeAmount}`);
    }
    if (options.final) {
      // What matters for money: success here exactly when Paystack says success, and nothing left
      // pending (which holds its order from expiring) once Paystack's answer is final.
      const row = local.find((candidate) => candidate.reference === reference);
      if ((row?.status === 'success') !== (at?.status === 'success'))
        say(`our transaction says ${row?.status}`);
      if (row?.status === 'pending') say('our transaction is still pending though Paystack is final');
    }
  }
  return problems;
}

/** Charges in the whole book that name no order (none of ours should). */
export async function unmatchedCharges(t: TestApp): Promise<number> {
  const [row] = await t.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'charge' AND disposition = 'unmatched'`,
  );
  return row!.n;
}
