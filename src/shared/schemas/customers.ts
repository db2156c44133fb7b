/**
 * The admin's Customers section: GET /api/admin/customers (search, paging), GET …/:id (details),
 * POST …/:id/email (a message from the shop), POST …/:id/role (grant or revoke admin).
 */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, ROLES } from '../constants';
import { savedAddress } from './accounts';
import { EMAIL_STATUSES } from './emails';

export const CUSTOMER_MESSAGES = {
  loadFailed: 'Error loading customers. Please try again later.',
  none: 'No customers found',
  noMatch: 'No customers match your search',
  notFound: 'Customer not found',
  emailQueued: 'Email queued for delivery',
  emailFailed: 'Failed to send email',
  subjectRequired: 'Please enter a subject.',
  subjectMax: 'The subject can be at most 150 characters.',
  bodyRequired: 'Please write a message.',
  bodyMax: 'The message can be at most 5,000 characters.',
  controlCharacters: 'Remove the special (control) characters from the text.',
  roleUpdated: 'Role updated',
  roleFailed: 'Failed to update role',
  onlySuperAdmin: 'Only a super admin can grant or revoke admin access.',
  ownAccess: 'You cannot change your own access.',
  lastSuperAdmin: 'The last super admin cannot be removed. Make someone else a super admin first.',
} as const;

export const CUSTOMER_LIMITS = { subjectMax: 150, bodyMax: 5000, searchMax: 100 } as const;

/** The name shown for a customer: first and last name, else the display name, else 'Customer'. */
export function customerName(person: {
  firstName: string;
  lastName: string;
  displayName: string | null;
}): string {
  const full = `${person.firstName} ${person.lastName}`.trim();
  return full || person.displayName?.trim() || 'Customer';
}

export const adminCustomerListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(CUSTOMER_LIMITS.searchMax, `Search with at most ${CUSTOMER_LIMITS.searchMax} characters`)
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 customers a page').default(20),
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuery>;

export const adminCustomerSchema = z.object({
  id: z.string(),
  /** First and last name, else the display name, else 'Customer'. */
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  joinedAt: z.string(),
  orderCount: z.number().int(),
  /** Paid orders only, in kobo. */
  totalSpentKobo: z.number().int(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerListResponse = z.object({
  customers: z.array(adminCustomerSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminCustomerListResponse = z.infer<typeof adminCustomerListResponse>;

export const customerIdParams = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound) });

export const adminCustomerOrderSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalKobo: z.number().int(),
  itemCount: z.number().int(),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

export const adminCustomerMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AdminCustomerMessage = z.infer<typeof adminCustomerMessageSchema>;

export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable(),
  phone: z.string().nullable(),
  addresses: z.array(savedAddress),
  /** Newest first, at most 50 (orderCount has them all). */
  orders: z.array(adminCustomerOrderSchema),
  /** Messages the shop's admins sent this customer, newest first, with their delivery status. */
  messages: z.array(adminCustomerMessageSchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const adminCustomerDetailResponse = z.object({ customer: adminCustomerDetailSchema });
export type AdminCustomerDetailResponse = z.infer<typeof adminCustomerDetailResponse>;

// Tabs and line breaks are text in a message; every other control character is refused (product
// decisions), and a subject is one line. Checked by code point: a regular expression of control
// characters is what lint rightly flags as a likely mistake.
const isControl = (code: number) => code < 0x20 || code === 0x7f;
const hasControl = (value: string, allowed: readonly number[] = []) =>
  [...value].some((char) => {
    const code = char.charCodeAt(0);
    return isControl(code) && !allowed.includes(code);
  });
const TAB_AND_NEWLINES = [0x09, 0x0a, 0x0d] as const;

export const sendCustomerEmailRequest = z.object({
  subject: z
    .string({ error: CUSTOMER_MESSAGES.subjectRequired })
    .trim()
    .min(1, CUSTOMER_MESSAGES.subjectRequired)
    .max(CUSTOMER_LIMITS.subjectMax, CUSTOMER_MESSAGES.subjectMax)
    .refine((value) => !hasControl(value), CUSTOMER_MESSAGES.controlCharacters),
  body: z
    .string({ error: CUSTOMER_MESSAGES.bodyRequired })
    .trim()
    .min(1, CUSTOMER_MESSAGES.bodyRequired)
    .max(CUSTOMER_LIMITS.bodyMax, CUSTOMER_MESSAGES.bodyMax)
    .refine((value) => !hasControl(value, TAB_AND_NEWLINES), CUSTOMER_MESSAGES.controlCharacters),
});
export type SendCustomerEmailRequest = z.infer<typeof sendCustomerEmailRequest>;

export const sendCustomerEmailResponse = z.object({ message: adminCustomerMessageSchema });
export type SendCustomerEmailResponse = z.infer<typeof sendCustomerEmailResponse>;

export const setCustomerRoleRequest = z.object({
  role: z.enum(ROLES, 'Choose customer, admin or super_admin'),
});
export type SetCustomerRoleRequest = z.infer<typeof setCustomerRoleRequest>;

export const setCustomerRoleResponse = z.object({ customer: adminCustomerSchema });
export type SetCustomerRoleResponse = z.infer<typeof setCustomerRoleResponse>;
