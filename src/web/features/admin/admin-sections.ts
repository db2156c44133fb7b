import type { ComponentType } from 'react';
import type { IconProps } from '../../components/ui/icons';
import {
  CustomersIcon,
  DashboardIcon,
  DiscountsIcon,
  OrdersIcon,
  PaymentsIcon,
  ProductsIcon,
  SettingsIcon,
} from './admin-icons';

/**
 * The sections of the admin panel, in menu order. Each is its own lazily loaded module under
 * features/admin/<area>/ (default export), so a section is built without touching the shell.
 * The section shown is `?tab=` of /admin/dashboard.
 */
export const ADMIN_SECTIONS = [
  {
    tab: 'dashboard',
    label: 'Dashboard',
    short: 'Dash',
    Icon: DashboardIcon,
    inTabStrip: true,
    load: () => import('./dashboard/dashboard-section'),
  },
  {
    tab: 'products',
    label: 'Products',
    short: 'Products',
    Icon: ProductsIcon,
    inTabStrip: true,
    load: () => import('./products/products-section'),
  },
  {
    tab: 'orders',
    label: 'Orders',
    short: 'Orders',
    Icon: OrdersIcon,
    inTabStrip: true,
    load: () => import('./orders/orders-section'),
  },
  {
    tab: 'payments',
    label: 'Payments',
    short: 'Payments',
    Icon: PaymentsIcon,
    // Reached from the menu (and the Dashboard's money to refund): the strip keeps the daily four.
    inTabStrip: false,
    load: () => import('./payments/payments-section'),
  },
  {
    tab: 'discounts',
    label: 'Discounts',
    short: 'Discounts',
    Icon: DiscountsIcon,
    // Reached from the menu: the strip keeps the daily four.
    inTabStrip: false,
    load: () => import('./discounts/discounts-section'),
  },
  {
    tab: 'customers',
    label: 'Customers',
    short: 'Customers',
    Icon: CustomersIcon,
    inTabStrip: true,
    load: () => import('./customers/customers-section'),
  },
  {
    tab: 'settings',
    label: 'Settings',
    short: 'Settings',
    Icon: SettingsIcon,
    // Phones reach it from the slide-in menu: the strip has the four daily sections.
    inTabStrip: false,
    load: () => import('./settings/settings-section'),
  },
] as const satisfies readonly {
  tab: string;
  label: string;
  /** Its name in the phone's tab strip. */
  short: string;
  Icon: ComponentType<IconProps>;
  inTabStrip: boolean;
  load: () => Promise<{ default: ComponentType }>;
}[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminTab = AdminSection['tab'];

export const DEFAULT_TAB: AdminTab = 'dashboard';

/** The section a `?tab=` value names, or null when it names none (missing, unknown). */
export function parseAdminTab(value: string | null | undefined): AdminTab | null {
  return ADMIN_SECTIONS.find((section) => section.tab === value)?.tab ?? null;
}

export function sectionOf(tab: AdminTab): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.tab === tab)!;
}
