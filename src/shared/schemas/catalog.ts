/**
 * Request and response shapes of the catalogue API: products, categories, search, the site
 * notification banner and delivery zones. The server validates with these; the web app uses
 * the inferred types.
 */
import { z } from 'zod';
// The product's wording for every check (and NUL/length rules).
import './text';
import { GENDERS, NOTIFICATION_LOCATIONS, NOTIFICATION_TYPES } from '../constants';
import { FULFILMENTS } from '../fulfilment';
import { offerSchema } from './promotions';

export const PRODUCT_LIST_MAX_LIMIT = 100;
export const PRODUCT_LIST_DEFAULT_LIMIT = 48;

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Unknown category');
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

// Requests --------------------------------------------------------------------------------------

/** GET /api/products query string. */
export const productListQuerySchema = z.object({
  featured: flag.optional(),
  /** A category or subcategory slug. */
  category: slug.optional(),
  gender: z.enum(GENDERS).optional(),
  /** Created within the last 7 days. */
  new: flag.optional(),
  /** Drops not released yet, the next first (the home page's upcoming drop). */
  upcoming: flag.optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCT_LIST_MAX_LIMIT).default(PRODUCT_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** The filters a listing page asks for (what the web app builds the query string from). */
export type ProductListFilter = Partial<Pick<ProductListQuery, 'featured' | 'category' | 'gender' | 'new'>>;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search text is too long')
    .optional()
    .transform((value) => value ?? ''),
});

export const notificationsQuerySchema = z.object({
  path: z.string().max(500).optional(),
});

// Responses -------------------------------------------------------------------------------------

export const categoryRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** An image row; URLs come from `#shared/images` (productImageUrl, productImageSrcSet, previewUrl). */
export const productImageSchema = z.object({
  id: z.uuid(),
  altText: z.string(),
  displayOrder: z.number().int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** The price charged now: the sale price or the automatic offer while one runs, else the price. */
  priceKobo: z.number().int(),
  ...offerSchema.shape,
  gender: z.enum(GENDERS),
  category: categoryRefSchema,
  subcategory: categoryRefSchema.nullable(),
  isFeatured: z.boolean(),
  isMystery: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Sum of the variants' stock. */
  stock: z.number().int(),
  /** In display order; the first is the main image. */
  images: z.array(productImageSchema),
  /** A drop's release time (ISO): 'Coming soon' and not buyable until then; null for other products. */
  releaseAt: z.iso.datetime({ offset: true }).nullable(),
  /** A drop's limit per customer, or null. */
  limitPerCustomer: z.number().int().nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSummarySchema),
  /** How many products match the filters (for paging). */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** The server's clock when it answered (ISO): what a drop's countdown runs on. */
  now: z.iso.datetime({ offset: true }).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productVariantSchema = z.object({
  id: z.uuid(),
  size: z.string(),
  color: z.string().nullable(),
  stock: z.number().int(),
  soldOut: z.boolean(),
  sku: z.string(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const outOfStockDisplaySchema = z.object({
  /** true: sold-out sizes/colours are shown disabled with `text`; false: they are not offered. */
  enabled: z.boolean(),
  text: z.string(),
});
export type OutOfStockDisplay = z.infer<typeof outOfStockDisplaySchema>;

/** The size guide for a kind of product (tops, bottoms, hats): headings, then one row per size. */
export const sizeGuideSchema = z.object({
  kind: z.enum(['tops', 'bottoms', 'hats']),
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  note: z.string(),
});
export type SizeGuide = z.infer<typeof sizeGuideSchema>;

export const productDetailSchema = productSummarySchema.extend({
  variants: z.array(productVariantSchema),
  outOfStock: outOfStockDisplaySchema,
  /** Null when no guide covers the product's category (bags, socks). */
  sizeGuide: sizeGuideSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productDetailResponseSchema = z.object({
  product: productDetailSchema,
  /** The server's clock when it answered (ISO), so a countdown can run on the shop's time. */
  now: z.iso.datetime({ offset: true }),
});
export type ProductDetailResponse = z.infer<typeof productDetailResponseSchema>;

export const categorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  displayOrder: z.number().int(),
  subcategories: z.array(
    z.object({ id: z.uuid(), name: z.string(), slug: z.string(), displayOrder: z.number().int() }),
  ),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const searchResponseSchema = z.object({
  categories: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      /** Set for subcategories (e.g. hats → accessories). */
      parentSlug: z.string().nullable(),
    }),
  ),
  /** At most 5. */
  products: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      gender: z.enum(GENDERS),
      categoryName: z.string(),
      /** The price charged now, as on the product's page. */
      priceKobo: z.number().int(),
      ...offerSchema.shape,
      /** The main image, or null ('No image'). */
      imageId: z.uuid().nullable(),
    }),
  ),
  /** More products match than were returned. */
  hasMore: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const activeNotificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  displayLocation: z.enum(NOTIFICATION_LOCATIONS),
});
export type ActiveNotification = z.infer<typeof activeNotificationSchema>;
export const activeNotificationsResponseSchema = z.object({
  notifications: z.array(activeNotificationSchema),
});
export type ActiveNotificationsResponse = z.infer<typeof activeNotificationsResponseSchema>;

export const shippingMethodSchema = z.object({
  id: z.string(),
  /** Unique within its zone ('standard' in two zones is two methods with their own fees). */
  code: z.string(),
  /** Delivered to the address, or picked up in store (no fee; the days say how soon it is ready). */
  kind: z.enum(FULFILMENTS),
  name: z.string(),
  feeKobo: z.number().int(),
  /** Free when the subtotal is above this; null = never free. */
  freeAboveKobo: z.number().int().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** A delivery zone as shoppers see it: its states and its active methods, in display order. */
export const shippingZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(z.string()),
  methods: z.array(shippingMethodSchema),
  /** Pay on delivery is offered here up to this total, when the shop has it on; else null. */
  payOnDeliveryMaxKobo: z.number().int().nullable(),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

/** GET /api/shipping-zones: the shipping policy's zones, and where pickup orders are collected. */
export const shippingZonesResponseSchema = z.object({
  zones: z.array(shippingZoneSchema),
  pickup: z.object({ address: z.string(), openingHours: z.string() }),
});
export type ShippingZonesResponse = z.infer<typeof shippingZonesResponseSchema>;

/** What a state in no zone is told, by checkout's state field and by the server refusing the order. */
export const noDeliveryMessage = (state: string) => `We don't deliver to ${state} yet.`;

/** The zone a state is in, or null: that state cannot be shipped to. */
export const zoneOfState = <Zone extends { states: readonly string[] }>(
  zones: readonly Zone[],
  state: string,
): Zone | null => zones.find((zone) => zone.states.includes(state)) ?? null;
