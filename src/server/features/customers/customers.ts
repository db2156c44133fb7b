import { type Kysely, sql as pg, type Selectable, type SelectQueryBuilder } from 'kysely';
import { shortId } from '#shared/constants';
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AdminCustomerMessage,
  CUSTOMER_MESSAGES,
  customerName,
} from '#shared/schemas/customers';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso, isoOrNull, likeContaining } from '../../platform/db/values';
import { notFound } from '../../platform/errors';
import { listAddresses } from '../accounts/addresses';
import { customerSalesSql } from '../payments/ledger';

/** What the shop records for an admin's message to a customer (emails.kind). */
export const CUSTOMER_MESSAGE_KIND = 'admin_message';

/** Accounts (`users u`) chosen for a read: one by id, or a page of a search. */
type Accounts = SelectQueryBuilder<DB & { u: DB['users'] }, 'u', Selectable<DB['users']>>;

/**
 * The chosen accounts' rows with their order count (every order) and what they spent (what the
 * shop keeps of their orders, from the ledger), read per chosen user so a page of 20 reads 20
 * users' orders, not the whole table.
 */
const customerRows = (db: Kysely<DB>, accounts: Accounts) =>
  db
    .selectFrom(accounts.as('u'))
    .select((eb) => [
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.display_name',
      'u.phone',
      'u.role',
      'u.email_verified',
      'u.created_at',
      eb
        .selectFrom('orders as co')
        .select(eb.fn.countAll<number>().as('orders'))
        .whereRef('co.user_id', '=', 'u.id')
        .$asScalar()
        .as('order_count'),
      pg.raw<number>(customerSalesSql('u')).as('total_spent'),
    ]);

type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerRows>['execute']>>[number];

const toCustomer = (row: CustomerRow): AdminCustomer => ({
  id: row.id,
  name: customerName({ firstName: row.first_name, lastName: row.last_name, displayName: row.display_name }),
  email: row.email,
  role: row.role,
  emailVerified: row.email_verified,
  joinedAt: iso(row.created_at),
  orderCount: row.order_count,
  totalSpentKobo: row.total_spent,
});

/** One account by id, as `users u`. */
const account = (db: Kysely<DB>, id: string): Accounts =>
  db.selectFrom('users as u').selectAll('u').where('u.id', '=', id);

/**
 * Accounts (`users u`) matching a LIKE pattern in the full name as shown ('Ada Obi'), the display
 * name or the email, all lower-cased. The expression is the one indexed in migration 0073
 * (users_search_trgm_idx): change both together.
 */
export const matchesCustomerSearch = (pattern: string) =>
  pg<boolean>`(lower(u.first_name || ' ' || u.last_name) || E'\\n' || lower(coalesce(u.display_name, '')) || E'\\n' || lower(u.email))
    LIKE ${pattern}`;

/** Every account, newest first, optionally matching a name or email, a page at a time. */
export async function listCustomers(
  deps: Pick<AppDeps, 'database'>,
  query: AdminCustomerListQuery,
): Promise<AdminCustomerListResponse> {
  const db = queries(deps.database.sql);
  const search = query.search ? matchesCustomerSearch(likeContaining(query.search.toLowerCase())) : null;
  const page = db
    .selectFrom('users as u')
    .selectAll('u')
    .$if(search !== null, (accounts) => accounts.where(search!))
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const rows = await customerRows(db, page).orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').execute();
  const count = await db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$if(search !== null, (accounts) => accounts.where(search!))
    .executeTakeFirst();
  return {
    customers: rows.map(toCustomer),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
  };
}

/** One customer as a list row, through `sql` (inside a transaction). */
export async function readCustomer(sql: SqlRunner, id: string): Promise<AdminCustomer | null> {
  const db = queries(sql);
  const row = await customerRows(db, account(db, id)).executeTakeFirst();
  return row ? toCustomer(row) : null;
}

/** An admin's message to a customer, as the customer's details list it. */
export const MESSAGE_COLUMNS = ['id', 'subject', 'status', 'created_at', 'sent_at', 'error'] as const;

type MessageRow = Pick<Selectable<DB['emails']>, (typeof MESSAGE_COLUMNS)[number]>;

export const toMessage = (row: MessageRow): AdminCustomerMessage => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  createdAt: iso(row.created_at),
  sentAt: isoOrNull(row.sent_at),
  lastError: row.error,
});

/** 'View details': the profile, saved addresses, orders, role and the messages sent to them. */
export async function getCustomer(deps: Pick<AppDeps, 'database'>, id: string): Promise<AdminCustomerDetail> {
  const db = queries(deps.database.sql);
  const row = await customerRows(db, account(db, id)).executeTakeFirst();
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  const orders = await db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.created_at',
      'o.status',
      'o.payment_status',
      'o.total_amount_kobo',
      eb
        .selectFrom('order_items')
        .select((items) => items.fn.coalesce(items.fn.sum<number>('quantity'), items.lit(0)).as('units'))
        .whereRef('order_id', '=', 'o.id')
        .$asScalar()
        .as('item_count'),
    ])
    .where('o.user_id', '=', id)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(50)
    .execute();
  const messages = await db
    .selectFrom('emails')
    .select(MESSAGE_COLUMNS)
    .where('kind', '=', CUSTOMER_MESSAGE_KIND)
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', eb.fn('lower', [eb.val(row.email)])))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
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
      createdAt: iso(order.created_at),
      status: order.status,
      paymentStatus: order.payment_status,
      totalKobo: order.total_amount_kobo,
      itemCount: order.item_count,
    })),
    messages: messages.map(toMessage),
  };
}
