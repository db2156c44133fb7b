import { SectionHeading } from '../section-heading';

/** The admin panel's Products section (?tab=products). */
export default function ProductsSection() {
  return (
    <>
      <SectionHeading title="Products" />
      <p className="mt-4 max-w-prose rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-700">
        Adding, editing and removing products, their photos and their stock is being built. Until then the
        catalogue cannot be changed here.
      </p>
    </>
  );
}
