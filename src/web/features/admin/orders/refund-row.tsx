import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import type { AdminRefund } from '#shared/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { refundKindLabel } from '../payment-words';
import { useCheckRefund, useRetryRefund } from './admin-orders-api';

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

export function RefundRow({ orderId, refund }: { orderId: string; refund: AdminRefund }) {
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

export function refundToast(refund: { amountKobo: number; status: AdminRefund['status'] }) {
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
