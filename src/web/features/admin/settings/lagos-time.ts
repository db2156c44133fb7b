import { SHOP_TIME_ZONE } from '#shared/dates';

/**
 * Times shown in the admin's lists. Typing a time (a `datetime-local` field) in Lagos time is
 * `#shared/shop-time-input` (`fromShopLocalInput`, `toShopLocalInput`).
 */

const dateTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: SHOP_TIME_ZONE,
});

/** '23 Nov 2026, 09:30' in Lagos. */
export const formatLagosDateTime = (iso: string) => dateTime.format(new Date(iso));
