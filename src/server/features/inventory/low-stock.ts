import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { renderBrandEmail } from '../email/layout';
import { queueEmail } from '../email/outbox';
import { readStoreIdentity } from '../email/store-identity';
import type { LowStockVariant } from './stock';

/**
 * Queues one email to every admin listing the variants that ran low, in the caller's transaction
 * (the sale that claimed them): the alert is sent if and only if the sale commits.
 */
export async function queueLowStockAlert(
  deps: Pick<AppDeps, 'env' | 'jobs'>,
  sql: SqlRunner,
  variants: LowStockVariant[],
): Promise<void> {
  if (variants.length === 0) return;
  const admins = await queries(sql)
    .selectFrom('users')
    .select('email')
    .where('role', 'in', ['admin', 'super_admin'])
    .orderBy('created_at')
    .execute();
  if (admins.length === 0) return;
  const store = await readStoreIdentity(sql);
  const lines = variants.map(
    (variant) =>
      `${variant.name} (${variant.sku}): ${variant.stock === 0 ? 'sold out' : `${variant.stock} left`}`,
  );
  const subject =
    variants.length === 1 ? `Low stock: ${variants[0]!.name}` : `Low stock: ${variants.length} items`;
  const content = renderBrandEmail(store, {
    preheader: subject,
    heading: 'Stock is running low',
    paragraphs: ['These items reached the low-stock level set in Settings:', ...lines],
    button: { label: 'Open the products', url: `${deps.env.publicUrl}/admin/dashboard?tab=products` },
  });
  for (const admin of admins) {
    await queueEmail(deps, sql, { to: admin.email, subject, kind: 'low_stock', ...content });
  }
}
