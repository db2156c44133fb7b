import type { CartLine } from '#shared/schemas/cart';

/** The spec's cart error catalogue, word for word. */
export const CART_ERRORS = {
  load: 'Failed to load your cart. Please try again.',
  add: 'Failed to add item to cart. Please try again.',
  remove: 'Failed to remove item from cart. Please try again.',
  update: 'Failed to update item quantity. Please try again.',
  clear: 'Failed to clear cart. Please try again.',
} as const;

/** Why a line cannot be bought as it is, or null when it can. */
export function lineProblem(
  line: Pick<CartLine, 'status' | 'stockAvailable'> & Partial<Pick<CartLine, 'allowance'>>,
): string | null {
  switch (line.status) {
    case 'inactive':
      return 'This item is no longer available. Please remove it.';
    case 'coming_soon':
      return 'This drop is not out yet. Please remove it to check out.';
    case 'over_limit':
      return line.allowance
        ? `Limited drop: you can have ${line.allowance}. Please reduce the quantity.`
        : 'Limited drop: you have reached the limit per customer. Please remove it.';
    case 'sold_out':
      return 'Sold out. Please remove it to check out.';
    case 'insufficient_stock':
      return `Only ${line.stockAvailable} left in stock. Please reduce the quantity.`;
    default:
      return null;
  }
}

/**
 * The highest quantity the plus button may reach: what is in stock (the spec's cap of 99 too),
 * and what a drop's limit per customer leaves.
 */
export function maxQuantity(
  line: Pick<CartLine, 'status' | 'stockAvailable'> & Partial<Pick<CartLine, 'allowance'>>,
): number {
  if (line.status === 'inactive' || line.status === 'coming_soon') return 0;
  return Math.min(line.stockAvailable, 99, line.allowance ?? 99);
}

/** "M · Black · Men" */
export function lineOptions(line: Pick<CartLine, 'size' | 'color' | 'gender'>): string {
  return [line.size, line.color, line.gender === 'men' ? 'Men' : 'Women'].filter(Boolean).join(' · ');
}
