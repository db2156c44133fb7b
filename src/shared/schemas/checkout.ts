import { z } from 'zod';
import { NIGERIAN_STATES } from '../constants';
import { PAYMENT_KINDS } from '../fulfilment';
import { PAYMENT_CHANNELS } from '../payment-channels';
import { cartSchema } from './cart';
import { shippingMethodSchema } from './catalog';
import { discountCodeInput, priceBreakdownSchema } from './promotions';
import { multiLine, singleLine, TEXT_MAX, TEXT_MESSAGES } from './text';

const fullName = singleLine(
  TEXT_MAX.fullName,
  TEXT_MESSAGES.tooLong('Full name', TEXT_MAX.fullName),
  'Full name is required',
).min(3, 'Full name is required');
const email = singleLine(TEXT_MAX.email, 'Please enter a valid email', 'Please enter a valid email').pipe(
  z.email('Please enter a valid email'),
);
const phone = singleLine(
  TEXT_MAX.phone,
  'Please enter a valid phone number',
  'Please enter a valid phone number',
)
  .min(10, 'Please enter a valid phone number')
  .regex(/^\+?[\d\s()-]+$/, 'Please enter a valid phone number');
const address = singleLine(
  TEXT_MAX.address,
  TEXT_MESSAGES.tooLong('Address', TEXT_MAX.address),
  'Address is required',
).min(5, 'Address is required');
const city = singleLine(TEXT_MAX.city, TEXT_MESSAGES.tooLong('City', TEXT_MAX.city), 'City is required').min(
  2,
  'City is required',
);
const state = z.enum(NIGERIAN_STATES, 'State is required');

export const addressSchema = z.object({ fullName, email, phone, address, city, state });
export type Address = z.infer<typeof addressSchema>;

const billingText = singleLine(
  TEXT_MAX.address,
  TEXT_MESSAGES.tooLong('This field', TEXT_MAX.address),
).optional();

/**
 * The checkout form. Billing fields are only read (and required) when sameAsShipping is false;
 * otherwise billing copies shipping. Prices are never part of it: the server prices the cart.
 */
export const checkoutFormSchema = z
  .object({
    fullName,
    email,
    phone,
    address,
    city,
    state,
    sameAsShipping: z.boolean().default(true),
    billingFullName: billingText,
    billingEmail: billingText,
    billingPhone: billingText,
    billingAddress: billingText,
    billingCity: billingText,
    billingState: billingText,
    notes: multiLine(TEXT_MAX.notes, TEXT_MESSAGES.tooLong('Notes', TEXT_MAX.notes)).optional(),
    /** A method of the zone the shipping state is in (the server checks it against the state). */
    shippingMethodCode: singleLine(40, 'Please choose a delivery method', 'Please choose a delivery method')
      .min(1, 'Please choose a delivery method')
      .default('standard'),
    /** Pay now through Paystack, or on delivery (where the zone and the shop allow it). */
    paymentMethod: z.enum(PAYMENT_KINDS, 'Please choose how to pay').default('paystack'),
    /** A discount code as typed (trimmed, upper-cased); the server checks and prices it again. */
    discountCode: discountCodeInput.optional(),
  })
  .superRefine((form, ctx) => {
    if (form.sameAsShipping) return;
    const billing = addressSchema.safeParse({
      fullName: form.billingFullName ?? '',
      email: form.billingEmail ?? '',
      phone: form.billingPhone ?? '',
      address: form.billingAddress ?? '',
      city: form.billingCity ?? '',
      state: form.billingState ?? '',
    });
    if (billing.success) return;
    for (const issue of billing.error.issues) {
      const field = String(issue.path[0] ?? '');
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [`billing${field.charAt(0).toUpperCase()}${field.slice(1)}`],
      });
    }
  });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

export const shippingOptionSchema = shippingMethodSchema.extend({
  /** What this cart would pay for this method (0 when the free threshold is passed). */
  costKobo: z.number().int(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const checkoutPrefillSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
});

/**
 * The cart priced for checkout with the code given (or none): each line's share of the discount,
 * and the whole breakdown for each delivery method, so changing the method changes nothing the
 * server did not price.
 */
export const checkoutPricingSchema = z.object({
  discountCode: z.string().nullable(),
  /** By cart line id: that line's share of the code's discount. */
  lines: z.array(z.object({ id: z.string(), discountKobo: z.number().int() })),
  /** By shipping method id (a code is unique only within its zone). */
  quotes: z.array(z.object({ shippingMethodId: z.string(), breakdown: priceBreakdownSchema })),
  /** Without any delivery method chosen. */
  breakdown: priceBreakdownSchema,
});
export type CheckoutPricing = z.infer<typeof checkoutPricingSchema>;
export const checkoutPricingResponseSchema = z.object({ pricing: checkoutPricingSchema });

/** A delivery zone as checkout offers it: its states and its active methods priced for this cart. */
export const checkoutZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  methods: z.array(shippingOptionSchema),
  /** Pay on delivery up to this total in this zone (when the shop has it on); null: not here. */
  payOnDeliveryMaxKobo: z.number().int().nullable(),
});
export type CheckoutZone = z.infer<typeof checkoutZoneSchema>;

export const checkoutSummarySchema = z.object({
  prefill: checkoutPrefillSchema,
  /** Every zone with an active method; a state in none of them cannot be shipped to. */
  zones: z.array(checkoutZoneSchema),
  /** Where pickup orders are collected. */
  pickup: z.object({ address: z.string(), openingHours: z.string() }),
  /**
   * Pay on delivery for this shopper: `offered` when the shop has it on; `refusal` says why this
   * account cannot use it now (an open pay-on-delivery order, an unconfirmed email), else null.
   * Each zone's maximum applies on top.
   */
  payOnDelivery: z.object({ offered: z.boolean(), refusal: z.string().nullable() }),
  /** What Paystack's window offers (Settings → Payment), for "Pay now — card, bank transfer or USSD". */
  paymentChannels: z.array(z.enum(PAYMENT_CHANNELS)),
  cart: cartSchema,
  /** Priced without a code. */
  pricing: checkoutPricingSchema,
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

export const placeOrderResponseSchema = z.object({ orderId: z.string() });
