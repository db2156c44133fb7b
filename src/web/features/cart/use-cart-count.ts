import { useSyncExternalStore } from 'react';

/** Where a guest's cart lives in the browser. */
export const GUEST_CART_KEY = 'naija-street.guest-cart';

type StoredLine = { quantity?: number };

function readCount(): number {
  try {
    const lines = JSON.parse(window.localStorage.getItem(GUEST_CART_KEY) ?? '[]') as StoredLine[];
    return lines.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener('guest-cart-change', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('guest-cart-change', onChange);
  };
}

/** Items in the visitor's cart, for the badge; 0 while rendering on the server. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}

export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
