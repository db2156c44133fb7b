import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { multiLine, singleLine } from './text';

/**
 * Money as the payments ledger tells it (docs/payments.md). Every figure is integer kobo, read
 * from the ledger on the server; the browser only shows them.
 */

/** What was done with money that came in (and, on a refund, with the money it gives back). */
export const DISPOSITIONS = [
  'applied',
  'second_payment',
  'not_deliverable',
  'amount_mismatch',
  'unmatched',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export const LEDGER_KINDS = [
  'charge',
  'offline_payment',
  'refund_requested',
  'refund_processed',
  'refund_failed',
  'offline_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How an admin was paid, or paid back, outside Paystack ('other': recorded before the ledger). */
export const OFFLINE_METHODS = ['bank_transfer', 'cash', 'pos', 'other'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  pos: 'Card at the door (POS)',
  other: 'Other',
};

/** Paystack's channel names, as people say them. */
const CHANNEL_LABELS: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  qr: 'QR code',
  mobile_money: 'Mobile money',
  eft: 'EFT',
};
export const methodLabel = (method: string | null): string =>
  method === null
    ? '—'
    : (OFFLINE_METHOD_LABELS[method as OfflineMethod] ??
      CHANNEL_LABELS[method] ??
      method.replaceAll('_', ' '));

export const DISPOSITION_LABELS: Record<Disposition, string> = {
  applied: 'Applied to the order',
  second_payment: 'Second payment',
  not_deliverable: 'Order could not be delivered',
  amount_mismatch: 'Amount or currency differs',
  unmatched: 'No order of this shop',
};

/** Every money figure of one order. */
export const orderMoneySchema = z.object({
  /** Charges and offline payments received. */
  receivedKobo: z.number().int(),
  /** The part of it that pays the order. */
  appliedKobo: z.number().int(),
  /** Given back: refunds Paystack processed and refunds made outside Paystack. */
  refundedKobo: z.number().int(),
  /** Refunds asked of Paystack and not settled yet (part of refundDueKobo). */
  refundPendingKobo: z.number().int(),
  /** Received less refunded: what the shop holds now. */
  keptKobo: z.number().int(),
  /** What the shop may keep: the order's payment less its refunds; nothing for a cancelled order. */
  salesKobo: z.number().int(),
  /** What must still go back to the shopper (kept less sales). */
  refundDueKobo: z.number().int(),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

export const ZERO_MONEY: OrderMoney = {
  receivedKobo: 0,
  appliedKobo: 0,
  refundedKobo: 0,
  refundPendingKobo: 0,
  keptKobo: 0,
  salesKobo: 0,
  refundDueKobo: 0,
};

/** A payment the shop could not keep, as the shopper is told of it. */
export const returnedPaymentSchema = z.object({
  amountKobo: z.number().int(),
  /** A sentence in plain words: why it goes back. */
  reason: z.string(),
  /** due: not asked of Paystack yet (or asked again after a failure); refunding; refunded. */
  state: z.enum(['due', 'refunding', 'refunded']),
});
export type ReturnedPayment = z.infer<typeof returnedPaymentSchema>;

/** What an order's page shows the shopper about their money. */
export const shopperMoneySchema = z.object({
  paidKobo: z.number().int(),
  refundedKobo: z.number().int(),
  refundPendingKobo: z.number().int(),
  refundDueKobo: z.number().int(),
  /** Payments refunded because the shop could not keep them (second payments, late payments…). */
  returned: z.array(returnedPaymentSchema),
});
export type ShopperMoney = z.infer<typeof shopperMoneySchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  orderId: z.string().nullable(),
  kind: z.enum(LEDGER_KINDS),
  amountKobo: z.number().int(),
  currency: z.string(),
  disposition: z.enum(DISPOSITIONS),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  refundId: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** Who wrote it, in words: an admin's email, or the part of the shop that did it. */
  actor: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const optional = (text: z.ZodType<string>) => text.optional().transform((value) => value || undefined);

/** POST /api/admin/orders/:id/offline-payments: money received outside Paystack. */
export const offlinePaymentRequest = z.object({
  method: z.enum(['bank_transfer', 'cash', 'pos'], 'Choose bank transfer, cash or POS'),
  amountKobo: z
    .number('Enter the amount received')
    .int('Enter the amount in whole kobo')
    .positive('The amount must be more than ₦0.00')
    .max(1_000_000_000_00, 'That amount is more than any order'),
  reference: optional(singleLine(200, 'Keep the reference under 200 characters')),
  note: optional(multiLine(500, 'Keep the note under 500 characters')),
});
export type OfflinePaymentRequest = z.input<typeof offlinePaymentRequest>;
export type OfflinePayment = z.infer<typeof offlinePaymentRequest>;

/** POST /api/admin/orders/:id/offline-refunds: money given back outside Paystack. */
export const offlineRefundRequest = offlinePaymentRequest;

/** An admin's refund, or one the shop made by itself (and why). */
export const REFUND_KINDS = [
  'admin',
  'second_payment',
  'not_deliverable',
  'amount_mismatch',
  'order_cancelled',
] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/** The admin's list of refunds the shop owes or made by itself. */
export const REFUND_LIST_FILTERS = ['due', 'automatic', 'all'] as const;
export const adminRefundListQuery = z.object({
  filter: z.enum(REFUND_LIST_FILTERS, 'Choose due, automatic or all').default('due'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminRefundListQuery = z.input<typeof adminRefundListQuery>;

export const adminRefundListItemSchema = z.object({
  orderId: z.string(),
  shortId: z.string(),
  customerEmail: z.string().nullable(),
  orderStatus: z.enum(ORDER_STATUSES),
  money: orderMoneySchema,
  /** Every refund of the order, newest first: its kind, state and reason. */
  refunds: z.array(
    z.object({
      id: z.string(),
      amountKobo: z.number().int(),
      kind: z.enum(REFUND_KINDS),
      status: z.enum(['pending', 'processed', 'failed']),
      reason: z.string().nullable(),
      createdAt: z.string(),
      automatic: z.boolean(),
    }),
  ),
  lastActivityAt: z.string(),
});
export type AdminRefundListItem = z.infer<typeof adminRefundListItemSchema>;

export const adminRefundListResponse = z.object({
  items: z.array(adminRefundListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** All the shop owes back now, whatever the page. */
  refundDueKobo: z.number().int(),
});
export type AdminRefundListResponse = z.infer<typeof adminRefundListResponse>;

/** Reconciliation with Paystack over a period (at most 92 days). */
export const reconciliationRequest = z
  .object({
    from: z.iso.datetime({ offset: true, message: 'Choose when the period starts' }),
    to: z.iso.datetime({ offset: true, message: 'Choose when the period ends' }),
  })
  .refine((value) => new Date(value.to) > new Date(value.from), {
    message: 'The period must end after it starts',
    path: ['to'],
  })
  .refine((value) => new Date(value.to).getTime() - new Date(value.from).getTime() <= 92 * 86_400_000, {
    message: 'Reconcile at most 92 days at a time',
    path: ['to'],
  });
export type ReconciliationRequest = z.infer<typeof reconciliationRequest>;

export const RECONCILIATION_ITEM_KINDS = [
  /** A successful charge at Paystack the book did not have: it went through the charge rule. */
  'recovered',
  /** A charge the book has with another amount or currency than Paystack's. */
  'mismatch',
  /** A successful charge that names no order of this shop: kept in the book, not refunded. */
  'unmatched',
  /** Paystack still reports the transaction as not finished: checked again until it is. */
  'pending',
] as const;

export const reconciliationItemSchema = z.object({
  kind: z.enum(RECONCILIATION_ITEM_KINDS),
  reference: z.string(),
  orderId: z.string().nullable(),
  amountKobo: z.number().int(),
  currency: z.string(),
  /** What was done, in words. */
  action: z.string(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemSchema>;

export const reconciliationSummarySchema = z.object({
  /** Successful charges Paystack listed for the period, and their total. */
  providerCharges: z.number().int(),
  providerChargedKobo: z.number().int(),
  /** Charges the book has for the period (by when they were recorded). */
  charges: z.number().int(),
  chargedKobo: z.number().int(),
  offlinePayments: z.number().int(),
  offlineKobo: z.number().int(),
  refunds: z.number().int(),
  refundedKobo: z.number().int(),
  /** Charges and offline payments less refunds of the period. */
  netKobo: z.number().int(),
  /** Local transactions still pending that were verified. */
  verified: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

export const reconciliationRunSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  /** Who asked for it, in words ('Daily run (automatic)' for the scheduled one). */
  requestedBy: z.string(),
  summary: reconciliationSummarySchema.nullable(),
  items: z.array(reconciliationItemSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationListResponse = z.object({ runs: z.array(reconciliationRunSchema) });
export type ReconciliationListResponse = z.infer<typeof reconciliationListResponse>;
