import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatNaira } from '#shared/money';
import { type AdminOrderDetail, type AdminPayment, refundRequest } from '#shared/schemas/admin-orders';
import { DISPOSITION_LABELS } from '#shared/schemas/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NumberField, TextareaField } from '../../../components/ui/fields';
import { Section } from '../../../components/ui/section';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { nairaText } from '../../../lib/form-schema';
import { useRefundOrder } from './admin-orders-api';
import { RefundItemsForm } from './refund-items-form';
import { RefundRow, refundToast } from './refund-row';

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

const MODES = [
  { value: 'amount', label: 'An amount' },
  { value: 'items', label: 'Items' },
] as const;
type Mode = (typeof MODES)[number]['value'];

/**
 * Full or partial refund of the charge that paid the order (an amount, or items at what they were
 * paid: refund-items-form.tsx), and of any charge the shop did not keep (a second payment, a
 * payment for an order it could not deliver, an amount that differed) that the automatic refund
 * could not give back, each after a confirmation; every refund asked for, with where it stands at
 * Paystack, a check on demand and a retry for a failed one.
 */
export function RefundPanel({ detail }: { detail: AdminOrderDetail }) {
  const refund = useRefundOrder(detail.order.id);
  const left = detail.refundableKobo;
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [mode, setMode] = useState<Mode>('amount');
  const modeName = useId();
  const byItems = detail.order.items.length > 0;
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
  const waitingKobo = detail.paymentRefundPendingKobo;

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
        <>
          {byItems ? (
            <fieldset className="mb-3">
              <legend className="text-sm font-semibold text-neutral-800">What to refund</legend>
              <div className="mt-1 flex flex-wrap gap-2">
                {MODES.map((choice) => (
                  <label
                    key={choice.value}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded border border-neutral-300 px-3 text-sm font-semibold has-checked:border-neutral-900"
                  >
                    <input
                      type="radio"
                      name={modeName}
                      value={choice.value}
                      checked={mode === choice.value}
                      onChange={() => setMode(choice.value)}
                      className="h-5 w-5 shrink-0 accent-neutral-900"
                    />
                    {choice.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          {byItems && mode === 'items' ? (
            <RefundItemsForm detail={detail} />
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
        </>
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
