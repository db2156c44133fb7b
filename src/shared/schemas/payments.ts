import { z } from 'zod';
import { PAYMENT_CHANNELS } from '../payment-channels';
import { singleLine } from './text';

export const PAYMENT_MODES = ['live', 'test', 'simulator'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const initializePaymentSchema = z.object({ orderId: z.uuid('Order not found') });

export const initializePaymentResponseSchema = z.object({
  reference: z.string(),
  accessCode: z.string(),
  /** Paystack's hosted page (or the simulator's pay page): open it in a pop-up or redirect. */
  authorizationUrl: z.string(),
  publicKey: z.string(),
  amountKobo: z.number().int(),
  email: z.string(),
  mode: z.enum(PAYMENT_MODES),
  /** The channels the payment window offers (Settings → Payment), in Paystack's words. */
  channels: z.array(z.enum(PAYMENT_CHANNELS)),
});
export type InitializePaymentResponse = z.infer<typeof initializePaymentResponseSchema>;

export const verifyPaymentSchema = z.object({
  reference: singleLine(200, 'Payment reference not found', 'Payment reference is required').min(
    1,
    'Payment reference is required',
  ),
});

export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  /** Paystack has not finished the payment yet (a transfer being confirmed): the page waits. */
  pending: z.boolean().optional(),
  /** The shop took this payment but is giving it back (a second payment, an order it cannot deliver). */
  refunding: z.boolean().optional(),
  message: z.string(),
  orderId: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/**
 * What the simulator's pay page posts to its opener window. 'pending': a transfer the bank is
 * still confirming (it succeeds or fails later).
 */
export const simulatorMessageSchema = z.object({
  source: z.literal('paystack-simulator'),
  status: z.enum(['success', 'failed', 'cancelled', 'pending']),
  reference: z.string(),
});
export type SimulatorMessage = z.infer<typeof simulatorMessageSchema>;

/** How long a payment window lasts, in words: '30 minutes', '1 hour', '3 hours'. */
export function windowText(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export type PaymentModeResponse = { mode: PaymentMode | null };
