/**
 * Settings → the admin's requests and answers: site notifications, out-of-stock settings,
 * delivery zones and their methods, pickup, store identity, payment configuration, and the audit log.
 */
import { z } from 'zod';
import {
  NIGERIAN_STATES,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_LOCATIONS,
  NOTIFICATION_TYPES,
} from '../constants';
import { FULFILMENTS, type Fulfilment } from '../fulfilment';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../payment-channels';

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (value: string) => !CONTROL.test(value);

/** One line of text: trimmed, required, bounded, no control characters (tabs and newlines neither). */
const line = (required: string, max: number, label: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, `${label} must be ${max} characters or fewer`)
    .refine(
      (value) => noControl(value) && !/[\t\n\r]/.test(value),
      `${label} cannot contain control characters`,
    );

// Notifications --------------------------------------------------------------------------------

const isoDate = (required: string) =>
  z
    .string(required)
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: 'Enter a valid date and time' }));

const notificationFields = {
  title: line('Title is required', 120, 'Title'),
  content: z
    .string('Content is required')
    .trim()
    .min(1, 'Content is required')
    .max(500, 'Content must be 500 characters or fewer')
    .refine((value) => noControl(value), 'Content cannot contain control characters'),
  type: z.enum(NOTIFICATION_TYPES, 'Choose info, warning, promotional, success or error'),
  targetAudience: z.enum(NOTIFICATION_AUDIENCES, 'Choose all, new users or returning users'),
  displayLocation: z.enum(NOTIFICATION_LOCATIONS, 'Choose site wide, product page, cart or checkout'),
  isActive: z.boolean('Active must be true or false'),
  startDate: isoDate('Start date is required'),
  /** Optional: an empty end date is sent as null (the notification runs until deactivated). */
  endDate: z
    .union([z.literal(''), z.null(), z.iso.datetime({ offset: true, error: 'Enter a valid end date' })])
    .transform((value) => value || null),
};

const endAfterStart = (value: { startDate?: string; endDate?: string | null }) =>
  !value.startDate || !value.endDate || new Date(value.endDate) > new Date(value.startDate);
const END_AFTER_START = { message: 'End date must be after the start date', path: ['endDate'] };

/** POST /api/admin/notifications. Type, audience, place and active have the spec's defaults. */
export const notificationCreateRequest = z
  .object({
    ...notificationFields,
    type: notificationFields.type.default('info'),
    targetAudience: notificationFields.targetAudience.default('all'),
    displayLocation: notificationFields.displayLocation.default('site_wide'),
    isActive: notificationFields.isActive.default(true),
    endDate: notificationFields.endDate.default(null),
  })
  .refine(endAfterStart, END_AFTER_START);
export type NotificationCreateRequest = z.input<typeof notificationCreateRequest>;

/** PATCH /api/admin/notifications/:id: any of the fields (activate/deactivate sends isActive only). */
export const notificationUpdateRequest = z
  .object(notificationFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change')
  .refine(endAfterStart, END_AFTER_START);
export type NotificationUpdateRequest = z.input<typeof notificationUpdateRequest>;

/** Where a notification stands now: what the storefront does with it. */
export const NOTIFICATION_STATES = ['active', 'scheduled', 'ended', 'inactive'] as const;

export const adminNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  targetAudience: z.enum(NOTIFICATION_AUDIENCES),
  displayLocation: z.enum(NOTIFICATION_LOCATIONS),
  isActive: z.boolean(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  state: z.enum(NOTIFICATION_STATES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;
export type NotificationListResponse = { notifications: AdminNotification[] };
export type NotificationResponse = { notification: AdminNotification };

// Out of stock ---------------------------------------------------------------------------------

/** PUT /api/admin/settings/out-of-stock: the whole setting (keys as the spec names them). */
export const outOfStockSettingsRequest = z.object({
  enabled: z.boolean('Enabled must be true or false'),
  threshold: z
    .number('Threshold must be a number')
    .int('Threshold must be a whole number')
    .min(0, 'Threshold must be 0 or more')
    .max(100_000, 'Threshold must be 100,000 or less'),
  notify_admin: z.boolean(),
  auto_hide_product: z.boolean(),
  show_customer_notification: z.boolean(),
  notification_text: z
    .string('Notification text is required')
    .trim()
    .min(1, 'Notification text is required')
    .max(200, 'Notification text must be 200 characters or fewer')
    .refine(noControl, 'Notification text cannot contain control characters'),
});
export type OutOfStockSettingsRequest = z.infer<typeof outOfStockSettingsRequest>;
export type OutOfStockSettingsResponse = { settings: OutOfStockSettingsRequest };

// Store ----------------------------------------------------------------------------------------

/** PUT /api/admin/settings/store: what emails and the footer say about the shop. */
export const storeSettingsRequest = z.object({
  name: line('Shop name is required', 80, 'Shop name'),
  supportEmail: z
    .string('Please enter a valid email')
    .trim()
    .max(254)
    .pipe(z.email('Please enter a valid email')),
  supportPhone: z
    .string()
    .trim()
    .max(20, 'Please enter a valid phone number')
    .refine(
      (value) => value === '' || /^\+?[0-9][0-9 ()-]{6,}$/.test(value),
      'Please enter a valid phone number',
    ),
});
export type StoreSettings = z.infer<typeof storeSettingsRequest>;
export type StoreSettingsResponse = { store: StoreSettings };

// Shipping -------------------------------------------------------------------------------------

const MAX_KOBO = 100_000_000; // ₦1,000,000

const shippingFields = {
  name: line('Name is required', 60, 'Name'),
  feeKobo: z
    .number('Fee must be a number')
    .int('Fee must be in whole kobo')
    .min(0, 'Fee must be 0 or more')
    .max(MAX_KOBO, 'Fee must be ₦1,000,000 or less'),
  /** Free when the subtotal is above this; null: never free. */
  freeAboveKobo: z
    .number('Free-above amount must be a number')
    .int('Free-above amount must be in whole kobo')
    .min(1, 'Free-above amount must be more than 0')
    .max(MAX_KOBO, 'Free-above amount must be ₦1,000,000 or less')
    .nullable(),
  minDays: z
    .number('Delivery days must be a number')
    .int('Delivery days must be whole days')
    .min(0, 'Delivery days must be 0 or more')
    .max(90, 'Delivery days must be 90 or fewer'),
  maxDays: z
    .number('Delivery days must be a number')
    .int('Delivery days must be whole days')
    .min(0, 'Delivery days must be 0 or more')
    .max(90, 'Delivery days must be 90 or fewer'),
  isActive: z.boolean('Active must be true or false'),
};

const daysInOrder = (value: { minDays?: number; maxDays?: number }) =>
  value.minDays === undefined || value.maxDays === undefined || value.maxDays >= value.minDays;
const DAYS_IN_ORDER = { message: 'Longest delivery must be at least the shortest', path: ['maxDays'] };

/**
 * POST /api/admin/shipping-zones/:zoneId/methods. A pickup method has no fee and no free-above
 * amount (the server refuses one); its days are how soon the order is ready.
 */
export const shippingMethodCreateRequest = z
  .object({
    ...shippingFields,
    isActive: shippingFields.isActive.default(true),
    kind: z.enum(FULFILMENTS, 'Choose delivery or pickup').default('delivery'),
  })
  .refine(daysInOrder, DAYS_IN_ORDER)
  .refine((value) => value.kind === 'delivery' || value.feeKobo === 0, {
    message: 'Pickup in store has no fee',
    path: ['feeKobo'],
  });
export type ShippingMethodCreateRequest = z.input<typeof shippingMethodCreateRequest>;

/** PATCH /api/admin/shipping-methods/:id (its zone and kind stay). */
export const shippingMethodUpdateRequest = z
  .object(shippingFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change')
  .refine(daysInOrder, DAYS_IN_ORDER);
export type ShippingMethodUpdateRequest = z.input<typeof shippingMethodUpdateRequest>;

export type AdminShippingMethod = {
  id: string;
  zoneId: string;
  /** Unique within its zone; orders keep it. */
  code: string;
  kind: Fulfilment;
  name: string;
  feeKobo: number;
  freeAboveKobo: number | null;
  minDays: number;
  maxDays: number;
  isActive: boolean;
  displayOrder: number;
  updatedAt: string;
};
export type AdminShippingMethodResponse = { shippingMethod: AdminShippingMethod };

// Delivery zones -------------------------------------------------------------------------------

const zoneFields = {
  name: line('Zone name is required', 60, 'Zone name'),
  /** Each state is in at most one zone; a state in no zone cannot be shipped to. */
  states: z
    .array(z.enum(NIGERIAN_STATES, 'Choose states from the list'), 'Choose at least one state')
    .min(1, 'Choose at least one state')
    .max(NIGERIAN_STATES.length)
    .refine((states) => new Set(states).size === states.length, 'Each state once'),
  /** Pay on delivery here for orders up to this total (when it is on); null: not in this zone. */
  payOnDeliveryMaxKobo: z
    .number('Maximum must be a number')
    .int('Maximum must be in whole kobo')
    .min(100, 'Maximum must be at least ₦1')
    .max(MAX_KOBO, 'Maximum must be ₦1,000,000 or less')
    .nullable(),
};

/** POST /api/admin/shipping-zones */
export const shippingZoneCreateRequest = z.object({
  ...zoneFields,
  payOnDeliveryMaxKobo: zoneFields.payOnDeliveryMaxKobo.default(null),
});
export type ShippingZoneCreateRequest = z.input<typeof shippingZoneCreateRequest>;

/** PATCH /api/admin/shipping-zones/:id */
export const shippingZoneUpdateRequest = z
  .object(zoneFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to change');
export type ShippingZoneUpdateRequest = z.input<typeof shippingZoneUpdateRequest>;

export type AdminShippingZone = {
  id: string;
  name: string;
  states: string[];
  payOnDeliveryMaxKobo: number | null;
  displayOrder: number;
  /** Active or not, in display order. */
  methods: AdminShippingMethod[];
  updatedAt: string;
};
/** GET /api/admin/shipping-zones: every zone, and the states in none (they cannot be shipped to). */
export type AdminShippingZonesResponse = { zones: AdminShippingZone[]; unzonedStates: string[] };
export type AdminShippingZoneResponse = { zone: AdminShippingZone };

// Pickup ---------------------------------------------------------------------------------------

/** GET/PUT /api/admin/settings/pickup: where pickup orders are collected, shown to shoppers. */
export const pickupSettingsRequest = z.object({
  address: line('Pickup address is required', 200, 'Pickup address'),
  openingHours: line('Opening hours are required', 120, 'Opening hours'),
});
export type PickupSettings = z.infer<typeof pickupSettingsRequest>;
export type PickupSettingsResponse = { pickup: PickupSettings };

// Payment --------------------------------------------------------------------------------------

/**
 * PUT /api/admin/settings/payment: the channels Paystack's window offers, and whether pay on
 * delivery is on (then only in the zones that allow it, up to their maximum).
 */
export const paymentSettingsRequest = z.object({
  channels: z
    .array(
      z.enum(PAYMENT_CHANNELS, 'Choose from card, bank transfer, USSD and bank'),
      'Choose at least one way to pay',
    )
    .min(1, 'Choose at least one way to pay')
    .max(PAYMENT_CHANNELS.length)
    .transform((channels) => PAYMENT_CHANNELS.filter((channel) => channels.includes(channel))),
  payOnDelivery: z.boolean('Pay on delivery must be on or off'),
});
export type PaymentSettingsRequest = z.input<typeof paymentSettingsRequest>;
export type PaymentOptions = { channels: PaymentChannel[]; payOnDelivery: boolean };

/**
 * GET /api/admin/settings/payment: the mode and keys come from the server's configuration, never
 * stored; the channels and pay on delivery are the admin's (the `payment` setting).
 */
export type PaymentSettingsResponse = PaymentOptions & {
  /** off: no keys and the simulator is not allowed (production without Paystack). */
  mode: 'live' | 'test' | 'simulator' | 'off';
  publicKey: string | null;
  /** Paste into Paystack's dashboard (Settings → API Keys & Webhooks → Webhook URL). */
  webhookUrl: string;
};

// Store identity as shoppers see it ------------------------------------------------------------

/** GET /api/store: the footer's shop name and contact details. */
export type PublicStoreResponse = { store: StoreSettings };

// Audit log ------------------------------------------------------------------------------------

export const AUDIT_ENTITIES = [
  'product',
  'variant',
  'product_image',
  'order',
  'payment',
  'refund',
  'setting',
  'shipping_method',
  'notification',
  'discount',
  'email',
  'job',
  'user',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITIES)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date');

/**
 * GET /api/admin/audit: newest first, a page at a time; dates are Lagos days, both included.
 * `entityType: 'payment'` finds payment changes and refunds; `entityId` an order's id finds every
 * entry about that order.
 */
export const auditListQuery = z
  .object({
    entityType: z.enum(AUDIT_ENTITIES, 'Unknown kind of record').optional(),
    entityId: z.string().trim().max(100).optional(),
    /** Part of the actor's email (or system:<name>). */
    actor: z.string().trim().max(254).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 entries a page').default(25),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;

export type AuditEntryDto = {
  id: string;
  actorId: string | null;
  actor: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown>;
  /** The order the entry is about (its status, its payment, one of its refunds), if any. */
  orderId: string | null;
  createdAt: string;
};
export type AuditListResponse = { entries: AuditEntryDto[]; page: number; pageSize: number; total: number };
