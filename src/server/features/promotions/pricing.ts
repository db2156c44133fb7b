import { MIN_PAYABLE_KOBO } from '#shared/payment-channels';
import type {
  DiscountRefusal,
  DiscountTarget,
  DiscountType,
  PriceBreakdown,
} from '#shared/schemas/promotions';

/**
 * The one function that prices a cart: the cart page, the checkout, the order and its refunds all
 * use it, so every screen shows the same breakdown. Pure: the caller reads the lines (at their
 * offer prices, offer_price_kobo in the database), the code and the delivery method.
 *
 * The rules (docs/decisions/2026-11-27-promotions.md):
 * - Each item is charged its offer price: the lower of its sale price and the automatic offer
 *   covering it. That is its unit price; the subtotal sums them.
 * - One code per order, off those prices: a percentage of the items it covers (rounded down to the
 *   kobo), a fixed amount (never more than those items), or the delivery fee. A code never brings
 *   an order's total under MIN_PAYABLE_KOBO: there is always something to pay.
 * - A code's minimum is reached by the items it covers.
 * - The discount is shared among the lines it covers in proportion to their totals (the largest
 *   remainders take the leftover kobo), so a refund of items gives back what they were paid.
 * - Delivery is free above a method's threshold, compared with what the items cost after the
 *   discount.
 */

export type PricingLine = {
  productId: string;
  /** The product's category and subcategory. */
  categoryIds: readonly string[];
  unitPriceKobo: number;
  quantity: number;
};

export type CodeRule = {
  code: string;
  title: string;
  type: DiscountType;
  percentOff: number | null;
  amountOffKobo: number | null;
  appliesTo: DiscountTarget;
  categoryIds: readonly string[];
  productIds: readonly string[];
  minSubtotalKobo: number | null;
};

export type DeliveryMethod = { feeKobo: number; freeAboveKobo: number | null };

export type Priced = {
  /** Per line, in the order given: its total and its share of the code's discount. */
  lines: { lineTotalKobo: number; discountKobo: number }[];
  breakdown: PriceBreakdown;
  /** Why the code given does not apply to these items (the breakdown is then without it). */
  refusal: {
    reason: Extract<DiscountRefusal, 'minimum_not_reached' | 'not_applicable'>;
    shortKobo: number;
  } | null;
};

export function covers(
  rule: Pick<CodeRule, 'appliesTo' | 'categoryIds' | 'productIds'>,
  line: PricingLine,
): boolean {
  if (rule.appliesTo === 'all') return true;
  if (rule.appliesTo === 'products') return rule.productIds.includes(line.productId);
  return line.categoryIds.some((id) => rule.categoryIds.includes(id));
}

/** Shares `amount` among `weights` in proportion, in whole kobo, the largest remainders first. */
export function share(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] = parts[index]! + 1;
    left -= 1;
  }
  return parts;
}

function deliveryFee(method: DeliveryMethod | null, itemsKobo: number): number {
  if (!method) return 0;
  return method.freeAboveKobo !== null && itemsKobo > method.freeAboveKobo ? 0 : method.feeKobo;
}

export function priceCart(
  lines: readonly PricingLine[],
  code: CodeRule | null,
  delivery: DeliveryMethod | null,
): Priced {
  const totals = lines.map((line) => line.unitPriceKobo * line.quantity);
  const subtotalKobo = totals.reduce((sum, total) => sum + total, 0);
  const undiscounted = (refusal: Priced['refusal']): Priced => ({
    lines: totals.map((lineTotalKobo) => ({ lineTotalKobo, discountKobo: 0 })),
    breakdown: {
      subtotalKobo,
      discountKobo: 0,
      shippingKobo: deliveryFee(delivery, subtotalKobo),
      totalKobo: subtotalKobo + deliveryFee(delivery, subtotalKobo),
      discount: null,
    },
    refusal,
  });
  if (!code) return undiscounted(null);

  const covered = lines.map((line) => covers(code, line));
  const eligible = totals.reduce((sum, total, index) => sum + (covered[index] ? total : 0), 0);
  if (eligible === 0) return undiscounted({ reason: 'not_applicable', shortKobo: 0 });
  if (code.minSubtotalKobo !== null && eligible < code.minSubtotalKobo) {
    return undiscounted({ reason: 'minimum_not_reached', shortKobo: code.minSubtotalKobo - eligible });
  }

  const withDiscount = (amount: number) => {
    const shares = share(
      amount,
      totals.map((total, index) => (covered[index] ? total : 0)),
    );
    const discountKobo = shares.reduce((sum, part) => sum + part, 0);
    const fee = deliveryFee(delivery, subtotalKobo - discountKobo);
    const waived = code.type === 'free_shipping' ? fee : 0;
    const shippingKobo = fee - waived;
    return {
      shares,
      discountKobo,
      shippingKobo,
      waived,
      totalKobo: subtotalKobo - discountKobo + shippingKobo,
    };
  };
  let amount =
    code.type === 'percentage'
      ? Math.floor((eligible * (code.percentOff ?? 0)) / 100)
      : code.type === 'fixed'
        ? Math.min(code.amountOffKobo ?? 0, eligible)
        : 0;
  // An order always leaves something to pay through Paystack: a code takes off less when it would
  // bring the total under MIN_PAYABLE_KOBO (a pickup, with no fee, and a code covering every item).
  // Taking off less can make delivery cost something again, so it is priced again until it holds.
  let priced = withDiscount(amount);
  while (priced.totalKobo < MIN_PAYABLE_KOBO && amount > 0) {
    amount = Math.max(0, amount - (MIN_PAYABLE_KOBO - priced.totalKobo));
    priced = withDiscount(amount);
  }
  const { shares, discountKobo, shippingKobo, waived } = priced;
  return {
    lines: totals.map((lineTotalKobo, index) => ({ lineTotalKobo, discountKobo: shares[index]! })),
    breakdown: {
      subtotalKobo,
      discountKobo,
      shippingKobo,
      totalKobo: subtotalKobo - discountKobo + shippingKobo,
      discount: {
        code: code.code,
        title: code.title,
        type: code.type,
        amountKobo: discountKobo,
        shippingKobo: waived,
      },
    },
    refusal: null,
  };
}
