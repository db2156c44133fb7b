import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../components/ui/button';
import { PriceBreakdown } from '../components/ui/price-breakdown';
import { useCart } from '../features/cart/cart-context';
import { CartLineItem } from '../features/cart/cart-line';
import { CheckoutLink } from '../features/cart/checkout-link';
import type { HeadTag } from '../lib/route-module';
import { paths } from '../paths';

// Asked first: 'Clear All' empties the cart, which cannot be undone. Loaded on first use.
const loadConfirm = () => import('../components/ui/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirm().then((module) => ({ default: module.ConfirmDialog })));

export function head(): HeadTag[] {
  return [{ title: 'Your Cart | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

/** The cart page. The cart itself lives in the app shell (CartProvider), so this page has no `load`. */
export default function CartPage() {
  const cart = useCart();
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);

  if (!cart.loaded && cart.error) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p role="alert" className="mt-2 text-neutral-700">
          {cart.error}
        </p>
        <div className="mx-auto mt-6 grid max-w-xs gap-2">
          <Button block onClick={() => cart.reload()}>
            Try again
          </Button>
          <Link to={paths.home} className={buttonClass({ variant: 'secondary', block: true })}>
            Return to Home
          </Link>
        </div>
      </div>
    );
  }

  if (!cart.loaded) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8" aria-busy="true">
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Your Cart</h1>
        <p className="mt-4 text-neutral-600">Loading your cart...</p>
        <div className="mt-6 grid gap-4" aria-hidden="true">
          {[0, 1].map((key) => (
            <div key={key} className="flex gap-3">
              <div className="h-24 w-24 animate-pulse rounded bg-neutral-200" />
              <div className="flex-1 space-y-2 py-1">
                <div className="h-4 w-2/3 animate-pulse rounded bg-neutral-200" />
                <div className="h-4 w-1/3 animate-pulse rounded bg-neutral-200" />
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-black">Your cart is empty</h1>
        <p className="mt-2 text-neutral-600">Add items to get started</p>
        <Link to={paths.home} className={`${buttonClass()} mx-auto mt-8`}>
          Start Shopping
        </Link>
      </div>
    );
  }

  const count = cart.totalItems;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex items-end justify-between gap-4">
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">
          Your Cart{' '}
          <span className="text-base font-semibold text-neutral-500">
            ({count} {count === 1 ? 'item' : 'items'})
          </span>
        </h1>
        <Button
          variant="text"
          aria-haspopup="dialog"
          onPointerEnter={loadConfirm}
          onFocus={loadConfirm}
          onClick={() => setConfirming(true)}
          className="text-neutral-700 hover:text-red-700"
        >
          Clear All
        </Button>
      </div>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Clear your cart?"
            message={
              count === 1
                ? 'This removes the 1 item in your cart.'
                : `This removes all ${count} items from your cart.`
            }
            confirmLabel="Clear All"
            busyLabel="Clearing..."
            busy={clearing}
            onCancel={() => setConfirming(false)}
            onConfirm={async () => {
              if (cart.updating) return;
              setClearing(true);
              try {
                await cart.clearCart();
              } finally {
                setClearing(false);
                setConfirming(false);
              }
            }}
          />
        </Suspense>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <ul
          className="divide-y divide-neutral-200 border-y border-neutral-200"
          aria-label="Items in your cart"
        >
          {cart.items.map((line) => (
            <CartLineItem key={line.id} line={line} />
          ))}
        </ul>
        <section
          aria-labelledby="cart-summary"
          className="h-fit rounded-lg border border-neutral-200 bg-neutral-50 p-5 lg:sticky lg:top-20"
        >
          <h2 id="cart-summary" className="text-lg font-bold">
            Order Summary
          </h2>
          <PriceBreakdown
            breakdown={{
              subtotalKobo: cart.totalPrice,
              discountKobo: 0,
              shippingKobo: 0,
              totalKobo: cart.totalPrice,
              discount: null,
            }}
            deliveryPending="Calculated at checkout"
            className="mt-4"
          />
          <p className="mt-2 text-xs text-neutral-600">Have a discount code? Add it at checkout.</p>
          <div className="mt-5 grid gap-2">
            <CheckoutLink canCheckout={cart.canCheckout} />
            <Link to={paths.home} className={buttonClass({ variant: 'secondary', block: true })}>
              Continue Shopping
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
