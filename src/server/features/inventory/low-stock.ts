import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../db/client';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';
import { renderBrandEmail } from '../email/layout';
import { queueEmail } from '../email/outbox';
import { readStoreIdentity } from '../email/store-identity';

export type LowStockVariant = {
  variantId: string;
  productId: string;
  name: string;
  sku: string;
  stock: number;
};

/**
 * After a sale took stock: the variants that are now at or below the low-stock threshold and whose
 * admins have not been told yet. Marks them told in the same transaction (a conditional update, so
 * concurrent sales claim each variant once); empty when notify_admin is off.
 */
export async function claimLowStockAlerts(sql: SqlRunner, variantIds: string[]): Promise<LowStockVariant[]> {
  if (variantIds.length === 0) return [];
  const settings = await readOutOfStockSettings(sql);
  if (!settings.notify_admin) return [];
  return sql.query<LowStockVariant>(
    `UPDATE product_variants v SET low_stock_alerted_at = now()
       FROM products p
      WHERE v.id = ANY($1::uuid[]) AND p.id = v.product_id
        AND v.low_stock_alerted_at IS NULL AND v.stock_quantity <= $2
      RETURNING v.id AS "variantId", p.id AS "productId", p.name, v.sku, v.stock_quantity AS stock`,
    [variantIds, settings.threshold],
  );
}

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
  const admins = await sql.query<{ email: string }>(
    `SELECT email FROM users WHERE role IN ('admin', 'super_admin') ORDER BY created_at`,
  );
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
