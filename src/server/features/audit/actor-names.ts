/** Who did something, as an admin reads it: an admin's email, or the part of the shop that did it. */

const SYSTEM_ACTORS: Record<string, string> = {
  'system:order-expiry': 'Unpaid-order expiry',
  'system:payment-webhook': 'Payment provider (webhook)',
  'system:payment-verify': 'Payment check',
  'system:payment-check': 'Pending-payment check with Paystack',
  'system:payment-refund': 'Automatic refund',
  'system:refund-check': 'Refund check with Paystack',
  'system:reconciliation': 'Reconciliation with Paystack',
  'system:migration': 'Shop upgrade',
  'system:demo-seed': 'Demo data',
  'system:script': 'Script',
};

/** A stored actor label ('system:payment-webhook', an email) in words; null when there is none. */
export const actorName = (label: string): string | null => SYSTEM_ACTORS[label] ?? (label || null);
