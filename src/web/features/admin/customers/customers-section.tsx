import { SectionHeading } from '../section-heading';

/** The admin panel's Customers section (?tab=customers). */
export default function CustomersSection() {
  return (
    <>
      <SectionHeading title="Customers" />
      <p className="mt-4 max-w-prose rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-700">
        The customer list, with each customer's details, orders and role, is being built. It will appear here
        soon.
      </p>
    </>
  );
}
