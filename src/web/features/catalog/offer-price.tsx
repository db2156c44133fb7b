import { formatNaira } from '#shared/money';
import type { Offer } from '#shared/schemas/promotions';

/** A product's price as the catalogue answers it: what is charged now, and how it was lowered. */
export type Priced = { priceKobo: number } & Offer;

type Lowered = Priced & { compareAtKobo: number };

/** A sale or an automatic offer charges less than the product's own price right now. */
export const isLowered = (price: Priced): price is Lowered =>
  price.compareAtKobo !== null && price.compareAtKobo > price.priceKobo;

/** "-20%": what the offer takes off, read out as "20% off". Nothing below 1%. */
export function OfferBadge({ price, className = '' }: { price: Priced; className?: string }) {
  if (!isLowered(price) || price.percentOff === null || price.percentOff < 1) return null;
  return (
    <span
      className={`inline-block rounded bg-red-700 px-1.5 py-0.5 text-[11px] font-bold leading-tight tracking-wide text-white ${className}`}
    >
      <span aria-hidden="true">{`-${price.percentOff}%`}</span>
      <span className="sr-only">{`${price.percentOff}% off`}</span>
    </span>
  );
}

const TONES = {
  light: { now: 'text-red-700', was: 'text-neutral-500' },
  dark: { now: 'text-white', was: 'text-neutral-400' },
} as const;

/**
 * A product's price. While a sale or an automatic offer runs: the price charged, the product's own
 * price struck through ("Was ₦15,000.00" to a screen reader) and, with `badge`, the "-20%" badge;
 * otherwise the price alone. `stacked` puts the old price and the badge under the new one (narrow
 * columns).
 */
export function OfferPrice({
  price,
  className = '',
  tone = 'light',
  badge = true,
  stacked = false,
}: {
  price: Priced;
  /** The text's size, weight and colour, and the box's spacing (it is a block of its own). */
  className?: string;
  tone?: keyof typeof TONES;
  badge?: boolean;
  stacked?: boolean;
}) {
  if (!isLowered(price)) return <span className={`block ${className}`}>{formatNaira(price.priceKobo)}</span>;
  const colours = TONES[tone];
  return (
    <span
      className={`${stacked ? 'flex flex-col items-end' : 'flex flex-wrap items-baseline gap-x-2'} gap-y-0.5 ${className}`}
    >
      <span className={`font-bold ${colours.now}`}>
        <span className="sr-only">Now </span>
        {formatNaira(price.priceKobo)}
      </span>
      {/* Stacked, the badge goes under the old price too: beside it, it would widen the column. */}
      <span className={stacked ? 'flex flex-col items-end gap-y-0.5' : 'inline-flex items-center gap-2'}>
        <s className={`text-[0.85em] font-normal ${colours.was}`}>
          <span className="sr-only">Was </span>
          {formatNaira(price.compareAtKobo)}
        </s>
        {badge ? <OfferBadge price={price} className={stacked ? '' : 'self-center'} /> : null}
      </span>
    </span>
  );
}
