import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import {
  type AdminOrderDetail,
  type AdminPayment,
  type AdminRefund,
  refundRequest,
  type TimelineEntry,
} from '#shared/schemas/admin-orders';
import { DISPOSITION_LABELS, methodLabel } from '#shared/schemas/money';
import { AddressBlock } from '../../../components/ui/address-block';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { NumberField, SelectField, TextareaField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { OrderLines } from '../../../components/ui/order-lines';
import { OrderTotals } from '../../../components/ui/order-totals';
import { Section } from '../../../components/ui/section';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { nairaText } from '../../../lib/form-schema';
import { OrderStatusBadge, PaymentStatusBadge } from '../../orders/order-badges';
import { orderStatusTone } from '../../orders/order-status';
import { refundKindLabel } from '../payment-words';
import {
  packingSlipUrl,
  useAdminOrder,
  useCheckRefund,
  useRefundOrder,
  useRetryRefund,
  useSetOrderStatus,
} from './admin-orders-api';
import { PaymentPanel } from './payment-panel';
import { RefundDueBadge } from './refund-due-badge';

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
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        {detail.refundDue ? <RefundDueBadge /> : null}
        <span className="text-sm text-neutral-600">Placed {formatDateTime(order.createdAt)}</span>
      </div>
      <p className="text-sm">
        Customer: <span className="font-semibold wrap-anywhere">{detail.customerEmail ?? 'Guest'}</span>
      </p>

      <StatusControls detail={detail} />

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
        <OrderLines lines={order.items} />
        <OrderTotals
          className="mt-3"
          subtotalKobo={order.subtotalKobo}
          shippingKobo={order.shippingCostKobo}
          shippingMethod={order.shippingMethod}
          totalKobo={order.totalAmountKobo}
        />
      </Section>

      <div className="grid gap-5 sm:grid-cols-2">
        <Section level={3} look="rule" title="Shipping address">
          <AddressBlock address={order.shippingAddress} />
        </Section>
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

/**
 * What cancelling will do, said before it is done: the stock goes back and the shopper is emailed
 * at once; what the shopper paid by card goes back through Paystack by itself, while money
 * received outside Paystack stays due until the admin pays it back and records it.
 */
function cancelMessage(detail: AdminOrderDetail): string {
  const parts = [
    'Its items go back into stock at once and the shopper is emailed that the order was cancelled.',
  ];
  // What is left of the charge that paid the order is what the cancellation asks Paystack for.
  if (detail.paymentReference && detail.refundableKobo > 0) {
    const channel = detail.paymentChannel;
    const what =
      !channel || channel === 'card' ? 'card payment' : `${methodLabel(channel).toLowerCase()} payment`;
    parts.push(
      `The ${what} (${formatNaira(detail.refundableKobo)}) is refunded to the shopper automatically through Paystack.`,
    );
  }
  if (detail.offlineKeptKobo > 0)
    parts.push(
      `The ${formatNaira(detail.offlineKeptKobo)} received outside Paystack stays due back: pay it back to the shopper yourself, then record it here.`,
    );
  if (parts.length === 1) parts.push('No money moves.');
  return parts.join(' ');
}

function StatusControls({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const setStatus = useSetOrderStatus(order.id);
  const [confirming, setConfirming] = useState(false);

  function apply(status: OrderStatus) {
    setStatus.mutate(status, {
      onSuccess: (body) =>
        body.refundKobo > 0
          ? toast.success(
              'Order cancelled',
              `${formatNaira(body.refundKobo)} is being refunded to the shopper through Paystack.`,
            )
          : toast.success('Order status updated'),
      onError: (error) =>
        toast.error('Failed to update order status', errorMessage(error, 'Please try again.')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Order status"
        value={order.status}
        disabled={setStatus.isPending}
        hint={setStatus.isPending ? 'Saving...' : 'The shopper is emailed about the new status.'}
        options={ORDER_STATUSES.map((value) => ({ value, label: orderStatusTone(value).label }))}
        onChange={(event) => {
          const status = event.target.value as OrderStatus;
          if (status === 'cancelled') setConfirming(true);
          else apply(status);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title="Cancel this order?"
        message={cancelMessage(detail)}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busyLabel="Cancelling..."
        busy={setStatus.isPending}
        onConfirm={() => apply('cancelled')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

type Confirming = { amountKobo: number; reference?: string };

const AMOUNT_FORMAT = 'Enter an amount in naira, e.g. 2500 or 2500.50';

/**
 * The refund as typed (the amount in naira, as its field holds it) → the request's amount and
 * reason, checked with the schema the server checks them with (`refundRequest`), and at most what
 * is left of the payment (`leftKobo`).
 */
export function refundForm(leftKobo: number) {
  const { amountKobo, reason } = refundRequest.shape;
  return z.object({
    amount: nairaText(AMOUNT_FORMAT).pipe(
      amountKobo.unwrap().max(leftKobo, `At most ${formatNaira(leftKobo)} can be refunded`),
    ),
    reason,
  });
}
type RefundValues = z.input<ReturnType<typeof refundForm>>;
type RefundInput = z.output<ReturnType<typeof refundForm>>;

const nairaOf = (kobo: number) => (kobo / 100).toFixed(2);

/** Where one refund stands, in words, from what Paystack last said. */
function refundState(refund: AdminRefund): string {
  if (refund.status === 'processed') return 'refunded';
  if (refund.status === 'failed') return 'failed';
  if (!refund.confirmedByProvider) return 'waiting for Paystack to confirm it';
  if (refund.providerStatus === 'needs-attention') {
    // Paystack's status for a refund of a transfer: it needs the shopper's bank account.
    return "Paystack needs the shopper's bank details: complete it in Paystack's dashboard";
  }
  return refund.providerStatus === 'processing' ? 'Paystack is processing it' : 'pending at Paystack';
}

function RefundRow({ orderId, refund }: { orderId: string; refund: AdminRefund }) {
  const retry = useRetryRefund(orderId);
  const check = useCheckRefund(orderId);
  const tone =
    refund.status === 'failed'
      ? 'border-red-300 bg-red-50 text-red-950'
      : refund.status === 'pending'
        ? 'border-amber-300 bg-amber-50 text-amber-950'
        : 'border-neutral-200 bg-white';
  return (
    <li className={`rounded border p-3 text-sm ${tone}`}>
      <p>
        <span className="font-semibold">
          {formatNaira(refund.amountKobo)}
          {refund.kind === 'admin' ? '' : ` (automatic: ${refundKindLabel(refund.kind).toLowerCase()})`}:{' '}
          {refundState(refund)}
        </span>{' '}
        <span className="text-neutral-700">
          {formatDateTime(refund.createdAt)}
          {refund.actor ? `, ${refund.actor}` : ''}
        </span>
      </p>
      {refund.reason ? <p className="mt-1 wrap-anywhere">Reason: {refund.reason}</p> : null}
      {refund.error ? <p className="mt-1 wrap-anywhere">{refund.error}</p> : null}
      {refund.status === 'pending' ? (
        <p className="mt-1 text-neutral-700">
          {refund.lastCheckedAt ? `Last checked ${formatDateTime(refund.lastCheckedAt)}. ` : ''}
          {refund.nextCheckAt
            ? `Checked again automatically from ${formatDateTime(refund.nextCheckAt)}.`
            : ''}{' '}
          The shopper is emailed once Paystack has refunded it.
        </p>
      ) : null}
      {refund.status === 'failed' && refund.retriedBy ? (
        <p className="mt-1 text-neutral-700">Retried.</p>
      ) : null}
      {refund.status === 'pending' ? (
        <Button
          size="sm"
          variant="secondary"
          className="mt-2"
          busy={check.isPending}
          busyLabel="Checking..."
          onClick={() =>
            check.mutate(refund.id, {
              onSuccess: (body) =>
                toast.success(
                  body.refund.status === 'processed'
                    ? 'Refund completed'
                    : body.refund.status === 'failed'
                      ? 'The refund failed'
                      : 'Still pending at Paystack',
                ),
              onError: (failure) =>
                toast.error('Could not check the refund', errorMessage(failure, 'Please try again.')),
            })
          }
        >
          Check with Paystack now
        </Button>
      ) : null}
      {refund.status === 'failed' && !refund.retriedBy ? (
        <Button
          size="sm"
          variant="danger"
          className="mt-2"
          busy={retry.isPending}
          busyLabel="Retrying..."
          onClick={() =>
            retry.mutate(refund.id, {
              onSuccess: (body) => refundToast(body.refund),
              onError: (failure) => toast.error('Refund failed', errorMessage(failure, 'Please try again.')),
            })
          }
        >
          Retry refund of {formatNaira(refund.amountKobo)}
        </Button>
      ) : null}
    </li>
  );
}

function refundToast(refund: { amountKobo: number; status: AdminRefund['status'] }) {
  if (refund.status === 'processed') {
    toast.success(
      'Refund issued',
      `${formatNaira(refund.amountKobo)} is on its way back to the shopper's card.`,
    );
  } else {
    toast.success(
      'Refund requested',
      `Paystack is processing ${formatNaira(refund.amountKobo)}. The shopper is emailed once it is refunded.`,
    );
  }
}

/**
 * Full or partial refund of the charge that paid the order, and of any charge the shop did not
 * keep (a second payment, a payment for an order it could not deliver, an amount that differed)
 * that the automatic refund could not give back, each after a confirmation; every refund asked
 * for, with where it stands at Paystack, a check on demand and a retry for a failed one.
 */
function RefundPanel({ detail }: { detail: AdminOrderDetail }) {
  const refund = useRefundOrder(detail.order.id);
  const left = detail.refundableKobo;
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const { register, handleSubmit, formState, getValues, resetField } = useForm<
    RefundValues,
    unknown,
    RefundInput
  >({
    resolver: zodResolver(refundForm(left)),
    defaultValues: { amount: nairaOf(left), reason: '' },
  });
  const { errors } = formState;

  // After a refund (here or by another admin) the amount offered is what is left.
  useEffect(() => resetField('amount', { defaultValue: nairaOf(left) }), [left, resetField]);

  // Any disposition but 'applied' is money the shop gives back by itself.
  const notKept = detail.payments.filter(
    (payment): payment is AdminPayment & { disposition: NonNullable<AdminPayment['disposition']> } =>
      payment.disposition !== null && payment.disposition !== 'applied',
  );
  const openFor = (reference: string) =>
    detail.refunds.some((item) => item.reference === reference && item.status === 'pending');
  const waitingKobo = detail.refunds
    .filter((item) => item.reference === detail.paymentReference && item.status === 'pending')
    .reduce((sum, item) => sum + item.amountKobo, 0);

  const submit = handleSubmit(({ amount }) => setConfirming({ amountKobo: amount }));

  function confirm() {
    if (confirming === null) return;
    // The reason typed goes with any refund asked here (this payment's, or a payment not kept).
    refund.mutate(
      { ...confirming, reason: getValues('reason')?.trim() || undefined },
      {
        onSuccess: (body) => {
          refundToast(body.refund);
          setConfirming(null);
          resetField('reason');
        },
        onError: (failure) => {
          toast.error('Refund failed', errorMessage(failure, 'Please try again.'));
          setConfirming(null);
        },
      },
    );
  }

  return (
    <Section level={3} look="rule" title="Refund">
      {detail.refunds.length > 0 ? (
        <ul className="mb-3 space-y-2" aria-label="Refunds">
          {detail.refunds.map((item) => (
            <RefundRow key={item.id} orderId={detail.order.id} refund={item} />
          ))}
        </ul>
      ) : null}
      {notKept.length > 0 ? (
        <ul className="mb-3 space-y-2" aria-label="Payments not kept">
          {notKept.map((payment) => {
            const charged = payment.chargedKobo ?? payment.amountKobo;
            const due = charged - payment.refundedKobo;
            const failed = detail.refunds.some(
              (item) => item.reference === payment.reference && item.status === 'failed' && !item.retriedBy,
            );
            const second = payment.disposition === 'second_payment';
            const state =
              due <= 0 ? 'refunded' : openFor(payment.reference) ? 'being refunded' : 'REFUND DUE';
            return (
              <li
                key={payment.reference}
                className={`rounded border p-3 text-sm ${due > 0 ? 'border-red-300 bg-red-50 text-red-950' : 'border-neutral-200 bg-white'}`}
              >
                <p className="font-semibold">
                  {second
                    ? 'Second payment'
                    : `Payment not kept (${DISPOSITION_LABELS[payment.disposition].toLowerCase()})`}{' '}
                  of {formatNaira(charged)}: {state}
                </p>
                {payment.reason ? <p className="wrap-anywhere">{payment.reason}</p> : null}
                <p className="font-mono text-xs wrap-anywhere">{payment.reference}</p>
                {due > 0 && !openFor(payment.reference) && !failed ? (
                  <Button
                    size="sm"
                    variant="danger"
                    className="mt-2"
                    onClick={() => setConfirming({ amountKobo: due, reference: payment.reference })}
                  >
                    {second ? 'Refund second payment' : 'Refund this payment'}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {left <= 0 ? (
        <p className="text-sm text-neutral-600">
          {!detail.paymentReference
            ? detail.offlineKeptKobo > 0
              ? 'There is no card payment to refund: money received outside Paystack is given back by you, then recorded under Payment.'
              : 'There is no card payment to refund.'
            : waitingKobo > 0
              ? `Nothing more can be refunded: ${formatNaira(waitingKobo)} is waiting for Paystack.`
              : 'The payment has been refunded in full.'}
        </p>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]" noValidate>
          <NumberField
            label="Amount to refund"
            prefix="₦"
            error={errors.amount?.message}
            hint={`Up to ${formatNaira(left)}`}
            {...register('amount')}
          />
          <TextareaField
            label="Reason (optional)"
            rows={2}
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason')}
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
        message={`${formatNaira(confirming?.amountKobo ?? 0)} goes back to the shopper's card through Paystack. Paystack usually takes from a few minutes to a few days; the shopper is emailed once it is done. This cannot be undone.`}
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
      {entries.map((entry) => (
        // Keyed by the entry's own id: live updates insert entries anywhere in the list.
        <li key={entry.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className={`absolute -left-[1.65rem] top-1.5 h-2.5 w-2.5 rounded-full ${DOT[entry.kind]}`}
          />
          <p className="font-semibold wrap-anywhere">{entry.title}</p>
          {entry.detail ? <p className="text-neutral-700 wrap-anywhere">{entry.detail}</p> : null}
          <p className="text-xs text-neutral-600">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.actor ? <span className="wrap-anywhere"> · {entry.actor}</span> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
