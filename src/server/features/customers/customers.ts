import { type Role, shortId } from '#shared/constants';
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AdminCustomerMessage,
  CUSTOMER_MESSAGES,
  customerName,
} from '#shared/schemas/customers';
import type { EmailStatus } from '#shared/schemas/emails';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { listAddresses } from '../accounts/addresses';
import { customerSalesSql } from '../payments/ledger';

/** What the shop records for an admin's message to a customer (emails.kind). */
export const CUSTOMER_MESSAGE_KIND = 'admin_message';

export type CustomerRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string | null;
  phone: string | null;
  role: Role;
  email_verified: boolean;
  created_at: Date | string;
  order_count: number;
  total_spent: string;
};

/**
 * A customer's row with their order count (every order) and what they spent (what the shop keeps
 * of their orders, from the ledger), read per user so a page of 20 reads 20 users' orders, not
 * the whole table.
 */
const customerSelect = (users: string) => `
  SELECT u.id, u.email, u.first_name, u.last_name, u.display_name, u.phone, u.role, u.email_verified,
         u.created_at,
         (SELECT count(*) FROM orders co WHERE co.user_id = u.id)::int AS order_count,
         ${customerSalesSql('u')}::text AS total_spent
  FROM ${users} u`;

export const toCustomer = (row: CustomerRow): AdminCustomer => ({
  id: row.id,
  name: customerName({ firstName: row.first_name, lastName: row.last_name, displayName: row.display_name }),
  email: row.email,
  role: row.role,
  emailVerified: row.email_verified,
  joinedAt: new Date(row.created_at).toISOString(),
  orderCount: row.order_count,
  totalSpentKobo: Number(row.total_spent),
});

/** `text` as a LIKE pattern matching it anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Matches the full name as shown ('Ada Obi'), the display name or the email, ignoring case. The
// expression is the one indexed in migration 0073 (users_search_trgm_idx): change both together.
export const SEARCH_WHERE = `($1::text IS NULL OR
  (lower(u.first_name || ' ' || u.last_name) || E'\\n' || lower(coalesce(u.display_name, '')) || E'\\n' || lower(u.email))
  LIKE $1)`;

/** Every account, newest first, optionally matching a name or email, a page at a time. */
export async function listCustomers(
  deps: Pick<AppDeps, 'database'>,
  query: AdminCustomerListQuery,
): Promise<AdminCustomerListResponse> {
  const sql = deps.database.sql;
  const pattern = query.search ? containing(query.search.toLowerCase()) : null;
  const rows = await sql.query<CustomerRow>(
    `${customerSelect(`(SELECT * FROM users u WHERE ${SEARCH_WHERE}
                         ORDER BY u.created_at DESC, u.id DESC LIMIT $2 OFFSET $3)`)}
     ORDER BY u.created_at DESC, u.id DESC`,
    [pattern, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [count] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM users u WHERE ${SEARCH_WHERE}`,
    [pattern],
  );
  return {
    customers: rows.map(toCustomer),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
  };
}

/** One customer as a list row, through `sql` (inside a transaction). */
export async function readCustomer(sql: SqlRunner, id: string): Promise<AdminCustomer | null> {
  const [row] = await sql.query<CustomerRow>(`${customerSelect('users')} WHERE u.id = $1`, [id]);
  return row ? toCustomer(row) : null;
}

type MessageRow = {
  id: string;
  subject: string;
  status: EmailStatus;
  created_at: Date | string;
  sent_at: Date | string | null;
  error: string | null;
};

export const toMessage = (row: MessageRow): AdminCustomerMessage => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  lastError: row.error,
});

export const MESSAGE_COLUMNS = 'id, subject, status, created_at, sent_at, error';

/** 'View details': the profile, saved addresses, orders, role and the messages sent to them. */
export async function getCustomer(deps: Pick<AppDeps, 'database'>, id: string): Promise<AdminCustomerDetail> {
  const sql = deps.database.sql;
  const [row] = await sql.query<CustomerRow>(`${customerSelect('users')} WHERE u.id = $1`, [id]);
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  const orders = await sql.query<{
    id: string;
    created_at: Date | string;
    status: AdminCustomerDetail['orders'][number]['status'];
    payment_status: AdminCustomerDetail['orders'][number]['paymentStatus'];
    total_amount_kobo: string | number;
    item_count: number;
  }>(
    `SELECT o.id, o.created_at, o.status, o.payment_status, o.total_amount_kobo,
            (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE order_id = o.id) AS item_count
     FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 50`,
    [id],
  );
  const messages = await sql.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM emails WHERE kind = $1 AND lower(to_address) = lower($2)
     ORDER BY created_at DESC, id DESC LIMIT 20`,
    [CUSTOMER_MESSAGE_KIND, row.email],
  );
  return {
    ...toCustomer(row),
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    phone: row.phone,
    addresses: await listAddresses(deps, id),
    orders: orders.map((order) => ({
      id: order.id,
      shortId: shortId(order.id),
      createdAt: new Date(order.created_at).toISOString(),
      status: order.status,
      paymentStatus: order.payment_status,
      totalKobo: Number(order.total_amount_kobo),
      itemCount: order.item_count,
    })),
    messages: messages.map(toMessage),
  };
}
