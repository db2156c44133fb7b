import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../paths';
import { SectionHeading } from '../section-heading';
import { AdminStatusPanel } from './admin-status-panel';
import { AuditLogPanel } from './audit-log-panel';
import { EmailsPanel } from './emails-panel';
import { NotificationsPanel } from './notifications-panel';
import { PaymentPanel } from './payment-panel';
import { ShippingPanel } from './shipping-panel';
import { StorePanel } from './store-panel';

/** Settings' pages, in menu order; the one shown is `?section=` (Notifications when missing). */
export const SETTINGS_PAGES = [
  { key: 'notifications', label: 'Notifications', Panel: NotificationsPanel },
  { key: 'store', label: 'Store', Panel: StorePanel },
  { key: 'shipping', label: 'Shipping', Panel: ShippingPanel },
  { key: 'payment', label: 'Payment', Panel: PaymentPanel },
  { key: 'emails', label: 'Emails', Panel: EmailsPanel },
  { key: 'admin', label: 'Admin', Panel: AdminStatusPanel },
  { key: 'audit', label: 'Audit log', Panel: AuditLogPanel },
] as const satisfies readonly { key: string; label: string; Panel: ComponentType }[];

type SettingsPage = (typeof SETTINGS_PAGES)[number];

export const settingsHref = (key: SettingsPage['key'], extra: Record<string, string> = {}) =>
  `${paths.adminSection('settings')}&${new URLSearchParams({ section: key, ...extra })}`;

/** The admin panel's Settings section (?tab=settings&section=…). */
export default function SettingsSection() {
  const [params] = useSearchParams();
  const current = SETTINGS_PAGES.find((page) => page.key === params.get('section')) ?? SETTINGS_PAGES[0];
  const { Panel } = current;
  return (
    <>
      <SectionHeading title="Settings" />
      {/* Wraps onto a second line on a phone instead of scrolling sideways. */}
      <nav aria-label="Settings pages" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {SETTINGS_PAGES.map((page) => {
            const active = page.key === current.key;
            return (
              <li key={page.key}>
                <Link
                  to={settingsHref(page.key)}
                  aria-current={active ? 'page' : undefined}
                  className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 ${
                    active
                      ? 'border-neutral-900 bg-neutral-900 text-white'
                      : 'border-neutral-300 bg-white text-neutral-800 hover:border-neutral-900'
                  }`}
                >
                  {page.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="settings-page-title" className="mt-6">
        <h2 id="settings-page-title" className="text-xl font-black">
          {current.label}
        </h2>
        <div className="mt-4">
          <Panel key={current.key} />
        </div>
      </section>
    </>
  );
}
