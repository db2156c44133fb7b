import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from '#shared/constants';
import { SHOP_TIME_ZONE } from '#shared/dates';
import { formatNaira, nairaToKobo } from '#shared/money';
import type { AdminOrderDetail, TimelineEntry } from '#shared/schemas/admin-orders';
import type { Order } from '#shared/schemas/orders';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { NumberField, SelectField, TextareaField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { OrderTotals } from '../../../components/ui/order-totals';
import { ProductThumbnail } from '../../../components/ui/product-image';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { OrderStatusBadge, PaymentStatusBadge } from '../../orders/order-badges';
import { orderStatusTone, paymentStatusTone } from '../../orders/order-status';
import {
  packingSlipUrl,
  useAdminOrder,
  useRefundOrder,
  useSetOrderStatus,
  useSetPaymentStatus,
} from './admin-orders-api';
import { RefundDueBadge } from './refund-due-badge';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});
const when = (iso: string) => dateTime.format(new Date(iso));

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-neutral-200 pt-4">
      <h3 className="text-xs font-black uppercase tracking-widest text-neutral-600">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Address({ address }: { address: Order['shippingAddress'] }) {
  return (
    <address className="text-sm not-italic wrap-anywhere">
      {address.fullName}
      <br />
      {address.address}
      <br />
      {address.city}, {address.state}
      <br />
      {address.phone}
      <br />
      {address.email}
    </address>
  );
}

function OrderDetail({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  return (
    <div className="space-y-5 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        {detail.refundDue ? <RefundDueBadge /> : null}
        <span className="text-sm text-neutral-600">Placed {when(order.createdAt)}</span>
      </div>
      <p className="text-sm">
        Customer: <span className="font-semibold wrap-anywhere">{detail.customerEmail ?? 'Guest'}</span>
      </p>

      <StatusControls orderId={order.id} status={order.status} paymentStatus={order.paymentStatus} />

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

      <Section title="Items">
        <ul className="divide-y divide-neutral-200">
          {order.items.map((item) => (
            <li key={item.id} className="flex gap-3 py-3">
              <div className="h-16 w-16 shrink-0 overflow-hidden rounded bg-neutral-100">
                <ProductThumbnail imageId={item.imageId} sizes="64px" />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold wrap-anywhere">{item.name}</p>
                <p className="text-neutral-600">
                  {[item.size && `Size ${item.size}`, item.color && `Colour ${item.color}`]
                    .filter(Boolean)
                    .join(' · ') || 'One option'}
                </p>
                <p className="text-neutral-600">
                  {item.quantity} × {formatNaira(item.unitPriceKobo)}
                </p>
              </div>
              <p className="shrink-0 text-sm font-semibold">{formatNaira(item.lineTotalKobo)}</p>
            </li>
          ))}
        </ul>
        <OrderTotals
          className="mt-3"
          subtotalKobo={order.subtotalKobo}
          shippingKobo={order.shippingCostKobo}
          shippingMethod={order.shippingMethod}
          totalKobo={order.totalAmountKobo}
        />
      </Section>

      <div className="grid gap-5 sm:grid-cols-2">
        <Section title="Shipping address">
          <Address address={order.shippingAddress} />
        </Section>
        <Section title="Billing address">
          <Address address={order.billingAddress} />
        </Section>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Section title="Shipping">
          <p className="text-sm">
            {order.shippingMethod}:{' '}
            {order.shippingCostKobo === 0 ? 'Free' : formatNaira(order.shippingCostKobo)}
          </p>
        </Section>
        <Section title="Notes">
          <p className="whitespace-pre-wrap text-sm wrap-anywhere">{order.notes || 'No notes'}</p>
        </Section>
      </div>

      <Section title="Payment">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-600">Method</dt>
          <dd>{order.paymentMethod}</dd>
          <dt className="text-neutral-600">Reference</dt>
          <dd className="font-mono text-xs wrap-anywhere">{detail.paymentReference ?? 'Not paid by card'}</dd>
          <dt className="text-neutral-600">Channel</dt>
          <dd>{detail.paymentChannel ?? '—'}</dd>
        </dl>
      </Section>

      <RefundPanel detail={detail} />

      <Section title="Timeline">
        <Timeline entries={detail.timeline} />
      </Section>
    </div>
  );
}

function StatusControls({
  orderId,
  status,
  paymentStatus,
}: {
  orderId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}) {
  const setStatus = useSetOrderStatus(orderId);
  const setPayment = useSetPaymentStatus(orderId);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Order status"
        value={status}
        disabled={setStatus.isPending}
        hint={setStatus.isPending ? 'Saving...' : 'The shopper is emailed about the new status.'}
        options={ORDER_STATUSES.map((value) => ({ value, label: orderStatusTone(value).label }))}
        onChange={(event) =>
          setStatus.mutate(event.target.value as OrderStatus, {
            onSuccess: () => toast.success('Order status updated'),
            onError: (error) =>
              toast.error('Failed to update order status', errorMessage(error, 'Please try again.')),
          })
        }
      />
      <SelectField
        label="Payment status"
        value={paymentStatus}
        disabled={setPayment.isPending}
        hint={setPayment.isPending ? 'Saving...' : 'No money moves: use Refund to pay a shopper back.'}
        options={PAYMENT_STATUSES.map((value) => ({ value, label: paymentStatusTone(value).label }))}
        onChange={(event) =>
          setPayment.mutate(event.target.value as PaymentStatus, {
            onSuccess: () => toast.success('Payment status updated'),
            onError: (error) =>
              toast.error('Failed to update payment status', errorMessage(error, 'Please try again.')),
          })
        }
      />
    </div>
  );
}

type Confirming = { amountKobo: number; reference?: string };

/**
 * Full or partial refund of the charge that paid the order, and of any second payment the
 * automatic refund could not give back, each after a confirmation.
 */
function RefundPanel({ detail }: { detail: AdminOrderDetail }) {
  const refund = useRefundOrder(detail.order.id);
  const left = detail.refundableKobo;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  // After a refund (here or by another admin) the amount offered is what is left.
  useEffect(() => setAmount((left / 100).toFixed(2)), [left]);

  const secondPayments = detail.payments.filter((payment) => payment.secondPayment);
  const pendingFor = (reference: string) =>
    detail.refunds.some((item) => item.reference === reference && item.status === 'pending');

  function submit(event: FormEvent) {
    event.preventDefault();
    const kobo = nairaToKobo(amount);
    if (kobo === null || kobo <= 0) return setError('Enter an amount in naira, e.g. 2500 or 2500.50');
    if (kobo > left) return setError(`At most ${formatNaira(left)} can be refunded`);
    setError(undefined);
    setConfirming({ amountKobo: kobo });
  }

  function confirm() {
    if (confirming === null) return;
    refund.mutate(
      { ...confirming, reason: reason.trim() || undefined },
      {
        onSuccess: (body) => {
          toast.success(
            'Refund issued',
            `${formatNaira(body.refund.amountKobo)} is on its way back to the shopper's card.`,
          );
          setConfirming(null);
          setReason('');
        },
        onError: (failure) => {
          toast.error('Refund failed', errorMessage(failure, 'Please try again.'));
          setConfirming(null);
        },
      },
    );
  }

  return (
    <Section title="Refund">
      {detail.refunds.length > 0 ? (
        <ul className="mb-3 space-y-1 text-sm">
          {detail.refunds.map((item) => (
            <li key={item.id}>
              {formatNaira(item.amountKobo)} {item.kind === 'second_payment' ? '(second payment)' : ''} —{' '}
              {item.status === 'processed'
                ? 'refunded'
                : item.status === 'failed'
                  ? 'refused by the provider'
                  : 'pending'}{' '}
              <span className="text-neutral-600">
                {when(item.createdAt)}
                {item.actor ? `, ${item.actor}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {secondPayments.length > 0 ? (
        <ul className="mb-3 space-y-2">
          {secondPayments.map((payment) => {
            const due = payment.amountKobo - payment.refundedKobo;
            return (
              <li
                key={payment.reference}
                className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950"
              >
                <p className="font-semibold">
                  Second payment of {formatNaira(payment.amountKobo)}: {due > 0 ? 'REFUND DUE' : 'refunded'}
                </p>
                <p className="font-mono text-xs wrap-anywhere">{payment.reference}</p>
                {due > 0 && !pendingFor(payment.reference) ? (
                  <Button
                    size="sm"
                    variant="danger"
                    className="mt-2"
                    onClick={() => setConfirming({ amountKobo: due, reference: payment.reference })}
                  >
                    Refund second payment
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {left <= 0 ? (
        <p className="text-sm text-neutral-600">
          {detail.paymentReference
            ? 'The payment has been refunded in full.'
            : 'There is no card payment to refund.'}
        </p>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]" noValidate>
          <NumberField
            label="Amount to refund"
            prefix="₦"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={error}
            hint={`Up to ${formatNaira(left)}`}
          />
          <TextareaField
            label="Reason (optional)"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="danger" size="sm">
              Refund
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Refund this payment?"
        message={`${formatNaira(confirming?.amountKobo ?? 0)} goes back to the shopper's card through Paystack, and they are emailed. This cannot be undone.`}
        confirmLabel={`Refund ${formatNaira(confirming?.amountKobo ?? 0)}`}
        busyLabel="Refunding..."
        busy={refund.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Section>
  );
}

const DOT: Record<TimelineEntry['kind'], string> = {
  placed: 'bg-neutral-900',
  payment: 'bg-green-600',
  status: 'bg-blue-600',
  refund: 'bg-purple-600',
  email: 'bg-neutral-400',
  note: 'bg-neutral-400',
};

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="relative space-y-4 border-l border-neutral-200 pl-5">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never reorder
        <li key={index} className="relative text-sm">
          <span
            aria-hidden="true"
            className={`absolute -left-[1.65rem] top-1.5 h-2.5 w-2.5 rounded-full ${DOT[entry.kind]}`}
          />
          <p className="font-semibold wrap-anywhere">{entry.title}</p>
          {entry.detail ? <p className="text-neutral-700 wrap-anywhere">{entry.detail}</p> : null}
          <p className="text-xs text-neutral-600">
            <time dateTime={entry.at}>{when(entry.at)}</time>
            {entry.actor ? <span className="wrap-anywhere"> · {entry.actor}</span> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
