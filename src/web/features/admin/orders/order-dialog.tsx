import { formatDateTime } from '#shared/dates';
import { PAY_ON_DELIVERY_LABEL } from '#shared/fulfilment';
import { orderBreakdown } from '#shared/price-breakdown';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import { AddressBlock } from '../../../components/ui/address-block';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { OrderLines } from '../../../components/ui/order-lines';
import { PriceBreakdown } from '../../../components/ui/price-breakdown';
import { Section } from '../../../components/ui/section';
import { errorMessage } from '../../../lib/api';
import { OrderStatusBadge, PaymentStatusBadge } from '../../orders/order-badges';
import { PickupBlock } from '../../orders/pickup-block';
import { packingSlipUrl, useAdminOrder } from './admin-orders-api';
import { StatusControls } from './order-status-controls';
import { Timeline } from './order-timeline';
import { collectsOnDelivery, PayOnDeliveryPanel } from './pay-on-delivery-panel';
import { PaymentPanel } from './payment-panel';
import { RefundDueBadge } from './refund-due-badge';
import { RefundPanel } from './refund-panel';

/** One order: what was bought, where it goes, how it was paid, what happened to it; its controls. */
export function OrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const query = useAdminOrder(orderId);
  const data = query.data;
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      closeLabel="Close order"
      title={data ? `Order #${data.order.shortId}` : 'Order'}
    >
      {query.isError && !data ? (
        <div className="p-5">
          <FormAlert>
            <p className="font-semibold">Failed to load order details</p>
            <p>{errorMessage(query.error, 'Please try again.')}</p>
          </FormAlert>
        </div>
      ) : !data ? (
        <div role="status" className="space-y-3 p-5">
          <span className="sr-only">Loading order...</span>
          <div className="h-8 w-1/2 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none" />
          <div className="h-32 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none" />
        </div>
      ) : (
        <OrderDetail detail={data} />
      )}
    </Dialog>
  );
}

function OrderDetail({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  return (
    <div className="space-y-5 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
        <PaymentStatusBadge
          status={order.paymentStatus}
          awaitingPayment={order.awaitingPayment}
          paymentKind={order.paymentKind}
          orderStatus={order.status}
          audience="admin"
        />
        {detail.refundDue ? <RefundDueBadge /> : null}
        <span className="text-sm text-neutral-600">Placed {formatDateTime(order.createdAt)}</span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-600">Customer</dt>
        <dd className="font-semibold wrap-anywhere">{detail.customerEmail ?? 'Guest'}</dd>
        <dt className="text-neutral-600">{order.fulfilment === 'pickup' ? 'Fulfilment' : 'Delivery'}</dt>
        <dd className="wrap-anywhere">
          {order.fulfilment === 'pickup' ? 'Pick up in store' : order.shippingMethod}
          {order.shippingZone ? ` · ${order.shippingZone}` : ''}
        </dd>
        <dt className="text-neutral-600">Payment</dt>
        <dd>{order.paymentKind === 'pay_on_delivery' ? PAY_ON_DELIVERY_LABEL : 'Paystack'}</dd>
      </dl>

      <StatusControls detail={detail} />

      {collectsOnDelivery(detail) ? <PayOnDeliveryPanel detail={detail} /> : null}

      <div className="flex flex-wrap gap-2">
        <a
          href={packingSlipUrl(order.id)}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          Packing slip<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>

      <Section level={3} look="rule" title="Items">
        <OrderLines lines={order.items} discountCode={order.discount?.code} />
        <PriceBreakdown
          className="mt-3"
          breakdown={orderBreakdown(order)}
          shippingMethod={order.shippingMethod}
        />
        {order.discount ? (
          <p className="mt-2 text-sm text-neutral-600">
            Code {order.discount.code}: {order.discount.title}
          </p>
        ) : null}
      </Section>

      <div className="grid gap-5 sm:grid-cols-2">
        {order.fulfilment === 'pickup' && order.pickup ? (
          <Section level={3} look="rule" title="Pick up in store">
            <PickupBlock pickup={order.pickup} contact={order.shippingAddress} />
          </Section>
        ) : (
          <Section level={3} look="rule" title="Shipping address">
            <AddressBlock address={order.shippingAddress} />
          </Section>
        )}
        <Section level={3} look="rule" title="Billing address">
          <AddressBlock address={order.billingAddress} />
        </Section>
      </div>

      {/* The shipping method and its fee are in the totals above. */}
      <Section level={3} look="rule" title="Notes">
        <p className="whitespace-pre-wrap text-sm wrap-anywhere">{order.notes || 'No notes'}</p>
      </Section>

      <Section level={3} look="rule" title="Payment">
        <PaymentPanel detail={detail} />
      </Section>

      <RefundPanel detail={detail} />

      <Section level={3} look="rule" title="Timeline">
        <Timeline entries={detail.timeline} />
      </Section>
    </div>
  );
}
