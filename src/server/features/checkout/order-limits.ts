import type { SqlRunner } from '../../db/client';
import { conflict } from '../../errors';

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

/** Unpaid: still pending and holding its stock (not cancelled, expired or paid). */
const UNPAID = `o.status = 'pending' AND o.payment_status IN ('pending', 'failed')`;

type OrderLine = { variantId: string; quantity: number; label: string };

/**
 * The order's units per variant. A cart holds one line per variant and gender, so one variant can
 * come in several lines: the limits count them together.
 */
function unitsByVariant(lines: ReadonlyArray<OrderLine>): OrderLine[] {
  const byVariant = new Map<string, OrderLine>();
  for (const line of lines) {
    const seen = byVariant.get(line.variantId);
    if (seen) seen.quantity += line.quantity;
    else byVariant.set(line.variantId, { ...line });
  }
  return [...byVariant.values()];
}

/**
 * Refuses an order that would break ORDER_LIMITS. Runs inside placeOrder's transaction, after the
 * account's row is locked here, so two orders of one account placed at once are counted one
 * after the other.
 */
export async function checkOrderLimits(
  sql: SqlRunner,
  userId: string,
  lines: ReadonlyArray<OrderLine>,
): Promise<void> {
  const variants = unitsByVariant(lines);
  for (const variant of variants) {
    if (variant.quantity > ORDER_LIMITS.unitsPerVariant) {
      throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unitsPerVariant(variant.label), {
        item: { variantId: variant.variantId, name: variant.label },
      });
    }
  }
  // One statement: the account's row locked, its unpaid orders counted and what they hold of
  // these variants summed.
  const [account] = await sql.query<{ unpaid: number; held: Record<string, number> }>(
    `SELECT (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id AND ${UNPAID}) AS unpaid,
            (SELECT coalesce(json_object_agg(h.variant_id, h.units), '{}')
               FROM (SELECT i.variant_id, sum(i.quantity)::int AS units
                       FROM order_items i JOIN orders o ON o.id = i.order_id
                      WHERE o.user_id = u.id AND ${UNPAID} AND i.variant_id = ANY($2::uuid[])
                      GROUP BY i.variant_id) h) AS held
       FROM users u WHERE u.id = $1 FOR UPDATE`,
    [userId, variants.map((variant) => variant.variantId)],
  );
  if ((account?.unpaid ?? 0) >= ORDER_LIMITS.unpaidOrdersPerAccount) {
    throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unpaidOrders);
  }
  const held = account?.held ?? {};
  for (const variant of variants) {
    const already = Number(held[variant.variantId] ?? 0);
    if (already + variant.quantity > ORDER_LIMITS.unpaidUnitsPerVariant) {
      throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unpaidUnits(variant.label, already), {
        item: { variantId: variant.variantId, name: variant.label },
      });
    }
  }
}
