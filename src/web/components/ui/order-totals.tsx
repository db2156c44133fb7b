import { formatNaira } from '#shared/money';

/**
 * The subtotal, shipping and total of a cart, a checkout or an order. The figures are the
 * server's: this block only writes them.
 */
export function OrderTotals({
  subtotalKobo,
  shippingKobo,
  shippingMethod,
  totalKobo,
  className = '',
}: {
  subtotalKobo: number;
  /** The fee charged ('Free' when 0), or null before a method is chosen ('Calculated at checkout'). */
  shippingKobo: number | null;
  /** The method's name, written beside 'Shipping'. */
  shippingMethod?: string;
  totalKobo: number;
  className?: string;
}) {
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd className="font-semibold">{formatNaira(subtotalKobo)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Shipping{shippingMethod ? ` (${shippingMethod})` : ''}</dt>
        {shippingKobo === null ? (
          <dd className="text-neutral-600">Calculated at checkout</dd>
        ) : (
          <dd className="font-semibold">{shippingKobo === 0 ? 'Free' : formatNaira(shippingKobo)}</dd>
        )}
      </div>
      <div className="flex justify-between gap-4 border-t border-neutral-300 pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd>{formatNaira(totalKobo)}</dd>
      </div>
    </dl>
  );
}
