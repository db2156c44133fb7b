import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import { methodLabel } from '#shared/schemas/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/fields';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { orderStatusTone } from '../../orders/order-status';
import { useSetOrderStatus } from './admin-orders-api';

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

/** Setting the order's status, with its toast; cancelling asks first (`confirming`). */
function useStatusChange(orderId: string) {
  const setStatus = useSetOrderStatus(orderId);
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
  return { apply, pending: setStatus.isPending, confirming, setConfirming };
}

function CancelConfirm({
  detail,
  change,
}: {
  detail: AdminOrderDetail;
  change: ReturnType<typeof useStatusChange>;
}) {
  return (
    <ConfirmDialog
      open={change.confirming}
      title="Cancel this order?"
      message={cancelMessage(detail)}
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      busyLabel="Cancelling..."
      busy={change.pending}
      onConfirm={() => change.apply('cancelled')}
      onCancel={() => change.setConfirming(false)}
    />
  );
}

/**
 * The order's status, in its own words: a pickup order's shipped reads "Ready for pickup" and its
 * delivered "Picked up" (the values stay shipped and delivered; the shopper is emailed either way).
 */
export function StatusControls({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const change = useStatusChange(order.id);

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Order status"
        value={order.status}
        disabled={change.pending}
        hint={change.pending ? 'Saving...' : 'The shopper is emailed about the new status.'}
        options={ORDER_STATUSES.map((value) => ({
          value,
          label: orderStatusTone(value, order.fulfilment).label,
        }))}
        onChange={(event) => {
          const status = event.target.value as OrderStatus;
          if (status === 'cancelled') change.setConfirming(true);
          else change.apply(status);
        }}
      />
      <CancelConfirm detail={detail} change={change} />
    </div>
  );
}

/** A button that cancels the order after the same question as the status select's. */
export function CancelOrderButton({ detail, className }: { detail: AdminOrderDetail; className?: string }) {
  const change = useStatusChange(detail.order.id);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className={className}
        disabled={change.pending}
        onClick={() => change.setConfirming(true)}
      >
        Cancel order
      </Button>
      <CancelConfirm detail={detail} change={change} />
    </>
  );
}
