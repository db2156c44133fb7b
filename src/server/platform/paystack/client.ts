/**
 * A small client for the Paystack endpoints the shop uses: Initialize, Verify and List
 * Transactions (https://paystack.com/docs/api/transaction/), and Create, Fetch and List Refunds
 * (https://paystack.com/docs/api/refund/). It speaks to whatever base URL it is given: the real
 * API, the built-in simulator or a test's fake server.
 */

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export type PaystackConfig = {
  baseUrl: string;
  secretKey: string;
  /** Defaults to the global fetch; the simulator passes an in-process one. */
  fetch?: Fetcher;
  timeoutMs?: number;
};

export class PaystackError extends Error {
  constructor(
    message: string,
    /**
     * rejected: Paystack answered and said no (4xx); unavailable: Paystack failed on its side
     * (5xx), so whatever was asked may or may not have happened, like a timeout.
     */
    readonly kind: 'timeout' | 'network' | 'rejected' | 'unavailable' | 'invalid_response',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaystackError';
  }
}

export type InitializeInput = {
  email: string;
  amountKobo: number;
  reference: string;
  currency: 'NGN';
  callbackUrl: string;
  metadata: Record<string, unknown>;
  /**
   * The channels the payment window offers ('card', 'bank_transfer', 'ussd', 'bank'); Paystack
   * offers every channel of the account when none is given.
   */
  channels?: readonly string[];
};

export type InitializeResult = { authorizationUrl: string; accessCode: string; reference: string };

export type VerifyResult = {
  /** Paystack's transaction status: 'success', 'failed', 'abandoned', 'ongoing', 'pending', … */
  status: string;
  reference: string;
  amountKobo: number;
  currency: string;
  /** How the customer paid: 'card', 'bank_transfer', 'ussd', … (null when not said). */
  channel: string | null;
  paidAt: string | null;
  gatewayResponse: string | null;
  metadata: unknown;
  /** Paystack's `data` object, kept as the record of what the provider said. */
  raw: Record<string, unknown>;
};

const DEFAULT_TIMEOUT_MS = 15_000;

type Envelope = { status?: unknown; message?: unknown; data?: unknown; meta?: unknown };

/** The envelope of a successful answer: `data` is there (an object or a list), `meta` may be. */
async function callRaw(
  config: PaystackConfig,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ data: object; meta: unknown }> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}${path}`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(url, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new PaystackError(`Paystack did not answer within ${timeoutMs} ms`, 'timeout');
    }
    throw new PaystackError(
      `Could not reach Paystack: ${error instanceof Error ? error.message : String(error)}`,
      'network',
    );
  }
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new PaystackError(
      `Paystack answered ${response.status} without JSON`,
      'invalid_response',
      response.status,
    );
  }
  const message = typeof envelope.message === 'string' ? envelope.message : 'no message';
  if (response.status >= 500) {
    throw new PaystackError(`Paystack failed: ${message}`, 'unavailable', response.status);
  }
  if (!response.ok || envelope.status !== true) {
    throw new PaystackError(`Paystack refused: ${message}`, 'rejected', response.status);
  }
  if (!envelope.data || typeof envelope.data !== 'object') {
    throw new PaystackError('Paystack answered without data', 'invalid_response', response.status);
  }
  return { data: envelope.data, meta: envelope.meta };
}

async function call(config: PaystackConfig, method: 'GET' | 'POST', path: string, body?: unknown) {
  const { data } = await callRaw(config, method, path, body);
  if (Array.isArray(data)) throw new PaystackError('Paystack answered a list', 'invalid_response');
  return data as Record<string, unknown>;
}

async function callList(
  config: PaystackConfig,
  path: string,
): Promise<{ rows: Record<string, unknown>[]; meta: Record<string, unknown> }> {
  const { data, meta } = await callRaw(config, 'GET', path);
  if (!Array.isArray(data)) throw new PaystackError('Paystack answered without a list', 'invalid_response');
  return {
    rows: data.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null),
    meta: typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {},
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A whole number Paystack sent as a number or as a numeric string (its meta does both). */
const count = (value: unknown): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};

export async function initializeTransaction(
  config: PaystackConfig,
  input: InitializeInput,
): Promise<InitializeResult> {
  const data = await call(config, 'POST', '/transaction/initialize', {
    email: input.email,
    amount: input.amountKobo,
    reference: input.reference,
    currency: input.currency,
    callback_url: input.callbackUrl,
    metadata: input.metadata,
    ...(input.channels ? { channels: input.channels } : {}),
  });
  const authorizationUrl = text(data.authorization_url);
  const accessCode = text(data.access_code);
  if (!authorizationUrl || !accessCode) {
    throw new PaystackError('Paystack answered without an authorization URL', 'invalid_response');
  }
  return { authorizationUrl, accessCode, reference: text(data.reference) ?? input.reference };
}

export async function verifyTransaction(config: PaystackConfig, reference: string): Promise<VerifyResult> {
  const data = await call(config, 'GET', `/transaction/verify/${encodeURIComponent(reference)}`);
  const amount = Number(data.amount);
  if (!Number.isSafeInteger(amount))
    throw new PaystackError('Paystack answered without an amount', 'invalid_response');
  return {
    status: text(data.status) ?? 'unknown',
    reference: text(data.reference) ?? '',
    amountKobo: amount,
    currency: text(data.currency) ?? '',
    channel: text(data.channel),
    paidAt: text(data.paid_at) ?? text(data.paidAt),
    gatewayResponse: text(data.gateway_response),
    metadata: data.metadata,
    raw: data,
  };
}

/** Paystack's refund statuses: a new refund is usually pending or processing, then settles. */
export const PROVIDER_REFUND_STATUSES = ['pending', 'processing', 'processed', 'failed'] as const;

export type ProviderRefund = {
  /** The provider's refund id. */
  id: string | null;
  /** Paystack's refund status: 'pending', 'processing', 'processed', 'failed' (kept as sent). */
  status: string;
  amountKobo: number;
  raw: Record<string, unknown>;
};

function toRefund(
  data: Record<string, unknown>,
  created?: { amountKobo: number; status: 'pending' },
): ProviderRefund {
  const amount = Number(data.amount);
  const id = data.id;
  // A creation answered without a status is still to settle: it is checked later.
  const status = text(data.status) ?? created?.status ?? null;
  if (!status) throw new PaystackError('Paystack answered a refund without a status', 'invalid_response');
  if (!Number.isSafeInteger(amount) && !created) {
    throw new PaystackError('Paystack answered a refund without an amount', 'invalid_response');
  }
  return {
    id: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
    status,
    amountKobo: Number.isSafeInteger(amount) ? amount : created!.amountKobo,
    raw: data,
  };
}

/**
 * Create Refund (https://paystack.com/docs/api/refund/#create): `amount` in kobo, at most what the
 * transaction took less what was already refunded; the provider refuses more. Paystack usually
 * answers 'pending' or 'processing': the refund settles later.
 */
export async function refundTransaction(
  config: PaystackConfig,
  input: { reference: string; amountKobo: number; reason?: string },
): Promise<ProviderRefund> {
  const data = await call(config, 'POST', '/refund', {
    transaction: input.reference,
    amount: input.amountKobo,
    ...(input.reason ? { merchant_note: input.reason.slice(0, 500) } : {}),
  });
  return toRefund(data, { amountKobo: input.amountKobo, status: 'pending' });
}

/** Fetch Refund (GET /refund/:id): where one refund stands now. */
export async function fetchRefund(config: PaystackConfig, refundId: string): Promise<ProviderRefund> {
  return toRefund(await call(config, 'GET', `/refund/${encodeURIComponent(refundId)}`));
}

/**
 * List Refunds of one transaction (GET /refund?transaction=…, Paystack's transaction id): how a
 * refund whose creation was never answered is found again.
 */
export async function listRefunds(config: PaystackConfig, transaction: string): Promise<ProviderRefund[]> {
  const url = `/refund?${new URLSearchParams({ transaction, perPage: '100' })}`;
  const { rows } = await callList(config, url);
  return rows.map((row) => toRefund(row));
}

/** Paystack's transaction statuses that no longer change ('reversed': the charge was given back). */
export const FINAL_TRANSACTION_STATUSES = ['success', 'failed', 'abandoned', 'reversed'] as const;

export type ListedTransaction = {
  /**
   * Paystack's status, kept as sent: FINAL_TRANSACTION_STATUSES no longer change; 'ongoing',
   * 'pending', 'processing' and 'queued' are not finished yet.
   */
  status: string;
  reference: string;
  /** What the transaction charged, in kobo (which may differ from what was initialized). */
  amountKobo: number;
  currency: string;
  channel: string | null;
  paidAt: string | null;
  createdAt: string | null;
  metadata: unknown;
  /** Paystack's numeric transaction id, as text (List Refunds is filtered by it). */
  providerId: string | null;
  raw: Record<string, unknown>;
};

export type TransactionPage = { transactions: ListedTransaction[]; pageCount: number; total: number };

/** Paystack's default page size for lists; it serves at most 100 per page. */
const DEFAULT_PER_PAGE = 50;

function toListedTransaction(row: Record<string, unknown>): ListedTransaction {
  const amount = Number(row.amount);
  const reference = text(row.reference);
  // A reconciliation cannot use a charge it cannot name or count: the whole answer is suspect.
  if (!Number.isSafeInteger(amount) || !reference) {
    throw new PaystackError(
      'Paystack listed a transaction without an amount or a reference',
      'invalid_response',
    );
  }
  const id = row.id;
  return {
    status: text(row.status) ?? 'unknown',
    reference,
    amountKobo: amount,
    currency: text(row.currency) ?? '',
    channel: text(row.channel),
    // The list has carried both spellings over the years (paid_at/paidAt, created_at/createdAt).
    paidAt: text(row.paid_at) ?? text(row.paidAt),
    createdAt: text(row.created_at) ?? text(row.createdAt),
    metadata: row.metadata,
    providerId: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
    raw: row,
  };
}

/**
 * List Transactions (https://paystack.com/docs/api/transaction/#list): one page of the
 * transactions created between `from` and `to`, newest first, optionally of one status
 * ('success', 'failed', 'abandoned'). Offset pagination
 * (https://paystack.com/docs/api/pagination/): ask page 1, 2, … up to `pageCount`. Paystack
 * normally says how many pages there are in `meta`; without it the count is worked out from
 * `total` and `perPage`, and without those this page is taken as the only one. No transaction
 * means no page to read: `pageCount` is then 0, as Paystack says it.
 */
export async function listTransactions(
  config: PaystackConfig,
  query: { from: Date; to: Date; page: number; perPage?: number; status?: string },
): Promise<TransactionPage> {
  const perPage = query.perPage ?? DEFAULT_PER_PAGE;
  const params = new URLSearchParams({
    perPage: String(perPage),
    page: String(query.page),
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    ...(query.status ? { status: query.status } : {}),
  });
  const { rows, meta } = await callList(config, `/transaction?${params}`);
  const transactions = rows.map(toListedTransaction);
  const total = count(meta.total);
  const metaPerPage = count(meta.perPage) || perPage;
  const pageCount = count(meta.pageCount) ?? (total === null ? 1 : Math.ceil(total / metaPerPage));
  return { transactions, pageCount, total: total ?? transactions.length };
}
