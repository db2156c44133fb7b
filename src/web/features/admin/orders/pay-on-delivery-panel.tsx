import { useId, useState } from 'react';
import { formatNaira } from '#shared/money';
import type { AdminOrderDetail } from '#shared/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { OfflineMoneyForm } from './offline-money-form';
import { CancelOrderButton } from './order-status-controls';

/** A pay-on-delivery order not paid yet and not cancelled: the money is still to be collected. */
export const collectsOnDelivery = ({ order, money }: AdminOrderDetail) =>
  order.paymentKind === 'pay_on_delivery' &&
  order.status !== 'cancelled' &&
  order.paymentStatus === 'pending' &&
  money.appliedKobo === 0;

/**
 * A pay-on-delivery order's two ways out: record the money collected at the door (the offline
 * payment of the order's total, cash offered first), or cancel the order (its stock goes back).
 */
export function PayOnDeliveryPanel({ detail }: { detail: AdminOrderDetail }) {
  const headingId = useId();
  const [recording, setRecording] = useState(false);
  const { order } = detail;
  const where = order.fulfilment === 'pickup' ? 'when the shopper picks it up' : 'at the door';
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded border border-orange-300 bg-orange-50 p-3 text-orange-950"
    >
      <h3 id={headingId} className="text-sm font-black">
        Pay on delivery: collect {formatNaira(order.totalAmountKobo)}
      </h3>
      <p className="text-sm">
        The shopper pays {formatNaira(order.totalAmountKobo)} {where}, in cash or by transfer. Record the
        money once it is collected: the order is then paid. If the shopper does not pay, cancel the order: its
        items go back into stock.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" aria-expanded={recording} onClick={() => setRecording((open) => !open)}>
          Record the money collected
        </Button>
        <CancelOrderButton detail={detail} />
      </div>
      {recording ? (
        <OfflineMoneyForm
          orderId={order.id}
          kind="collected"
          method="cash"
          amountKobo={order.totalAmountKobo}
        />
      ) : null}
    </section>
  );
}
