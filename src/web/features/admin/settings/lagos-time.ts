import { SHOP_TIME_ZONE } from '#shared/dates';

/**
 * Admins type dates and times as Lagos time, whatever their device's zone: Lagos is UTC+1 all
 * year (no daylight saving), so a `datetime-local` value is read with that offset.
 */
const LAGOS_OFFSET_MS = 60 * 60_000;

/** '2026-11-23T09:30' (Lagos) → ISO with its offset, '' when empty. */
export function lagosInputToIso(value: string): string {
  if (!value) return '';
  return `${value.length === 16 ? `${value}:00` : value}+01:00`;
}

/** An ISO time → '2026-11-23T09:30' in Lagos, for a `datetime-local` input. */
export function isoToLagosInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

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
