import { shortId } from '#shared/constants';
import { methodLabel } from '#shared/schemas/money';
import type { AppDeps } from '../../context';
import { MONEY_COLUMNS, type MoneyRow, toMoney } from '../payments/ledger';
import { FROM_ORDERS, LIST_COLUMNS, type ListRow, type OrderSearch, searchClause } from './order-search';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const lagosDateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const naira = (kobo: number) => (kobo / 100).toFixed(2);

/**
 * The money columns are the ledger's figures of each order (features/payments/ledger.ts), the
 * same the dashboard and the order's page show: Paid is everything received (charges and
 * offline payments), Refunded what went back, Refund due what must still go back, and Kept
 * (sales) what the shop keeps of an order it delivers.
 */
export const CSV_HEADER = [
  'Order ID',
  'Short ID',
  'Date (Lagos)',
  'Customer',
  'Ship to',
  'Email',
  'Phone',
  'City',
  'State',
  'Items',
  'Subtotal (NGN)',
  'Shipping method',
  'Shipping (NGN)',
  'Total (NGN)',
  'Paid (NGN)',
  'Refunded (NGN)',
  'Refund due (NGN)',
  'Kept (NGN)',
  'Status',
  'Payment status',
  'Paid by',
  'Payment reference',
];

type CsvRow = ListRow &
  MoneyRow & {
    cursor_at: string;
    subtotal_kobo: string | number;
    shipping_cost_kobo: string | number;
    shipping_method: string;
    phone: string | null;
    city: string | null;
    state: string | null;
    payment_reference: string | null;
    paid_with: string | null;
  };

function csvLine(row: CsvRow): string {
  const money = toMoney(row);
  return [
    row.id,
    shortId(row.id),
    lagosDateTime.format(new Date(row.created_at)).replace(',', ''),
    row.customer_email ?? 'Guest',
    row.shipping_name,
    row.email,
    row.phone,
    row.city,
    row.state,
    Number(row.item_count),
    naira(Number(row.subtotal_kobo)),
    row.shipping_method,
    naira(Number(row.shipping_cost_kobo)),
    naira(Number(row.total_amount_kobo)),
    naira(money.receivedKobo),
    naira(money.refundedKobo),
    naira(money.refundDueKobo),
    naira(money.salesKobo),
    row.status,
    row.payment_status,
    row.paid_with ? methodLabel(row.paid_with) : null,
    row.payment_reference,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * The filtered list as CSV for the accountant: every matching order, newest first, read a batch at
 * a time (keyset paging on created_at and id, so a large shop streams without holding it all) and
 * yielded as text as it is read. Starts with a byte-order mark, which tells spreadsheet programs
 * the file is UTF-8 (names with accents, ₦).
 */
export async function* exportOrdersCsv(
  deps: AppDeps,
  search: OrderSearch,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? 1000;
  yield `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n`;
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const { where, params } = searchClause(search, 1);
    const conditions = where ? [where.replace(/^WHERE /, '')] : [];
    if (after) {
      params.push(after.at, after.id);
      conditions.push(`(o.created_at, o.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(batchSize);
    const rows: CsvRow[] = await deps.database.sql.query<CsvRow>(
      `SELECT ${LIST_COLUMNS}, ${MONEY_COLUMNS}, o.created_at::text AS cursor_at, o.subtotal_kobo,
              o.shipping_cost_kobo, o.shipping_method, o.payment_reference,
              o.shipping_address->>'phone' AS phone, o.shipping_address->>'city' AS city,
              o.shipping_address->>'state' AS state,
              (SELECT l.method FROM ledger_entries l
                WHERE l.order_id = o.id AND l.kind IN ('charge', 'offline_payment') AND l.disposition = 'applied'
                ORDER BY l.seq LIMIT 1) AS paid_with
         FROM ${FROM_ORDERS}
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length}`,
      params,
    );
    if (rows.length > 0) yield rows.map((row) => `${csvLine(row)}\r\n`).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.id };
  }
}
