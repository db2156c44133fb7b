import type { NotificationAudience, NotificationLocation } from '#shared/constants';
import type { ActiveNotification } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';

/** Where the banner is being shown, from the page's path: site_wide always, plus the page's own place. */
export function locationsForPath(path: string | undefined): NotificationLocation[] {
  const locations: NotificationLocation[] = ['site_wide'];
  if (!path) return locations;
  const pathname = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  if (pathname.includes('/product/')) locations.push('product_page');
  if (pathname === '/cart') locations.push('cart');
  if (pathname === '/checkout') locations.push('checkout');
  return locations;
}

/** all = everyone; new_users = guests and accounts without a paid order; returning_users = the rest. */
async function audiencesFor(sql: SqlRunner, userId: string | null): Promise<NotificationAudience[]> {
  if (!userId) return ['all', 'new_users'];
  const [row] = await sql.query<{ paid: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = $1 AND payment_status = 'paid') AS paid`,
    [userId],
  );
  return row?.paid ? ['all', 'returning_users'] : ['all', 'new_users'];
}

/**
 * The notifications the banner shows on `path` for this visitor, newest first. Active means
 * is_active, started, and not yet ended.
 */
export async function findActiveNotifications(
  sql: SqlRunner,
  input: { path: string | undefined; userId: string | null },
): Promise<ActiveNotification[]> {
  const audiences = await audiencesFor(sql, input.userId);
  return sql.query<ActiveNotification>(
    `SELECT id, title, content, type, display_location AS "displayLocation"
     FROM site_notifications
     WHERE is_active AND start_date <= now() AND (end_date IS NULL OR end_date > now())
       AND display_location = ANY($1::text[]) AND target_audience = ANY($2::text[])
     ORDER BY created_at DESC, id`,
    [locationsForPath(input.path), audiences],
  );
}
