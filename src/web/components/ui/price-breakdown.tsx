import { formatNaira } from '#shared/money';
import { type BreakdownFigures, breakdownRows } from '#shared/price-breakdown';

/**
 * A price struck through, read as 'Was ₦12,500.00': the product's own price beside the sale price
 * charged.
 */
export function WasPrice({ kobo, className = '' }: { kobo: number; className?: string }) {
  return (
    <s className={`font-normal text-neutral-500 ${className}`}>
      <span className="sr-only">Was </span>
      {formatNaira(kobo)}
    </s>
  );
}

/**
 * The price breakdown of a checkout or an order: Subtotal, Discount (CODE) as an amount taken off,
 * Delivery ('Free', or 'Free with CODE' when a code waived the fee), Total. The same rows as every
 * email, the packing slip and the CSV (shared/price-breakdown.ts); the figures are the server's.
 */
export function PriceBreakdown({
  breakdown,
  shippingMethod,
  deliveryPending,
  className = '',
}: {
  breakdown: BreakdownFigures;
  /** The delivery method's name, written beside 'Delivery'. */
  shippingMethod?: string | null;
  /** Written instead of the fee before a method is chosen ('Calculated at checkout'). */
  deliveryPending?: string | null;
  className?: string;
}) {
  const rows = breakdownRows(breakdown, { shippingMethod, deliveryPending });
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {rows.map((row) => (
        <div
          key={row.key}
          className={`flex justify-between gap-4 ${row.key === 'total' ? 'border-t border-neutral-300 pt-3 text-base font-bold' : ''}`}
        >
          <dt className="min-w-0 wrap-anywhere">{row.label}</dt>
          <dd
            className={`shrink-0 text-right tabular-nums ${
              row.key === 'total'
                ? ''
                : row.key === 'discount'
                  ? 'font-semibold text-green-800'
                  : row.key === 'delivery' && deliveryPending
                    ? 'text-neutral-600'
                    : 'font-semibold'
            }`}
          >
            {row.waivedKobo ? (
              <>
                <WasPrice kobo={row.waivedKobo} />{' '}
              </>
            ) : null}
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
