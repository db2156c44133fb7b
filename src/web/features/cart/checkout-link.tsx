import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths';

const button =
  'flex w-full items-center justify-center rounded px-5 py-3.5 text-sm font-bold tracking-widest focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

export const primaryButton = `${button} bg-neutral-950 text-white hover:bg-neutral-800`;
export const secondaryButton = `${button} border border-neutral-950 bg-white text-neutral-950 hover:bg-neutral-100`;

/**
 * 'Checkout', or while a line cannot be bought (sold out, unavailable, over the stock) a
 * disabled button saying what to do: checkout would refuse that cart anyway.
 */
export function CheckoutLink({ canCheckout, onNavigate }: { canCheckout: boolean; onNavigate?: () => void }) {
  const noteId = useId();
  if (canCheckout) {
    return (
      <Link to={paths.checkout} onClick={onNavigate} className={primaryButton}>
        Checkout
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        disabled
        aria-describedby={noteId}
        className={`${button} cursor-not-allowed bg-neutral-300 text-neutral-600`}
      >
        Checkout
      </button>
      <p id={noteId} className="mt-2 text-sm text-red-700">
        Some items can't be bought as they are. Update or remove them to check out.
      </p>
    </>
  );
}
