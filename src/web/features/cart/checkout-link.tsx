import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { paths } from '../../paths';

/**
 * 'Checkout', or while a line cannot be bought (sold out, unavailable, over the stock) a
 * disabled button saying what to do: checkout would refuse that cart anyway.
 */
export function CheckoutLink({ canCheckout, onNavigate }: { canCheckout: boolean; onNavigate?: () => void }) {
  const noteId = useId();
  if (canCheckout) {
    return (
      <Link to={paths.checkout} onClick={onNavigate} className={buttonClass({ block: true })}>
        Checkout
      </Link>
    );
  }
  return (
    <>
      <Button block disabled aria-describedby={noteId}>
        Checkout
      </Button>
      <p id={noteId} className="mt-2 text-sm text-red-700">
        Some items can't be bought as they are. Update or remove them to check out.
      </p>
    </>
  );
}
