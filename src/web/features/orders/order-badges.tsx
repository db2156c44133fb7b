import type { Fulfilment } from '#shared/fulfilment';
import { Badge } from '../../components/ui/badge';
import { orderStatusTone, type PaymentView, paymentTone } from './order-status';

/**
 * Colour-coded order status (pending yellow, processing blue, shipped purple, delivered green,
 * cancelled red, other grey; missing reads Pending), in a pickup order's words when it is one
 * ("Ready for pickup", "Picked up"). The colour is never the only signal: the word is there, and
 * screen readers hear what the badge is about.
 */
export function OrderStatusBadge({
  status,
  fulfilment,
}: {
  status: string | null | undefined;
  fulfilment?: Fulfilment | null;
}) {
  const tone = orderStatusTone(status, fulfilment);
  return (
    <Badge label="Order status: " className={`ring-1 ring-inset ${tone.className}`}>
      {tone.label}
    </Badge>
  );
}

/**
 * Colour-coded payment status (paid green, pending yellow, failed red, refunded blue, other grey);
 * an unpaid order waiting for Paystack reads "Awaiting your payment" ("Awaiting payment" to an
 * admin), one paid at the door "Pay on delivery" (paymentTone).
 */
export function PaymentStatusBadge({
  status,
  awaitingPayment,
  paymentKind,
  orderStatus,
  audience = 'shopper',
}: {
  status: string | null | undefined;
  awaitingPayment?: PaymentView['awaitingPayment'];
  paymentKind?: PaymentView['paymentKind'];
  /** The order's status: a cancelled order is neither awaited nor collected at the door. */
  orderStatus?: PaymentView['orderStatus'];
  audience?: 'shopper' | 'admin';
}) {
  const tone = paymentTone({ paymentStatus: status, awaitingPayment, paymentKind, orderStatus }, audience);
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
  fulfilment,
  awaitingPayment,
  paymentKind,
  audience,
  named = false,
}: {
  status: string | null | undefined;
  paymentStatus: string | null | undefined;
  fulfilment?: Fulfilment | null;
  awaitingPayment?: PaymentView['awaitingPayment'];
  paymentKind?: PaymentView['paymentKind'];
  audience?: 'shopper' | 'admin';
  named?: boolean;
}) {
  const order = <OrderStatusBadge status={status} fulfilment={fulfilment} />;
  const payment = (
    <PaymentStatusBadge
      status={paymentStatus}
      awaitingPayment={awaitingPayment}
      paymentKind={paymentKind}
      orderStatus={status}
      audience={audience}
    />
  );
  if (!named) {
    return (
      <>
        {order}
        {payment}
      </>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-neutral-500">
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true">Order</span>
        {order}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true">Payment</span>
        {payment}
      </span>
    </span>
  );
}
