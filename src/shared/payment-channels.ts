/** Paystack's channels, how long an unpaid order waits for each, and the least an order can cost. */

/**
 * The least an order with a discount code can cost (₦100): a code never takes a total under it,
 * so every order has an amount to pay through Paystack, even a pickup (no fee) whose code covers
 * every item.
 */
export const MIN_PAYABLE_KOBO = 10_000;

/** Paystack's channels the shop can offer in its payment window (Settings → Payment). */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd', 'bank'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  bank: 'Bank account',
};
/** Offered until an admin chooses otherwise (product decisions, Delivery and payment). */
export const DEFAULT_PAYMENT_CHANNELS: readonly PaymentChannel[] = ['card', 'bank_transfer', 'ussd'];

/**
 * How long an unpaid order keeps its stock, by the channel of the payment Paystack reports
 * pending for it: a transfer or a USSD payment is confirmed by the bank after the shopper has
 * paid, so the order waits longer for it. An order with no pending payment has the card's window
 * (LIMITS.unpaidOrderMinutes). docs/decisions/2026-11-27-delivery-and-payment.md.
 */
export const PAYMENT_WINDOW_MINUTES: Record<PaymentChannel, number> = {
  card: 30,
  bank: 30,
  ussd: 60,
  bank_transfer: 180,
};
/** The window of a channel as Paystack names it; an unknown channel has the card's. */
export const paymentWindowMinutes = (channel: string | null | undefined): number =>
  channel && channel in PAYMENT_WINDOW_MINUTES
    ? PAYMENT_WINDOW_MINUTES[channel as PaymentChannel]
    : PAYMENT_WINDOW_MINUTES.card;

/** "card, bank transfer or USSD": the channels Paystack's window offers, in words. */
export function channelsInWords(channels: readonly PaymentChannel[]): string {
  const words = channels.map((channel) =>
    channel === 'ussd' ? PAYMENT_CHANNEL_LABELS.ussd : PAYMENT_CHANNEL_LABELS[channel].toLowerCase(),
  );
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}
