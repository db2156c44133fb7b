import { Badge } from '../../components/ui/badge';
import { orderStatusTone, paymentStatusTone } from './order-status';

/**
 * Colour-coded order status (pending yellow, processing blue, shipped purple, delivered green,
 * cancelled red, other grey; missing reads Pending). The colour is never the only signal: the
 * word is there, and screen readers hear what the badge is about.
 */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const tone = orderStatusTone(status);
  return (
    <Badge label="Order status: " className={`ring-1 ring-inset ${tone.className}`}>
      {tone.label}
    </Badge>
  );
}

/** Colour-coded payment status (paid green, pending yellow, failed red, refunded blue, other grey). */
export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  const tone = paymentStatusTone(status);
  return (
    <Badge label="Payment status: " className={`ring-1 ring-inset ${tone.className}`}>
      {tone.label}
    </Badge>
  );
}

/**
 * An order's two badges, for a row of orders (OrderRow). `named`: each with a visible word before
 * it ('Order', 'Payment') for shoppers; screen readers get them from the badges.
 */
export function OrderBadges({
  status,
  paymentStatus,
  named = false,
}: {
  status: string | null | undefined;
  paymentStatus: string | null | undefined;
  named?: boolean;
}) {
  if (!named) {
    return (
      <>
        <OrderStatusBadge status={status} />
        <PaymentStatusBadge status={paymentStatus} />
      </>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-neutral-500">
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true">Order</span>
        <OrderStatusBadge status={status} />
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true">Payment</span>
        <PaymentStatusBadge status={paymentStatus} />
      </span>
    </span>
  );
}
