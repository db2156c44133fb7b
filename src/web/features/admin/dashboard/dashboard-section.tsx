import { SectionHeading } from '../section-heading';

/** The admin panel's Dashboard section (?tab=dashboard). */
export default function DashboardSection() {
  return (
    <>
      <SectionHeading title="Dashboard" />
      <p className="mt-4 max-w-prose rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-700">
        Sales figures, recent orders, stock levels and the last 30 days of paid sales are being built. They
        will appear here soon.
      </p>
    </>
  );
}
