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

const dateTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  // 12:15 pm, not 0:15 pm: `hour12: true` lets Node's ICU pick the 0-11 cycle for en-GB while
  // browsers pick 1-12, so a page rendered on the server would read differently once hydrated.
  hourCycle: 'h12',
  timeZone: SHOP_TIME_ZONE,
});

/**
 * A moment with its time, e.g. "Tue, 24 Nov 2026, 6:00 pm": a drop's release, and every time a
 * screen shows (when an order was placed, an email sent, a refund checked, an entry written).
 */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value));
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * A Lagos calendar day as the server names it ('2026-11-23'), written short: "23 Nov" (a chart's
 * days). The day is already Lagos's: it is written as it is, in no other time zone.
 */
export function formatShortDay(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

/** Whether a drop's release time is still ahead of `now` (ms: the server's clock, or an estimate). */
export const isComingSoon = (releaseAt: string | null | undefined, now: number): boolean =>
  releaseAt != null && Date.parse(releaseAt) > now;
