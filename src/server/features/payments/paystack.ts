/**
 * A small client for the Paystack endpoints the shop uses: Initialize and Verify Transaction
 * (https://paystack.com/docs/api/transaction/) and Create Refund
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
    readonly kind: 'timeout' | 'network' | 'rejected' | 'invalid_response',
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
};

export type InitializeResult = { authorizationUrl: string; accessCode: string; reference: string };

export type VerifyResult = {
  /** Paystack's transaction status: 'success', 'failed', 'abandoned', 'ongoing', 'pending', … */
  status: string;
  reference: string;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  gatewayResponse: string | null;
  metadata: unknown;
  /** Paystack's `data` object, kept as the record of what the provider said. */
  raw: Record<string, unknown>;
};

const DEFAULT_TIMEOUT_MS = 15_000;

type Envelope = { status?: unknown; message?: unknown; data?: unknown };

async function call(config: PaystackConfig, method: 'GET' | 'POST', path: string, body?: unknown) {
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
  if (!response.ok || envelope.status !== true) {
    throw new PaystackError(`Paystack refused: ${message}`, 'rejected', response.status);
  }
  if (!envelope.data || typeof envelope.data !== 'object') {
    throw new PaystackError('Paystack answered without data', 'invalid_response', response.status);
  }
  return envelope.data as Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

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
    paidAt: text(data.paid_at) ?? text(data.paidAt),
    gatewayResponse: text(data.gateway_response),
    metadata: data.metadata,
    raw: data,
  };
}

export type RefundResult = {
  /** The provider's refund id. */
  id: string | null;
  /** Paystack's refund status: 'pending', 'processing', 'processed', 'failed', … */
  status: string;
  amountKobo: number;
  raw: Record<string, unknown>;
};

/**
 * Create Refund (https://paystack.com/docs/api/refund/): `amount` in kobo, at most what the
 * transaction took less what was already refunded; the provider refuses more.
 */
export async function refundTransaction(
  config: PaystackConfig,
  input: { reference: string; amountKobo: number; reason?: string },
): Promise<RefundResult> {
  const data = await call(config, 'POST', '/refund', {
    transaction: input.reference,
    amount: input.amountKobo,
    ...(input.reason ? { merchant_note: input.reason.slice(0, 500) } : {}),
  });
  const amount = Number(data.amount);
  const id = data.id;
  return {
    id: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
    status: text(data.status) ?? 'pending',
    amountKobo: Number.isSafeInteger(amount) ? amount : input.amountKobo,
    raw: data,
  };
}
