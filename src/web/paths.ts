/** Every route path of the web app, in one place. */
export const paths = {
  home: '/',
  collections: '/collections',
  newArrivals: '/new',
  men: (category: string) => `/men/${category}`,
  women: (category: string) => `/women/${category}`,
  listing: (slug: string) => `/${slug}`,
  product: (id: string) => `/product/${id}`,
  search: '/search',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
  authConfirm: '/auth/confirm',
  /** The old sign-up address; redirects to /register. */
  authSignup: '/auth/signup',
  cart: '/cart',
  checkout: '/checkout',
  payment: (orderId: string) => `/payment/${orderId}`,
  orderConfirmation: (orderId: string) => `/order-confirmation/${orderId}`,
  account: '/account',
  accountTab: (tab: string) => `/account?tab=${tab}`,
  shippingPolicy: '/shipping-policy',
  terms: '/terms-of-service',
  queryRouting: '/query-routing-example',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  /** A section of the admin panel (dashboard, products, orders, customers, settings). */
  adminSection: (tab: string) => `/admin/dashboard?tab=${tab}`,
  /** Development only: the emails the shop stored instead of sending. */
  devMailbox: '/dev/mailbox',
} as const;

/**
 * The admin pages the not-found screen sends back to their own path once, with a toast (the
 * listing pages it does so for come from `#shared/listings`; see routes/not-found.tsx).
 */
export const ADMIN_NAMES = [
  'admin',
  'admin/dashboard',
  'admin/products',
  'admin/orders',
  'admin/inventory',
  'admin/customers',
  'admin/size-guide',
  'admin/shipping',
  'admin/notifications',
  'admin/settings',
] as const;

/** Menu categories; men's tops are labelled TOPS / JERSEYS. */
export const MENU_CATEGORIES = [
  { slug: 'tshirts', men: 'T-SHIRTS', women: 'T-SHIRTS' },
  { slug: 'tops', men: 'TOPS / JERSEYS', women: 'TOPS' },
  { slug: 'sweatshirts', men: 'SWEATSHIRTS', women: 'SWEATSHIRTS' },
  { slug: 'jackets', men: 'JACKETS', women: 'JACKETS' },
  { slug: 'bottoms', men: 'BOTTOMS', women: 'BOTTOMS' },
  { slug: 'accessories', men: 'ACCESSORIES', women: 'ACCESSORIES' },
] as const;
