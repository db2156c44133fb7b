import { useId } from 'react';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import { DISPOSITION_LABELS, type LedgerEntry, methodLabel, type OrderMoney } from '#shared/schemas/money';
import { money as amount, LEDGER_KIND_WORDS } from '../payment-words';
import { OfflineMoneyForm } from './offline-money-form';

/** The order's money as the ledger tells it, each figure with what it counts. */
const FIGURES: { key: keyof OrderMoney; label: string; hint: string }[] = [
  { key: 'receivedKobo', label: 'Paid', hint: 'Every charge and offline payment received' },
  { key: 'refundedKobo', label: 'Refunded', hint: 'Given back, through Paystack or outside it' },
  { key: 'refundPendingKobo', label: 'Being refunded', hint: 'Asked of Paystack, not settled yet' },
  { key: 'refundDueKobo', label: 'Due back', hint: 'Still owed to the shopper, being refunded included' },
  { key: 'keptKobo', label: 'Kept', hint: 'What the shop holds now: paid less refunded' },
];

function MoneyFigures({ money }: { money: OrderMoney }) {
  return (
    <dl aria-label="Money" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {FIGURES.map(({ key, label, hint }) => {
        const alert = key === 'refundDueKobo' && money[key] > 0;
        return (
          <div
            key={key}
            className={`min-w-0 rounded border p-2 ${alert ? 'border-red-300 bg-red-50 text-red-950' : 'border-neutral-200 bg-white'}`}
          >
            <dt className="text-xs font-bold uppercase tracking-wide text-neutral-600">{label}</dt>
            <dd className="text-base font-black tabular-nums wrap-anywhere">{formatNaira(money[key])}</dd>
            <dd className="text-xs text-neutral-600">{hint}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Money in reads +, money out −; a refund asked for or failed moved nothing by itself. */
const SIGN: Record<LedgerEntry['kind'], string> = {
  charge: '+',
  offline_payment: '+',
  refund_requested: '',
  refund_processed: '−',
  refund_failed: '',
  offline_refund: '−',
};

/** What one line of the book is, with what was done with the money when it was not simply applied. */
function entryTitle(entry: LedgerEntry): string {
  const words = LEDGER_KIND_WORDS[entry.kind];
  if (entry.disposition === 'applied') return words;
  const incoming = entry.kind === 'charge' || entry.kind === 'offline_payment';
  return incoming
    ? `${words}, not kept: ${DISPOSITION_LABELS[entry.disposition]}`
    : `${words} (${DISPOSITION_LABELS[entry.disposition].toLowerCase()})`;
}

/** The order's book: every charge, offline payment and refund step, in the order it was written. */
function LedgerList({ entries, labelledBy }: { entries: LedgerEntry[]; labelledBy: string }) {
  if (entries.length === 0)
    return (
      <p className="text-sm text-neutral-600">
        Nothing in the book yet: no money has come in for this order.
      </p>
    );
  return (
    <ol
      aria-labelledby={labelledBy}
      className="divide-y divide-neutral-200 rounded border border-neutral-200 bg-white"
    >
      {entries.map((entry) => {
        const notKept =
          entry.disposition !== 'applied' && (entry.kind === 'charge' || entry.kind === 'offline_payment');
        return (
          <li key={entry.id} className="px-3 py-2 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className={`min-w-0 font-semibold wrap-anywhere ${notKept ? 'text-red-800' : ''}`}>
                {entryTitle(entry)}
              </p>
              <p
                className={`shrink-0 font-semibold tabular-nums ${SIGN[entry.kind] ? '' : 'text-neutral-600'}`}
              >
                {SIGN[entry.kind]}
                {amount(entry.amountKobo, entry.currency)}
              </p>
            </div>
            <p className="text-xs text-neutral-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              <span className="wrap-anywhere"> · {entry.actor}</span>
            </p>
            {entry.method || entry.reference ? (
              <p className="text-xs text-neutral-700">
                {entry.method ? methodLabel(entry.method) : null}
                {entry.method && entry.reference ? ' · ' : null}
                {entry.reference ? (
                  <>
                    Ref <span className="font-mono wrap-anywhere">{entry.reference}</span>
                  </>
                ) : null}
              </p>
            ) : null}
            {entry.reason ? (
              <p className="text-xs text-neutral-700 wrap-anywhere">Why: {entry.reason}</p>
            ) : null}
            {entry.note ? (
              <p className="whitespace-pre-wrap text-xs text-neutral-700 wrap-anywhere">Note: {entry.note}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The dialog's Payment section: how the order was paid, its money from the ledger and the book
 * itself; money received outside Paystack is recorded here (the order's whole total, while it is
 * not paid nor cancelled; a pay-on-delivery order's in PayOnDeliveryPanel), and so is money given
 * back outside it.
 */
export function PaymentPanel({ detail }: { detail: AdminOrderDetail }) {
  const bookId = useId();
  const { order, money } = detail;
  const unpaid =
    (order.paymentStatus === 'pending' || order.paymentStatus === 'failed') && money.appliedKobo === 0;
  const canRecordPayment = unpaid && order.status !== 'cancelled';
  const confirming = detail.payments.filter((payment) => payment.status === 'pending');
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-neutral-600">Method</dt>
        <dd>{order.paymentMethod}</dd>
        <dt className="text-neutral-600">Reference</dt>
        <dd className="font-mono text-xs wrap-anywhere">{detail.paymentReference ?? 'Not paid by card'}</dd>
        <dt className="text-neutral-600">Channel</dt>
        <dd>{methodLabel(detail.paymentChannel)}</dd>
      </dl>

      <MoneyFigures money={money} />

      <div>
        <h4 id={bookId} className="mb-2 text-sm font-black">
          Book
        </h4>
        <LedgerList entries={detail.ledger} labelledBy={bookId} />
      </div>

      {canRecordPayment && order.paymentKind === 'pay_on_delivery' ? (
        <p className="text-sm text-neutral-600">
          Pay on delivery: record the money once it is collected, with Record the money collected above.
        </p>
      ) : canRecordPayment ? (
        <>
          {confirming.length > 0 ? (
            <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              Paystack is still confirming a payment of {formatNaira(confirming[0]!.amountKobo)} for this
              order. If it succeeds after you record an offline payment, it is refunded automatically as a
              second payment.
            </p>
          ) : null}
          <OfflineMoneyForm orderId={order.id} kind="payment" amountKobo={order.totalAmountKobo} />
        </>
      ) : order.status === 'cancelled' && unpaid ? (
        <p className="text-sm text-neutral-600">
          The order is cancelled: reopen it (set its status) before recording a payment for it.
        </p>
      ) : null}
      {detail.offlineKeptKobo > 0 ? (
        <OfflineMoneyForm orderId={order.id} kind="refund" amountKobo={detail.offlineKeptKobo} />
      ) : null}
    </div>
  );
}
