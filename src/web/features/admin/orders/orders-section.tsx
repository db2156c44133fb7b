import { SectionHeading } from '../section-heading';

/** The admin panel's Orders section (?tab=orders). */
export default function OrdersSection() {
  return (
    <>
      <SectionHeading title="Orders" />
      <p className="mt-4 max-w-prose rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-700">
        The order list, with search, status filters and status changes, is being built. Until then orders
        cannot be followed up here.
      </p>
    </>
  );
}
