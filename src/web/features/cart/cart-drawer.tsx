import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatNaira } from '#shared/money';
import { CloseIcon } from '../../components/ui/icons';
import { paths } from '../../paths';
import { CartLineItem } from './cart-line';
import { useCart } from './cart-provider';
import { CheckoutLink, primaryButton, secondaryButton } from './checkout-link';

/**
 * The cart drawer: a modal dialog sliding in from the right (focus trapped, Escape and the
 * backdrop close it). Its own chunk, loaded the first time it opens.
 */
export default function CartDrawer() {
  const cart = useCart();
  const { drawer, closeDrawer } = cart;
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const shownPath = useRef(location.pathname);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (drawer.open && !element.open) element.showModal();
    if (!drawer.open && element.open) element.close();
  }, [drawer.open]);

  // Following a link out of the drawer closes it.
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    closeDrawer();
  }, [location.pathname, closeDrawer]);

  const count = cart.totalItems;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the native dialog already handles Escape
    <dialog
      ref={dialog}
      aria-labelledby="cart-drawer-title"
      onClose={closeDrawer}
      onClick={(event) => {
        if (event.target === dialog.current) closeDrawer();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[92vw] max-w-md flex-col bg-white p-0 shadow-xl backdrop:bg-black/40 open:flex"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-neutral-200 pl-5 pr-2">
        <h2 id="cart-drawer-title" className="text-base font-black tracking-wide">
          Your Cart ({count})
        </h2>
        <button
          type="button"
          onClick={closeDrawer}
          aria-label="Close cart"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-900"
        >
          <CloseIcon />
        </button>
      </div>
      {drawer.justAdded ? (
        <p role="status" className="shrink-0 bg-green-50 px-5 py-2 text-sm font-semibold text-green-800">
          Added to cart
        </p>
      ) : null}

      {!cart.loaded ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-5 text-center">
          {cart.error ? (
            <>
              <p role="alert" className="text-sm text-red-700">
                {cart.error}
              </p>
              <button type="button" onClick={() => cart.reload()} className={secondaryButton}>
                Try again
              </button>
            </>
          ) : (
            <p className="text-sm text-neutral-600">Loading your cart...</p>
          )}
        </div>
      ) : cart.items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center px-5 text-center">
          <p className="text-lg font-bold">Your cart is empty</p>
          <p className="mt-1 text-sm text-neutral-600">Add items to get started</p>
          <Link to={paths.home} onClick={closeDrawer} className={`${primaryButton} mt-6 w-auto px-8`}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          <ul
            className="flex-1 divide-y divide-neutral-200 overflow-y-auto px-5"
            aria-label="Items in your cart"
          >
            {cart.items.map((line) => (
              <CartLineItem key={line.id} line={line} onNavigate={closeDrawer} />
            ))}
          </ul>
          <div className="shrink-0 border-t border-neutral-200 px-5 pb-5 pt-4">
            <p className="flex justify-between text-base font-bold">
              <span>Subtotal</span>
              <span>{formatNaira(cart.totalPrice)}</span>
            </p>
            <p className="mt-1 text-xs text-neutral-600">Shipping is calculated at checkout.</p>
            <div className="mt-4 grid gap-2">
              <CheckoutLink canCheckout={cart.canCheckout} onNavigate={closeDrawer} />
              <Link to={paths.cart} onClick={closeDrawer} className={secondaryButton}>
                View Cart
              </Link>
            </div>
          </div>
        </>
      )}
    </dialog>
  );
}
