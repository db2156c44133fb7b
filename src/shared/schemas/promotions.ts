import { z } from 'zod';
import { singleLine } from './text';

/**
 * Promotions: sale prices, automatic offers and discount codes. The server prices every cart and
 * order (src/server/features/promotions/pricing.ts); these are the shapes it answers in.
 */

export const DISCOUNT_KINDS = ['code', 'automatic'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_TYPES = ['percentage', 'fixed', 'free_shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_TARGETS = ['all', 'categories', 'products'] as const;
export type DiscountTarget = (typeof DISCOUNT_TARGETS)[number];
/** What the admin's list shows for each discount, from its dates, switch and uses. */
export const DISCOUNT_STATUSES = ['scheduled', 'active', 'expired', 'used_up', 'inactive'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** How a sale price, an automatic offer and a code combine, as the shopper is told it. */
export const COMBINATION_RULE =
  'One offer per item: a sale price or an automatic offer, whichever is lower. One discount code per order, taken off those prices.';

/** A code as the shopper types it: trimmed, any case. */
export const discountCodeInput = singleLine(
  40,
  'Please enter a discount code',
  'Please enter a discount code',
)
  .min(1, 'Please enter a discount code')
  .transform((code) => code.trim().toUpperCase());

export const applyDiscountSchema = z.object({ code: discountCodeInput });
export type ApplyDiscount = z.input<typeof applyDiscountSchema>;

/** Why a code was refused: each is said in the shop's own words (REFUSALS in the server). */
export const DISCOUNT_REFUSALS = [
  'unknown',
  'expired',
  'not_started',
  'minimum_not_reached',
  'used_up',
  'already_used',
  'not_applicable',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** A price as the storefront shows it: what is charged, and what it was when an offer lowered it. */
export const offerSchema = z.object({
  /** The product's own price, struck through; null when nothing lowers it. */
  compareAtKobo: z.number().int().nullable(),
  /** Whole percent off the product's own price, for the "-20%" badge; null without an offer. */
  percentOff: z.number().int().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** The code applied to a cart or an order. */
export const appliedDiscountSchema = z.object({
  code: z.string(),
  title: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  /** Taken off the items. */
  amountKobo: z.number().int(),
  /** The delivery fee waived (free-delivery codes). */
  shippingKobo: z.number().int(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

/**
 * The breakdown shown the same way on every screen, email and export: subtotal − discount +
 * delivery = total, in kobo.
 */
export const priceBreakdownSchema = z.object({
  subtotalKobo: z.number().int(),
  discountKobo: z.number().int(),
  shippingKobo: z.number().int(),
  totalKobo: z.number().int(),
  /** The code, or null. */
  discount: appliedDiscountSchema.nullable(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;
