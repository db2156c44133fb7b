/** Every date a person sees is in Lagos time, whatever the server's or the phone's time zone. */
export const SHOP_TIME_ZONE = 'Africa/Lagos';

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

const longDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** "MMM dd, yyyy", e.g. "Nov 05, 2026". */
export function formatDate(value: string | Date): string {
  return shortDate.format(new Date(value));
}

/** Long Nigerian English form, e.g. "5 November 2026". */
export function formatLongDate(value: string | Date): string {
  return longDate.format(new Date(value));
}
