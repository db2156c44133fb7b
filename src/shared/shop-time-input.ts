import { SHOP_TIME_ZONE } from './dates';

/** `datetime-local` values read and written in the shop's time zone (the admin's forms). */

const wallClock = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

/** The shop's wall-clock time of a moment as a `datetime-local` value, "2026-11-24T18:00". */
export function toShopLocalInput(value: string | Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * A `datetime-local` value ("2026-11-24T18:00") read as the shop's wall-clock time, as an ISO
 * moment; null when it is not a valid date and time. Whatever the phone's own time zone.
 */
export function fromShopLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at that moment, found by reading the guess back on the shop's clock.
  let moment = asUtc;
  for (let pass = 0; pass < 2; pass++) {
    const shown = toShopLocalInput(new Date(moment));
    const shownUtc = Date.parse(`${shown}:00Z`);
    moment += asUtc - shownUtc;
  }
  const result = new Date(moment);
  return toShopLocalInput(result) === `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`
    ? result.toISOString()
    : null;
}
