/**
 * Typed view of the tables for Drizzle queries. The SQL files in ./migrations are the source of
 * truth for the database; schema.test.ts fails when this file and the migrated database disagree.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  Gender,
  NotificationAudience,
  NotificationLocation,
  NotificationType,
  OrderStatus,
  PaymentStatus,
  Role,
} from '#shared/constants';
import type { Disposition, LedgerKind } from '#shared/schemas/money';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const kobo = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name').notNull().default(''),
  image: text('image'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  displayName: text('display_name'),
  phone: text('phone'),
  role: text('role').$type<Role>().notNull().default('customer'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable('sessions', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accounts = pgTable('accounts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  password: text('password'),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  scope: text('scope'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verifications = pgTable('verifications', {
  id: id(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rateLimits = pgTable('rate_limits', {
  id: id(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const addresses = pgTable('addresses', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable('categories', {
  id: id(),
  parentId: uuid('parent_id'),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
});

export const products = pgTable('products', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceKobo: kobo('price_kobo').notNull(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id),
  subcategoryId: uuid('subcategory_id').references(() => categories.id),
  gender: text('gender').$type<Gender>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  isFeatured: boolean('is_featured').notNull().default(false),
  isMystery: boolean('is_mystery').notNull().default(false),
  /** Drops: not buyable before this time (null: on sale as soon as active). */
  releaseAt: timestamp('release_at', { withTimezone: true }),
  /** Drops: units one account may order across its orders that are not cancelled. */
  limitPerCustomer: integer('limit_per_customer'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const productVariants = pgTable('product_variants', {
  id: id(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  size: text('size').notNull(),
  color: text('color'),
  stockQuantity: integer('stock_quantity').notNull().default(0),
  sku: text('sku').notNull().unique(),
  lowStockAlertedAt: timestamp('low_stock_alerted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const STOCK_REASONS = ['initial', 'restock', 'correction', 'damaged'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Stock changed by hand, with its reason (migration 0005). */
export const inventoryAdjustments = pgTable('inventory_adjustments', {
  id: id(),
  variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  sku: text('sku').notNull(),
  delta: integer('delta').notNull(),
  quantityAfter: integer('quantity_after').notNull(),
  reason: text('reason').$type<StockReason>().notNull(),
  note: text('note'),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export type ImageRendition = { width: number; height: number; bytes: number; kind: 'webp' | 'preview' };

export const productImages = pgTable('product_images', {
  id: id(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull().unique(),
  altText: text('alt_text').notNull().default(''),
  displayOrder: integer('display_order').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  renditions: jsonb('renditions').$type<ImageRendition[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const carts = pgTable('carts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable('cart_items', {
  id: id(),
  cartId: uuid('cart_id')
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  variantId: uuid('variant_id')
    .notNull()
    .references(() => productVariants.id, { onDelete: 'cascade' }),
  gender: text('gender').$type<Gender>().notNull(),
  quantity: integer('quantity').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const shippingMethods = pgTable('shipping_methods', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  feeKobo: kobo('fee_kobo').notNull(),
  freeAboveKobo: kobo('free_above_kobo'),
  minDays: integer('min_days').notNull(),
  maxDays: integer('max_days').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  displayOrder: integer('display_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AddressSnapshot = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
};

export const orders = pgTable('orders', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  status: text('status').$type<OrderStatus>().notNull().default('pending'),
  paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
  subtotalKobo: kobo('subtotal_kobo').notNull(),
  shippingCostKobo: kobo('shipping_cost_kobo').notNull(),
  totalAmountKobo: kobo('total_amount_kobo').notNull(),
  shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
  billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
  shippingMethod: text('shipping_method').notNull().default('Standard Shipping'),
  shippingMethodCode: text('shipping_method_code'),
  paymentMethod: text('payment_method').notNull().default('Card (Paystack)'),
  notes: text('notes'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The charge that paid the order (migration 0070); refunds go back against it. */
  paymentReference: text('payment_reference'),
  stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Who cancelled it (migration 0100): only an order cancelled for want of payment may be revived. */
  cancelledBy: text('cancelled_by').$type<'expiry' | 'shopper' | 'admin'>(),
});

export const orderItems = pgTable('order_items', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  gender: text('gender').$type<Gender>(),
  size: text('size'),
  color: text('color'),
  imageKey: text('image_key'),
  quantity: integer('quantity').notNull(),
  unitPriceKobo: kobo('unit_price_kobo').notNull(),
  createdAt: createdAt(),
});

export const paymentTransactions = pgTable('payment_transactions', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull().unique(),
  amountKobo: kobo('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  status: text('status')
    .$type<'initialized' | 'pending' | 'success' | 'failed' | 'abandoned' | 'reversed'>()
    .notNull()
    .default('initialized'),
  accessCode: text('access_code'),
  providerResponse: jsonb('provider_response'),
  createdAt: createdAt(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** Paystack's own word for the status, and the checks of a pending one (migration 0100). */
  providerStatus: text('provider_status'),
  checks: integer('checks').notNull().default(0),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
});

/** Refunds asked of the provider (migration 0070), counted against what the charge took. */
export const refunds = pgTable('refunds', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  reference: text('reference')
    .notNull()
    .references(() => paymentTransactions.reference, { onDelete: 'cascade' }),
  amountKobo: kobo('amount_kobo').notNull(),
  kind: text('kind')
    .$type<'admin' | 'second_payment' | 'not_deliverable' | 'amount_mismatch' | 'order_cancelled'>()
    .notNull(),
  reason: text('reason'),
  status: text('status').$type<'pending' | 'processed' | 'failed'>().notNull().default('pending'),
  providerRefundId: text('provider_refund_id'),
  providerStatus: text('provider_status'),
  error: text('error'),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorLabel: text('actor_label').notNull().default(''),
  createdAt: createdAt(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  /** Asking Paystack to create it, and about it until it settles (migration 0094). */
  attempts: integer('attempts').notNull().default(0),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  checks: integer('checks').notNull().default(0),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  retryOf: uuid('retry_of'),
});

/** The payments ledger (migration 0100): every movement of money, append-only. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: id(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  orderId: uuid('order_id').references(() => orders.id),
  kind: text('kind').$type<LedgerKind>().notNull(),
  amountKobo: kobo('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  disposition: text('disposition').$type<Disposition>().notNull(),
  method: text('method'),
  reference: text('reference'),
  refundId: uuid('refund_id').references(() => refunds.id),
  reason: text('reason'),
  note: text('note'),
  actorId: uuid('actor_id'),
  actorLabel: text('actor_label').notNull().default(''),
  createdAt: createdAt(),
});

/** Reconciliation runs with Paystack (migration 0100). */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: id(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
  requestedBy: text('requested_by').notNull(),
  actorId: uuid('actor_id'),
  summary: jsonb('summary').notNull().default({}),
  items: jsonb('items').notNull().default([]),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const siteNotifications = pgTable('site_notifications', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  type: text('type').$type<NotificationType>().notNull().default('info'),
  isActive: boolean('is_active').notNull().default(true),
  startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
  endDate: timestamp('end_date', { withTimezone: true }),
  targetAudience: text('target_audience').$type<NotificationAudience>().notNull().default('all'),
  displayLocation: text('display_location').$type<NotificationLocation>().notNull().default('site_wide'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const emails = pgTable('emails', {
  id: id(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  kind: text('kind').notNull(),
  html: text('html').notNull(),
  textBody: text('text_body').notNull(),
  status: text('status').$type<'queued' | 'sent' | 'failed' | 'stored'>().notNull().default('queued'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** The order the email is about, for its timeline (migration 0070). */
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
});

export const paymentEvents = pgTable('payment_events', {
  id: id(),
  provider: text('provider').notNull().default('paystack'),
  event: text('event').notNull(),
  reference: text('reference'),
  payload: jsonb('payload').notNull(),
  status: text('status')
    .$type<'received' | 'processed' | 'ignored' | 'rejected' | 'failed'>()
    .notNull()
    .default('received'),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const auditLog = pgTable('audit_log', {
  id: id(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** The actor's email, or `system:<name>`: kept when the account is gone. */
  actorLabel: text('actor_label').notNull().default(''),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  /** The order the entry is about, whatever the kind of record (migration 0094). */
  orderId: uuid('order_id'),
});

/** The built-in Paystack simulator's own records (migration 0004); never read by shop code. */
export const simulatorTransactions = pgTable('simulator_transactions', {
  reference: text('reference').primaryKey(),
  accessCode: text('access_code').notNull().unique(),
  amountKobo: kobo('amount_kobo').notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  callbackUrl: text('callback_url'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status')
    .$type<'pending' | 'ongoing' | 'success' | 'failed' | 'abandoned' | 'reversed'>()
    .notNull()
    .default('pending'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  refundedKobo: kobo('refunded_kobo').notNull().default(0),
  /** What the card was actually charged; null: amount_kobo (migration 0098). */
  chargedKobo: kobo('charged_kobo'),
  channel: text('channel').notNull().default('card'),
});

/** The simulator's refunds (migration 0094), numbered and settled like Paystack's. */
export const simulatorRefunds = pgTable('simulator_refunds', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  reference: text('reference')
    .notNull()
    .references(() => simulatorTransactions.reference, { onDelete: 'cascade' }),
  amountKobo: kobo('amount_kobo').notNull(),
  status: text('status')
    .$type<'pending' | 'processing' | 'processed' | 'failed'>()
    .notNull()
    .default('pending'),
  merchantNote: text('merchant_note'),
  createdAt: createdAt(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
});

/** Secrets the server generates for itself (migration 0002); read only by features/accounts. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Size guides per kind of product, matched to products by category slug (migration 0080). */
export const sizeGuides = pgTable('size_guides', {
  kind: text('kind').$type<'tops' | 'bottoms' | 'hats'>().primaryKey(),
  title: text('title').notNull(),
  columns: jsonb('columns').$type<string[]>().notNull(),
  rows: jsonb('rows').$type<string[][]>().notNull(),
  note: text('note').notNull().default(''),
  categorySlugs: text('category_slugs').array().notNull().default(sql`'{}'`),
  updatedAt: updatedAt(),
});
