import { sql as pg, type Selectable } from 'kysely';
import { shortId } from '#shared/constants';
import type { ShopperMoney } from '#shared/schemas/money';
import type { Order, OrderItem } from '#shared/schemas/orders';
import type { AppliedDiscount, DiscountType } from '#shared/schemas/promotions';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso, isoOrNull } from '../../platform/db/values';
import { notFound } from '../../platform/errors';
import { readShopperMoney } from '../payments/ledger';

export type OrderRow = Selectable<DB['orders']>;

/** An order line's columns, as placing an order writes them and every order read selects them. */
export const ORDER_ITEM_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'variant_id',
  'name',
  'gender',
  'size',
  'color',
  'image_key',
  'quantity',
  'unit_price_kobo',
  'list_price_kobo',
  'discount_kobo',
] as const;

type OrderItemRow = Pick<Selectable<DB['order_items']>, (typeof ORDER_ITEM_COLUMNS)[number]>;

function toItem(row: OrderItemRow): OrderItem {
  const unitPriceKobo = row.unit_price_kobo;
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
    listPriceKobo: row.list_price_kobo,
    lineTotalKobo: unitPriceKobo * row.quantity,
    discountKobo: row.discount_kobo,
  };
}

/**
 * The code an order used, as the order keeps it: its words and what it took off, frozen when the
 * order was placed. The order does not keep the code's type: `type` is read from the discount's
 * row (which an order's reference keeps from being deleted); without it, the figures tell
 * free delivery from an amount off.
 */
export function orderDiscount(row: OrderRow, type?: DiscountType | null): AppliedDiscount | null {
  if (row.discount_code === null) return null;
  return {
    code: row.discount_code,
    title: row.discount_title ?? row.discount_code,
    type: type ?? (row.shipping_discount_kobo > 0 && row.discount_kobo === 0 ? 'free_shipping' : 'fixed'),
    amountKobo: row.discount_kobo,
    shippingKobo: row.shipping_discount_kobo,
  };
}

export function toOrder(
  row: OrderRow,
  itemRows: OrderItemRow[],
  money: ShopperMoney,
  discountType: DiscountType | null = null,
  awaitingPayment = false,
): Order {
  const items = itemRows.map(toItem);
  return {
    id: row.id,
    shortId: shortId(row.id),
    status: row.status,
    paymentStatus: row.payment_status,
    email: row.email,
    subtotalKobo: row.subtotal_kobo,
    discountKobo: row.discount_kobo,
    shippingCostKobo: row.shipping_cost_kobo,
    totalAmountKobo: row.total_amount_kobo,
    discount: orderDiscount(row, discountType),
    shippingAddress: row.shipping_address,
    billingAddress: row.billing_address,
    shippingMethod: row.shipping_method,
    shippingMethodCode: row.shipping_method_code,
    shippingZone: row.shipping_zone,
    fulfilment: row.fulfilment,
    pickup: row.fulfilment === 'pickup' ? row.pickup_location : null,
    paymentKind: row.payment_kind,
    paymentMethod: row.payment_method,
    awaitingPayment,
    notes: row.notes,
    paidAt: isoOrNull(row.paid_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    money,
  };
}

async function withItems(sql: SqlRunner, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.id);
  const items = await queries(sql)
    .selectFrom('order_items')
    .select(ORDER_ITEM_COLUMNS)
    .where((eb) => eb('order_id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const money = await readShopperMoney(
    sql,
    rows.map((row) => row.id),
  );
  const discountIds = [...new Set(rows.flatMap((row) => (row.discount_id ? [row.discount_id] : [])))];
  const types = new Map(
    discountIds.length === 0
      ? []
      : (
          await queries(sql)
            .selectFrom('discounts')
            .select(['id', 'type'])
            .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${discountIds}::uuid[]`)))
            .execute()
        ).map((discount) => [discount.id, discount.type]),
  );
  const awaiting = await awaitingPayment(sql, orderIds);
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((item) => item.order_id === row.id),
      money.get(row.id)!,
      row.discount_id ? (types.get(row.discount_id) ?? null) : null,
      awaiting.has(row.id),
    ),
  );
}

/**
 * The orders among `orderIds` with a payment Paystack reports pending (a bank transfer or USSD
 * payment the bank is confirming): each is "awaiting your payment" until it lands or fails.
 */
export async function awaitingPayment(sql: SqlRunner, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await queries(sql)
    .selectFrom('payment_transactions')
    .select('order_id')
    .distinct()
    .where((eb) => eb('order_id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
    .where('status', '=', 'pending')
    .execute();
  return new Set(rows.map((row) => row.order_id));
}

/** The shopper's orders, newest first, with their items. */
export async function listOrders(deps: AppDeps, userId: string): Promise<Order[]> {
  const sql = deps.database.sql;
  const rows = await queries(sql)
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return withItems(sql, rows);
}

/** One order of the shopper's; another person's order answers exactly like a missing one. */
export async function getOrder(deps: AppDeps, userId: string, orderId: string): Promise<Order> {
  const sql = deps.database.sql;
  const rows = await queries(sql)
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .execute();
  const [order] = await withItems(sql, rows);
  if (!order) throw notFound('Order not found');
  return order;
}

/** Any order by id, for server-side work (emails, payments); null when missing. */
export async function loadOrder(sql: SqlRunner, orderId: string): Promise<Order | null> {
  const rows = await queries(sql).selectFrom('orders').selectAll().where('id', '=', orderId).execute();
  const [order] = await withItems(sql, rows);
  return order ?? null;
}
