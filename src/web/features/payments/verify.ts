import type { SimulatorMessage } from '#shared/schemas/payments';

export type VerifyOutcome =
  | { kind: 'success'; message: string }
  | { kind: 'failed'; title: string; message: string };

export const VERIFY_FAILED = 'Payment verification failed';
export const PARSE_FAILED = 'Failed to parse verification response';
const TRY_AGAIN = 'Please try again or contact support.';

/**
 * Reads the verify endpoint's answer the way the spec's page did: as text, then JSON. A body that
 * is not JSON is 'Failed to parse verification response' with the raw text; a non-OK status or
 * `success: false` is 'Payment verification failed' with the server's message.
 */
export function readVerifyResponse(ok: boolean, text: string): VerifyOutcome {
  let body: { success?: unknown; message?: unknown; error?: { message?: unknown } } | null;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'failed', title: PARSE_FAILED, message: text.slice(0, 300) || 'Empty response' };
  }
  const message =
    typeof body?.error?.message === 'string'
      ? body.error.message
      : typeof body?.message === 'string' && body.message
        ? body.message
        : TRY_AGAIN;
  if (!ok || body?.success !== true) return { kind: 'failed', title: VERIFY_FAILED, message };
  return { kind: 'success', message };
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
    return {
      kind: 'failed',
      title: VERIFY_FAILED,
      message: 'Could not reach the shop. Check your connection and try again.',
    };
  }
  return readVerifyResponse(response.ok, await response.text());
}

/** A message from the payment simulator's pop-up about this transaction (no zod on this page). */
export function simulatorMessageFor(data: unknown, reference: string | null): SimulatorMessage | null {
  const message = data as Partial<SimulatorMessage> | null;
  if (
    message?.source === 'paystack-simulator' &&
    (message.status === 'success' || message.status === 'failed' || message.status === 'cancelled') &&
    typeof message.reference === 'string' &&
    message.reference === reference
  ) {
    return message as SimulatorMessage;
  }
  return null;
}
