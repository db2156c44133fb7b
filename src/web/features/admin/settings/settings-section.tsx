import { SectionHeading } from '../section-heading';

/** The admin panel's Settings section (?tab=settings). */
export default function SettingsSection() {
  return (
    <>
      <SectionHeading title="Settings" />
      <p className="mt-4 max-w-prose rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-700">
        Site notifications, out-of-stock settings, store details, shipping, payment and emails are being
        built. They will appear here soon.
      </p>
    </>
  );
}
