import { z } from 'zod';
// The product's wording for every check (and NUL/length rules).
import './text';
import { GENDERS, ORDER_STATUSES, PAYMENT_STATUSES } from '../constants';
import { FULFILMENTS, PAYMENT_KINDS } from '../fulfilment';
import { shopperMoneySchema } from './money';
import { appliedDiscountSchema } from './promotions';

/** An address as the order keeps it: a copy, so editing a saved address never changes an order. */
export const addressSnapshot = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
});

export type AddressSnapshot = z.infer<typeof addressSnapshot>;

/** Where and when a pickup order is collected, as the shop said when it was placed. */
export const pickupLocationSchema = z.object({ address: z.string(), openingHours: z.string() });
export type PickupLocation = z.infer<typeof pickupLocationSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  imageId: z.string().nullable(),
  quantity: z.number().int(),
  /** The price charged for one (the offer price, when a sale or an automatic offer lowered it). */
  unitPriceKobo: z.number().int(),
  /** The product's own price, struck through, when an offer lowered it; else null. */
  listPriceKobo: z.number().int().nullable(),
  /** unitPriceKobo × quantity. */
  lineTotalKobo: z.number().int(),
  /** This line's share of the order's discount code: the line was paid lineTotalKobo − this. */
  discountKobo: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  email: z.string(),
  subtotalKobo: z.number().int(),
  /** Taken off the items by the order's discount code. */
  discountKobo: z.number().int(),
  shippingCostKobo: z.number().int(),
  /** subtotalKobo − discountKobo + shippingCostKobo. */
  totalAmountKobo: z.number().int(),
  /** The code the order used, or null. */
  discount: appliedDiscountSchema.nullable(),
  shippingAddress: addressSnapshot,
  billingAddress: addressSnapshot,
  shippingMethod: z.string(),
  shippingMethodCode: z.string().nullable(),
  /** The delivery zone the order was placed in (null: placed before zones). */
  shippingZone: z.string().nullable(),
  /** Delivered to the address, or picked up in store (then `pickup` says where and when). */
  fulfilment: z.enum(FULFILMENTS),
  pickup: pickupLocationSchema.nullable(),
  /** Paid online through Paystack, or to the shop at the door. */
  paymentKind: z.enum(PAYMENT_KINDS),
  paymentMethod: z.string(),
  /**
   * Paystack reports a payment of this order pending (a bank transfer or USSD payment the bank is
   * confirming): the order is "awaiting your payment" and becomes paid by itself.
   */
  awaitingPayment: z.boolean(),
  notes: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  itemCount: z.number().int(),
  items: z.array(orderItemSchema),
  /** The order's money from the payments ledger: paid, refunded, on its way back, and why. */
  money: shopperMoneySchema,
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({ orders: z.array(orderSchema) });
export const orderResponseSchema = z.object({ order: orderSchema });
