import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMode } from '#shared/schemas/payments';
import type { AppDeps } from '../../context';
import { AppError } from '../../errors';
import type { Fetcher, PaystackConfig } from './paystack';

/**
 * The simulator's fixed keys. In simulator mode our server uses this secret exactly as it would
 * use a real Paystack secret: for the Bearer header and to check webhook signatures.
 */
export const SIMULATOR_SECRET_KEY = 'sk_test_simulator_naija_street';
export const SIMULATOR_PUBLIC_KEY = 'pk_test_simulator_naija_street';
export const SIMULATOR_PATH = '/simulator/paystack';

export type Gateway = PaystackConfig & { mode: PaymentMode; publicKey: string };

type AppFetch = (request: Request) => Response | Promise<Response>;
const selfFetchers = new WeakMap<AppDeps, AppFetch>();

/**
 * Lets payments reach the simulator (and the simulator reach our webhook) in-process, through the
 * whole app, instead of over the network: works behind any proxy, in tests and offline.
 */
export function registerSelfFetch(deps: AppDeps, appFetch: AppFetch): void {
  selfFetchers.set(deps, appFetch);
}

export function selfFetch(deps: AppDeps): Fetcher {
  const appFetch = selfFetchers.get(deps);
  if (!appFetch) return fetch;
  return async (url, init) => appFetch(new Request(url, init));
}

export function isSimulatorMode(deps: AppDeps): boolean {
  return !deps.env.paystack.baseUrl && deps.env.paystack.simulatorAllowed;
}

/** How to talk to the card provider in this configuration, or 503 when payments are off. */
export function paymentGateway(deps: AppDeps): Gateway {
  const { baseUrl, secretKey, publicKey } = deps.env.paystack;
  if (baseUrl && secretKey && publicKey) {
    return { mode: secretKey.startsWith('sk_live_') ? 'live' : 'test', baseUrl, secretKey, publicKey };
  }
  if (isSimulatorMode(deps)) {
    return {
      mode: 'simulator',
      baseUrl: `${deps.env.publicUrl}${SIMULATOR_PATH}`,
      secretKey: SIMULATOR_SECRET_KEY,
      publicKey: SIMULATOR_PUBLIC_KEY,
      fetch: selfFetch(deps),
    };
  }
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
