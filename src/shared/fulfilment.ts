/** How an order reaches its shopper and how it is paid: the words and values every screen shares. */
import type { OrderStatus } from './constants';

/**
 * How an order reaches its shopper: delivered to the address, or picked up in store. A pickup
 * order's `shipped` is "Ready for pickup" and its `delivered` is "Picked up" (orderStatusLabel).
 */
export const FULFILMENTS = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** The words for an order's status: a pickup order is made ready and picked up, not shipped. */
export function orderStatusLabel(status: OrderStatus, fulfilment: Fulfilment = 'delivery'): string {
  if (fulfilment === 'pickup' && status === 'shipped') return 'Ready for pickup';
  if (fulfilment === 'pickup' && status === 'delivered') return 'Picked up';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** How an order is paid: online through Paystack, or to the shop at the door. */
export const PAYMENT_KINDS = ['paystack', 'pay_on_delivery'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAY_ON_DELIVERY_LABEL = 'Pay on delivery';
