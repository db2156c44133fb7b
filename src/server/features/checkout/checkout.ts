import type { CheckoutSummary, ShippingOption } from '#shared/schemas/checkout';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../db/client';
import { getCart } from '../cart/cart';

export type ShippingMethodRow = {
  code: string;
  name: string;
  fee_kobo: number;
  free_above_kobo: number | null;
  min_days: number;
  max_days: number;
};

/** Free when the subtotal is above the method's threshold (the policy's 'free above ₦25,000'). */
export function shippingCost(
  method: { feeKobo: number; freeAboveKobo: number | null },
  subtotalKobo: number,
): number {
  return method.freeAboveKobo !== null && subtotalKobo > method.freeAboveKobo ? 0 : method.feeKobo;
}

/** The columns of shipping_methods that price an order (ShippingMethodRow). */
export const SHIPPING_METHOD_COLUMNS = 'code, name, fee_kobo, free_above_kobo, min_days, max_days';
/** Enabled methods, in the order checkout offers them. */
export const ENABLED_SHIPPING_METHODS = `SELECT ${SHIPPING_METHOD_COLUMNS}
  FROM shipping_methods WHERE is_enabled ORDER BY display_order, name`;

/** Enabled shipping methods from the database, each priced for this subtotal. */
export async function shippingOptions(sql: SqlRunner, subtotalKobo: number): Promise<ShippingOption[]> {
  return priceShippingMethods(await sql.query<ShippingMethodRow>(ENABLED_SHIPPING_METHODS), subtotalKobo);
}

/** Shipping methods read by the caller, each priced for this subtotal. */
export function priceShippingMethods(rows: ShippingMethodRow[], subtotalKobo: number): ShippingOption[] {
  return rows.map((row) => {
    const method = {
      code: row.code,
      name: row.name,
      feeKobo: Number(row.fee_kobo),
      freeAboveKobo: row.free_above_kobo === null ? null : Number(row.free_above_kobo),
      minDays: row.min_days,
      maxDays: row.max_days,
    };
    return { ...method, costKobo: shippingCost(method, subtotalKobo) };
  });
}

/** What the checkout page needs: the form prefilled, the shipping choices for this cart, the cart. */
export async function getCheckout(deps: AppDeps, userId: string): Promise<CheckoutSummary> {
  const sql = deps.database.sql;
  const cart = await getCart(deps, userId);
  const [profile] = await sql.query<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
  }>('SELECT first_name, last_name, email, phone FROM users WHERE id = $1', [userId]);
  const [address] = await sql.query<{
    full_name: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    state: string;
  }>(
    `SELECT full_name, email, phone, address, city, state FROM addresses
      WHERE user_id = $1 ORDER BY is_default DESC, updated_at DESC LIMIT 1`,
    [userId],
  );
  const firstName = profile?.first_name ?? '';
  const lastName = profile?.last_name ?? '';
  const shippingMethods = await shippingOptions(sql, cart.subtotalKobo);
  return {
    prefill: {
      firstName,
      lastName,
      fullName: address?.full_name || [firstName, lastName].filter(Boolean).join(' '),
      email: address?.email || profile?.email || '',
      phone: address?.phone || profile?.phone || '',
      address: address?.address ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
    },
    shippingMethods,
    defaultShippingMethodCode:
      shippingMethods.find((method) => method.code === 'standard')?.code ?? shippingMethods[0]?.code ?? null,
    cart,
  };
}
