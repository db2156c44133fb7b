/**
 * Admin → Discounts: the requests that create and change discount codes and automatic discounts,
 * and the list the section shows (each discount with its status, uses and what it brought in).
 */
import { z } from 'zod';
import { formatNaira } from '../money';
import { DISCOUNT_KINDS, DISCOUNT_STATUSES, DISCOUNT_TARGETS, DISCOUNT_TYPES } from './promotions';
import { singleLine } from './text';

/**
 * The most a percentage may take off. An item is never given away: an order must leave something
 * to pay, and Paystack cannot take a payment of ₦0.
 */
export const DISCOUNT_MAX_PERCENT = 90;

export const DISCOUNT_MESSAGES = {
  loadFailed: 'Failed to load discounts. Please try again.',
  none: 'No discounts yet',
  saveFailed: 'Failed to save the discount. Please try again.',
  created: 'Discount created',
  updated: 'Discount saved',
  activated: 'Discount activated',
  deactivated: 'Discount deactivated',
  notFound: 'Discount not found',
  kind: 'Choose a discount code or an automatic discount',
  codeRequired: 'Please enter a code',
  codeFormat: 'Use 3 to 40 letters, numbers, - or _, without spaces',
  titleRequired: 'Please enter a title',
  titleTooLong: 'Title must be 120 characters or fewer',
  type: 'Choose a percentage, a fixed amount or free delivery',
  percentOff: `Enter a percentage from 1 to ${DISCOUNT_MAX_PERCENT}`,
  amountOff: 'Enter the amount off',
  amountPositive: 'The amount off must be more than ₦0',
  minSubtotal: 'Enter the minimum spend, or leave it empty',
  target: 'Choose all products, some categories or some products',
  categoriesRequired: 'Choose at least one category',
  productsRequired: 'Choose at least one product',
  startsAt: 'Please choose when it starts',
  endsAt: 'Enter a valid end date and time',
  endAfterStart: 'The end must be after the start',
  usageLimit: 'Enter a whole number of uses, or leave it empty',
  perCustomerLimit: 'Enter a whole number of uses per customer, or leave it empty',
  perCustomerAboveLimit: 'The limit per customer cannot be more than the usage limit',
  automaticPercentage: 'An automatic discount must be a percentage off',
  automaticNoMinimum: 'An automatic discount has no minimum spend',
  automaticNoLimit: 'An automatic discount has no usage limit',
  isActive: 'Active must be true or false',
  kindChanged: "A discount's kind cannot be changed. Create a new discount instead.",
  unknownCategories: 'Some of the chosen categories no longer exist. Please choose again.',
  unknownProducts: 'Some of the chosen products no longer exist. Please choose again.',
} as const;

/** The largest amount an admin may type: ₦100,000,000. */
export const DISCOUNT_MAX_KOBO = 10_000_000_000;
export const DISCOUNT_MAX_USES = 1_000_000;
export const DISCOUNT_MAX_PER_CUSTOMER = 1_000;
export const DISCOUNT_MAX_CATEGORIES = 100;
export const DISCOUNT_MAX_PRODUCTS = 200;

const CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;

/** The message for a code that already exists (409). */
export const duplicateCodeMessage = (code: string) => `There is already a discount with the code ${code}.`;

const kobo = (message: string) =>
  z
    .number(message)
    .int(message)
    .min(1, message)
    .max(DISCOUNT_MAX_KOBO, `Enter at most ${formatNaira(DISCOUNT_MAX_KOBO)}`);

const count = (message: string, max: number) =>
  z
    .number(message)
    .int(message)
    .min(1, message)
    .max(max, `Enter at most ${max.toLocaleString('en-NG')}`);

/** A moment as ISO 8601 with its offset, in a year the shop can mean. */
const moment = (message: string) =>
  z
    .string(message)
    .min(1, message)
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 2000 && year <= 2100;
    }, 'Choose a date between 2000 and 2100');

const ids = (message: string, max: number, tooMany: string) =>
  z.array(z.uuid(message), message).max(max, tooMany);

const fields = {
  kind: z.enum(DISCOUNT_KINDS, DISCOUNT_MESSAGES.kind),
  /** For a code: trimmed and upper-cased; shoppers type it in any case. Ignored for automatic ones. */
  code: z
    .string(DISCOUNT_MESSAGES.codeRequired)
    .trim()
    .transform((value) => value.toUpperCase())
    .nullable()
    .optional(),
  title: singleLine(120, DISCOUNT_MESSAGES.titleTooLong, DISCOUNT_MESSAGES.titleRequired).min(
    1,
    DISCOUNT_MESSAGES.titleRequired,
  ),
  type: z.enum(DISCOUNT_TYPES, DISCOUNT_MESSAGES.type),
  /** For a percentage off. */
  percentOff: z
    .number(DISCOUNT_MESSAGES.percentOff)
    .int(DISCOUNT_MESSAGES.percentOff)
    .min(1, DISCOUNT_MESSAGES.percentOff)
    .max(DISCOUNT_MAX_PERCENT, DISCOUNT_MESSAGES.percentOff)
    .nullable()
    .optional(),
  /** For a fixed amount off, in kobo. */
  amountOffKobo: z
    .number(DISCOUNT_MESSAGES.amountOff)
    .int(DISCOUNT_MESSAGES.amountOff)
    .min(1, DISCOUNT_MESSAGES.amountPositive)
    .max(DISCOUNT_MAX_KOBO, `Enter at most ${formatNaira(DISCOUNT_MAX_KOBO)}`)
    .nullable()
    .optional(),
  appliesTo: z.enum(DISCOUNT_TARGETS, DISCOUNT_MESSAGES.target).default('all'),
  categoryIds: ids(
    'Choose categories from the list',
    DISCOUNT_MAX_CATEGORIES,
    `Choose at most ${DISCOUNT_MAX_CATEGORIES} categories`,
  ).default([]),
  productIds: ids(
    'Choose products from the list',
    DISCOUNT_MAX_PRODUCTS,
    `Choose at most ${DISCOUNT_MAX_PRODUCTS} products`,
  ).default([]),
  /** A code applies once the items it covers reach this, in kobo. */
  minSubtotalKobo: kobo(DISCOUNT_MESSAGES.minSubtotal).nullable().optional(),
  startsAt: moment(DISCOUNT_MESSAGES.startsAt),
  /** Empty or null: it runs until it is deactivated. */
  endsAt: z
    .union([z.literal(''), z.null(), moment(DISCOUNT_MESSAGES.endsAt)], DISCOUNT_MESSAGES.endsAt)
    .optional(),
  usageLimit: count(DISCOUNT_MESSAGES.usageLimit, DISCOUNT_MAX_USES).nullable().optional(),
  perCustomerLimit: count(DISCOUNT_MESSAGES.perCustomerLimit, DISCOUNT_MAX_PER_CUSTOMER)
    .nullable()
    .optional(),
  isActive: z.boolean(DISCOUNT_MESSAGES.isActive).default(true),
};

/** The fields as far as they were read: a field that failed its own check may hold anything. */
type Read = { [K in keyof z.output<z.ZodObject<typeof fields>>]?: unknown };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isMoment = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/**
 * The rules across fields, each said on the field to change. They run even when a field failed
 * its own check, so a form hears every problem at once; each rule looks only at fields it can read.
 */
function checkDiscount(value: Read, ctx: z.RefinementCtx) {
  const issue = (path: keyof Read, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.kind === 'code') {
    if (typeof value.code !== 'string' || value.code === '') issue('code', DISCOUNT_MESSAGES.codeRequired);
    else if (!CODE_PATTERN.test(value.code)) issue('code', DISCOUNT_MESSAGES.codeFormat);
  } else if (value.kind === 'automatic') {
    // Automatic discounts are prices (offer_price_kobo): a percentage, for every order alike.
    if (value.type !== 'percentage') issue('type', DISCOUNT_MESSAGES.automaticPercentage);
    if (value.minSubtotalKobo != null) issue('minSubtotalKobo', DISCOUNT_MESSAGES.automaticNoMinimum);
    if (value.usageLimit != null) issue('usageLimit', DISCOUNT_MESSAGES.automaticNoLimit);
    if (value.perCustomerLimit != null) issue('perCustomerLimit', DISCOUNT_MESSAGES.automaticNoLimit);
  }
  if (value.type === 'percentage' && value.percentOff == null)
    issue('percentOff', DISCOUNT_MESSAGES.percentOff);
  if (value.type === 'fixed' && value.amountOffKobo == null)
    issue('amountOffKobo', DISCOUNT_MESSAGES.amountOff);
  if (
    value.appliesTo === 'categories' &&
    Array.isArray(value.categoryIds) &&
    value.categoryIds.length === 0
  ) {
    issue('categoryIds', DISCOUNT_MESSAGES.categoriesRequired);
  }
  if (value.appliesTo === 'products' && Array.isArray(value.productIds) && value.productIds.length === 0) {
    issue('productIds', DISCOUNT_MESSAGES.productsRequired);
  }
  if (
    isMoment(value.startsAt) &&
    isMoment(value.endsAt) &&
    Date.parse(value.endsAt) <= Date.parse(value.startsAt)
  ) {
    issue('endsAt', DISCOUNT_MESSAGES.endAfterStart);
  }
  if (
    isNumber(value.usageLimit) &&
    isNumber(value.perCustomerLimit) &&
    value.perCustomerLimit > value.usageLimit
  ) {
    issue('perCustomerLimit', DISCOUNT_MESSAGES.perCustomerAboveLimit);
  }
}

const distinct = (values: string[]) => [...new Set(values.map((value) => value.toLowerCase()))];

/**
 * POST /api/admin/discounts and PUT /api/admin/discounts/:id: the whole discount. What does not
 * belong to its kind, type or target (a code for an automatic discount, an amount for a
 * percentage, products for "all products") is dropped; what contradicts it is refused.
 */
export const discountRequest = z
  .object(fields)
  .superRefine((value, ctx) => checkDiscount(value, ctx), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .transform((value) => ({
    kind: value.kind,
    code: value.kind === 'code' ? (value.code ?? null) : null,
    title: value.title,
    type: value.type,
    percentOff: value.type === 'percentage' ? (value.percentOff ?? null) : null,
    amountOffKobo: value.type === 'fixed' ? (value.amountOffKobo ?? null) : null,
    appliesTo: value.appliesTo,
    categoryIds: value.appliesTo === 'categories' ? distinct(value.categoryIds) : [],
    productIds: value.appliesTo === 'products' ? distinct(value.productIds) : [],
    minSubtotalKobo: value.minSubtotalKobo ?? null,
    startsAt: new Date(value.startsAt).toISOString(),
    endsAt: value.endsAt ? new Date(value.endsAt).toISOString() : null,
    usageLimit: value.usageLimit ?? null,
    perCustomerLimit: value.perCustomerLimit ?? null,
    isActive: value.isActive,
  }));
/** What a client sends. */
export type DiscountRequest = z.input<typeof discountRequest>;
/** What the server stores. */
export type DiscountInput = z.output<typeof discountRequest>;

/** PUT /api/admin/discounts/:id/active: activate or deactivate a discount. */
export const discountActiveRequest = z.object({ isActive: z.boolean(DISCOUNT_MESSAGES.isActive) });
export type DiscountActiveRequest = z.infer<typeof discountActiveRequest>;

/** A path's discount id: a malformed one answers like a missing one. */
export const discountIdParams = z.object({ id: z.uuid(DISCOUNT_MESSAGES.notFound) });

const named = z.object({ id: z.string(), name: z.string() });

export const adminDiscountSchema = z.object({
  id: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Null for an automatic discount. */
  code: z.string().nullable(),
  title: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  percentOff: z.number().int().nullable(),
  amountOffKobo: z.number().int().nullable(),
  appliesTo: z.enum(DISCOUNT_TARGETS),
  /** The categories or products it covers, with their names (those since deleted are left out). */
  categories: z.array(named),
  products: z.array(named),
  minSubtotalKobo: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  /** Uses held by unpaid orders and kept by paid ones. */
  uses: z.number().int(),
  isActive: z.boolean(),
  /** From its switch, dates and uses, on the database's clock. */
  status: z.enum(DISCOUNT_STATUSES),
  /**
   * For a code: what the shop keeps of the paid orders that used it (the ledger's sales, net of
   * refunds), and what it took off them (items and delivery). Null for an automatic discount:
   * it is a price, not a mark on the order (the Dashboard counts it in the discounts given).
   */
  revenueKobo: z.number().int().nullable(),
  discountGivenKobo: z.number().int().nullable(),
  /** Paid orders that used the code. */
  paidOrders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

/** GET /api/admin/discounts: newest first. */
export const adminDiscountListResponse = z.object({ discounts: z.array(adminDiscountSchema) });
export type AdminDiscountListResponse = z.infer<typeof adminDiscountListResponse>;

/** GET, POST, PUT of one discount. */
export const adminDiscountResponse = z.object({ discount: adminDiscountSchema });
export type AdminDiscountResponse = z.infer<typeof adminDiscountResponse>;
