import { formatNaira } from '#shared/money';
import type { Order } from '#shared/schemas/orders';
import { moneySummary, REFUND_TIMING, refundNote } from './order-money';

/**
 * The order confirmation's Payment card: what the shopper paid, what went back and what is on its
 * way, and why (order-money.ts). Nothing for an order with no refund. A status region, so a
 * refund that moves on while the page is open (the page follows the order live) is read out.
 */
export function PaymentCard({
  order,
  className = '',
}: {
  order: Pick<Order, 'status' | 'money'>;
  className?: string;
}) {
  const summary = moneySummary(order);
  if (!summary) return null;
  return (
    <section aria-labelledby="payment-money" className={className}>
      <h2 id="payment-money" className="text-lg font-bold">
        Payment
      </h2>
      <div role="status">
        <dl className="mt-2 space-y-1 text-sm">
          {summary.rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4">
              <dt className="text-neutral-600">{row.label}</dt>
              <dd className="font-semibold">{formatNaira(row.kobo)}</dd>
            </div>
          ))}
        </dl>
        <ul className="mt-3 space-y-1.5 border-t border-neutral-200 pt-3 text-sm">
          {summary.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two payments can read the same; the list is never reordered
            <li key={index}>{line}</li>
          ))}
        </ul>
        {summary.stillComing ? <p className="mt-2 text-sm text-neutral-600">{REFUND_TIMING}</p> : null}
      </div>
    </section>
  );
}

/** The account's order row note: "Refund on its way: ₦…" / "Refunded ₦…". */
export function RefundNote({ order, className = '' }: { order: Pick<Order, 'money'>; className?: string }) {
  const note = refundNote(order.money);
  if (!note) return null;
  return <p className={`text-sm font-semibold text-blue-800 ${className}`}>{note}</p>;
}
