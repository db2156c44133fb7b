import type { Gender } from '#shared/constants';

/** Where a guest's cart lives in the browser. */
export const GUEST_CART_KEY = 'naija-street.guest-cart';

/** What the product page asks the cart to add (the shape of POST /api/cart/items). */
export type AddToCartLine = {
  productId: string;
  variantId: string;
  gender: Gender;
  quantity: number;
};

/** A line of the guest cart as kept in localStorage under GUEST_CART_KEY. */
export type GuestCartLine = AddToCartLine;

/** Same as CART_LINE_MAX in #shared/schemas/cart, repeated so the app shell does not load zod. */
export const LINE_MAX = 99;

const sameLine = (a: { variantId: string; gender: string }, b: { variantId: string; gender: string }) =>
  a.variantId === b.variantId && a.gender === b.gender;

/** Adds the line to a guest cart: a line with the same variant and gender adds up. Pure, for tests. */
export function addToGuestLines(lines: readonly GuestCartLine[], line: AddToCartLine): GuestCartLine[] {
  const index = lines.findIndex((existing) => sameLine(existing, line));
  if (index === -1) return [...lines, { ...line, quantity: Math.min(line.quantity, LINE_MAX) }];
  return lines.map((existing, i) =>
    i === index ? { ...existing, quantity: Math.min(existing.quantity + line.quantity, LINE_MAX) } : existing,
  );
}

/** Sets a guest line's quantity; below 1 removes it (as the server does for a signed-in cart). */
export function setGuestQuantity(
  lines: readonly GuestCartLine[],
  target: { variantId: string; gender: string },
  quantity: number,
): GuestCartLine[] {
  if (quantity < 1) return lines.filter((line) => !sameLine(line, target));
  return lines.map((line) =>
    sameLine(line, target) ? { ...line, quantity: Math.min(quantity, LINE_MAX) } : line,
  );
}

/** Keeps only the lines the server still knows (it drops deleted products from a quote). */
export function keepKnownLines(
  lines: readonly GuestCartLine[],
  known: readonly { variantId: string; gender: string }[],
): GuestCartLine[] {
  return lines.filter((line) => known.some((item) => sameLine(item, line)));
}

const isLine = (value: unknown): value is GuestCartLine => {
  const line = value as Partial<GuestCartLine> | null;
  return (
    typeof line?.productId === 'string' &&
    typeof line.variantId === 'string' &&
    (line.gender === 'men' || line.gender === 'women') &&
    Number.isInteger(line.quantity) &&
    (line.quantity ?? 0) > 0
  );
};

/** The stored guest lines; anything unreadable (an old format, hand edits) counts as empty. */
export function readGuestLines(): GuestCartLine[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(GUEST_CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

export function writeGuestLines(lines: readonly GuestCartLine[]): void {
  if (lines.length === 0) window.localStorage.removeItem(GUEST_CART_KEY);
  else window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
}
