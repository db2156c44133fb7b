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
  /** Units of one variant in one order. */
  unitsPerLine: 10,
  /** Units of one variant across the account's unpaid orders, this one included. */
  unpaidUnitsPerVariant: 10,
} as const;

export const ORDER_LIMIT_MESSAGES = {
  unpaidOrders: `You already have ${ORDER_LIMITS.unpaidOrdersPerAccount} orders waiting for payment. Please pay for one or let it expire before placing another.`,
  unitsPerLine: (label: string) =>
    `You can order at most ${ORDER_LIMITS.unitsPerLine} of ${label} at a time. Please lower the quantity.`,
  unpaidUnits: (label: string, held: number) =>
    `You already have ${held} of ${label} in orders waiting for payment; at most ${ORDER_LIMITS.unpaidUnitsPerVariant} can be held at once. Please pay for those first.`,
} as const;

/** Unpaid: still pending and holding its stock (not cancelled, expired or paid). */
const UNPAID = `o.status = 'pending' AND o.payment_status IN ('pending', 'failed')`;

/**
 * Refuses an order that would break ORDER_LIMITS. Runs inside placeOrder's transaction, after the
 * account's row is locked here, so two orders of one account placed at once are counted one
 * after the other.
 */
export async function checkOrderLimits(
  sql: SqlRunner,
  userId: string,
  lines: ReadonlyArray<{ variantId: string; quantity: number; label: string }>,
): Promise<void> {
  await sql.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  for (const line of lines) {
    if (line.quantity > ORDER_LIMITS.unitsPerLine) {
      throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unitsPerLine(line.label), {
        item: { variantId: line.variantId, name: line.label },
      });
    }
  }
  const [unpaid] = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM orders o WHERE o.user_id = $1 AND ${UNPAID}`,
    [userId],
  );
  if ((unpaid?.count ?? 0) >= ORDER_LIMITS.unpaidOrdersPerAccount) {
    throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unpaidOrders);
  }
  const held = await sql.query<{ variant_id: string; units: number }>(
    `SELECT i.variant_id, sum(i.quantity)::int AS units
       FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.user_id = $1 AND ${UNPAID} AND i.variant_id = ANY($2::uuid[])
      GROUP BY i.variant_id`,
    [userId, lines.map((line) => line.variantId)],
  );
  const heldBy = new Map(held.map((row) => [row.variant_id, row.units]));
  for (const line of lines) {
    const already = heldBy.get(line.variantId) ?? 0;
    if (already + line.quantity > ORDER_LIMITS.unpaidUnitsPerVariant) {
      throw conflict('order_limit', ORDER_LIMIT_MESSAGES.unpaidUnits(line.label, already), {
        item: { variantId: line.variantId, name: line.label },
      });
    }
  }
}
