import { LIMITS } from '#shared/constants';
import { useCartTotalItems } from './cart-context';

export { GUEST_CART_KEY } from './guest-cart';

/** Items in the visitor's cart, for the navbar badge (0 until the cart is known, e.g. on the server). */
export function useCartCount(): number {
  return useCartTotalItems();
}

/** The badge caps at 99+. */
export const badgeText = (count: number) =>
  count > LIMITS.cartBadgeMax ? `${LIMITS.cartBadgeMax}+` : String(count);
