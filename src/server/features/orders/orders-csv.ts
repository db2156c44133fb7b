import type { Kysely } from 'kysely';
import { sql as pg } from 'kysely';
import { shortId } from '#shared/constants';
import { type Fulfilment, PAY_ON_DELIVERY_LABEL } from '#shared/fulfilment';
import { methodLabel } from '#shared/schemas/money';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { MONEY_COLUMNS, toMoney } from '../payments/ledger';
import { listedOrders, type OrderSearch, searchClause } from './order-search';

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
 * The order's price breakdown as every screen shows it: Subtotal − Discount + Shipping = Total,
 * with the code that gave the discount and the delivery fee a free-delivery code waived (already
 * left out of Shipping). The money columns are the ledger's figures of each order
 * (features/payments/ledger.ts), the same the dashboard and the order's page show: Paid is
 * everything received (charges and offline payments), Refunded what went back, Refund due what
 * must still go back, and Kept (sales) what the shop keeps of an order it delivers. Zone is the
 * delivery zone the order was placed in, Fulfilment delivery or pickup, Payment Paystack or Pay on
 * delivery.
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
  'Discount code',
  'Discount (NGN)',
  'Shipping waived (NGN)',
  'Shipping method',
  'Zone',
  'Fulfilment',
  'Payment',
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

const FULFILMENT_WORDS: Record<Fulfilment, string> = { delivery: 'Delivery', pickup: 'Pickup' };

/** The list's columns, the ledger's figures of each order (`m`) and what the accountant adds. */
const csvRows = (db: Kysely<DB>) =>
  listedOrders(db).select((eb) => [
    ...MONEY_COLUMNS,
    // The keyset cursor as text: a Date would drop the microseconds and skip or repeat orders.
    pg<string>`o.created_at::text`.as('cursor_at'),
    'o.subtotal_kobo',
    'o.discount_code',
    'o.discount_kobo',
    'o.shipping_discount_kobo',
    'o.shipping_cost_kobo',
    'o.shipping_method',
    'o.payment_reference',
    eb.ref('o.shipping_address', '->>').key('phone').as('phone'),
    eb.ref('o.shipping_address', '->>').key('city').as('city'),
    eb.ref('o.shipping_address', '->>').key('state').as('state'),
    eb
      .selectFrom('ledger_entries as l')
      .select('l.method')
      .whereRef('l.order_id', '=', 'o.id')
      .where('l.kind', 'in', ['charge', 'offline_payment'])
      .where('l.disposition', '=', 'applied')
      .orderBy('l.seq')
      .limit(1)
      .as('paid_with'),
  ]);

type CsvRow = Awaited<ReturnType<ReturnType<typeof csvRows>['execute']>>[number];

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
    row.item_count,
    naira(row.subtotal_kobo),
    row.discount_code,
    naira(row.discount_kobo),
    naira(row.shipping_discount_kobo),
    row.shipping_method,
    row.shipping_zone,
    FULFILMENT_WORDS[row.fulfilment],
    row.payment_kind === 'pay_on_delivery' ? PAY_ON_DELIVERY_LABEL : 'Paystack',
    naira(row.shipping_cost_kobo),
    naira(row.total_amount_kobo),
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
  const db = queries(deps.database.sql);
  for (;;) {
    const cursor = after;
    const rows: CsvRow[] = await csvRows(db)
      .where(searchClause(search))
      .$if(cursor !== null, (query) =>
        query.where(pg<boolean>`(o.created_at, o.id) < (${cursor?.at}::timestamptz, ${cursor?.id}::uuid)`),
      )
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map((row) => `${csvLine(row)}\r\n`).join('');
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.id };
  }
}
