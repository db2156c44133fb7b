import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.paystack.co over real HTTP: the same paths and envelope
 * ({ status, message, data, meta }) for Initialize, Verify and List Transactions and for Create,
 * Fetch and List Refunds, with answers a test controls (a transaction's status, charged amount
 * and channel, a charge made elsewhere, a tampered Verify, outages, a refund that stays pending,
 * settles, fails, or whose creation answer is lost).
 */

export type Recorded = { method: string; url: string; authorization: string | undefined; body: unknown };

export type FakeRefund = {
  id: number;
  transaction: string;
  amount: number;
  status: 'pending' | 'processing' | 'processed' | 'failed';
};

/** One transaction as Paystack keeps it; Verify and List Transactions answer from it. */
export type FakeTransaction = {
  id: number;
  /** What was initialized, in kobo. */
  amount: number;
  /** What the customer was actually charged, in kobo (Verify's and the list's `amount`). */
  chargedAmount: number;
  currency: string;
  email: string;
  /** Paystack's status: 'success' (the default, as if paid at once), 'failed', 'abandoned', 'reversed', 'ongoing', … */
  status: string;
  channel: string;
  paidAt: string | null;
  createdAt: string;
  metadata: unknown;
};

export type FakePaystack = {
  baseUrl: string;
  secret: string;
  received: Recorded[];
  transactions: Map<string, FakeTransaction>;
  refunds: Map<number, FakeRefund>;
  /** Overrides what Verify reports, to play a tampered or failed payment (wins over the record). */
  verifyOverride: Partial<{ amount: number; currency: string; status: string; reference: string }>;
  delayMs: number;
  /** Verify answers 500 this many more times, as a Paystack outage would. */
  verifyOutages: number;
  /** List Transactions answers 500 this many more times. */
  listOutages: number;
  /** Create Refund answers 500 this many more times without creating anything. */
  refundOutages: number;
  /** Create Refund creates the refund but its answer is lost (500) this many more times. */
  lostRefundAnswers: number;
  /** Fetch and List Refunds answer 500 this many more times. */
  refundReadOutages: number;
  /** The status a newly created refund gets (Paystack's are usually pending). */
  newRefundStatus: FakeRefund['status'];
  /** Every refund of one charge, as Paystack keeps them. */
  refundsOf(reference: string): FakeRefund[];
  /**
   * Changes what Paystack holds for a transaction. A status other than success or reversed
   * clears paidAt, and success sets it to now when it had none, unless `paidAt` is given.
   */
  setTransaction(reference: string, changes: Partial<Omit<FakeTransaction, 'id'>>): FakeTransaction;
  /** A charge made outside our checkout (a reference we never initialized), now unless `createdAt` says. */
  addForeignTransaction(input: {
    reference: string;
    amount: number;
    currency?: string;
    status?: string;
    metadata?: unknown;
    channel?: string;
    email?: string;
    createdAt?: string;
  }): FakeTransaction;
  reset(): void;
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startFakePaystack(secret = 'sk_test_fake_0123456789'): Promise<FakePaystack> {
  let nextTransactionId = 5_000_001;
  let nextRefundId = 3_018_284;
  const fake: Omit<FakePaystack, 'baseUrl' | 'close'> & { baseUrl: string; close: () => Promise<void> } = {
    baseUrl: '',
    secret,
    received: [],
    transactions: new Map(),
    refunds: new Map(),
    verifyOverride: {},
    delayMs: 0,
    verifyOutages: 0,
    listOutages: 0,
    refundOutages: 0,
    lostRefundAnswers: 0,
    refundReadOutages: 0,
    newRefundStatus: 'pending',
    refundsOf: (reference) => [...fake.refunds.values()].filter((refund) => refund.transaction === reference),
    setTransaction(reference, changes) {
      const transaction = fake.transactions.get(reference);
      if (!transaction) throw new Error(`The fake Paystack has no transaction ${reference}`);
      const { status } = changes;
      const paidAt =
        changes.paidAt !== undefined
          ? changes.paidAt
          : status === undefined || status === 'reversed'
            ? transaction.paidAt
            : status === 'success'
              ? (transaction.paidAt ?? new Date().toISOString())
              : null;
      Object.assign(transaction, changes, { paidAt });
      return transaction;
    },
    addForeignTransaction(input) {
      if (fake.transactions.has(input.reference)) throw new Error(`${input.reference} already exists`);
      const createdAt = input.createdAt ?? new Date().toISOString();
      const status = input.status ?? 'success';
      const transaction: FakeTransaction = {
        id: nextTransactionId++,
        amount: input.amount,
        chargedAmount: input.amount,
        currency: input.currency ?? 'NGN',
        email: input.email ?? 'someone@example.test',
        status,
        channel: input.channel ?? 'card',
        paidAt: status === 'success' || status === 'reversed' ? createdAt : null,
        createdAt,
        metadata: input.metadata ?? null,
      };
      fake.transactions.set(input.reference, transaction);
      return transaction;
    },
    reset() {
      fake.received.length = 0;
      fake.verifyOverride = {};
      fake.delayMs = 0;
      fake.verifyOutages = 0;
      fake.listOutages = 0;
      fake.refundOutages = 0;
      fake.lostRefundAnswers = 0;
      fake.refundReadOutages = 0;
      fake.newRefundStatus = 'pending';
    },
    close: async () => {},
  };

  const gatewayResponse = (status: string) =>
    status === 'success'
      ? 'Successful'
      : status === 'failed'
        ? 'Declined'
        : status === 'abandoned'
          ? 'The transaction was not completed'
          : status === 'reversed'
            ? 'Reversed'
            : 'Transaction in progress';

  /** A transaction as Paystack's Verify and List Transactions show it. */
  const transactionData = (reference: string, transaction: FakeTransaction) => ({
    id: transaction.id,
    domain: 'test',
    status: transaction.status,
    reference,
    amount: transaction.chargedAmount,
    currency: transaction.currency,
    gateway_response: gatewayResponse(transaction.status),
    channel: transaction.channel,
    paid_at: transaction.paidAt,
    created_at: transaction.createdAt,
    metadata: transaction.metadata,
    customer: { email: transaction.email },
  });

  const refundData = (refund: FakeRefund) => ({
    id: refund.id,
    integration: 412829,
    domain: 'test',
    transaction: fake.transactions.get(refund.transaction)?.id ?? 0,
    amount: refund.amount,
    currency: 'NGN',
    status: refund.status,
  });

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    fake.received.push({
      method: request.method!,
      url: request.url!,
      authorization: request.headers.authorization,
      body,
    });
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${secret}`)
      return send(401, { status: false, message: 'Invalid key' });
    const url = new URL(request.url!, 'http://fake');

    if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
      const input = body as {
        reference: string;
        amount: number;
        currency: string;
        email: string;
        metadata?: unknown;
      };
      // As if the customer paid at once: tests that need another outcome say so (setTransaction).
      const now = new Date().toISOString();
      fake.transactions.set(input.reference, {
        id: nextTransactionId++,
        amount: input.amount,
        chargedAmount: input.amount,
        currency: input.currency,
        email: input.email,
        status: 'success',
        channel: 'card',
        paidAt: now,
        createdAt: now,
        metadata: input.metadata ?? null,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${input.reference.slice(0, 8)}`,
          access_code: `ac_${input.reference.slice(0, 8)}`,
          reference: input.reference,
        },
      });
    }
    const verify = url.pathname.match(/^\/transaction\/verify\/(.+)$/);
    if (request.method === 'GET' && verify && fake.verifyOutages > 0) {
      fake.verifyOutages -= 1;
      return send(500, { status: false, message: 'An error occurred' });
    }
    if (request.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1]!);
      const transaction = fake.transactions.get(reference);
      if (!transaction) return send(400, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: { ...transactionData(reference, transaction), ...fake.verifyOverride },
      });
    }
    if (request.method === 'GET' && url.pathname === '/transaction') {
      if (fake.listOutages > 0) {
        fake.listOutages -= 1;
        return send(500, { status: false, message: 'An error occurred' });
      }
      // List Transactions (https://paystack.com/docs/api/transaction/#list): created between
      // from and to, of one status if asked, newest first, in pages of perPage (default 50).
      const query = url.searchParams;
      const from = query.get('from') ? Date.parse(query.get('from')!) : Number.NEGATIVE_INFINITY;
      const to = query.get('to') ? Date.parse(query.get('to')!) : Number.POSITIVE_INFINITY;
      const status = query.get('status');
      const perPage = Math.min(100, Math.max(1, Number(query.get('perPage') ?? 50) || 50));
      const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
      const matching = [...fake.transactions]
        .filter(([, transaction]) => {
          const created = Date.parse(transaction.createdAt);
          return created >= from && created <= to && (!status || transaction.status === status);
        })
        .sort(([, a], [, b]) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
      const skipped = (page - 1) * perPage;
      return send(200, {
        status: true,
        message: 'Transactions retrieved',
        data: matching
          .slice(skipped, skipped + perPage)
          .map(([reference, transaction]) => transactionData(reference, transaction)),
        meta: {
          total: matching.length,
          total_volume: matching.reduce((sum, [, transaction]) => sum + transaction.chargedAmount, 0),
          skipped,
          perPage,
          page,
          pageCount: Math.ceil(matching.length / perPage),
        },
      });
    }
    if (request.method === 'POST' && url.pathname === '/refund') {
      if (fake.refundOutages > 0) {
        fake.refundOutages -= 1;
        return send(500, { status: false, message: 'An error occurred' });
      }
      // Paystack's Create Refund: the transaction's reference (or id) and an amount in kobo, at
      // most what is left of the charge after its refunds that did not fail.
      const input = body as { transaction: string; amount?: number };
      const transaction = fake.transactions.get(input.transaction);
      if (!transaction) return send(404, { status: false, message: 'Transaction not found' });
      const taken = fake
        .refundsOf(input.transaction)
        .filter((refund) => refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount, 0);
      const amount = input.amount ?? transaction.chargedAmount - taken;
      if (amount <= 0 || taken + amount > transaction.chargedAmount) {
        return send(400, {
          status: false,
          message: 'Refund amount cannot be more than the unrefunded transaction amount',
        });
      }
      const refund: FakeRefund = {
        id: nextRefundId++,
        transaction: input.transaction,
        amount,
        status: fake.newRefundStatus,
      };
      fake.refunds.set(refund.id, refund);
      if (fake.lostRefundAnswers > 0) {
        fake.lostRefundAnswers -= 1;
        return send(500, { status: false, message: 'An error occurred' });
      }
      return send(200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: refundData(refund),
      });
    }
    if (request.method === 'GET' && url.pathname.startsWith('/refund') && fake.refundReadOutages > 0) {
      fake.refundReadOutages -= 1;
      return send(500, { status: false, message: 'An error occurred' });
    }
    const fetchRefund = url.pathname.match(/^\/refund\/(\d+)$/);
    if (request.method === 'GET' && fetchRefund) {
      const refund = fake.refunds.get(Number(fetchRefund[1]));
      if (!refund) return send(404, { status: false, message: 'Refund not found' });
      return send(200, { status: true, message: 'Refund retrieved', data: refundData(refund) });
    }
    if (request.method === 'GET' && url.pathname === '/refund') {
      // List Refunds by the transaction's id, as Paystack's docs say.
      const id = Number(url.searchParams.get('transaction'));
      const reference = [...fake.transactions].find(([, transaction]) => transaction.id === id)?.[0];
      const rows = reference ? fake.refundsOf(reference).map(refundData) : [];
      return send(200, {
        status: true,
        message: 'Refunds retrieved',
        data: rows,
        meta: { total: rows.length },
      });
    }
    send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake as FakePaystack;
}

/** The shop's configuration for talking to this fake as its Paystack (for createTestApp). */
export const paystackEnv = (fake: Pick<FakePaystack, 'secret' | 'baseUrl'>) => ({
  PAYSTACK_SECRET_KEY: fake.secret,
  PAYSTACK_PUBLIC_KEY: 'pk_test_fake',
  PAYSTACK_BASE_URL: fake.baseUrl,
});
