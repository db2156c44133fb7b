import { sql as pg } from 'kysely';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import type { DiscountRefusal } from '#shared/schemas/promotions';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { AppError } from '../../platform/errors';
import type { CodeRule } from './pricing';

/**
 * Discount codes at checkout: finding a code, every reason to refuse it, and its uses. A use is
 * held by the order that applied the code from the moment it is placed (a conditional update of
 * the code's count, so a limit is never passed however many order at once), kept once it is paid,
 * and given back exactly once when the order is cancelled, expires or goes back to the cart.
 */

export type CodeRow = CodeRule & {
  id: string;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  uses: number;
  startsAt: Date;
  notStarted: boolean;
  expired: boolean;
};

/** The shop's words for each refusal. */
export function refusalMessage(
  reason: DiscountRefusal,
  code: string,
  extra: { shortKobo?: number; minSubtotalKobo?: number | null; startsAt?: Date } = {},
): string {
  switch (reason) {
    case 'unknown':
      return `We don't recognise the code ${code}. Check the spelling and try again.`;
    case 'expired':
      return `Sorry, the code ${code} has expired.`;
    case 'not_started':
      return extra.startsAt
        ? `The code ${code} starts on ${formatDateTime(extra.startsAt)}. Try it again then.`
        : `The code ${code} has not started yet.`;
    case 'minimum_not_reached':
      return `${code} needs ${formatNaira(extra.minSubtotalKobo ?? 0)} of eligible items in your cart. Add ${formatNaira(extra.shortKobo ?? 0)} more to use it.`;
    case 'used_up':
      return `Sorry, the code ${code} has been used up.`;
    case 'already_used':
      return `You've already used the code ${code}.`;
    case 'not_applicable':
      return `The code ${code} doesn't apply to the items in your cart.`;
  }
}

export function refusal(
  reason: DiscountRefusal,
  code: string,
  extra: Parameters<typeof refusalMessage>[2] = {},
): AppError {
  return new AppError('discount_refused', 400, refusalMessage(reason, code, extra), {
    reason,
    fields: { discountCode: refusalMessage(reason, code, extra) },
  });
}

/** A code as stored, with its window read on the database's clock; undefined when there is none. */
export async function findCode(sql: SqlRunner, code: string, lock = false): Promise<CodeRow | undefined> {
  let query = queries(sql)
    .selectFrom('discounts')
    .select([
      'id',
      'code',
      'title',
      'type',
      'percent_off',
      'amount_off_kobo',
      'applies_to',
      'category_ids',
      'product_ids',
      'min_subtotal_kobo',
      'usage_limit',
      'per_customer_limit',
      'uses',
      'starts_at',
      'is_active',
      pg<boolean>`starts_at > now()`.as('not_started'),
      pg<boolean>`(ends_at IS NOT NULL AND ends_at <= now())`.as('expired'),
    ])
    .where('kind', '=', 'code')
    .where('code', '=', code);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row?.code || !row.is_active) return undefined;
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    type: row.type,
    percentOff: row.percent_off,
    amountOffKobo: row.amount_off_kobo,
    appliesTo: row.applies_to,
    categoryIds: row.category_ids,
    productIds: row.product_ids,
    minSubtotalKobo: row.min_subtotal_kobo,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    uses: row.uses,
    startsAt: row.starts_at,
    notStarted: row.not_started,
    expired: row.expired,
  };
}

/** Uses of the code this account holds or has kept (unpaid and paid orders, not given back). */
async function usesBy(sql: SqlRunner, discountId: string, userId: string): Promise<number> {
  const row = await queries(sql)
    .selectFrom('discount_uses')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('discount_id', '=', discountId)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The code if this account may use it now, or the refusal: unknown (or switched off), not started,
 * expired, used up, already used by this account. Whether it covers the cart is the pricing's.
 */
export async function checkCode(sql: SqlRunner, code: string, userId: string): Promise<CodeRow> {
  const row = await findCode(sql, code);
  if (!row) throw refusal('unknown', code);
  if (row.notStarted) throw refusal('not_started', code, { startsAt: row.startsAt });
  if (row.expired) throw refusal('expired', code);
  if (row.usageLimit !== null && row.uses >= row.usageLimit) throw refusal('used_up', code);
  if (row.perCustomerLimit !== null && (await usesBy(sql, row.id, userId)) >= row.perCustomerLimit) {
    throw refusal('already_used', code);
  }
  return row;
}

/**
 * Holds one use of the code for this order, inside the order's transaction. The account's uses
 * are counted under a lock per account and code (two tabs ordering at once are counted one after
 * the other), then the code's count is taken only while it is under its limit. Either refusal
 * rolls the order back.
 */
export async function holdUse(sql: SqlRunner, rule: CodeRow, orderId: string, userId: string): Promise<void> {
  if (rule.perCustomerLimit !== null) {
    await pg`SELECT pg_advisory_xact_lock(hashtextextended(${`discount:${rule.id}:${userId}`}, 0))`.execute(
      queries(sql),
    );
    if ((await usesBy(sql, rule.id, userId)) >= rule.perCustomerLimit)
      throw refusal('already_used', rule.code);
  }
  const taken = await queries(sql)
    .updateTable('discounts')
    .set({ uses: pg<number>`uses + 1` })
    .where('id', '=', rule.id)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw refusal('used_up', rule.code);
  await queries(sql)
    .insertInto('discount_uses')
    .values({ discount_id: rule.id, order_id: orderId, user_id: userId })
    .execute();
}

/**
 * Gives back the uses these orders hold, exactly once (released_at is set once). Called where
 * their stock goes back (orders/cancel-order.ts), before the stock rows are locked: placing an
 * order takes the code's row before the stock's, and this keeps that order.
 */
export async function releaseUses(sql: SqlRunner, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await queries(sql)
    .with('released', (db) =>
      db
        .updateTable('discount_uses')
        .set({ released_at: pg<Date>`now()` })
        .where((eb) => eb('order_id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
        .where('released_at', 'is', null)
        .returning('discount_id'),
    )
    .with('counted', (db) =>
      db
        .selectFrom('released')
        .select(['discount_id', pg<number>`count(*)::integer`.as('n')])
        .groupBy('discount_id'),
    )
    .updateTable('discounts as d')
    .from('counted')
    .set({ uses: pg<number>`d.uses - counted.n`, updated_at: pg<Date>`now()` })
    .whereRef('d.id', '=', 'counted.discount_id')
    .execute();
}

/**
 * A payment arrived for an order that was cancelled meanwhile and its items are being taken back
 * off the shelf: its code's use is taken back too, if the code is still under its limit. Locks the
 * code's row first (before the stock rows, as placing an order does) and answers a function that
 * takes the use, to call once the stock is back; null when it cannot be taken back (the order is
 * then treated as one whose items ran out). Orders without a released use answer a no-op.
 */
export async function prepareRetake(sql: SqlRunner, orderId: string): Promise<(() => Promise<void>) | null> {
  const db = queries(sql);
  const use = await db
    .selectFrom('discount_uses as u')
    .innerJoin('discounts as d', 'd.id', 'u.discount_id')
    .select(['u.id', 'u.discount_id', 'd.uses', 'd.usage_limit'])
    .where('u.order_id', '=', orderId)
    .where('u.released_at', 'is not', null)
    .forUpdate('d')
    .executeTakeFirst();
  if (!use) return async () => {};
  if (use.usage_limit !== null && use.uses >= use.usage_limit) return null;
  return async () => {
    await db.updateTable('discount_uses').set({ released_at: null }).where('id', '=', use.id).execute();
    await db
      .updateTable('discounts')
      .set({ uses: pg<number>`uses + 1` })
      .where('id', '=', use.discount_id)
      .execute();
  };
}
