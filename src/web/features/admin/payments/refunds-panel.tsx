import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { type AdminRefundListItem, REFUND_LIST_FILTERS } from '#shared/schemas/money';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { textLinkClass } from '../../../components/ui/button';
import { Empty } from '../../../components/ui/empty';
import { SelectField } from '../../../components/ui/fields';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { OrderStatusBadge } from '../../orders/order-badges';
import { adminOrderPath } from '../admin-links';
import { refundKindLabel } from '../payment-words';
import { REFUNDS_PAGE_SIZE, type RefundFilter, useRefunds } from './payments-api';

const FILTER_LABELS: Record<RefundFilter, string> = {
  due: 'Due back',
  automatic: 'Made automatically',
  all: 'All',
};

const EMPTY: Record<RefundFilter, string> = {
  due: 'The shop owes no money back to anyone.',
  automatic: 'The shop has not refunded any payment by itself.',
  all: 'No refunds yet, and no money is due back.',
};

type Refund = AdminRefundListItem['refunds'][number];

const REFUND_STATE: Record<Refund['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Being refunded', tone: 'amber' },
  processed: { label: 'Refunded', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/**
 * The Payments section's refunds: what the shop owes shoppers now, and a page of the orders it
 * owes money to (or refunded by itself), each with its money and its refunds.
 */
export function RefundsPanel() {
  const headingId = useId();
  const [filter, setFilter] = useState<RefundFilter>('due');
  const [page, setPage] = useState(1);
  const refunds = useRefunds({ filter, page });
  const data = refunds.data;

  return (
    <section aria-labelledby={headingId} className="mt-6" aria-busy={refunds.isFetching || undefined}>
      <h2 id={headingId} className="text-lg font-black">
        Refunds
      </h2>
      <p className="text-sm text-neutral-600">
        Orders the shop owes money back to, and refunds it made by itself (a second payment, an order it could
        not deliver, an amount that differed, a cancelled order).
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-end">
        <SelectField
          label="Show"
          value={filter}
          options={REFUND_LIST_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          onChange={(event) => {
            setFilter(event.target.value as RefundFilter);
            setPage(1);
          }}
        />
        {data ? (
          <p
            className={`rounded border p-3 text-sm ${data.refundDueKobo > 0 ? 'border-red-300 bg-red-50 text-red-950' : 'border-neutral-200 bg-white'}`}
          >
            {data.refundDueKobo > 0 ? (
              <>
                The shop owes shoppers{' '}
                <strong className="tabular-nums">{formatNaira(data.refundDueKobo)}</strong> now.
              </>
            ) : (
              'The shop owes shoppers nothing now.'
            )}
          </p>
        ) : null}
      </div>

      <div className="mt-4">
        {refunds.isError && !data ? (
          <LoadError message="Failed to load the refunds" onRetry={() => void refunds.refetch()} />
        ) : !data ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading refunds...</span>
            <div className="h-24 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
            <div className="h-24 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
          </div>
        ) : data.items.length === 0 ? (
          <Empty>{EMPTY[filter]}</Empty>
        ) : (
          <>
            <ul className="space-y-3" aria-label="Orders with money going back">
              {data.items.map((item) => (
                <RefundOrder key={item.orderId} item={item} />
              ))}
            </ul>
            <Pager
              page={data.page}
              pageSize={REFUNDS_PAGE_SIZE}
              total={data.total}
              onPage={setPage}
              what="orders"
            />
          </>
        )}
      </div>
    </section>
  );
}

function RefundOrder({ item }: { item: AdminRefundListItem }) {
  const figures = [
    { label: 'Paid', kobo: item.money.receivedKobo },
    { label: 'Refunded', kobo: item.money.refundedKobo },
    { label: 'Due back', kobo: item.money.refundDueKobo },
  ];
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={adminOrderPath(item.orderId)}
          className={`${textLinkClass} font-mono`}
          aria-label={`Order ${item.shortId}`}
        >
          #{item.shortId}
        </Link>
        <OrderStatusBadge status={item.orderStatus} />
      </div>
      <p className="mt-1 text-neutral-600 wrap-anywhere">{item.customerEmail ?? 'Guest'}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        {figures.map(({ label, kobo }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-bold uppercase tracking-wide text-neutral-600">{label}</dt>
            <dd
              className={`font-semibold tabular-nums wrap-anywhere ${label === 'Due back' && kobo > 0 ? 'text-red-800' : ''}`}
            >
              {formatNaira(kobo)}
            </dd>
          </div>
        ))}
      </dl>
      {item.refunds.length > 0 ? (
        <ul
          className="mt-3 space-y-2 border-t border-neutral-100 pt-3"
          aria-label={`Refunds of order ${item.shortId}`}
        >
          {item.refunds.map((refund) => {
            const state = REFUND_STATE[refund.status];
            return (
              <li key={refund.id}>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold tabular-nums">{formatNaira(refund.amountKobo)}</span>
                  <Badge tone={state.tone}>{state.label}</Badge>
                  <span>
                    {refund.automatic ? `Automatic: ${refundKindLabel(refund.kind)}` : 'By an admin'}
                  </span>
                  <span className="text-xs text-neutral-600">
                    <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
                  </span>
                </p>
                {refund.reason ? <p className="text-neutral-700 wrap-anywhere">{refund.reason}</p> : null}
                {refund.status === 'failed' ? <p className="text-red-800">Retry it from the order.</p> : null}
              </li>
            );
          })}
        </ul>
      ) : item.money.refundDueKobo > 0 ? (
        <p className="mt-3 border-t border-neutral-100 pt-3 text-neutral-700">
          No refund asked of Paystack yet. Money received outside Paystack is paid back by you, then recorded
          on the order.
        </p>
      ) : null}
    </li>
  );
}
