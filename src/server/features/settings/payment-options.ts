import { DEFAULT_PAYMENT_CHANNELS, PAYMENT_CHANNELS } from '#shared/payment-channels';
import type { PaymentOptions } from '#shared/schemas/settings';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';

/** What a shop offers until an admin saves Settings → Payment (product decisions). */
export const PAYMENT_OPTION_DEFAULTS: PaymentOptions = {
  channels: [...DEFAULT_PAYMENT_CHANNELS],
  payOnDelivery: false,
};

/** The 'payment' setting: the channels Paystack's window offers, and whether pay on delivery is on. */
export async function readPaymentOptions(sql: SqlRunner): Promise<PaymentOptions> {
  const row = await queries(sql)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'payment')
    .executeTakeFirst();
  return paymentOptionsFrom((row?.value ?? null) as Partial<PaymentOptions> | null);
}

/** The setting from its stored value, read by the caller; anything unknown falls back to the defaults. */
export function paymentOptionsFrom(value: Partial<PaymentOptions> | null): PaymentOptions {
  const channels = Array.isArray(value?.channels)
    ? PAYMENT_CHANNELS.filter((channel) => (value.channels as unknown[]).includes(channel))
    : [];
  return {
    channels: channels.length > 0 ? channels : [...PAYMENT_OPTION_DEFAULTS.channels],
    payOnDelivery: typeof value?.payOnDelivery === 'boolean' ? value.payOnDelivery : false,
  };
}
