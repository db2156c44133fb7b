import { orderStatusTone, paymentStatusTone } from './order-status';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset';

/**
 * Colour-coded order status (pending yellow, processing blue, shipped purple, delivered green,
 * cancelled red, other grey; missing reads Pending). The colour is never the only signal: the
 * word is there, and screen readers hear what the badge is about.
 */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const tone = orderStatusTone(status);
  return (
    <span className={`${badge} ${tone.className}`}>
      <span className="sr-only">Order status: </span>
      {tone.label}
    </span>
  );
}

/** Colour-coded payment status (paid green, pending yellow, failed red, refunded blue, other grey). */
export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  const tone = paymentStatusTone(status);
  return (
    <span className={`${badge} ${tone.className}`}>
      <span className="sr-only">Payment status: </span>
      {tone.label}
    </span>
  );
}
