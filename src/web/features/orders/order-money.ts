import { formatNaira } from '#shared/money';
import type { ReturnedPayment, ShopperMoney } from '#shared/schemas/money';

/**
 * What the shopper is told about money going back to them, from the order's ledger figures
 * (order.money): the order confirmation's Payment card and the account's order rows. An order
 * with no refund, due or done, says nothing more than its payment status.
 */

export const REFUND_TIMING = 'Refunds usually arrive within 5 to 10 working days, depending on your bank.';

/** One payment the shop could not keep, in plain words: where its refund is, then why. */
export function returnedPaymentLine(payment: ReturnedPayment): string {
  const amount = formatNaira(payment.amountKobo);
  const where =
    payment.state === 'refunded'
      ? `Your payment of ${amount} has been refunded in full.`
      : payment.state === 'refunding'
        ? `We are refunding your payment of ${amount} in full.`
        : `Your payment of ${amount} will be refunded; we will email you when it is done.`;
  return `${where} ${payment.reason}`.trim();
}

export type MoneySummary = {
  rows: { label: string; kobo: number }[];
  lines: string[];
  /** Some money is still on its way back: say how long refunds take. */
  stillComing: boolean;
};

type OrderMoneyView = { status: string; money: ShopperMoney };

const sum = (payments: ReturnedPayment[]) =>
  payments.reduce((total, payment) => total + payment.amountKobo, 0);

/** The Payment card's figures and sentences, or null when no money goes or went back. */
export function moneySummary({ status, money }: OrderMoneyView): MoneySummary | null {
  if (money.refundedKobo <= 0 && money.refundDueKobo <= 0 && money.returned.length === 0) return null;
  const kept = money.paidKobo - money.refundedKobo - money.refundDueKobo;
  const rows = [
    { label: 'You paid', kobo: money.paidKobo },
    { label: 'Refunded', kobo: money.refundedKobo },
    { label: 'Being refunded', kobo: money.refundDueKobo },
    { label: 'Kept for this order', kobo: kept },
  ].filter((row, index) => index === 0 || row.kobo > 0);

  const lines = money.returned.map(returnedPaymentLine);
  // Refunds that are not of a returned payment: an admin cancelled a paid order, or refunded part of it.
  const cancelled = status === 'cancelled';
  const otherDue =
    money.refundDueKobo - sum(money.returned.filter((payment) => payment.state !== 'refunded'));
  const otherDone =
    money.refundedKobo - sum(money.returned.filter((payment) => payment.state === 'refunded'));
  if (otherDue > 0) {
    lines.push(
      cancelled
        ? `This order was cancelled, so ${formatNaira(otherDue)} is being refunded to you.`
        : `${formatNaira(otherDue)} is being refunded to you.`,
    );
  }
  if (otherDone > 0) {
    lines.push(
      cancelled
        ? `This order was cancelled and ${formatNaira(otherDone)} has been refunded to you.`
        : `${formatNaira(otherDone)} has been refunded to you.`,
    );
  }
  return { rows, lines, stillComing: money.refundDueKobo > 0 };
}

/** The account's order row: "Refund on its way: ₦…" and/or "Refunded ₦…", or null. */
export function refundNote(money: ShopperMoney): string | null {
  const parts = [
    money.refundDueKobo > 0 ? `Refund on its way: ${formatNaira(money.refundDueKobo)}` : null,
    money.refundedKobo > 0 ? `Refunded ${formatNaira(money.refundedKobo)}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
