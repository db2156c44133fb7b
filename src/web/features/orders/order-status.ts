/**
 * How an order's status and payment status read to a shopper (spec §4): colours, labels, the
 * progress bar and the confirmation headline. Shared by the order confirmation and the account's
 * Orders tab. Statuses come from the server as strings; anything unknown gets the neutral style.
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

/** A missing status shows as Pending. */
export function orderStatusTone(status: string | null | undefined): Tone {
  const value = status || 'pending';
  return { label: capitalise(value), className: STATUS_TONES[value] ?? GREY };
}

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

export function orderHeadline(status: string | null | undefined): { title: string; text: string | null } {
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
