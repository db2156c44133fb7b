import { z } from 'zod';
// The product's wording for every check (and NUL/length rules).
import './text';
import { GENDERS } from '../constants';

/** How many of one item a single cart line may hold, whatever the stock. */
export const CART_LINE_MAX = 99;

/** coming_soon: a drop not released yet; over_limit: more than its limit per customer leaves. */
export const CART_LINE_STATUSES = [
  'ok',
  'inactive',
  'coming_soon',
  'sold_out',
  'over_limit',
  'insufficient_stock',
] as const;
export type CartLineStatus = (typeof CART_LINE_STATUSES)[number];

export const cartItemInputSchema = z.object({
  productId: z.uuid('Product not found'),
  variantId: z.uuid('Please select a size'),
  gender: z.enum(GENDERS, 'Please select a gender'),
  quantity: z.coerce.number().int().min(1).max(CART_LINE_MAX).default(1),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;

export const cartItemQuantitySchema = z.object({
  quantity: z.coerce.number().int().max(CART_LINE_MAX),
});

/** A guest cart (kept in browser storage) sent to be priced or merged at sign-in. */
export const guestCartSchema = z.object({
  items: z.array(cartItemInputSchema).max(100),
});
export type GuestCart = z.input<typeof guestCartSchema>;

export const cartLineSchema = z.object({
  /** cart_items id for a signed-in cart; `temp_{variantId}_{gender}` for a priced guest cart. */
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  name: z.string(),
  /** The price charged for one: the offer price when a sale or an automatic offer lowers it. */
  priceKobo: z.number().int(),
  /** The product's own price, struck through, when an offer lowers it; else null. */
  compareAtKobo: z.number().int().nullable(),
  /** The product's main image (display_order 1), or null. */
  imageId: z.string().nullable(),
  size: z.string(),
  color: z.string().nullable(),
  gender: z.enum(GENDERS),
  quantity: z.number().int(),
  stockAvailable: z.number().int(),
  /**
   * A drop's limit per customer, less what the account has ordered and the cart's other lines of
   * the product hold: the most this line may have. Null when the product has no limit.
   */
  allowance: z.number().int().nullable(),
  /** A drop's release time (ISO), or null. */
  releaseAt: z.string().nullable(),
  status: z.enum(CART_LINE_STATUSES),
  lineTotalKobo: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** Sum of quantities of every line (the badge count). */
  totalItems: z.number().int(),
  /** Sum of price x quantity of every line, from the database. */
  subtotalKobo: z.number().int(),
  /** False when a line is not 'ok': checkout would refuse it. */
  canCheckout: z.boolean(),
  /** Things the shopper should be told (a quantity capped by stock, an item dropped …). */
  notices: z.array(z.string()),
});
export type Cart = z.infer<typeof cartSchema>;
