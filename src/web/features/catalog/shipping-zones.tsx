import { formatNaira } from '#shared/money';
import type { ShippingMethod, ShippingZone, ShippingZonesResponse } from '#shared/schemas/catalog';

/** What a method costs: 'Free' for pickup, the fee and its free-above threshold otherwise. */
export function feeText(method: ShippingMethod): string {
  if (method.kind === 'pickup') return 'Free';
  const fee = method.feeKobo === 0 ? 'Free' : formatNaira(method.feeKobo);
  return method.freeAboveKobo ? `${fee}, free on orders above ${formatNaira(method.freeAboveKobo)}` : fee;
}

/** How long a method takes: delivery days, or how soon a pickup order is ready. */
export function timeText(method: ShippingMethod): string {
  if (method.kind === 'pickup') {
    return method.maxDays === 0
      ? 'Ready the same day'
      : `Ready within ${method.maxDays} business ${method.maxDays === 1 ? 'day' : 'days'}`;
  }
  if (method.minDays === method.maxDays) {
    return `${method.maxDays} business ${method.maxDays === 1 ? 'day' : 'days'}`;
  }
  return `${method.minDays}-${method.maxDays} business days`;
}

/** 'Lagos', 'Ogun, Oyo and Osun'. */
export function statesText(states: readonly string[]): string {
  if (states.length <= 1) return states.join('');
  return `${states.slice(0, -1).join(', ')} and ${states.at(-1)}`;
}

/**
 * The delivery zones as shoppers read them: each zone's states and its methods with fee, free-above
 * threshold and days; where a zone offers pickup, the store's address and opening hours; pay on
 * delivery where the zone allows it. `level` is the zones' heading level in the page's outline.
 */
export function ShippingZonesList({
  zones,
  pickup,
  level = 3,
}: ShippingZonesResponse & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  if (zones.length === 0) {
    return (
      <p className="text-neutral-700">
        We are not taking delivery orders at the moment. Please contact us about your order.
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      {zones.map((zone) => (
        <section key={zone.id} aria-labelledby={`zone-${zone.id}`} className="min-w-0">
          <Heading id={`zone-${zone.id}`} className="font-bold">
            {zone.name}
          </Heading>
          <p className="mt-1 text-sm text-neutral-600">
            <span className="font-semibold">{zone.states.length === 1 ? 'State' : 'States'}:</span>{' '}
            {statesText(zone.states)}
          </p>
          <ZoneMethods zone={zone} />
          {zone.methods.some((method) => method.kind === 'pickup') ? (
            <p className="mt-2 text-sm text-neutral-700">
              Pick up at {pickup.address}. Opening hours: {pickup.openingHours}.
            </p>
          ) : null}
          {zone.payOnDeliveryMaxKobo !== null ? (
            <p className="mt-2 text-sm text-neutral-700">
              Pay on delivery for orders up to {formatNaira(zone.payOnDeliveryMaxKobo)}.
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function ZoneMethods({ zone }: { zone: ShippingZone }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{zone.name}: delivery methods, times and fees</caption>
        <thead className="border-b border-neutral-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Method
            </th>
            <th scope="col" className="py-2 pr-4">
              Delivery time
            </th>
            <th scope="col" className="py-2">
              Fee
            </th>
          </tr>
        </thead>
        <tbody>
          {zone.methods.map((method) => (
            <tr key={method.id} className="border-b border-neutral-200">
              <th scope="row" className="py-3 pr-4 font-semibold">
                {method.name}
              </th>
              <td className="py-3 pr-4">{timeText(method)}</td>
              <td className="py-3">{feeText(method)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
