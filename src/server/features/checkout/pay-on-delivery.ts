import type { ExpressionBuilder } from 'kysely';
import { shortId } from '#shared/constants';
import { formatNaira } from '#shared/money';
import type { PaymentOptions } from '#shared/schemas/settings';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { type AppError, conflict } from '../../platform/errors';

/**
 * Pay on delivery (docs/decisions/2026-11-27-delivery-and-payment.md): the order is paid to the
 * shop at the door, so it is offered only where it is safe to send goods unpaid. The shop has it on
 * (Settings → Payment), the zone allows it up to its maximum total, the account's email is
 * confirmed, and the account has no other open pay-on-delivery order (not cancelled, not paid
 * yet; the unique index orders_open_pay_on_delivery_key is the guarantee).
 */
export const POD_MESSAGES = {
  off: 'Pay on delivery is not available. Please pay online.',
  notInZone: (state: string) => `Pay on delivery is not available for ${state}. Please pay online.`,
  overMaximum: (maxKobo: number) =>
    `Pay on delivery is available for orders up to ${formatNaira(maxKobo)}. Please pay online.`,
  unconfirmed: 'Pay on delivery needs a confirmed email address. Please confirm your email, then try again.',
  openOrder: (orderId: string | null) =>
    `You already have an order to pay on delivery${orderId ? ` (#${shortId(orderId).toUpperCase()})` : ''}. Pay for it or cancel it before placing another.`,
} as const;

export type PodRefusalReason = 'off' | 'zone' | 'over_maximum' | 'unconfirmed' | 'open_order';

export const podRefused = (reason: PodRefusalReason, message: string): AppError =>
  conflict('pay_on_delivery_unavailable', message, { reason });

/** The open pay-on-delivery order (the one the unique index allows) of the account `u`, as a subquery. */
export const openPayOnDeliveryOrder = (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb
    .selectFrom('orders as o')
    .select('o.id')
    .whereRef('o.user_id', '=', 'u.id')
    .where('o.payment_kind', '=', 'pay_on_delivery')
    .where('o.status', '<>', 'cancelled')
    .where('o.payment_status', '=', 'pending')
    .limit(1);

/** Why this account cannot pay on delivery now, in the shopper's words, or null. */
export function accountRefusal(account: {
  emailVerified: boolean;
  openOrderId: string | null;
}): { reason: PodRefusalReason; message: string } | null {
  if (!account.emailVerified) return { reason: 'unconfirmed', message: POD_MESSAGES.unconfirmed };
  if (account.openOrderId)
    return { reason: 'open_order', message: POD_MESSAGES.openOrder(account.openOrderId) };
  return null;
}

/** What checkout says of pay on delivery for this account (each zone's maximum applies on top). */
export async function payOnDeliveryFor(
  sql: SqlRunner,
  userId: string,
  options: PaymentOptions,
): Promise<{ offered: boolean; refusal: string | null }> {
  if (!options.payOnDelivery) return { offered: false, refusal: null };
  const account = await queries(sql)
    .selectFrom('users as u')
    .select((eb) => ['u.email_verified', openPayOnDeliveryOrder(eb).as('open_order_id')])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  const refusal = accountRefusal({
    emailVerified: account?.email_verified ?? false,
    openOrderId: account?.open_order_id ?? null,
  });
  return { offered: true, refusal: refusal?.message ?? null };
}

/**
 * Refuses pay on delivery for this order (409 pay_on_delivery_unavailable, with the reason) unless
 * every rule holds. placeOrder runs it before holding any stock and again in its transaction; an
 * open pay-on-delivery order of the account committed meanwhile is refused there by the unique
 * index (isOpenPayOnDeliveryViolation).
 */
export function checkPayOnDelivery(input: {
  options: PaymentOptions;
  state: string;
  zoneMaxKobo: number | null;
  totalKobo: number;
  emailVerified: boolean;
  openOrderId: string | null;
}): void {
  if (!input.options.payOnDelivery) throw podRefused('off', POD_MESSAGES.off);
  if (input.zoneMaxKobo === null) throw podRefused('zone', POD_MESSAGES.notInZone(input.state));
  const account = accountRefusal(input);
  if (account) throw podRefused(account.reason, account.message);
  if (input.totalKobo > input.zoneMaxKobo) {
    throw podRefused('over_maximum', POD_MESSAGES.overMaximum(input.zoneMaxKobo));
  }
}

/**
 * A second open pay-on-delivery order of one account, refused by the unique index (an order of
 * the account committed while this one was being placed): the same 409 as the check's.
 */
export function isOpenPayOnDeliveryViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    failure?.code === '23505' &&
    (failure.constraint === 'orders_open_pay_on_delivery_key' ||
      (typeof failure.message === 'string' && failure.message.includes('orders_open_pay_on_delivery_key')))
  );
}
