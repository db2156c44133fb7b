import { type ExpressionBuilder, type Kysely, sql as pg } from 'kysely';
import type { DB } from '../../platform/db/types';
import { conflict } from '../../platform/errors';
import { claimsByVariant, type StockClaim } from '../inventory/stock';

/**
 * What one account may hold in unpaid orders, so that nobody can reserve a variant's whole stock
 * (and renew the hold every 30 minutes) without paying. See
 * docs/decisions/2026-11-23-hoarding-and-receipts.md.
 */
export const ORDER_LIMITS = {
  /** Orders waiting for payment at once. */
  unpaidOrdersPerAccount: 3,
  /** Units of one variant in one order, whatever lines carry them (one per gender). */
  unitsPerVariant: 10,
  /** Units of one variant across the account's unpaid orders, this one included. */
  unpaidUnitsPerVariant: 10,
} as const;

export const ORDER_LIMIT_MESSAGES = {
  unpaidOrders: `You already have ${ORDER_LIMITS.unpaidOrdersPerAccount} orders waiting for payment. Please pay for one or let it expire before placing another.`,
  unitsPerVariant: (label: string) =>
    `You can order at most ${ORDER_LIMITS.unitsPerVariant} of ${label} at a time. Please lower the quantity.`,
  unpaidUnits: (label: string, held: number) =>
    `You already have ${held} of ${label} in orders waiting for payment; at most ${ORDER_LIMITS.unpaidUnitsPerVariant} can be held at once. Please pay for those first.`,
} as const;

/**
 * Unpaid and holding its stock, of orders `o`: still pending (not cancelled, expired or paid), or
 * to be paid on delivery and not paid or cancelled yet (it is 'processing' from the start).
 */
const unpaid = (eb: ExpressionBuilder<DB & { o: DB['orders'] }, 'o'>) =>
  eb.or([
    eb.and([eb('o.status', '=', 'pending'), eb('o.payment_status', 'in', ['pending', 'failed'])]),
    eb.and([
      eb('o.payment_kind', '=', 'pay_on_delivery'),
      eb('o.status', '<>', 'cancelled'),
      eb('o.payment_status', '=', 'pending'),
    ]),
  ]);

type OrderLine = StockClaim;

/**
 * The limit that needs no account: at most ORDER_LIMITS.unitsPerVariant of a variant in one order.
 * placeOrder checks it before holding any stock, and again in its transaction. Returns the units
 * by variant.
 */
export function checkUnitsPerVariant(lines: ReadonlyArray<OrderLine>) {
  // A cart holds one line per variant and gender: the limits count a variant's lines together.
  const variants = claimsByVariant(lines);
  for (const variant of variants) {
    if (variant.quantity > ORDER_LIMITS.unitsPerVariant) {
      throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unitsPerVariant(variant.label), {
        item: { variantId: variant.variantId, name: variant.label },
      });
    }
  }
  return variants;
}

/** What the account holds in unpaid orders: how many, and their units of the order's variants. */
export type UnpaidHoldings = { unpaid: number; held: Record<string, number> };

/**
 * UnpaidHoldings of this account, as one JSON expression: read by the statement that writes the
 * order (place-order.ts), so the count costs no round trip of its own. That statement starts after
 * the order has locked the account's cart, which every order of the account takes first: orders
 * of one account are counted one after the other, and the order being written is not counted (a
 * statement does not see its own writes).
 */
export function unpaidHoldings(db: Kysely<DB>, userId: string, variantIds: readonly string[]) {
  const unpaidOrders = db
    .selectFrom('orders as o')
    .select((eb) => eb.fn.countAll<number>().as('unpaid'))
    .where('o.user_id', '=', userId)
    .where(unpaid);
  const units = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => ['i.variant_id', eb.fn.sum<number>('i.quantity').as('units')])
    .where('o.user_id', '=', userId)
    .where(unpaid)
    .where((eb) => eb('i.variant_id', '=', eb.fn.any(pg<string[]>`${variantIds}::uuid[]`)))
    .groupBy('i.variant_id');
  // Units by variant id, as one JSON object (the builder has no json_object_agg).
  return pg<UnpaidHoldings>`json_build_object(
    'unpaid', ${unpaidOrders},
    'held', (SELECT coalesce(json_object_agg(h.variant_id, h.units), '{}') FROM ${units} AS h))`;
}

/**
 * Refuses an order that would break ORDER_LIMITS across the account's unpaid orders, given what it
 * holds unpaid already and the order's units by variant as checkUnitsPerVariant answered them.
 */
export function checkUnpaidLimits(variants: ReadonlyArray<OrderLine>, holdings: UnpaidHoldings): void {
  if (holdings.unpaid >= ORDER_LIMITS.unpaidOrdersPerAccount) {
    throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unpaidOrders);
  }
  for (const variant of variants) {
    const already = holdings.held[variant.variantId] ?? 0;
    if (already + variant.quantity > ORDER_LIMITS.unpaidUnitsPerVariant) {
      throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unpaidUnits(variant.label, already), {
        item: { variantId: variant.variantId, name: variant.label },
      });
    }
  }
}
