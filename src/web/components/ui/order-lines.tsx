import { formatNaira } from '#shared/money';
import { minusNaira } from '#shared/price-breakdown';
import { WasPrice } from './price-breakdown';
import { ProductThumbnail } from './product-image';

/** One line of an order, as the order keeps it (a snapshot of what was bought). */
export type OrderLine = {
  id: string;
  name: string;
  size: string | null;
  color: string | null;
  gender?: string | null;
  imageId: string | null;
  quantity: number;
  unitPriceKobo: number;
  /** The product's own price for one, struck through, when a sale or an offer charged less. */
  listPriceKobo?: number | null;
  lineTotalKobo: number;
  /** This line's share of the order's discount code. */
  discountKobo?: number;
};

/** 'Size: M · Colour: Black · Men', or 'One option' for an item bought without a choice. */
export const lineOptions = (line: OrderLine) =>
  [
    line.size ? `Size: ${line.size}` : null,
    line.color ? `Colour: ${line.color}` : null,
    line.gender ? (line.gender === 'men' ? 'Men' : 'Women') : null,
  ]
    .filter(Boolean)
    .join(' · ') || 'One option';

/**
 * What an order bought: each line's picture, name, options, quantity × price (the product's own
 * price struck through when it was on sale) and line total, and what the code took off it.
 */
export function OrderLines({
  lines,
  discountCode,
}: {
  lines: readonly OrderLine[];
  /** The order's code, named beside each line's share of its discount. */
  discountCode?: string | null;
}) {
  return (
    <ul className="divide-y divide-neutral-200">
      {lines.map((line) => (
        <li key={line.id} className="flex gap-3 py-3">
          <div className="h-16 w-16 shrink-0 overflow-hidden rounded bg-neutral-100">
            <ProductThumbnail imageId={line.imageId} sizes="64px" />
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold wrap-anywhere">{line.name}</p>
            <p className="text-neutral-600">{lineOptions(line)}</p>
            <p className="text-neutral-600">
              {line.quantity} ×{' '}
              {line.listPriceKobo ? (
                <>
                  <WasPrice kobo={line.listPriceKobo} />{' '}
                </>
              ) : null}
              {formatNaira(line.unitPriceKobo)}
            </p>
            {line.discountKobo && discountCode ? (
              <p className="font-semibold text-green-800">
                {minusNaira(line.discountKobo)} with {discountCode}
              </p>
            ) : null}
          </div>
          <p className="shrink-0 text-sm font-semibold">{formatNaira(line.lineTotalKobo)}</p>
        </li>
      ))}
    </ul>
  );
}
