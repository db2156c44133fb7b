/**
 * The admin catalogue: the product form (the same schema checks the form in the browser and the
 * request on the server), the product list, variant stock changes and image order.
 */
import { z } from 'zod';
import { CATEGORY_TREE, GENDERS } from '../constants';
import { nairaToKobo } from '../money';
import { fromShopLocalInput } from '../shop-time-input';

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const OPTION_MAX = 24;
export const MAX_SIZES = 20;
export const MAX_COLORS = 30;
/** Far above any real garment run; keeps the even split and the sum inside an integer. */
export const PRODUCT_STOCK_MAX = 1_000_000;
export const PRICE_MAX_KOBO = 100_000_000_00;
export const ALT_TEXT_MAX = 200;
/** Files one upload request may carry (the panel sends one a request, for a progress bar each). */
export const UPLOAD_MAX_FILES = 4;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  pricePositive: 'Price must be positive',
  categoryRequired: 'Category is required',
  genderRequired: 'Gender is required',
  stockNonNegative: 'Stock must be zero or positive',
  sizeRequired: 'Please select at least one size',
  unknownSubcategory: 'Choose a subcategory of the chosen category',
  added: 'Product added successfully',
  updated: 'Product updated successfully',
  saveFailed: 'Failed to save product',
  loadFailed: 'Failed to load product details',
  deleted: 'Product deleted successfully',
  deleteFailed: 'Failed to delete product',
  deactivated: 'This product appears in orders, so it was deactivated instead of deleted.',
  salePriceRequired: 'Enter the sale price',
  salePriceBelow: 'The sale price must be below the price',
  saleStartRequired: 'Enter when the sale starts',
  saleTimeInvalid: 'Please enter a valid date and time',
  saleEndAfterStart: 'The sale must end after it starts',
} as const;

// Control characters never belong in a text (tabs and line breaks are fine; a one-line field trims them).
const noControl = (text: string) =>
  ![...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
  });
const CONTROL_MESSAGE = 'Please remove unusual characters';

const optionText = z
  .string()
  .trim()
  .min(1)
  .max(OPTION_MAX, `At most ${OPTION_MAX} characters`)
  .refine(noControl, CONTROL_MESSAGE);

const distinct = (values: readonly string[]) =>
  new Set(values.map((value) => value.toLowerCase())).size === values.length;

/**
 * Whether a custom size or colour can be added to the list: not empty and not already there
 * (case-insensitively). Returns the message to show, or null when it can be added.
 */
export function optionProblem(list: readonly string[], value: string, kind: 'size' | 'color'): string | null {
  const text = value.trim();
  if (!text) return kind === 'size' ? 'Enter a size to add' : 'Enter a colour to add';
  if (text.length > OPTION_MAX) return `At most ${OPTION_MAX} characters`;
  if (!noControl(text)) return CONTROL_MESSAGE;
  if (list.some((item) => item.toLowerCase() === text.toLowerCase())) {
    return kind === 'size' ? 'That size is already in the list' : 'That colour is already in the list';
  }
  return null;
}

/**
 * A sale's time as the form holds it: a `datetime-local` value read as Lagos time (the panel), or
 * an ISO time with its offset (other API clients); '' for none. Undefined when it is neither.
 */
function saleTime(text: string): string | null | undefined {
  if (text === '') return null;
  const local = fromShopLocalInput(text);
  if (local) return local;
  return z.iso.datetime({ offset: true }).safeParse(text).success ? new Date(text).toISOString() : undefined;
}

/**
 * The product form's values as typed (price and stock are text, as the fields hold them) and,
 * once parsed, what the server stores. Categories are slugs: one of section 9's, or another
 * top-level category the shop already has (the server checks that it exists).
 */
export const productFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, PRODUCT_MESSAGES.nameRequired)
      .max(PRODUCT_NAME_MAX, `At most ${PRODUCT_NAME_MAX} characters`)
      .refine(noControl, CONTROL_MESSAGE),
    description: z
      .string()
      .trim()
      .max(PRODUCT_DESCRIPTION_MAX, `At most ${PRODUCT_DESCRIPTION_MAX} characters`)
      .refine(noControl, CONTROL_MESSAGE),
    price: z.string().trim(),
    category: z.string().trim().min(1, PRODUCT_MESSAGES.categoryRequired).max(60),
    subcategory: z.string().trim().max(60),
    gender: z.union([z.enum(GENDERS), z.literal('')]),
    /** The total stock to split over the new variants (creation; ignored by an update). */
    stock: z.string().trim(),
    sizes: z
      .array(optionText)
      .min(1, PRODUCT_MESSAGES.sizeRequired)
      .max(MAX_SIZES, `At most ${MAX_SIZES} sizes`)
      .refine(distinct, 'Each size only once'),
    colors: z
      .array(optionText)
      .max(MAX_COLORS, `At most ${MAX_COLORS} colours`)
      .refine(distinct, 'Each colour only once'),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    isMystery: z.boolean(),
    /**
     * A sale: its price in naira, charged from its start until its end (Lagos time); all empty for
     * none, the end empty for a sale the admin ends by hand. Left out, there is none.
     */
    salePrice: z.string().trim().max(40).default(''),
    saleStartsAt: z.string().trim().max(40).default(''),
    saleEndsAt: z.string().trim().max(40).default(''),
  })
  .superRefine((form, ctx) => {
    const kobo = nairaToKobo(form.price);
    if (kobo === null || kobo <= 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRODUCT_MESSAGES.pricePositive });
    } else if (kobo > PRICE_MAX_KOBO) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'That price is too high' });
    }
    if (form.gender === '') {
      ctx.addIssue({ code: 'custom', path: ['gender'], message: PRODUCT_MESSAGES.genderRequired });
    }
    if (!/^\d+$/.test(form.stock)) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: PRODUCT_MESSAGES.stockNonNegative });
    } else if (Number(form.stock) > PRODUCT_STOCK_MAX) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: `At most ${PRODUCT_STOCK_MAX} units` });
    }
    const sale = form.salePrice !== '' || form.saleStartsAt !== '' || form.saleEndsAt !== '';
    if (sale) {
      const saleKobo = nairaToKobo(form.salePrice);
      if (form.salePrice === '') {
        ctx.addIssue({ code: 'custom', path: ['salePrice'], message: PRODUCT_MESSAGES.salePriceRequired });
      } else if (saleKobo === null || saleKobo <= 0) {
        ctx.addIssue({ code: 'custom', path: ['salePrice'], message: PRODUCT_MESSAGES.pricePositive });
      } else if (kobo !== null && kobo > 0 && saleKobo >= kobo) {
        ctx.addIssue({ code: 'custom', path: ['salePrice'], message: PRODUCT_MESSAGES.salePriceBelow });
      }
      const starts = saleTime(form.saleStartsAt);
      const ends = saleTime(form.saleEndsAt);
      if (form.saleStartsAt === '') {
        ctx.addIssue({ code: 'custom', path: ['saleStartsAt'], message: PRODUCT_MESSAGES.saleStartRequired });
      } else if (starts === undefined) {
        ctx.addIssue({ code: 'custom', path: ['saleStartsAt'], message: PRODUCT_MESSAGES.saleTimeInvalid });
      }
      if (ends === undefined) {
        ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: PRODUCT_MESSAGES.saleTimeInvalid });
      } else if (ends && starts && Date.parse(ends) <= Date.parse(starts)) {
        ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: PRODUCT_MESSAGES.saleEndAfterStart });
      }
    }
    if (form.subcategory) {
      const known = CATEGORY_TREE.find((top) => top.slug === form.category);
      // Categories outside section 9 have no subcategories.
      if (!known?.children.some((child) => child.slug === form.subcategory)) {
        ctx.addIssue({ code: 'custom', path: ['subcategory'], message: PRODUCT_MESSAGES.unknownSubcategory });
      }
    }
  })
  .transform((form) => ({
    name: form.name,
    description: form.description,
    priceKobo: nairaToKobo(form.price) as number,
    category: form.category,
    subcategory: form.subcategory || null,
    gender: form.gender as (typeof GENDERS)[number],
    stock: Number(form.stock),
    sizes: form.sizes,
    colors: form.colors,
    isActive: form.isActive,
    isFeatured: form.isFeatured,
    isMystery: form.isMystery,
    sale:
      form.salePrice === ''
        ? null
        : {
            priceKobo: nairaToKobo(form.salePrice) as number,
            startsAt: saleTime(form.saleStartsAt) as string,
            endsAt: saleTime(form.saleEndsAt) ?? null,
          },
  }));
/** What the form holds (and what the panel sends). */
export type ProductFormValues = z.input<typeof productFormSchema>;
/** What the server stores. */
export type ProductInput = z.output<typeof productFormSchema>;

/** GET /api/admin/products: newest first, a page at a time, optionally searched. */
export const adminProductListQuery = z.object({
  q: z.string().trim().max(100, 'Search text is too long').default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

/** A sale charged now, or one still to start. */
export const SALE_STATUSES = ['on_sale', 'scheduled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const adminProductRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priceKobo: z.number().int(),
  category: z.string(),
  gender: z.enum(GENDERS),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  /** Sum of the variants' stock. */
  stock: z.number().int(),
  variantCount: z.number().int(),
  imageCount: z.number().int(),
  mainImageId: z.uuid().nullable(),
  /** Order lines name it: deleting it deactivates it instead. */
  inOrders: z.boolean(),
  /** A drop's release time (ISO), or null. */
  releaseAt: z.string().nullable(),
  /** Its release time is still ahead, on the database's clock (the one the sale rules use). */
  comingSoon: z.boolean(),
  limitPerCustomer: z.number().int().nullable(),
  /** Its sale price (kobo) and window (ISO), or null. */
  salePriceKobo: z.number().int().nullable(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  /** Where its sale stands on the database's clock: charged now, still to start; null: no sale, or over. */
  saleStatus: z.enum(SALE_STATUSES).nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListResponse = z.object({
  products: z.array(adminProductRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponse>;

export const adminVariantSchema = z.object({
  id: z.uuid(),
  size: z.string(),
  color: z.string().nullable(),
  stock: z.number().int(),
  sku: z.string(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminImageSchema = z.object({
  id: z.uuid(),
  altText: z.string(),
  displayOrder: z.number().int(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;

export const adminProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceKobo: z.number().int(),
  category: z.string(),
  subcategory: z.string().nullable(),
  gender: z.enum(GENDERS),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  isMystery: z.boolean(),
  /** A drop's release time (ISO) and limit per customer; set through its own form (drop-settings.tsx). */
  releaseAt: z.string().nullable(),
  limitPerCustomer: z.number().int().nullable(),
  /** Its sale: the price (kobo) charged from the start until the end (ISO; null: until removed). */
  salePriceKobo: z.number().int().nullable(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stock: z.number().int(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  variants: z.array(adminVariantSchema),
  images: z.array(adminImageSchema),
  /** Order lines name it: deleting it deactivates it instead. */
  inOrders: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export type AdminProductResponse = { product: AdminProduct };

/** DELETE /api/admin/products/:id: gone, or kept (inactive) because orders name it. */
export type DeleteProductResponse = { outcome: 'deleted' | 'deactivated'; message: string };

export const STOCK_REASONS = ['restock', 'correction', 'damaged'] as const;
export type AdminStockReason = (typeof STOCK_REASONS)[number];
export const STOCK_REASON_LABELS: Record<AdminStockReason, string> = {
  restock: 'Restock',
  correction: 'Correction',
  damaged: 'Damaged',
};

/** PUT /api/admin/products/:id/variants/:variantId/stock: the new stock, and the stock the admin saw. */
export const variantStockRequest = z.object({
  stock: z.coerce
    .number<string | number>(PRODUCT_MESSAGES.stockNonNegative)
    .int(PRODUCT_MESSAGES.stockNonNegative)
    .min(0, PRODUCT_MESSAGES.stockNonNegative)
    .max(PRODUCT_STOCK_MAX, `At most ${PRODUCT_STOCK_MAX} units`),
  expected: z.number().int().min(0),
  reason: z.enum(STOCK_REASONS, 'Choose a reason: restock, correction or damaged'),
  note: z.string().trim().max(500).refine(noControl, CONTROL_MESSAGE).optional(),
});
export type VariantStockRequest = z.input<typeof variantStockRequest>;

/** PUT /api/admin/products/:id/images: every image of the product, in the new order, with its alt text. */
export const imageOrderRequest = z.object({
  images: z
    .array(
      z.object({
        id: z.uuid(),
        altText: z
          .string()
          .trim()
          .max(ALT_TEXT_MAX, `At most ${ALT_TEXT_MAX} characters`)
          .refine(noControl, CONTROL_MESSAGE),
      }),
    )
    .max(100),
});
export type ImageOrderRequest = z.infer<typeof imageOrderRequest>;

export const productIdParams = z.object({ id: z.uuid('Product not found') });
export const variantIdParams = z.object({
  id: z.uuid('Product not found'),
  variantId: z.uuid('Variant not found'),
});

/** The categories the form offers: section 9's, then any other top-level category the shop has. */
export type AdminCategoryOption = {
  slug: string;
  name: string;
  subcategories: { slug: string; name: string }[];
};
