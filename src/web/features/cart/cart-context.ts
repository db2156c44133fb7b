import { createContext, useContext } from 'react';
import type { CartLine } from '#shared/schemas/cart';
import type { AddToCartLine } from './guest-cart';

/**
 * The cart as the app reads it. Apart from the provider (cart-provider.tsx), so the drawer it
 * loads lazily can read the cart without importing the provider back.
 */
export interface CartContextValue {
  items: CartLine[];
  /** Sum of the lines' quantities (the navbar badge). */
  totalItems: number;
  /** Subtotal in kobo, priced by the server. */
  totalPrice: number;
  /** False while a line is inactive, sold out or over the stock: checkout would refuse it. */
  canCheckout: boolean;
  /** True until the cart is first known, and while it reloads. */
  isLoading: boolean;
  /** The cart has been loaded at least once (so an empty list really means an empty cart). */
  loaded: boolean;
  error: string | null;
  /** A change is being saved (buttons wait for it). */
  updating: boolean;
  addItem(line: AddToCartLine): Promise<void>;
  updateQuantity(line: CartLine, quantity: number): Promise<void>;
  removeItem(line: CartLine): Promise<void>;
  clearCart(): Promise<void>;
  reload(): Promise<void>;
  drawer: { open: boolean; justAdded: boolean };
  openDrawer(): void;
  closeDrawer(): void;
}

export const CartContext = createContext<CartContextValue | null>(null);

/** The cart; misuse outside CartProvider is a programming error (the spec's rule for contexts). */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}

/** The badge count, 0 outside the provider (e.g. a component rendered alone in a unit test). */
export function useCartTotalItems(): number {
  return useContext(CartContext)?.totalItems ?? 0;
}
