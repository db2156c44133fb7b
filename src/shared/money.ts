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

/**
 * What `units` of an order line's `quantity` were paid: the line's total less its share of the
 * order's discount (`linePaidKobo`), in proportion, rounded down. Refunding a line's units one
 * refund at a time gives back, at the last unit, exactly what the line was paid: a refund of units
 * is the difference of two such figures.
 */
export function paidForUnits(linePaidKobo: Kobo, quantity: number, units: number): Kobo {
  return Math.floor((linePaidKobo * units) / quantity);
}
