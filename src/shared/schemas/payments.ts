import { z } from 'zod';

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
});
export type InitializePaymentResponse = z.infer<typeof initializePaymentResponseSchema>;

export const verifyPaymentSchema = z.object({
  reference: z.string().trim().min(1, 'Payment reference is required').max(200),
});

export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  orderId: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** What the simulator's pay page posts to its opener window. */
export const simulatorMessageSchema = z.object({
  source: z.literal('paystack-simulator'),
  status: z.enum(['success', 'failed', 'cancelled']),
  reference: z.string(),
});
export type SimulatorMessage = z.infer<typeof simulatorMessageSchema>;
