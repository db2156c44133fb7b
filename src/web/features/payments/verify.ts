import type { SimulatorMessage } from '#shared/schemas/payments';

/**
 * What the verify endpoint's answer means for the payment page:
 * - success: the order is paid (`refunding`: this payment was a second one, being refunded);
 * - pending: Paystack is still confirming it (a bank transfer); the order waits, and becomes paid
 *   by itself when Paystack confirms;
 * - failed: not paid (`refunding`: the shop took the money but could not use it, and is giving it
 *   back, so the title must not say the payment failed).
 */
export type VerifyOutcome =
  | { kind: 'success'; message: string; refunding: boolean }
  | { kind: 'pending'; message: string }
  | { kind: 'failed'; title: string; message: string; refunding: boolean };

export const VERIFY_FAILED = 'Payment verification failed';
export const PARSE_FAILED = 'Failed to parse verification response';
export const NOT_USED = 'We could not use this payment';
const TRY_AGAIN = 'Please try again or contact support.';
const PENDING = 'Paystack is still confirming your payment. This page updates by itself once it is done.';

/** A failure of our own making (no answer, the window would not open): never a refund. */
export const verifyFailed = (message: string, title = VERIFY_FAILED): VerifyOutcome => ({
  kind: 'failed',
  title,
  message,
  refunding: false,
});

/**
 * Reads the verify endpoint's answer the way the spec's page did: as text, then JSON. A body that
 * is not JSON is 'Failed to parse verification response' with the raw text; `pending: true` is the
 * waiting outcome; a non-OK status or `success: false` is 'Payment verification failed' with the
 * server's message, or 'We could not use this payment' when the server says it is refunding it.
 */
export function readVerifyResponse(ok: boolean, text: string): VerifyOutcome {
  let body: {
    success?: unknown;
    pending?: unknown;
    refunding?: unknown;
    message?: unknown;
    error?: { message?: unknown };
  } | null;
  try {
    body = JSON.parse(text);
  } catch {
    return verifyFailed(text.slice(0, 300) || 'Empty response', PARSE_FAILED);
  }
  const serverMessage =
    typeof body?.error?.message === 'string'
      ? body.error.message
      : typeof body?.message === 'string' && body.message
        ? body.message
        : null;
  if (ok && body?.success !== true && body?.pending === true) {
    return { kind: 'pending', message: serverMessage ?? PENDING };
  }
  const message = serverMessage ?? TRY_AGAIN;
  // Only an answer about the payment itself (not an error answer) can say the money goes back.
  const refunding = ok && body?.refunding === true;
  if (!ok || body?.success !== true) {
    return { kind: 'failed', title: refunding ? NOT_USED : VERIFY_FAILED, message, refunding };
  }
  return { kind: 'success', message, refunding };
}

/** Asks our server to verify a payment with the provider (POST /api/payments/verify). */
export async function verifyPayment(reference: string): Promise<VerifyOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/payments/verify', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ reference }),
    });
  } catch {
    return verifyFailed('Could not reach the shop. Check your connection and try again.');
  }
  return readVerifyResponse(response.ok, await response.text());
}

const SIMULATOR_STATUSES: readonly string[] = ['success', 'failed', 'cancelled', 'pending'] satisfies Array<
  SimulatorMessage['status']
>;

/** A message from the payment simulator's pop-up about this transaction (no zod on this page). */
export function simulatorMessageFor(data: unknown, reference: string | null): SimulatorMessage | null {
  const message = data as Partial<SimulatorMessage> | null;
  if (
    message?.source === 'paystack-simulator' &&
    typeof message.status === 'string' &&
    SIMULATOR_STATUSES.includes(message.status) &&
    typeof message.reference === 'string' &&
    message.reference === reference
  ) {
    return message as SimulatorMessage;
  }
  return null;
}
