import { SHOP_TIME_ZONE } from '#shared/dates';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** A moment in the panel's lists and books, in Lagos time: '20 Nov 2026, 11:00 am'. */
export const when = (iso: string) => dateTime.format(new Date(iso));
