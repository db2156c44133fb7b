import { sql as pg } from 'kysely';
import type { NotificationAudience, NotificationLocation } from '#shared/constants';
import type { ActiveNotification } from '#shared/schemas/catalog';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';

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
  const row = await queries(sql)
    .selectNoFrom((eb) =>
      eb
        .exists(
          eb
            .selectFrom('orders')
            .select(pg<number>`1`.as('one'))
            .where('user_id', '=', userId)
            .where('payment_status', '=', 'paid'),
        )
        .as('paid'),
    )
    .executeTakeFirst();
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
  return queries(sql)
    .selectFrom('site_notifications')
    .select(['id', 'title', 'content', 'type', 'display_location as displayLocation'])
    .where((eb) =>
      eb.and([
        eb.ref('is_active'),
        eb('start_date', '<=', pg<Date>`now()`),
        eb.or([eb('end_date', 'is', null), eb('end_date', '>', pg<Date>`now()`)]),
        eb(
          'display_location',
          '=',
          eb.fn.any(pg<NotificationLocation[]>`${locationsForPath(input.path)}::text[]`),
        ),
        eb('target_audience', '=', eb.fn.any(pg<NotificationAudience[]>`${audiences}::text[]`)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}
