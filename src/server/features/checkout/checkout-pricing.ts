import type { CheckoutPricing } from '#shared/schemas/checkout';
import type { SqlRunner } from '../../platform/db/client';
import type { CartRow } from '../cart/cart';
import { type CodeRow, checkCode, refusal } from '../promotions/discount-codes';
import { type Priced, type PricingLine, priceCart } from '../promotions/pricing';

/** Cart rows as the pricing reads them: each at the price charged now, with its categories. */
export function pricingLines(rows: readonly CartRow[]): PricingLine[] {
  return rows.map((row) => ({
    productId: row.product_id,
    categoryIds: row.subcategory_id ? [row.category_id, row.subcategory_id] : [row.category_id],
    unitPriceKobo: row.price_kobo,
    quantity: row.quantity,
  }));
}

/** A delivery method as it prices an order: its fee and the subtotal above which it is free. */
export type DeliveryPrice = { feeKobo: number; freeAboveKobo: number | null };

/**
 * The cart priced with a code (already checked for this account by checkCode) or none. A code that
 * does not cover these items, or whose minimum they do not reach, is refused with the reason.
 */
export function priceWith(
  lines: readonly PricingLine[],
  rule: CodeRow | null,
  method: DeliveryPrice | null,
): Priced {
  const priced = priceCart(
    lines,
    rule,
    method ? { feeKobo: method.feeKobo, freeAboveKobo: method.freeAboveKobo } : null,
  );
  if (rule && priced.refusal) {
    throw refusal(priced.refusal.reason, rule.code, {
      shortKobo: priced.refusal.shortKobo,
      minSubtotalKobo: rule.minSubtotalKobo,
    });
  }
  return priced;
}

/**
 * What the checkout shows: each line's share of the code, and the breakdown for every method of
 * every zone (by method id: a code is unique only within its zone).
 */
export async function checkoutPricing(
  sql: SqlRunner,
  userId: string,
  rows: readonly CartRow[],
  methods: readonly (DeliveryPrice & { id: string })[],
  code: string | null,
): Promise<CheckoutPricing> {
  const rule = code ? await checkCode(sql, code, userId) : null;
  const lines = pricingLines(rows);
  const priced = priceWith(lines, rule, null);
  return {
    discountCode: rule?.code ?? null,
    lines: rows.map((row, index) => ({ id: row.id, discountKobo: priced.lines[index]!.discountKobo })),
    quotes: methods.map((method) => ({
      shippingMethodId: method.id,
      breakdown: priceWith(lines, rule, method).breakdown,
    })),
    breakdown: priced.breakdown,
  };
}
