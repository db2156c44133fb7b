import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { CART_ERRORS } from './cart-messages';
import { type AddToCartLine, addToGuestLines, readGuestLines, writeGuestLines } from './guest-cart';

export type { AddToCartLine, GuestCartLine } from './guest-cart';
export { addToGuestLines } from './guest-cart';

type Adder = (line: AddToCartLine) => Promise<void>;
let adder: Adder | null = null;

/**
 * The cart provider (mounted once in the app shell) registers how a line is added: to the server
 * cart when signed in, to the browser's guest cart otherwise, then it opens the cart drawer.
 * A module-level hook-up keeps `addToCart` a plain function the product page can call.
 */
export function registerCartAdder(next: Adder): () => void {
  adder = next;
  return () => {
    if (adder === next) adder = null;
  };
}

/**
 * Adds a line to the visitor's cart. On success the cart drawer opens and says so; on failure
 * the shopper gets the 'Failed to add to cart' toast with the reason (the server's message, e.g.
 * sold out, or the cart's generic one) and the promise rejects, so the caller can stop its spinner.
 */
export async function addToCart(line: AddToCartLine): Promise<void> {
  try {
    if (adder) {
      await adder(line);
      return;
    }
    // No provider (outside the app shell): keep the line for the guest cart.
    writeGuestLines(addToGuestLines(readGuestLines(), line));
    toast.success('Added to cart');
  } catch (error) {
    const reason = error instanceof ApiError && error.status < 500 ? error.message : CART_ERRORS.add;
    toast.error('Failed to add to cart', reason);
    throw error;
  }
}
