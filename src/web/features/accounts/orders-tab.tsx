import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { shortId } from '#shared/constants';
import { minusNaira, orderBreakdown } from '#shared/price-breakdown';
import type { Order } from '#shared/schemas/orders';
import { Button, buttonClass } from '../../components/ui/button';
import { OrderRow } from '../../components/ui/order-row';
import { PriceBreakdown } from '../../components/ui/price-breakdown';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { liveTopics, useLive } from '../../lib/live';
import { useReadAgain } from '../../lib/read-again';
import { paths } from '../../paths';
import { OrderBadges } from '../orders/order-badges';
import { awaitingPayment } from '../orders/order-status';
import { RefundNote } from '../orders/payment-card';

const FAILED = 'Failed to load orders';

export const newestFirst = (orders: readonly Order[]): Order[] =>
  [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/**
 * The shopper's orders, newest first. Read again whenever the server says one of them changed
 * (placed, paid, shipped, cancelled), so the list is current without a reload.
 */
function useOrders(initial: Order[] | null) {
  const [orders, setOrders] = useState(initial);
  const [loading, setLoading] = useState(false);
  const failed = useRef(false);
  // One read at a time, and one more after it when a change came meanwhile: a slow answer from
  // before a change never replaces the newer one.
  const read = useReadAgain(async () => {
    try {
      setOrders((await api.get<{ orders: Order[] }>('/api/orders')).orders);
      failed.current = false;
    } catch {
      failed.current = true;
    }
  });
  const reload = useCallback(
    async (quiet: boolean) => {
      if (!quiet) setLoading(true);
      await read();
      if (!quiet && failed.current) toast.error(FAILED);
      setLoading(false);
    },
    [read],
  );

  const toldOnce = useRef(false);
  useEffect(() => {
    if (initial === null && !toldOnce.current) {
      toldOnce.current = true;
      toast.error(FAILED);
    }
  }, [initial]);

  useLive([liveTopics.myOrders], () => void reload(true));

  return { orders, loading, reload: () => reload(false) };
}

/**
 * The order's price breakdown, folded away under the row: the same rows as the order's own page.
 * A code used is named in the summary line, so it shows without opening it.
 */
function OrderPrices({ order }: { order: Order }) {
  const saved = order.discount
    ? order.discountKobo > 0
      ? ` · ${minusNaira(order.discountKobo)} with ${order.discount.code}`
      : ` · free delivery with ${order.discount.code}`
    : '';
  return (
    <details className="group mt-1 max-w-sm">
      <summary className="cursor-pointer rounded text-sm font-semibold text-neutral-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900">
        Price breakdown<span className="sr-only"> of order #{shortId(order.id)}</span>
        <span className="font-normal text-neutral-600">{saved}</span>
      </summary>
      <PriceBreakdown
        breakdown={orderBreakdown(order)}
        shippingMethod={order.shippingMethod}
        className="mt-2"
      />
    </details>
  );
}

export function OrdersTab({ initial }: { initial: Order[] | null }) {
  const { orders, loading, reload } = useOrders(initial);

  if (orders === null) {
    return (
      <div className="rounded-lg border border-neutral-200 p-6 text-center">
        <p className="font-semibold">{FAILED}</p>
        <Button
          variant="secondary"
          block
          className="mt-4 sm:w-auto"
          onClick={reload}
          busy={loading}
          busyLabel="Loading..."
        >
          Try Again
        </Button>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-neutral-300 p-8 text-center">
        <h2 className="text-lg font-bold">No orders yet</h2>
        <p className="mt-1 text-sm text-neutral-600">When you place an order, it will show up here.</p>
        <Link
          to={paths.home}
          className={`${buttonClass({ variant: 'secondary', block: true })} mt-5 sm:w-auto`}
        >
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="sr-only">
        Your orders
      </h2>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
        {newestFirst(orders).map((order) => (
          <OrderRow
            key={order.id}
            className="p-4 sm:p-5"
            shortId={shortId(order.id)}
            createdAt={order.createdAt}
            itemCount={order.itemCount}
            totalKobo={order.totalAmountKobo}
            badges={
              <OrderBadges
                status={order.status}
                paymentStatus={order.paymentStatus}
                fulfilment={order.fulfilment}
                awaitingPayment={awaitingPayment(order)}
                paymentKind={order.paymentKind}
                named
              />
            }
            note={
              <>
                {order.fulfilment === 'pickup' && order.pickup && order.status !== 'cancelled' ? (
                  <p className="text-sm text-neutral-700 wrap-anywhere">
                    <span className="font-semibold">Pick up in store:</span> {order.pickup.address} (
                    {order.pickup.openingHours})
                  </p>
                ) : null}
                <RefundNote order={order} />
                <OrderPrices order={order} />
              </>
            }
            action={
              <Link to={paths.orderConfirmation(order.id)} className={buttonClass({ variant: 'text' })}>
                View Details<span className="sr-only"> of order #{shortId(order.id)}</span>
              </Link>
            }
          />
        ))}
      </ul>
    </section>
  );
}
