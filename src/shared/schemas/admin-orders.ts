import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../constants';
import { FULFILMENTS, PAYMENT_KINDS } from '../fulfilment';
import { DISPOSITIONS, ledgerEntrySchema, orderMoneySchema, REFUND_KINDS } from './money';
import { orderSchema, pickupLocationSchema } from './orders';

/** Control characters (and lone surrogates), which no search or reason needs; line breaks when allowed. */
function hasControlCharacters(value: string, allowLineBreaks: boolean): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index++;
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
    if (allowLineBreaks && (code === 10 || code === 13 || code === 9)) continue;
    if (code < 32 || code === 127) return true;
  }
  return false;
}

/** The Orders tab's status filter (spec §9): all, or one status. */
export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** GET /api/admin/orders (and its CSV export): search, status filter, paging. */
export const adminOrderListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'Search for at most 200 characters')
    .refine(
      (value) => !hasControlCharacters(value, false),
      'Search with letters, digits and punctuation only',
    )
    .optional()
    .transform((value) => value || undefined),
  status: z
    .enum(ORDER_STATUS_FILTERS, 'Choose all, pending, processing, shipped, delivered or cancelled')
    .default('all'),
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(10_000)
    .default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 orders a page').default(20),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  createdAt: z.string(),
  /** The account's email, or null for a guest order (shown as Guest). */
  customerEmail: z.string().nullable(),
  shippingName: z.string(),
  shippingEmail: z.string(),
  itemCount: z.number().int(),
  totalAmountKobo: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** The delivery zone it was placed in (null: placed before zones). */
  shippingZone: z.string().nullable(),
  /** Delivered, or picked up in store (`pickup`: where and when). */
  fulfilment: z.enum(FULFILMENTS),
  pickup: pickupLocationSchema.nullable(),
  /** Paid through Paystack, or to the shop at the door. */
  paymentKind: z.enum(PAYMENT_KINDS),
  /** Paystack reports a payment of it pending (a transfer or USSD payment being confirmed). */
  awaitingPayment: z.boolean(),
  /** Money to give back: a second payment not yet refunded, or a payment for a cancelled order. */
  refundDue: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListResponse = z.object({
  orders: z.array(adminOrderRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponse>;

/** A payment attempt: 'pending' while Paystack says it may still complete (a transfer being confirmed). */
export const PAYMENT_ATTEMPT_STATUSES = [
  'initialized',
  'pending',
  'success',
  'failed',
  'abandoned',
  'reversed',
] as const;

export const adminPaymentSchema = z.object({
  reference: z.string(),
  /** What the order asked for when the payment was started. */
  amountKobo: z.number().int(),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  /** Paystack's own word for the status, as it last said it. */
  providerStatus: z.string().nullable(),
  /** card, bank, ussd… as the provider reported it. */
  channel: z.string().nullable(),
  /** For a successful charge: what Paystack took, and what the ledger did with it. */
  chargedKobo: z.number().int().nullable(),
  disposition: z.enum(DISPOSITIONS).nullable(),
  /** Why a charge was not applied, in words. */
  reason: z.string().nullable(),
  refundedKobo: z.number().int(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/**
 * pending: asked of Paystack (or about to be) and not settled yet; processed: Paystack refunded
 * it; failed: it did not happen (refused, failed, or never reached Paystack) and can be retried.
 */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const adminRefundSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amountKobo: z.number().int(),
  kind: z.enum(REFUND_KINDS),
  status: z.enum(REFUND_STATUSES),
  /** What Paystack last said: pending, processing, processed, failed; null before it answered. */
  providerStatus: z.string().nullable(),
  /** Whether Paystack has confirmed it has the refund (it answered with the refund's id). */
  confirmedByProvider: z.boolean(),
  reason: z.string().nullable(),
  /** Why it failed, or the last check's trouble while pending. */
  error: z.string().nullable(),
  actor: z.string(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /** The refund that tried this one again, when an admin retried it. */
  retriedBy: z.string().nullable(),
  retryOf: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const TIMELINE_KINDS = ['placed', 'payment', 'status', 'refund', 'email', 'note'] as const;

export const timelineEntrySchema = z.object({
  /** Stable across reloads: the list is keyed by it while live updates insert entries. */
  id: z.string(),
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  detail: z.string().nullable(),
  /** Who did it: an admin's email, the shopper, or the system ('Payment provider'…). */
  actor: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const adminOrderDetailSchema = z.object({
  order: orderSchema,
  customerEmail: z.string().nullable(),
  paymentReference: z.string().nullable(),
  paymentChannel: z.string().nullable(),
  payments: z.array(adminPaymentSchema),
  refunds: z.array(adminRefundSchema),
  /** What is left to refund of the charge that paid the order. */
  refundableKobo: z.number().int(),
  /** Refunds of the charge that paid the order asked of Paystack and not settled yet (not refundable meanwhile). */
  paymentRefundPendingKobo: z.number().int(),
  refundDue: z.boolean(),
  /**
   * Units of each of the order's items (by its id) refunded by refunds of items that did not
   * fail: pending or processed. Every item is there, 0 when none; what is left to refund of a
   * line is its quantity less this.
   */
  refundedUnits: z.record(z.string(), z.number().int()),
  /** The order's money, from the ledger, and the ledger's entries themselves. */
  money: orderMoneySchema,
  ledger: z.array(ledgerEntrySchema),
  /** What is left of the money received outside Paystack: at most what an offline refund gives back. */
  offlineKeptKobo: z.number().int(),
  timeline: z.array(timelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderIdParams = z.object({ id: z.uuid('Order not found') });

export const setOrderStatusRequest = z.object({
  status: z.enum(ORDER_STATUSES, 'Choose pending, processing, shipped, delivered or cancelled'),
});
export type SetOrderStatusRequest = z.infer<typeof setOrderStatusRequest>;

/**
 * POST /api/admin/orders/:id/refunds: an amount, or items (each line's units, refunded at what
 * they were paid after the order's discount); neither refunds what is left of the payment.
 */
export const refundRequest = z
  .object({
    items: z
      .array(
        z.object({
          orderItemId: z.uuid('That item is not part of this order.'),
          quantity: z
            .number()
            .int('Enter a whole number of items')
            .positive('Refund at least one item')
            .max(1000),
        }),
      )
      .min(1, 'Choose the items to refund')
      .max(100)
      .optional(),
    amountKobo: z
      .number('Enter the amount to refund')
      .int('Enter the amount in whole kobo')
      .positive('The refund must be more than ₦0.00')
      .max(1_000_000_000_00, 'That amount is more than any payment')
      .optional(),
    reason: z
      .string()
      .trim()
      .max(500, 'Keep the reason under 500 characters')
      .refine((value) => !hasControlCharacters(value, true), 'Remove control characters')
      .optional()
      .transform((value) => value || undefined),
    /** Another successful charge of the order (a second payment); the paying one by default. */
    reference: z.string().min(1).max(200).optional(),
  })
  .refine((request) => !(request.items && request.amountKobo !== undefined), {
    message: 'Refund either an amount or items, not both',
    path: ['amountKobo'],
  });
export type RefundRequest = z.input<typeof refundRequest>;

export const refundResponse = z.object({
  refund: z.object({
    id: z.string(),
    amountKobo: z.number().int(),
    status: z.enum(REFUND_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
  }),
});

export const refundIdParams = z.object({
  id: z.uuid('Order not found'),
  refundId: z.uuid('Refund not found'),
});
export type RefundResponse = z.infer<typeof refundResponse>;
