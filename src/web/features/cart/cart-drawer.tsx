import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatNaira } from '#shared/money';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { paths } from '../../paths';
import { useCart } from './cart-context';
import { CartLineItem } from './cart-line';
import { CheckoutLink } from './checkout-link';

/**
 * The cart drawer, sliding in from the right. Its own chunk, loaded the first time it opens.
 */
export default function CartDrawer() {
  const cart = useCart();
  const { drawer, closeDrawer } = cart;
  const location = useLocation();
  const shownPath = useRef(location.pathname);

  // Following a link out of the drawer closes it.
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    closeDrawer();
  }, [location.pathname, closeDrawer]);

  return (
    <Dialog
      open={drawer.open}
      onClose={closeDrawer}
      title={`Your Cart (${cart.totalItems})`}
      closeLabel="Close cart"
      placement="right"
      bodyClassName="flex min-h-0 flex-1 flex-col"
    >
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
              <Button variant="secondary" block onClick={() => cart.reload()}>
                Try again
              </Button>
            </>
          ) : (
            <p className="text-sm text-neutral-600">Loading your cart...</p>
          )}
        </div>
      ) : cart.items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center px-5 text-center">
          <p className="text-lg font-bold">Your cart is empty</p>
          <p className="mt-1 text-sm text-neutral-600">Add items to get started</p>
          <Link to={paths.home} onClick={closeDrawer} className={`${buttonClass()} mt-6 px-8`}>
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          <ul
            className="flex-1 divide-y divide-neutral-200 overflow-y-auto overscroll-contain px-5"
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
              <Link
                to={paths.cart}
                onClick={closeDrawer}
                className={buttonClass({ variant: 'secondary', block: true })}
              >
                View Cart
              </Link>
            </div>
          </div>
        </>
      )}
    </Dialog>
  );
}
