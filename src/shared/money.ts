/**
 * Money is integer kobo everywhere (1 naira = 100 kobo). Naira only exist at the edges:
 * formatting for people and parsing what an admin types.
 */
export type Kobo = number;

const formatter = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₦12,500.00 */
export function formatNaira(kobo: Kobo): string {
  return formatter.format(kobo / 100);
}

/** Parses a naira amount typed by a person ("12,500.50") into kobo, or null when it is not a number. */
export function nairaToKobo(naira: string | number): Kobo | null {
  const text = typeof naira === 'number' ? String(naira) : naira.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function isKobo(value: unknown): value is Kobo {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
