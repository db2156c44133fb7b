/** Business constants from the product spec (section 9) and the product decisions. */

export const GENDERS = ['men', 'women'] as const;
export type Gender = (typeof GENDERS)[number];

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ROLES = ['customer', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
export const isAdminRole = (role: string | null | undefined): boolean =>
  role === 'admin' || role === 'super_admin';

export const NOTIFICATION_TYPES = ['info', 'warning', 'promotional', 'success', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_AUDIENCES = ['all', 'new_users', 'returning_users'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
export const NOTIFICATION_LOCATIONS = ['site_wide', 'product_page', 'cart', 'checkout'] as const;
export type NotificationLocation = (typeof NOTIFICATION_LOCATIONS)[number];

export const ADMIN_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size'] as const;
export const STOREFRONT_COLORS = [
  'Black',
  'White',
  'Gray',
  'Navy',
  'Red',
  'Green',
  'Blue',
  'Yellow',
  'Orange',
  'Purple',
  'Brown',
  'Beige',
] as const;
export const ADMIN_COLORS = [
  'Black',
  'White',
  'Navy',
  'Gray',
  'Red',
  'Green',
  'Blue',
  'Yellow',
  'Orange',
  'Purple',
  'Brown',
  'Khaki',
  'Beige',
] as const;
export const ADMIN_DEFAULT_COLORS = ['Black', 'White', 'Gray'] as const;

/** Admin categories and their subcategories (slug → name). */
export const CATEGORY_TREE = [
  {
    name: 'T-Shirts',
    slug: 'tshirts',
    children: [
      { name: 'Graphic Tees', slug: 'graphic-tees' },
      { name: 'Basic Tees', slug: 'basic-tees' },
      { name: 'Long Sleeve', slug: 'long-sleeve' },
    ],
  },
  {
    name: 'Sweatshirts',
    slug: 'sweatshirts',
    children: [
      { name: 'Hoodies', slug: 'hoodies' },
      { name: 'Crewnecks', slug: 'crewnecks' },
      { name: 'Zip-ups', slug: 'zip-ups' },
    ],
  },
  {
    name: 'Jackets',
    slug: 'jackets',
    children: [
      { name: 'Track Jackets', slug: 'track-jackets' },
      { name: 'Bombers', slug: 'bombers' },
      { name: 'Windbreakers', slug: 'windbreakers' },
    ],
  },
  {
    name: 'Bottoms',
    slug: 'bottoms',
    children: [
      { name: 'Pants', slug: 'pants' },
      { name: 'Shorts', slug: 'shorts' },
      { name: 'Joggers', slug: 'joggers' },
    ],
  },
  {
    name: 'Accessories',
    slug: 'accessories',
    children: [
      { name: 'Hats', slug: 'hats' },
      { name: 'Bags', slug: 'bags' },
      { name: 'Socks', slug: 'socks' },
    ],
  },
] as const;

export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const OUT_OF_STOCK_DEFAULTS = {
  enabled: true,
  threshold: 5,
  notify_admin: true,
  auto_hide_product: false,
  show_customer_notification: true,
  notification_text: 'This item is currently out of stock.',
};
export type OutOfStockSettings = typeof OUT_OF_STOCK_DEFAULTS;

export const LIMITS = {
  newArrivalDays: 7,
  lowStockBelow: 5,
  recentOrders: 5,
  searchDebounceMs: 300,
  searchMaxProducts: 5,
  registerPasswordMin: 6,
  resetPasswordMin: 8,
  redirectDelayMs: 2000,
  idleMinutesShopper: 30,
  idleMinutesAdmin: 15,
  cartBadgeMax: 99,
  shortIdLength: 8,
  skeletonCards: 8,
  toastMax: 3,
  toastMs: 4000,
  unpaidOrderMinutes: 30,
} as const;

export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const shortId = (id: string): string => id.slice(0, LIMITS.shortIdLength);

/**
 * The cookie that carries the server's answer to a form posted before the page's script ran
 * (posted-forms.ts): named here, where every page's first script can look for it without loading
 * the rest.
 */
export const POSTED_COOKIE = 'shop_posted';
