import type { ShippingZone } from '#shared/schemas/catalog';
import type { CheckoutPricing, CheckoutSummary, CheckoutZone } from '#shared/schemas/checkout';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import { AppError } from '../../platform/errors';
import { readCart } from '../cart/cart';
import { readPickupLocation, readShippingZones } from '../catalog/shipping-zones';
import { readPaymentOptions } from '../settings/payment-options';
import { checkoutPricing } from './checkout-pricing';
import { payOnDeliveryFor } from './pay-on-delivery';

/** Free when the subtotal is above the method's threshold (the policy's 'free above ₦25,000'). */
export function shippingCost(
  method: { feeKobo: number; freeAboveKobo: number | null },
  subtotalKobo: number,
): number {
  return method.freeAboveKobo !== null && subtotalKobo > method.freeAboveKobo ? 0 : method.feeKobo;
}

/**
 * Zones read by the caller, each method priced for this subtotal; each zone's pay-on-delivery
 * maximum only while the shop offers pay on delivery.
 */
export function priceZones(
  zones: readonly ShippingZone[],
  subtotalKobo: number,
  payOnDelivery: boolean,
): CheckoutZone[] {
  return zones.map((zone) => ({
    ...zone,
    methods: zone.methods.map((method) => ({ ...method, costKobo: shippingCost(method, subtotalKobo) })),
    payOnDeliveryMaxKobo: payOnDelivery ? zone.payOnDeliveryMaxKobo : null,
  }));
}

/**
 * What the checkout page needs: the form prefilled, every zone with its methods priced for this
 * cart (the page offers the methods of the state chosen), pickup, whether this shopper may pay on
 * delivery, the cart.
 */
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
  const zones = await readShippingZones(sql);
  const payment = await readPaymentOptions(sql);
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
    zones: priceZones(zones, cart.subtotalKobo, payment.payOnDelivery),
    pickup: await readPickupLocation(sql),
    payOnDelivery: await payOnDeliveryFor(sql, userId, payment),
    paymentChannels: payment.channels,
    cart,
    pricing: await checkoutPricing(
      sql,
      userId,
      rows,
      zones.flatMap((zone) => zone.methods),
      null,
    ),
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
  const zones = await readShippingZones(sql);
  return checkoutPricing(
    sql,
    userId,
    rows,
    zones.flatMap((zone) => zone.methods),
    code,
  );
}
