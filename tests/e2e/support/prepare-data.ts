import path from 'node:path';
import { openDatabase } from '../../../src/server/platform/db/client';
import { ensureDefaults } from '../../../src/server/platform/db/defaults';
import { migrate } from '../../../src/server/platform/db/migrate';
import { copyTemplate } from '../../../src/server/setup/template';

/** Lagos's Standard fee the browser tests set in the database, to prove pages read it from there. */
export const E2E_STANDARD_FEE_KOBO = 275_000;

/** Banner notifications the browser tests find: one on every page, one on product pages only. */
export const E2E_NOTIFICATIONS = {
  siteWide: { title: 'Free delivery', content: 'Standard shipping is free on orders above ₦25,000.' },
  productPage: { title: 'New drop', content: 'The Danfo collection is here, in limited numbers.' },
} as const;

/**
 * Prepares the shop's embedded database before the shop starts: migrated, with the defaults, a
 * Standard fee in Lagos that differs from the default, pay on delivery on (where the zones allow
 * it: Lagos, up to ₦100,000), and two active banner notifications.
 */
export async function prepareData(dataDir: string, buildDir: string) {
  // As the shop itself starts a brand-new data folder: from the build's template.
  copyTemplate(path.join(dataDir, 'pglite'), buildDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await migrate(database);
  await ensureDefaults(database);
  await database.sql.query(
    `UPDATE shipping_methods SET fee_kobo = $1
      WHERE code = 'standard' AND zone_id = (SELECT zone_id FROM shipping_zone_states WHERE state = 'Lagos')`,
    [E2E_STANDARD_FEE_KOBO],
  );
  await database.sql.query(
    `INSERT INTO settings (key, value) VALUES ('payment', $1)
     ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value`,
    [JSON.stringify({ payOnDelivery: true })],
  );
  await database.sql.query(
    `INSERT INTO site_notifications (title, content, type, display_location, start_date)
     VALUES ($1, $2, 'info', 'site_wide', now() - interval '1 day'),
            ($3, $4, 'promotional', 'product_page', now() - interval '1 day')`,
    [
      E2E_NOTIFICATIONS.siteWide.title,
      E2E_NOTIFICATIONS.siteWide.content,
      E2E_NOTIFICATIONS.productPage.title,
      E2E_NOTIFICATIONS.productPage.content,
    ],
  );
  await database.close();
}
