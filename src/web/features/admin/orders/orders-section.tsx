import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '#shared/dates';
import { formatNaira } from '#shared/money';
import {
  type AdminOrderRow,
  ORDER_STATUS_FILTERS,
  type OrderStatusFilter,
} from '#shared/schemas/admin-orders';
import { Button, buttonClass } from '../../../components/ui/button';
import { Empty } from '../../../components/ui/empty';
import { SelectField, TextField } from '../../../components/ui/fields';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { liveTopics, useLive } from '../../../lib/live';
import { OrderStatusBadge, PaymentStatusBadge } from '../../orders/order-badges';
import { adminKeys } from '../query-keys';
import { SectionHeading } from '../section-heading';
import { ordersCsvUrl, PAGE_SIZE, useAdminOrders } from './admin-orders-api';
import { OrderDialog } from './order-dialog';
import { RefundDueBadge } from './refund-due-badge';

const FILTER_LABELS: Record<OrderStatusFilter, string> = {
  all: 'All orders',
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Waits until typing pauses (spec §9: search debounce 300 ms). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The admin panel's Orders section (?tab=orders): search by order id (full or short), shipping
 * name or email; the status filter; a page of orders with their badges; the order's dialog; the
 * CSV of the filtered list. The list and the open order follow every order change live.
 */
export default function OrdersSection() {
  const [text, setText] = useState('');
  const q = useDebounced(text, 300);
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const [page, setPage] = useState(1);
  // The open order is in the address (?order=): links elsewhere in the panel open it, a reload
  // keeps it open, and Back closes it.
  const [params, setParams] = useSearchParams();
  const openId = params.get('order');
  const setOpenId = useCallback(
    (orderId: string | null) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (orderId) next.set('order', orderId);
          else next.delete('order');
          return next;
        },
        { replace: orderId === null },
      ),
    [setParams],
  );
  const orders = useAdminOrders({ q, status, page });
  const queryClient = useQueryClient();

  useLive([liveTopics.adminOrders], () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders.all() });
  });

  // A new search or filter starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or filter changes
  useEffect(() => setPage(1), [q, status]);

  const data = orders.data;
  const filtered = q.trim() !== '' || status !== 'all';

  return (
    <>
      <SectionHeading
        title="Orders"
        description="Find an order, follow it up, refund it, and print its packing slip."
        actions={
          <a
            href={ordersCsvUrl({ q, status })}
            download
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Export CSV
          </a>
        }
      />
      <search aria-label="Orders" className="mt-5 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <TextField
          type="search"
          label="Search orders"
          hint="Order id (or its first 8 characters), shipping name or email"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={200}
          autoComplete="off"
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as OrderStatusFilter)}
          options={ORDER_STATUS_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        />
      </search>

      <section aria-labelledby="orders-results" className="mt-5" aria-busy={orders.isFetching || undefined}>
        <h2 id="orders-results" className="sr-only">
          Results
        </h2>
        {orders.isError && !data ? (
          <LoadError message="Failed to load orders" onRetry={() => void orders.refetch()} />
        ) : !data ? (
          <OrdersSkeleton />
        ) : data.orders.length === 0 ? (
          <Empty>
            <p className="font-semibold text-neutral-900">No orders found</p>
            <p className="mt-1 text-sm text-neutral-600">
              {filtered ? 'No orders match your search criteria' : 'No orders yet'}
            </p>
            <p className="mt-1 text-sm text-neutral-600">
              {filtered
                ? 'Try another order id, name or email, or a different status.'
                : 'Orders appear here as soon as shoppers check out.'}
            </p>
          </Empty>
        ) : (
          <>
            <OrdersTable rows={data.orders} onOpen={setOpenId} />
            <OrderCards rows={data.orders} onOpen={setOpenId} />
            <Pager page={data.page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} what="orders" />
          </>
        )}
      </section>
      {openId ? <OrderDialog orderId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

const customer = (row: AdminOrderRow) => row.customerEmail ?? 'Guest';

/** Wide screens: one row per order. */
function OrdersTable({ rows, onOpen }: { rows: AdminOrderRow[]; onOpen: (id: string) => void }) {
  return (
    <div className="hidden overflow-hidden rounded-lg border border-neutral-200 bg-white md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-neutral-50 text-xs uppercase tracking-wider text-neutral-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Order
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Items
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {rows.map((row) => (
            <tr key={row.id} className="hover:bg-neutral-50">
              <td className="px-4 py-3 font-mono font-semibold">#{row.shortId}</td>
              <td className="whitespace-nowrap px-4 py-3">{formatDate(row.createdAt)}</td>
              <td className="max-w-56 px-4 py-3">
                <span className="block truncate">{customer(row)}</span>
                <span className="block truncate text-xs text-neutral-600">{row.shippingName}</span>
              </td>
              <td className="px-4 py-3 text-right">{row.itemCount}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right font-semibold">
                {formatNaira(row.totalAmountKobo)}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-1">
                  <OrderStatusBadge status={row.status} fulfilment={row.fulfilment} />
                  <PaymentStatusBadge
                    status={row.paymentStatus}
                    awaitingPayment={row.awaitingPayment}
                    paymentKind={row.paymentKind}
                    orderStatus={row.status}
                    audience="admin"
                  />
                  {row.refundDue ? <RefundDueBadge /> : null}
                </div>
              </td>
              <td className="px-4 py-3 text-right">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onOpen(row.id)}
                  aria-label={`View order ${row.shortId}`}
                >
                  View
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order, the whole card a button. */
function OrderCards({ rows, onOpen }: { rows: AdminOrderRow[]; onOpen: (id: string) => void }) {
  return (
    <ul className="space-y-3 md:hidden">
      {rows.map((row) => (
        <li key={row.id}>
          <Button
            variant="bare"
            onClick={() => onOpen(row.id)}
            className="block w-full rounded-lg border border-neutral-200 bg-white p-4 text-left hover:bg-neutral-50"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-mono font-semibold">
                <span className="sr-only">View order </span>#{row.shortId}
              </span>
              <span className="font-semibold">{formatNaira(row.totalAmountKobo)}</span>
            </span>
            <span className="mt-1 flex justify-between gap-3 text-sm text-neutral-600">
              <span className="min-w-0 truncate">{customer(row)}</span>
              <span className="shrink-0">{formatDate(row.createdAt)}</span>
            </span>
            <span className="mt-1 block text-sm text-neutral-600">
              {row.itemCount} item{row.itemCount === 1 ? '' : 's'}
            </span>
            <span className="mt-2 flex flex-wrap gap-1">
              <OrderStatusBadge status={row.status} fulfilment={row.fulfilment} />
              <PaymentStatusBadge
                status={row.paymentStatus}
                awaitingPayment={row.awaitingPayment}
                paymentKind={row.paymentKind}
                orderStatus={row.status}
                audience="admin"
              />
              {row.refundDue ? <RefundDueBadge /> : null}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

const SKELETON_ROWS = ['one', 'two', 'three', 'four', 'five'];

function OrdersSkeleton() {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading orders...</span>
      {SKELETON_ROWS.map((key) => (
        <div key={key} className="h-16 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
