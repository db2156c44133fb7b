import { useState } from 'react';
import { Link } from 'react-router';
import { shortId } from '#shared/constants';
import { formatLongDate } from '#shared/dates';
import { PAY_ON_DELIVERY_LABEL } from '#shared/fulfilment';
import { formatNaira } from '#shared/money';
import { orderBreakdown } from '#shared/price-breakdown';
import type { Order } from '#shared/schemas/orders';
import { AddressBlock } from '../components/ui/address-block';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { CheckingAccess } from '../components/ui/checking-access';
import { OrderLines } from '../components/ui/order-lines';
import { PriceBreakdown } from '../components/ui/price-breakdown';
import { Section } from '../components/ui/section';
import { signedInJson } from '../features/checkout/signed-in';
import { OrderStatusBadge, PaymentStatusBadge } from '../features/orders/order-badges';
import { OrderProgress } from '../features/orders/order-progress';
import { awaitingPayment, orderHeadline } from '../features/orders/order-status';
import { PaymentCard } from '../features/orders/payment-card';
import { PickupBlock } from '../features/orders/pickup-block';
import { ApiError, api } from '../lib/api';
import { liveTopics, useLive } from '../lib/live';
import { useReadAgain } from '../lib/read-again';
import type { HeadArgs, HeadTag, LoadArgs, PageProps } from '../lib/route-module';
import { paths } from '../paths';

type Data = { order: Order; error: null } | { order: null; error: string };

/** Only the owner reads an order: anyone else's id is 'Order not found' (the API answers 404). */
export async function load({ params, api: fetcher, url }: LoadArgs): Promise<Data> {
  try {
    const { order } = await signedInJson<{ order: Order }>(
      fetcher,
      `/api/orders/${encodeURIComponent(params.orderId ?? '')}`,
      url,
    );
    return { order, error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { order: null, error: error.status === 404 ? 'Order not found' : 'Failed to load order details' };
  }
}

export function head({ data }: HeadArgs<Data>): HeadTag[] {
  const title = data.order ? `Order #${shortId(data.order.id)}` : 'Order';
  return [{ title: `${title} | Naija Street` }, { name: 'robots', content: 'noindex' }];
}

export const Pending = CheckingAccess;

/**
 * Keeps the order current: read again as soon as the server says it changed (paid, shipped by an
 * admin, cancelled), without a reload.
 */
function useFreshOrder(initial: Order): Order {
  const [order, setOrder] = useState(initial);
  // One read at a time, and one more after it when a change came meanwhile: a slow answer from
  // before a change never replaces the newer one.
  const refresh = useReadAgain(async () => {
    try {
      setOrder((await api.get<{ order: Order }>(`/api/orders/${encodeURIComponent(initial.id)}`)).order);
    } catch {
      // Keep showing what we have; the next change tries again.
    }
  });
  useLive([liveTopics.order(initial.id)], () => void refresh());
  return order;
}

/**
 * How the order is paid: a pay-on-delivery order still unpaid says what to have ready at the door
 * (there is nothing to pay online); one Paystack is confirming says so.
 */
function PaymentMethod({ order }: { order: Order }) {
  if (order.paymentKind === 'pay_on_delivery') {
    const unpaid = order.paymentStatus === 'pending' && order.status !== 'cancelled';
    return (
      <>
        <p className="text-sm font-semibold">{PAY_ON_DELIVERY_LABEL}</p>
        {unpaid ? (
          <p className="mt-1 text-sm text-neutral-700">
            Have {formatNaira(order.totalAmountKobo)} ready in cash or for a transfer when{' '}
            {order.fulfilment === 'pickup' ? 'you pick up your order' : 'your order arrives'}.
          </p>
        ) : null}
      </>
    );
  }
  return <p className="text-sm font-semibold">{order.paymentMethod}</p>;
}

function OrderView({ initial }: { initial: Order }) {
  const order = useFreshOrder(initial);
  const awaiting = awaitingPayment(order);
  const headline = orderHeadline(order.status, { fulfilment: order.fulfilment, awaitingPayment: awaiting });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="text-center">
        <h1 className="text-3xl font-black tracking-tight">{headline.title}</h1>
        {headline.text ? (
          <p className="mt-2 text-neutral-700">{headline.text}</p>
        ) : (
          <p className="mt-2 text-neutral-700">
            Thank you for your order. We have sent the details to{' '}
            <span className="font-semibold">{order.email}</span>.
          </p>
        )}
        <p className="mt-3 text-sm text-neutral-600">
          Order <span className="font-mono font-semibold text-neutral-900">#{shortId(order.id)}</span> ·
          placed {formatLongDate(order.createdAt)}
        </p>
        <div className="mt-3 flex flex-wrap justify-center gap-2">
          <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
          <PaymentStatusBadge
            status={order.paymentStatus}
            awaitingPayment={awaiting}
            paymentKind={order.paymentKind}
            orderStatus={order.status}
          />
        </div>
      </div>

      <Card className="mt-8">
        <OrderProgress status={order.status} fulfilment={order.fulfilment} />
      </Card>

      <PaymentCard order={order} className="mt-4 rounded-lg border border-neutral-200 p-4 sm:p-5" />

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {order.fulfilment === 'pickup' && order.pickup ? (
          <Section title="Pick up in store" titleLook="label" className="sm:row-span-2">
            <PickupBlock pickup={order.pickup} contact={order.shippingAddress} />
          </Section>
        ) : (
          <Section title="Shipping address" titleLook="label" className="sm:row-span-2">
            <AddressBlock address={order.shippingAddress} />
          </Section>
        )}
        <Section title={order.fulfilment === 'pickup' ? 'Fulfilment' : 'Shipping method'} titleLook="label">
          <p className="text-sm font-semibold">{order.shippingMethod || 'Standard Shipping'}</p>
        </Section>
        <Section title="Payment method" titleLook="label">
          <PaymentMethod order={order} />
        </Section>
      </div>

      <Section title="Items" className="mt-4">
        <OrderLines lines={order.items} discountCode={order.discount?.code} />
        <PriceBreakdown breakdown={orderBreakdown(order)} className="mt-2 border-t border-neutral-300 pt-3" />
      </Section>

      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <Link to={paths.home} className={buttonClass({ block: true })}>
          Continue Shopping
        </Link>
        <Link to={paths.account} className={buttonClass({ variant: 'secondary', block: true })}>
          View All Orders
        </Link>
      </div>
    </div>
  );
}

export default function OrderConfirmationPage({ data }: PageProps<Data>) {
  if (!data.order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{data.error}</h1>
        <p className="mt-2 text-neutral-700">
          {data.error === 'Order not found'
            ? "We couldn't find this order in your account."
            : 'Please try again in a moment.'}
        </p>
        <Link to={paths.home} className={`${buttonClass({ block: true })} mx-auto mt-6 max-w-xs`}>
          Return to Home
        </Link>
      </div>
    );
  }
  return <OrderView initial={data.order} />;
}
