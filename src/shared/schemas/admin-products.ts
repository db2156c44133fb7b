/**
 * The admin catalogue: the product form (the same schema checks the form in the browser and the
 * request on the server), the product list, variant stock changes and image order.
 */
import { z } from 'zod';
import { CATEGORY_TREE, GENDERS } from '../constants';
import { nairaToKobo } from '../money';

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
