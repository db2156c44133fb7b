/**
 * `npm run db:types`: writes src/server/platform/db/types.ts, the tables' and views' types, from a
 * database migrated from scratch on the PostgreSQL server (TEST_DATABASE_URL, or the local one),
 * with kysely-codegen. `--verify` checks the file is what the migrations make instead (npm test
 * runs that form). The database is made for the run and dropped after.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../platform/db/client';
import { migrate } from '../platform/db/migrate';

const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUT = fileURLToPath(new URL('../platform/db/types.ts', import.meta.url));

/**
 * Columns whose values a CHECK constraint lists: typed as the shop's own unions rather than text.
 * Every other column is typed from its database type.
 */
const OVERRIDES: Record<string, string> = {
  'users.role': 'Role',
  'products.gender': 'Gender',
  'order_items.gender': 'Gender | null',
  'cart_items.gender': 'Gender',
  'orders.status': 'OrderStatus',
  'orders.payment_status': 'PaymentStatus',
  'orders.cancelled_by': '"expiry" | "shopper" | "admin" | null',
  'payment_transactions.status':
    '"initialized" | "pending" | "success" | "failed" | "abandoned" | "reversed"',
  'refunds.kind': 'RefundKind',
  'refunds.status': 'RefundStatus',
  'ledger_entries.kind': 'LedgerKind',
  'ledger_entries.disposition': 'Disposition',
  'site_notifications.type': 'NotificationType',
  'site_notifications.display_location': 'NotificationLocation',
  'site_notifications.target_audience': 'NotificationAudience',
  'emails.status': 'EmailStatus',
  'reconciliation_runs.status': '"running" | "done" | "failed"',
  'discounts.kind': 'DiscountKind',
  'discounts.type': 'DiscountType',
  'discounts.applies_to': 'DiscountTarget',
  'refunds.items': '{ orderItemId: string; quantity: number }[] | null',
  'orders.shipping_address': 'AddressSnapshot',
  'orders.fulfilment': 'Fulfilment',
  'orders.payment_kind': 'PaymentKind',
  'orders.pickup_location': 'PickupLocation | null',
  'shipping_methods.kind': 'Fulfilment',
  'orders.billing_address': 'AddressSnapshot',
  // A view's columns are reported nullable; order_money has one row per order, every figure set.
  'order_money.order_id': 'string',
  ...Object.fromEntries(
    [
      'received_kobo',
      'applied_kobo',
      'refunded_kobo',
      'refunded_applied_kobo',
      'refund_pending_kobo',
      'kept_kobo',
      'sales_kobo',
      'refund_due_kobo',
    ].map((column) => [`order_money.${column}`, 'number']),
  ),
};

const IMPORTS = {
  Role: '#shared/constants#Role',
  Gender: '#shared/constants#Gender',
  OrderStatus: '#shared/constants#OrderStatus',
  PaymentStatus: '#shared/constants#PaymentStatus',
  Fulfilment: '#shared/fulfilment#Fulfilment',
  PaymentKind: '#shared/fulfilment#PaymentKind',
  PickupLocation: '#shared/schemas/orders#PickupLocation',
  NotificationType: '#shared/constants#NotificationType',
  NotificationLocation: '#shared/constants#NotificationLocation',
  NotificationAudience: '#shared/constants#NotificationAudience',
  RefundKind: '#shared/schemas/money#RefundKind',
  RefundStatus: '#shared/schemas/admin-orders#RefundStatus',
  LedgerKind: '#shared/schemas/money#LedgerKind',
  Disposition: '#shared/schemas/money#Disposition',
  EmailStatus: '#shared/schemas/emails#EmailStatus',
  AddressSnapshot: '#shared/schemas/orders#AddressSnapshot',
  DiscountKind: '#shared/schemas/promotions#DiscountKind',
  DiscountType: '#shared/schemas/promotions#DiscountType',
  DiscountTarget: '#shared/schemas/promotions#DiscountTarget',
};

function databaseUrl(name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const verify = process.argv.includes('--verify');
  const name = `shop_types_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = await openDatabase({ kind: 'postgres', url: server, maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), maxConnections: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    const result = spawnSync(
      process.execPath,
      [
        fileURLToPath(new URL('../../../node_modules/kysely-codegen/dist/cli/bin.js', import.meta.url)),
        '--dialect',
        'postgres',
        '--url',
        databaseUrl(name),
        '--out-file',
        OUT,
        '--numeric-parser',
        'number',
        '--type-mapping',
        JSON.stringify({ int8: 'number' }),
        '--overrides',
        JSON.stringify({ columns: OVERRIDES }),
        '--custom-imports',
        JSON.stringify(IMPORTS),
        '--exclude-pattern',
        'schema_migrations',
        '--log-level',
        'warn',
        ...(verify ? ['--verify'] : []),
      ],
      { stdio: 'inherit' },
    );
    process.exitCode = result.status ?? 1;
  } finally {
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
