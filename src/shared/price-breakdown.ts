import { formatNaira } from './money';
import type { PriceBreakdown } from './schemas/promotions';

/**
 * The price breakdown in words, one row each: Subtotal, Discount (CODE), Delivery, Total. The
 * checkout, the payment page, the order pages, the admin's dialog, every email and the packing
 * slip write these same rows, so a figure never reads one way on one and another way elsewhere.
 * The figures are the server's; nothing here adds them up.
 */

/** A breakdown as every caller has it: the code needs only its name and the fee it waived. */
export type BreakdownFigures = Pick<
  PriceBreakdown,
  'subtotalKobo' | 'discountKobo' | 'shippingKobo' | 'totalKobo'
> & {
  discount: { code: string; shippingKobo: number } | null;
};

export type BreakdownRow = {
  key: 'subtotal' | 'discount' | 'delivery' | 'total';
  label: string;
  /** As written: '₦12,500.00', '−₦2,000.00', 'Free', 'Free with FREESHIP'. */
  value: string;
  /** A delivery fee the code waived, for a struck-through figure beside 'Free with CODE'. */
  waivedKobo?: number;
};

/** '−₦2,000.00': an amount taken off (a true minus sign, read as 'minus'). */
export const minusNaira = (kobo: number) => `\u2212${formatNaira(kobo)}`;

/** An order's figures as a breakdown. */
export function orderBreakdown(order: {
  subtotalKobo: number;
  discountKobo: number;
  shippingCostKobo: number;
  totalAmountKobo: number;
  discount: BreakdownFigures['discount'];
}): BreakdownFigures {
  return {
    subtotalKobo: order.subtotalKobo,
    discountKobo: order.discountKobo,
    shippingKobo: order.shippingCostKobo,
    totalKobo: order.totalAmountKobo,
    discount: order.discount,
  };
}

/** What delivery costs, in words: the fee, 'Free', or 'Free with CODE' when a code waived it. */
export function deliveryText(figures: BreakdownFigures): string {
  if (figures.shippingKobo > 0) return formatNaira(figures.shippingKobo);
  return figures.discount && figures.discount.shippingKobo > 0
    ? `Free with ${figures.discount.code}`
    : 'Free';
}

/**
 * The rows, in order. The discount row is there only when a code took something off the items;
 * `shippingMethod` is named beside Delivery; `deliveryPending` replaces the fee before a method is
 * chosen ('Calculated at checkout').
 */
export function breakdownRows(
  figures: BreakdownFigures,
  options: { shippingMethod?: string | null; deliveryPending?: string | null } = {},
): BreakdownRow[] {
  const waived = figures.discount && figures.shippingKobo === 0 ? figures.discount.shippingKobo : 0;
  return [
    { key: 'subtotal', label: 'Subtotal', value: formatNaira(figures.subtotalKobo) },
    ...(figures.discountKobo > 0
      ? [
          {
            key: 'discount' as const,
            label: figures.discount ? `Discount (${figures.discount.code})` : 'Discount',
            value: minusNaira(figures.discountKobo),
          },
        ]
      : []),
    {
      key: 'delivery',
      label: options.shippingMethod ? `Delivery (${options.shippingMethod})` : 'Delivery',
      value: options.deliveryPending ?? deliveryText(figures),
      ...(waived > 0 && !options.deliveryPending ? { waivedKobo: waived } : {}),
    },
    { key: 'total', label: 'Total', value: formatNaira(figures.totalKobo) },
  ];
}
