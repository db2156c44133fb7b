import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { POSTED_COOKIE } from '#shared/constants';
import type { PostedAnswer } from '#shared/posted-forms';
import type { Cart, CartLine } from '#shared/schemas/cart';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { addToCart, registerCartAdder } from './add-to-cart';
import { CartContext, type CartContextValue } from './cart-context';
import { CART_ERRORS } from './cart-messages';
import {
  type AddToCartLine,
  addToGuestLines,
  GUEST_CART_KEY,
  type GuestCartLine,
  keepKnownLines,
  readGuestLines,
  setGuestQuantity,
  writeGuestLines,
} from './guest-cart';

const EMPTY: Cart = { items: [], totalItems: 0, subtotalKobo: 0, canCheckout: false, notices: [] };

const loadDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(loadDrawer);
/** Fetches the drawer's code before it is needed (the cart button's hover or focus). */
export const preloadCartDrawer = () => {
  void loadDrawer();
};

/** The server's own words for a refusal (stock, unavailable item); none for crashes. */
const serverReason = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : undefined;

const quote = (lines: GuestCartLine[]) =>
  lines.length === 0 ? Promise.resolve(EMPTY) : api.post<Cart>('/api/cart/quote', { items: lines });

/** "Lagos Tee (M, Black)", as the server names items in its messages. */
const guestLabel = (line: CartLine) => `${line.name} (${[line.size, line.color].filter(Boolean).join(', ')})`;

type State = { cart: Cart | null; isLoading: boolean; error: string | null; provisionalCount: number };

/**
 * Holds the visitor's cart for the whole app. Guests keep their lines in localStorage (priced by
 * POST /api/cart/quote); signed-in shoppers use the server cart. The cart reloads whenever the
 * signed-in user changes; a guest cart found at sign-in is merged into the account's cart once
 * and the browser copy cleared.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [state, setState] = useState<State>({
    cart: null,
    isLoading: true,
    error: null,
    provisionalCount: 0,
  });
  const [updating, setUpdating] = useState(false);
  const [drawer, setDrawer] = useState({ open: false, justAdded: false, mounted: false });
  // Every load and change takes a ticket; only the latest may write the state, so a slow answer
  // from before a sign-in never overwrites the cart that followed it.
  const ticket = useRef(0);
  const userRef = useRef(userId);
  userRef.current = userId;

  const apply = useCallback((cart: Cart, mine: number) => {
    if (mine !== ticket.current) return;
    setState({ cart, isLoading: false, error: null, provisionalCount: cart.totalItems });
    for (const notice of cart.notices) toast.info(notice);
  }, []);

  const load = useCallback(
    async (forUser: string | null) => {
      const mine = ++ticket.current;
      const guest = readGuestLines();
      setState((previous) => ({
        ...previous,
        isLoading: true,
        provisionalCount: forUser
          ? previous.provisionalCount
          : guest.reduce((sum, line) => sum + line.quantity, 0),
      }));
      try {
        let cart: Cart;
        if (forUser) {
          // The merge's code comes only when there is a guest cart to merge (after a sign-in).
          const merged =
            readGuestLines().length > 0
              ? await import('./merge-guest-cart').then(({ mergeGuestCart }) => mergeGuestCart())
              : null;
          cart = merged ?? (await api.get<Cart>('/api/cart'));
        } else {
          cart = await quote(guest);
          // Products deleted from the shop drop out of the quote; forget them here too.
          if (cart.items.length < guest.length) writeGuestLines(keepKnownLines(guest, cart.items));
        }
        apply(cart, mine);
      } catch {
        if (mine === ticket.current) {
          setState((previous) => ({ ...previous, isLoading: false, error: CART_ERRORS.load }));
        }
      }
    },
    [apply],
  );

  const reload = useCallback(() => load(userRef.current), [load]);

  useEffect(() => {
    void load(userId);
  }, [userId, load]);

  // A guest cart changed in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_CART_KEY && !userRef.current) void load(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load]);

  /** Runs one change: the server's answer (or the guest's re-priced cart) becomes the cart. */
  const change = useCallback(
    async (run: () => Promise<Cart>, failure: string, rethrow = false) => {
      const mine = ++ticket.current;
      setUpdating(true);
      try {
        apply(await run(), mine);
        return true;
      } catch (error) {
        if (mine === ticket.current) {
          // The cart shown may be out of date now; a reload brings back the truth.
          setState((previous) => ({ ...previous, isLoading: false, error: failure }));
        }
        if (rethrow) throw error;
        toast.error(failure, serverReason(error));
        // Stock or availability may have moved under the shopper: show the cart as it is now.
        void load(userRef.current);
        return false;
      } finally {
        setUpdating(false);
      }
    },
    [apply, load],
  );

  /** A guest change: saved in the browser, then re-priced; put back as it was if pricing fails. */
  const guestChange = useCallback(async (next: (lines: GuestCartLine[]) => GuestCartLine[]) => {
    const before = readGuestLines();
    const after = next(before);
    writeGuestLines(after);
    try {
      return await quote(after);
    } catch (error) {
      writeGuestLines(before);
      throw error;
    }
  }, []);

  const addItem = useCallback(
    async (line: AddToCartLine) => {
      const added = await change(
        async () => {
          if (userRef.current) return api.post<Cart>('/api/cart/items', line);
          const before = readGuestLines();
          const cart = await guestChange((lines) => addToGuestLines(lines, line));
          const priced = cart.items.find(
            (item) => item.variantId === line.variantId && item.gender === line.gender,
          );
          if (priced?.status === 'ok') return cart;
          // Like the server cart: nothing unknown, sold out, withdrawn or not out yet; never more
          // than the stock or a drop's limit per customer.
          const refusal = !priced
            ? 'This product is no longer available.'
            : priced.status === 'sold_out'
              ? `Sorry, ${guestLabel(priced)} is sold out.`
              : priced.status === 'inactive'
                ? 'This product is no longer available.'
                : priced.status === 'coming_soon'
                  ? `${priced.name} is not out yet.`
                  : priced.status === 'over_limit' && !priced.allowance
                    ? `${priced.name} is a limited drop and your cart already has the most you can order.`
                    : null;
          if (!priced || refusal) {
            writeGuestLines(before);
            throw new ApiError(409, 'product_unavailable', refusal ?? '');
          }
          const label = guestLabel(priced);
          const most = Math.min(priced.stockAvailable, priced.allowance ?? priced.stockAvailable);
          const capped = await guestChange((lines) => setGuestQuantity(lines, priced, most));
          return {
            ...capped,
            notices: [
              priced.status === 'over_limit'
                ? `${priced.name} is a limited drop: your cart has the most you can order (${most}).`
                : `Only ${priced.stockAvailable} of ${label} available; your cart has ${priced.stockAvailable}.`,
            ],
          };
        },
        CART_ERRORS.add,
        true,
      );
      if (added) setDrawer({ open: true, justAdded: true, mounted: true });
    },
    [change, guestChange],
  );

  const updateQuantity = useCallback(
    async (line: CartLine, quantity: number) => {
      await change(
        () =>
          userRef.current
            ? api.patch<Cart>(`/api/cart/items/${encodeURIComponent(line.id)}`, { quantity })
            : guestChange((lines) => setGuestQuantity(lines, line, quantity)),
        CART_ERRORS.update,
      );
    },
    [change, guestChange],
  );

  const removeItem = useCallback(
    async (line: CartLine) => {
      await change(
        () =>
          userRef.current
            ? api.delete<Cart>(`/api/cart/items/${encodeURIComponent(line.id)}`)
            : guestChange((lines) => setGuestQuantity(lines, line, 0)),
        CART_ERRORS.remove,
      );
    },
    [change, guestChange],
  );

  const clearCart = useCallback(async () => {
    await change(
      () => (userRef.current ? api.delete<Cart>('/api/cart') : guestChange(() => [])),
      CART_ERRORS.clear,
    );
  }, [change, guestChange]);

  useEffect(() => registerCartAdder(addItem), [addItem]);

  // A product form posted before the script ran: finish it as a press on the page would have.
  // Its reader is loaded only when the server left an answer (rare: every page's first script
  // stays small).
  useEffect(() => {
    if (!document.cookie.includes(`${POSTED_COOKIE}=`)) return;
    void import('../../lib/posted-answer').then(({ takePostedAnswer }) => {
      const answer = takePostedAnswer(
        (posted): posted is Exclude<PostedAnswer, { form: 'checkout' } | { kind: 'signed-out' }> =>
          posted.kind !== 'signed-out' && (posted.kind !== 'refused' || posted.form === 'cart'),
      );
      if (answer?.kind === 'guest-line') {
        addToCart(answer.line).catch(() => {
          // addToCart has told the shopper why.
        });
      } else if (answer?.kind === 'cart-added') {
        setDrawer({ open: true, justAdded: true, mounted: true });
      } else if (answer?.kind === 'refused') {
        toast.error('Failed to add to cart', answer.message);
      }
    });
  }, []);

  const openDrawer = useCallback(() => setDrawer({ open: true, justAdded: false, mounted: true }), []);
  const closeDrawer = useCallback(() => setDrawer((previous) => ({ ...previous, open: false })), []);

  const { cart } = state;
  const value = useMemo<CartContextValue>(
    () => ({
      items: cart?.items ?? [],
      totalItems: cart ? cart.totalItems : state.provisionalCount,
      totalPrice: cart?.subtotalKobo ?? 0,
      canCheckout: cart?.canCheckout ?? false,
      isLoading: state.isLoading,
      loaded: cart !== null,
      error: state.error,
      updating,
      addItem,
      updateQuantity,
      removeItem,
      clearCart,
      reload,
      drawer: { open: drawer.open, justAdded: drawer.justAdded },
      openDrawer,
      closeDrawer,
    }),
    [
      cart,
      state,
      updating,
      addItem,
      updateQuantity,
      removeItem,
      clearCart,
      reload,
      drawer,
      openDrawer,
      closeDrawer,
    ],
  );

  return (
    <CartContext.Provider value={value}>
      {children}
      {drawer.mounted ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
    </CartContext.Provider>
  );
}
