import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMode } from '#shared/schemas/payments';
import type { Env } from '../env';
import { AppError } from '../errors';
import type { InProcessFetch } from '../in-process';
import type { PaystackConfig } from './client';

/**
 * The simulator's fixed keys. In simulator mode our server uses this secret exactly as it would
 * use a real Paystack secret: for the Bearer header and to check webhook signatures.
 */
export const SIMULATOR_SECRET_KEY = 'sk_test_simulator_naija_street';
export const SIMULATOR_PUBLIC_KEY = 'pk_test_simulator_naija_street';
export const SIMULATOR_PATH = '/simulator/paystack';

export type Gateway = PaystackConfig & { mode: PaymentMode; publicKey: string };

/**
 * How to talk to the card provider in this configuration: Paystack with its keys, the built-in
 * simulator (reached in-process, so it works behind any proxy and offline), or null when payments
 * are off (production without keys).
 */
export function createPaymentGateway(
  env: Pick<Env, 'paystack' | 'publicUrl'>,
  inProcess: Pick<InProcessFetch, 'fetch'>,
): Gateway | null {
  const { baseUrl, secretKey, publicKey, simulatorAllowed } = env.paystack;
  if (baseUrl && secretKey && publicKey) {
    return { mode: secretKey.startsWith('sk_live_') ? 'live' : 'test', baseUrl, secretKey, publicKey };
  }
  if (!baseUrl && simulatorAllowed) {
    return {
      mode: 'simulator',
      baseUrl: `${env.publicUrl}${SIMULATOR_PATH}`,
      secretKey: SIMULATOR_SECRET_KEY,
      publicKey: SIMULATOR_PUBLIC_KEY,
      fetch: inProcess.fetch,
    };
  }
  return null;
}

export const isSimulatorMode = (deps: { payments: Gateway | null }): boolean =>
  deps.payments?.mode === 'simulator';

/** The gateway, or 503 when card payments are off in this configuration. */
export function paymentGateway(deps: { payments: Gateway | null }): Gateway {
  if (deps.payments) return deps.payments;
  throw new AppError(
    'payments_unavailable',
    503,
    'Card payments are not available right now. Please try again later or contact support.',
  );
}

/** Paystack signs webhooks with HMAC-SHA512 of the raw body, keyed by the secret key, in hex. */
export function signWebhook(secretKey: string, rawBody: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function isValidSignature(secretKey: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhook(secretKey, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
