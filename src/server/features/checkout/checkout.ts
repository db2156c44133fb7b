import type { QueryCreator, Selectable } from 'kysely';
import type { CheckoutPricing, CheckoutSummary, ShippingOption } from '#shared/schemas/checkout';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { AppError } from '../../platform/errors';
import { readCart } from '../cart/cart';
import { checkoutPricing } from './checkout-pricing';

/** Free when the subtotal is above the method's threshold (the policy's 'free above ₦25,000'). */
export function shippingCost(
  method: { feeKobo: number; freeAboveKobo: number | null },
  subtotalKobo: number,
): number {
  return method.freeAboveKobo !== null && subtotalKobo > method.freeAboveKobo ? 0 : method.feeKobo;
}

/** The columns of shipping_methods that price an order (ShippingMethodRow). */
export const SHIPPING_METHOD_COLUMNS = [
  'code',
  'name',
  'fee_kobo',
  'free_above_kobo',
  'min_days',
  'max_days',
] as const;

/**
 * Enabled methods, in the order checkout offers them: a query on its own, or a subquery of a
 * larger one (placing an order reads them with its other settings in one statement).
 */
export const enabledShippingMethods = (db: QueryCreator<DB>) =>
  db
    .selectFrom('shipping_methods')
    .select(SHIPPING_METHOD_COLUMNS)
    .where((eb) => eb.ref('is_enabled'))
    .orderBy('display_order')
    .orderBy('name');

export type ShippingMethodRow = Pick<
  Selectable<DB['shipping_methods']>,
  (typeof SHIPPING_METHOD_COLUMNS)[number]
>;

/** Shipping methods read by the caller, each priced for this subtotal. */
export function priceShippingMethods(rows: ShippingMethodRow[], subtotalKobo: number): ShippingOption[] {
  return rows.map((row) => {
    const method = {
      code: row.code,
      name: row.name,
      feeKobo: row.fee_kobo,
      freeAboveKobo: row.free_above_kobo,
      minDays: row.min_days,
      maxDays: row.max_days,
    };
    return { ...method, costKobo: shippingCost(method, subtotalKobo) };
  });
}

/** What the checkout page needs: the form prefilled, the shipping choices for this cart, the cart. */
export async function getCheckout(deps: AppDeps, userId: string): Promise<CheckoutSummary> {
  const sql = deps.database.sql;
  const { cart, rows } = await readCart(sql, userId);
  const profile = await queries(sql)
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const address = await queries(sql)
    .selectFrom('addresses')
    .select(['full_name', 'email', 'phone', 'address', 'city', 'state'])
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const firstName = profile?.first_name ?? '';
  const lastName = profile?.last_name ?? '';
  const methods = await enabledShippingMethods(queries(sql)).execute();
  const shippingMethods = priceShippingMethods(methods, cart.subtotalKobo);
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
    pricing: await checkoutPricing(sql, userId, rows, methods, null),
  };
}

/** The checkout priced with a code: its effect line by line, or why it is refused. */
export async function priceCheckoutCode(
  deps: AppDeps,
  userId: string,
  code: string,
): Promise<CheckoutPricing> {
  const sql = deps.database.sql;
  const { rows } = await readCart(sql, userId);
  if (rows.length === 0) throw new AppError('cart_empty', 400, 'Your cart is empty');
  const methods = await enabledShippingMethods(queries(sql)).execute();
  return checkoutPricing(sql, userId, rows, methods, code);
}
