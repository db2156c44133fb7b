import type { Gender, OrderStatus, PaymentStatus } from '#shared/constants';
import { shortId } from '#shared/constants';
import type { ShopperMoney } from '#shared/schemas/money';
import type { Order, OrderItem } from '#shared/schemas/orders';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema';
import { notFound } from '../../errors';
import { readShopperMoney } from '../payments/ledger';

export type OrderRow = {
  id: string;
  user_id: string | null;
  email: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  subtotal_kobo: number;
  shipping_cost_kobo: number;
  total_amount_kobo: number;
  shipping_address: AddressSnapshot;
  billing_address: AddressSnapshot;
  shipping_method: string;
  shipping_method_code: string | null;
  payment_method: string;
  notes: string | null;
  paid_at: Date | string | null;
  stock_released_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

type OrderItemRow = {
  id: string;
  order_id: string;
  product_id: string | null;
  variant_id: string | null;
  name: string;
  gender: Gender | null;
  size: string | null;
  color: string | null;
  image_key: string | null;
  quantity: number;
  unit_price_kobo: number;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

// node-postgres parses jsonb; PGlite does too, but be safe if a driver hands back text.
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toItem(row: OrderItemRow): OrderItem {
  const unitPriceKobo = Number(row.unit_price_kobo);
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    gender: row.gender,
    size: row.size,
    color: row.color,
    imageId: row.image_key,
    quantity: row.quantity,
    unitPriceKobo,
    lineTotalKobo: unitPriceKobo * row.quantity,
  };
}

export function toOrder(row: OrderRow, itemRows: OrderItemRow[], money: ShopperMoney): Order {
  const items = itemRows.map(toItem);
  return {
    id: row.id,
    shortId: shortId(row.id),
    status: row.status,
    paymentStatus: row.payment_status,
    email: row.email,
    subtotalKobo: Number(row.subtotal_kobo),
    shippingCostKobo: Number(row.shipping_cost_kobo),
    totalAmountKobo: Number(row.total_amount_kobo),
    shippingAddress: json(row.shipping_address),
    billingAddress: json(row.billing_address),
    shippingMethod: row.shipping_method,
    shippingMethodCode: row.shipping_method_code,
    paymentMethod: row.payment_method,
    notes: row.notes,
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    money,
  };
}

async function withItems(sql: SqlRunner, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await sql.query<OrderItemRow>(
    `SELECT id, order_id, product_id, variant_id, name, gender, size, color, image_key, quantity, unit_price_kobo
       FROM order_items WHERE order_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [rows.map((row) => row.id)],
  );
  const money = await readShopperMoney(
    sql,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((item) => item.order_id === row.id),
      money.get(row.id)!,
    ),
  );
}

/** The shopper's orders, newest first, with their items. */
export async function listOrders(deps: AppDeps, userId: string): Promise<Order[]> {
  const sql = deps.database.sql;
  const rows = await sql.query<OrderRow>(
    'SELECT * FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
    [userId],
  );
  return withItems(sql, rows);
}

/** One order of the shopper's; another person's order answers exactly like a missing one. */
export async function getOrder(deps: AppDeps, userId: string, orderId: string): Promise<Order> {
  const sql = deps.database.sql;
  const rows = await sql.query<OrderRow>('SELECT * FROM orders WHERE id = $1 AND user_id = $2', [
    orderId,
    userId,
  ]);
  const [order] = await withItems(sql, rows);
  if (!order) throw notFound('Order not found');
  return order;
}

/** Any order by id, for server-side work (emails, payments); null when missing. */
export async function loadOrder(sql: SqlRunner, orderId: string): Promise<Order | null> {
  const rows = await sql.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [orderId]);
  const [order] = await withItems(sql, rows);
  return order ?? null;
}
