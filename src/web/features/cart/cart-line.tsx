import { Link } from 'react-router';
import { formatNaira } from '#shared/money';
import type { CartLine } from '#shared/schemas/cart';
import { Button } from '../../components/ui/button';
import { WasPrice } from '../../components/ui/price-breakdown';
import { ProductThumbnail } from '../../components/ui/product-image';
import { paths } from '../../paths';
import { useCart } from './cart-context';
import { lineOptions, lineProblem, maxQuantity } from './cart-messages';

/**
 * One cart line with its quantity stepper (minus stops at 1, plus at the stock) and Remove. Used
 * by the drawer and the cart page; a line that cannot be bought says why. While a change is being
 * saved the buttons ignore presses rather than turning disabled, so keyboard focus stays on them.
 */
export function CartLineItem({ line, onNavigate }: { line: CartLine; onNavigate?: () => void }) {
  const { updateQuantity, removeItem, updating } = useCart();
  const problem = lineProblem(line);
  const max = maxQuantity(line);
  return (
    <li className="flex gap-3 py-4">
      <Link
        to={paths.product(line.productId)}
        onClick={onNavigate}
        className="block w-20 shrink-0 overflow-hidden rounded sm:w-24"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductThumbnail imageId={line.imageId} sizes="96px" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={paths.product(line.productId)}
            onClick={onNavigate}
            className="font-semibold leading-snug hover:underline"
          >
            {line.name}
          </Link>
          <span className="shrink-0 font-semibold">{formatNaira(line.lineTotalKobo)}</span>
        </div>
        <p className="mt-0.5 text-sm text-neutral-600">{lineOptions(line)}</p>
        <p className="text-sm text-neutral-600">
          {line.compareAtKobo ? (
            <>
              <WasPrice kobo={line.compareAtKobo} />{' '}
              <span className="font-semibold text-neutral-900">
                <span className="sr-only">Now </span>
                {formatNaira(line.priceKobo)}
              </span>
            </>
          ) : (
            formatNaira(line.priceKobo)
          )}{' '}
          each
        </p>
        {problem ? <p className="mt-1 text-sm font-semibold text-red-700">{problem}</p> : null}
        <div className="mt-2 flex items-center justify-between gap-2">
          {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset */}
          <div
            role="group"
            aria-label={`Quantity of ${line.name}`}
            className="inline-flex items-center rounded border border-neutral-300"
          >
            <Button
              variant="icon"
              size="sm"
              className="text-lg font-semibold"
              aria-label={`Decrease quantity of ${line.name}`}
              disabled={line.quantity <= 1}
              onClick={() => !updating && updateQuantity(line, line.quantity - 1)}
            >
              −
            </Button>
            <span className="min-w-8 text-center text-sm font-semibold" aria-live="polite">
              {line.quantity}
            </span>
            <Button
              variant="icon"
              size="sm"
              className="text-lg font-semibold"
              aria-label={`Increase quantity of ${line.name}`}
              disabled={line.quantity >= max}
              onClick={() => !updating && updateQuantity(line, line.quantity + 1)}
            >
              +
            </Button>
          </div>
          <Button
            variant="text"
            className="text-neutral-700 hover:text-red-700"
            aria-label={`Remove ${line.name} from cart`}
            onClick={() => !updating && removeItem(line)}
          >
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
