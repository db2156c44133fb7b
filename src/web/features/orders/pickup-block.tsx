import type { AddressSnapshot, PickupLocation } from '#shared/schemas/orders';

/**
 * Where a pickup order is collected and when (as the shop said when it was placed), then who
 * collects it: the contact's name and phone from the order, without a delivery address.
 */
export function PickupBlock({
  pickup,
  contact,
  className = '',
}: {
  pickup: PickupLocation;
  contact: Pick<AddressSnapshot, 'fullName' | 'phone'>;
  className?: string;
}) {
  return (
    <div className={`text-sm leading-6 wrap-anywhere ${className}`}>
      <address className="not-italic">{pickup.address}</address>
      <p>
        <span className="text-neutral-600">Opening hours: </span>
        {pickup.openingHours}
      </p>
      <p className="mt-2">
        <span className="text-neutral-600">Collected by: </span>
        <span className="font-semibold">{contact.fullName}</span>, {contact.phone}
      </p>
    </div>
  );
}
