import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { NIGERIAN_STATES } from '#shared/constants';
import type { ShippingZone, ShippingZonesResponse } from '#shared/schemas/catalog';
import type { PickupLocation } from '#shared/schemas/orders';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { readPaymentOptions } from '../settings/payment-options';

/** Where pickup orders are collected until an admin saves Settings → Shipping (product decisions). */
export const PICKUP_DEFAULTS: PickupLocation = {
  address: '12 Admiralty Way, Lekki Phase 1, Lagos',
  openingHours: 'Mon–Sat, 10am–6pm',
};

/** The 'pickup' setting from its stored value, read by the caller; a missing key has its default. */
export function pickupFrom(value: Partial<PickupLocation> | null): PickupLocation {
  return {
    address: typeof value?.address === 'string' && value.address ? value.address : PICKUP_DEFAULTS.address,
    openingHours:
      typeof value?.openingHours === 'string' && value.openingHours
        ? value.openingHours
        : PICKUP_DEFAULTS.openingHours,
  };
}

/** The 'pickup' setting: the store's address and opening hours, shown to shoppers choosing pickup. */
export async function readPickupLocation(sql: SqlRunner): Promise<PickupLocation> {
  const row = await queries(sql)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'pickup')
    .executeTakeFirst();
  return pickupFrom((row?.value ?? null) as Partial<PickupLocation> | null);
}

/** States in the order of the list shoppers choose from. */
export const inStateOrder = (states: readonly string[]): string[] =>
  [...states].sort(
    (a, b) =>
      NIGERIAN_STATES.indexOf(a as (typeof NIGERIAN_STATES)[number]) -
      NIGERIAN_STATES.indexOf(b as (typeof NIGERIAN_STATES)[number]),
  );

/**
 * Every zone with an active method, in display order, each with its states and its active methods
 * in display order: the one source for the shipping policy and checkout. A state in none of them
 * cannot be shipped to. `payOnDeliveryMaxKobo` is the zone's own: the caller applies the payment
 * setting.
 */
export async function readShippingZones(sql: SqlRunner): Promise<ShippingZone[]> {
  const rows = await queries(sql)
    .selectFrom('shipping_zones as z')
    .select((eb) => [
      'z.id',
      'z.name',
      'z.pay_on_delivery_max_kobo as payOnDeliveryMaxKobo',
      jsonArrayFrom(
        eb.selectFrom('shipping_zone_states as s').select('s.state').whereRef('s.zone_id', '=', 'z.id'),
      ).as('states'),
      jsonArrayFrom(
        eb
          .selectFrom('shipping_methods as m')
          .select([
            'm.id',
            'm.code',
            'm.kind',
            'm.name',
            'm.fee_kobo as feeKobo',
            'm.free_above_kobo as freeAboveKobo',
            'm.min_days as minDays',
            'm.max_days as maxDays',
          ])
          .whereRef('m.zone_id', '=', 'z.id')
          .where((eb) => eb.ref('m.is_enabled'))
          .orderBy('m.display_order')
          .orderBy('m.name'),
      ).as('methods'),
    ])
    .orderBy('z.display_order')
    .orderBy('z.name')
    .execute();
  return rows
    .filter((row) => row.methods.length > 0)
    .map((row) => ({
      id: row.id,
      name: row.name,
      states: inStateOrder(row.states.map((state) => state.state)),
      methods: row.methods,
      payOnDeliveryMaxKobo: row.payOnDeliveryMaxKobo,
    }));
}

/**
 * GET /api/shipping-zones: the zones shoppers can be delivered in, each zone's pay-on-delivery
 * maximum only while the shop offers it, and where pickup orders are collected.
 */
export async function listShippingZones(sql: SqlRunner): Promise<ShippingZonesResponse> {
  const [zones, payment, pickup] = await Promise.all([
    readShippingZones(sql),
    readPaymentOptions(sql),
    readPickupLocation(sql),
  ]);
  return {
    zones: zones.map((zone) => ({
      ...zone,
      payOnDeliveryMaxKobo: payment.payOnDelivery ? zone.payOnDeliveryMaxKobo : null,
    })),
    pickup,
  };
}
