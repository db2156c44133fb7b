import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { formatNaira } from '#shared/money';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import { methodLabel } from '#shared/schemas/money';
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

export function StatusControls({ detail }: { detail: AdminOrderDetail }) {
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
