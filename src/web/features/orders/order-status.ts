import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import {
  type Fulfilment,
  orderStatusLabel,
  PAY_ON_DELIVERY_LABEL,
  type PaymentKind,
} from '#shared/fulfilment';

/**
 * How an order's status and payment status read to a shopper (spec §4): colours, labels, the
 * progress bar and the confirmation headline. Shared by the order confirmation, the account's
 * Orders tab and the admin's orders. Statuses come from the server as strings; anything unknown
 * gets the neutral style. A pickup order's shipped reads "Ready for pickup", its delivered
 * "Picked up" (orderStatusLabel).
 */

type Tone = { label: string; className: string };

const GREY = 'bg-neutral-100 text-neutral-800 ring-neutral-300';

const STATUS_TONES: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  processing: 'bg-blue-100 text-blue-900 ring-blue-300',
  shipped: 'bg-purple-100 text-purple-900 ring-purple-300',
  delivered: 'bg-green-100 text-green-900 ring-green-300',
  cancelled: 'bg-red-100 text-red-900 ring-red-300',
};

const PAYMENT_TONES: Record<string, string> = {
  paid: 'bg-green-100 text-green-900 ring-green-300',
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  refunded: 'bg-blue-100 text-blue-900 ring-blue-300',
  partially_refunded: 'bg-blue-100 text-blue-900 ring-blue-300',
};

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');

const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** The status in words: a known one as orderStatusLabel says it for the order's fulfilment. */
export function orderStatusWords(status: string | null | undefined, fulfilment?: Fulfilment | null): string {
  const value = status || 'pending';
  return isOrderStatus(value) ? orderStatusLabel(value, fulfilment ?? 'delivery') : capitalise(value);
}

/** A missing status shows as Pending. */
export function orderStatusTone(status: string | null | undefined, fulfilment?: Fulfilment | null): Tone {
  const value = status || 'pending';
  return { label: orderStatusWords(value, fulfilment), className: STATUS_TONES[value] ?? GREY };
}

/** What the payment badge reads besides the payment status: waiting for the bank, or paid at the door. */
export type PaymentView = {
  paymentStatus: string | null | undefined;
  awaitingPayment?: boolean;
  paymentKind?: PaymentKind;
  orderStatus?: string | null;
};

const AMBER = 'bg-amber-100 text-amber-950 ring-amber-300';
const ORANGE = 'bg-orange-100 text-orange-950 ring-orange-300';

/**
 * An unpaid order's payment badge says why it is unpaid: Paystack is confirming a transfer or
 * USSD payment ("Awaiting your payment" to the shopper, "Awaiting payment" to the admin), or the
 * money is collected at the door ("Pay on delivery"). Otherwise the payment status.
 */
export function paymentTone(view: PaymentView, audience: 'shopper' | 'admin' = 'shopper'): Tone {
  // A cancelled order waits for nothing and is collected at nobody's door.
  const unpaid = (view.paymentStatus || 'pending') === 'pending' && view.orderStatus !== 'cancelled';
  if (unpaid && view.awaitingPayment) {
    return { label: audience === 'admin' ? 'Awaiting payment' : 'Awaiting your payment', className: AMBER };
  }
  if (unpaid && view.paymentKind === 'pay_on_delivery')
    return { label: PAY_ON_DELIVERY_LABEL, className: ORANGE };
  return paymentStatusTone(view.paymentStatus);
}

/** Paystack is confirming a payment of the unpaid order: the shopper's page waits for it. */
export const awaitingPayment = (order: {
  status: string;
  paymentStatus: string;
  awaitingPayment?: boolean;
}) => Boolean(order.awaitingPayment) && order.paymentStatus === 'pending' && order.status !== 'cancelled';

export function paymentStatusTone(status: string | null | undefined): Tone {
  const value = status || 'pending';
  return { label: capitalise(value), className: PAYMENT_TONES[value] ?? GREY };
}

const PROGRESS: Record<string, number> = {
  pending: 25,
  processing: 50,
  shipped: 75,
  delivered: 100,
  cancelled: 0,
};

/** The four-step bar: pending 25, processing 50, shipped 75, delivered 100, cancelled 0, else 25. */
export function orderProgress(status: string | null | undefined): number {
  return PROGRESS[status ?? ''] ?? 25;
}

export const PROGRESS_STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const;
export const PICKUP_PROGRESS_STEPS = ['Placed', 'Processing', 'Ready for pickup', 'Picked up'] as const;

export const progressSteps = (fulfilment?: Fulfilment | null): readonly string[] =>
  fulfilment === 'pickup' ? PICKUP_PROGRESS_STEPS : PROGRESS_STEPS;

export const AWAITING_PAYMENT_TEXT =
  'Paystack is waiting for your bank transfer or USSD payment to arrive. This page updates by itself once it is paid.';

export function orderHeadline(
  status: string | null | undefined,
  options: { fulfilment?: Fulfilment | null; awaitingPayment?: boolean } = {},
): { title: string; text: string | null } {
  if (options.awaitingPayment && status !== 'cancelled') {
    return { title: 'Awaiting your payment', text: AWAITING_PAYMENT_TEXT };
  }
  if (options.fulfilment === 'pickup' && status === 'shipped')
    return { title: 'Ready for Pickup!', text: null };
  if (options.fulfilment === 'pickup' && status === 'delivered')
    return { title: 'Order Picked Up!', text: null };
  switch (status) {
    case 'cancelled':
      return {
        title: 'Order Cancelled',
        text: 'This order has been cancelled. Please contact support if you have any questions.',
      };
    case 'delivered':
      return { title: 'Order Delivered!', text: null };
    case 'shipped':
      return { title: 'Order Shipped!', text: null };
    default:
      return { title: 'Order Confirmed!', text: null };
  }
}
