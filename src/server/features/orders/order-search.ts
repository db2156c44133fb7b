import type { OrderStatus, PaymentStatus } from '#shared/constants';
import { shortId } from '#shared/constants';
import type { AdminOrderRow } from '#shared/schemas/admin-orders';
import { joinOrderMoney } from '../payments/ledger';

/** The admin's search of orders, shared by the Orders tab and its CSV export. */

export type OrderSearch = { q?: string; status: 'all' | OrderStatus };

/** LIKE patterns match the text as typed: %, _ and \ lose their meaning. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * WHERE clause and parameters of the admin search: the order id in full or its start (the
 * 8-character short id, as shown and emailed), the shipping name, the shipping email or the
 * account's email; and the status filter.
 */
export function searchClause(search: OrderSearch, first = 1): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const q = search.q?.trim();
  if (q) {
    if (UUID.test(q)) {
      params.push(q.toLowerCase());
      conditions.push(`o.id = $${first + params.length - 1}::uuid`);
    } else {
      params.push(`%${likeEscape(q)}%`, `${likeEscape(q.toLowerCase())}%`);
      const contains = `$${first + params.length - 2}`;
      const starts = `$${first + params.length - 1}`;
      conditions.push(`(o.id::text LIKE ${starts}
        OR o.shipping_address->>'fullName' ILIKE ${contains}
        OR o.email ILIKE ${contains}
        OR u.email ILIKE ${contains})`);
    }
  }
  if (search.status !== 'all') {
    params.push(search.status);
    conditions.push(`o.status = $${first + params.length - 1}`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export type ListRow = {
  id: string;
  created_at: Date | string;
  customer_email: string | null;
  shipping_name: string | null;
  email: string;
  item_count: string | number;
  total_amount_kobo: string | number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  refund_due: boolean;
};

/** Orders `o` with their account `u` and their money `m` (the ledger's view). */
export const FROM_ORDERS = `orders o LEFT JOIN users u ON u.id = o.user_id ${joinOrderMoney('o')}`;

export const LIST_COLUMNS = `o.id, o.created_at, u.email AS customer_email, o.shipping_address->>'fullName' AS shipping_name,
  o.email, o.total_amount_kobo, o.status, o.payment_status,
  coalesce((SELECT sum(quantity) FROM order_items oi WHERE oi.order_id = o.id), 0) AS item_count,
  m.refund_due_kobo > 0 AS refund_due`;

export const toRow = (row: ListRow): AdminOrderRow => ({
  id: row.id,
  shortId: shortId(row.id),
  createdAt: new Date(row.created_at).toISOString(),
  customerEmail: row.customer_email,
  shippingName: row.shipping_name ?? '',
  shippingEmail: row.email,
  itemCount: Number(row.item_count),
  totalAmountKobo: Number(row.total_amount_kobo),
  status: row.status,
  paymentStatus: row.payment_status,
  refundDue: row.refund_due,
});
