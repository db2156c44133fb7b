import { formatNaira } from '#shared/money';
import type { LedgerKind } from '#shared/schemas/money';

/**
 * Words for the payments ledger that more than one section shows (the order's dialog, the
 * Payments section), so an automatic refund or a line of the book reads the same everywhere.
 */

/** Why a refund was made: an admin's, or one the shop made by itself. */
export const REFUND_KIND_LABELS: Record<string, string> = {
  admin: 'By an admin',
  second_payment: 'Second payment',
  not_deliverable: 'Order could not be delivered',
  amount_mismatch: 'Amount differed',
  order_cancelled: 'Order cancelled',
};

export const refundKindLabel = (kind: string) => REFUND_KIND_LABELS[kind] ?? kind.replaceAll('_', ' ');

/** A line of the order's book, in words. */
export const LEDGER_KIND_WORDS: Record<LedgerKind, string> = {
  charge: 'Paid through Paystack',
  offline_payment: 'Paid outside Paystack',
  refund_requested: 'Refund asked of Paystack',
  refund_processed: 'Refunded by Paystack',
  refund_failed: 'Refund failed at Paystack',
  offline_refund: 'Refunded outside Paystack',
};

/** An amount in its currency: naira as the shop writes it, another currency by its code. */
export const money = (kobo: number, currency = 'NGN') =>
  currency === 'NGN' ? formatNaira(kobo) : `${currency} ${(kobo / 100).toFixed(2)}`;
