/** Money to give back on this order (a second payment, or a payment for a cancelled order). */
export function RefundDueBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-black tracking-wide text-white">
      REFUND DUE
    </span>
  );
}
