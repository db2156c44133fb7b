import type { Cart } from '#shared/schemas/cart';
import { api } from '../../lib/api';
import { addToGuestLines, readGuestLines, writeGuestLines } from './guest-cart';

let inFlight: Promise<Cart | null> | null = null;

/**
 * Moves the browser's guest cart into the signed-in account's cart (POST /api/cart/merge) and
 * clears the browser copy. Returns the merged cart, or null when there was nothing to merge.
 *
 * Called by the cart provider when a user signs in, and by the checkout page's `load`, which runs
 * first on the navigation that follows a sign-in: both get the same request, so the checkout sees
 * the merged cart and the lines are never merged twice. The lines are cleared before the call (a
 * second tab finds nothing to merge) and put back if it fails.
 */
export function mergeGuestCart(): Promise<Cart | null> {
  if (inFlight) return inFlight;
  const guest = readGuestLines();
  if (guest.length === 0) return Promise.resolve(null);
  writeGuestLines([]);
  inFlight = api
    .post<Cart>('/api/cart/merge', { items: guest })
    .catch((error: unknown) => {
      writeGuestLines(guest.reduce(addToGuestLines, readGuestLines()));
      throw error;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
