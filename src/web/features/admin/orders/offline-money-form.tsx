import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatNaira, nairaToKobo } from '#shared/money';
import { OFFLINE_METHOD_LABELS, type OfflinePayment, offlinePaymentRequest } from '#shared/schemas/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NumberField, SelectField, TextareaField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useRecordOfflinePayment, useRecordOfflineRefund } from './admin-orders-api';

const AMOUNT_FORMAT = 'Enter an amount in naira, e.g. 2500 or 2500.50';

/**
 * The form as typed (the amount is naira text, as the field holds it) and, once parsed, the
 * request the server checks with the same schema: `offlinePaymentRequest` (amount in kobo).
 * `maxKobo` caps a refund at what is left of the money received outside Paystack.
 */
export function offlineMoneyForm(maxKobo?: number) {
  const { method, amountKobo, reference, note } = offlinePaymentRequest.shape;
  return z
    .object({
      method,
      amount: z
        .string()
        .transform((text, ctx) => {
          const kobo = nairaToKobo(text.trim());
          if (kobo === null) {
            ctx.addIssue({ code: 'custom', message: AMOUNT_FORMAT });
            return z.NEVER;
          }
          return kobo;
        })
        .pipe(
          maxKobo === undefined
            ? amountKobo
            : amountKobo.max(maxKobo, `At most ${formatNaira(maxKobo)} was received outside Paystack`),
        ),
      reference,
      note,
    })
    .transform(({ amount, ...rest }): OfflinePayment => ({ ...rest, amountKobo: amount }));
}

type FormValues = z.input<ReturnType<typeof offlineMoneyForm>>;

const METHODS = offlinePaymentRequest.shape.method.options.map((value) => ({
  value,
  label: OFFLINE_METHOD_LABELS[value],
}));

const nairaText = (kobo: number) => (kobo / 100).toFixed(2);

const WORDS = {
  payment: {
    title: 'Record offline payment',
    description: (kobo: number) =>
      `Money received by bank transfer, cash or card at the door (POS). Record the order's whole total (${formatNaira(kobo)}) once all of it has arrived: the order is then paid and the shopper gets the receipt.`,
    amountLabel: 'Amount received',
    submit: 'Record payment',
    confirmTitle: 'Record this payment?',
    confirmMessage: (input: OfflinePayment) =>
      `${formatNaira(input.amountKobo)} received by ${OFFLINE_METHOD_LABELS[input.method].toLowerCase()}${input.reference ? ` (reference ${input.reference})` : ''}. The order is marked paid and goes ahead like one paid by card; the shopper is emailed the receipt. It stays in the order's book for good.`,
    confirmLabel: (kobo: number) => `Record ${formatNaira(kobo)} received`,
    busy: 'Recording...',
    done: 'Payment recorded',
    failed: 'Could not record the payment',
  },
  collected: {
    title: 'Record the money collected',
    description: (kobo: number) =>
      `The shopper pays on delivery: record the ${formatNaira(kobo)} once you have collected all of it, in cash, by transfer or by card at the door (POS). The order is then paid and the shopper gets the receipt.`,
    amountLabel: 'Amount collected',
    submit: 'Record payment',
    confirmTitle: 'Record this payment?',
    confirmMessage: (input: OfflinePayment) =>
      `${formatNaira(input.amountKobo)} collected by ${OFFLINE_METHOD_LABELS[input.method].toLowerCase()}${input.reference ? ` (reference ${input.reference})` : ''}. The order is marked paid; the shopper is emailed the receipt. It stays in the order's book for good.`,
    confirmLabel: (kobo: number) => `Record ${formatNaira(kobo)} collected`,
    busy: 'Recording...',
    done: 'Payment recorded',
    failed: 'Could not record the payment',
  },
  refund: {
    title: 'Record refund made outside Paystack',
    description: (kobo: number) =>
      `Money you gave back to the shopper yourself, by bank transfer, cash or POS: at most ${formatNaira(kobo)}, what is left of the money received outside Paystack. A card payment goes back through Paystack instead (Refund below).`,
    amountLabel: 'Amount given back',
    submit: 'Record refund',
    confirmTitle: 'Record this refund?',
    confirmMessage: (input: OfflinePayment) =>
      `${formatNaira(input.amountKobo)} given back by ${OFFLINE_METHOD_LABELS[input.method].toLowerCase()}${input.reference ? ` (reference ${input.reference})` : ''}. No money moves through Paystack: this records what you already paid back. The shopper is emailed, and it stays in the order's book for good.`,
    confirmLabel: (kobo: number) => `Record ${formatNaira(kobo)} given back`,
    busy: 'Recording...',
    done: 'Refund recorded',
    failed: 'Could not record the refund',
  },
} as const;

/**
 * Money received (`kind="payment"`, or `"collected"` at the door for a pay-on-delivery order) or
 * given back (`kind="refund"`) outside Paystack, written into the order's book after a
 * confirmation. `amountKobo` prefills the amount: the order's total for a payment, what is left of
 * the offline money for a refund (also its cap); `method` the method offered first.
 */
export function OfflineMoneyForm({
  orderId,
  kind,
  amountKobo,
  method = 'bank_transfer',
}: {
  orderId: string;
  kind: 'payment' | 'collected' | 'refund';
  amountKobo: number;
  method?: OfflinePayment['method'];
}) {
  const words = WORDS[kind];
  const headingId = useId();
  const descriptionId = useId();
  const payment = useRecordOfflinePayment(orderId);
  const refund = useRecordOfflineRefund(orderId);
  const record = kind === 'refund' ? refund : payment;
  const [confirming, setConfirming] = useState<OfflinePayment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, resetField, setError } = useForm<
    FormValues,
    unknown,
    OfflinePayment
  >({
    resolver: zodResolver(offlineMoneyForm(kind === 'refund' ? amountKobo : undefined)),
    defaultValues: { method, amount: nairaText(amountKobo), reference: '', note: '' },
  });
  const { errors } = formState;

  // The amount offered follows the order (a change of total, a refund recorded by another admin).
  useEffect(() => resetField('amount', { defaultValue: nairaText(amountKobo) }), [amountKobo, resetField]);

  function confirm() {
    if (!confirming) return;
    setProblem(null);
    record.mutate(confirming, {
      onSuccess: () => {
        toast.success(words.done, `${formatNaira(confirming.amountKobo)} is in the order's book.`);
        setConfirming(null);
        reset();
      },
      onError: (error) => {
        setConfirming(null);
        // The server's field names are the request's; the amount is typed in naira here.
        if (error instanceof ApiError && error.fields.amountKobo)
          setError('amount', { message: error.fields.amountKobo }, { shouldFocus: true });
        setProblem(errorMessage(error, 'Please try again.'));
      },
    });
  }

  return (
    <>
      <form
        noValidate
        aria-labelledby={headingId}
        aria-describedby={descriptionId}
        onSubmit={handleSubmit((input) => {
          setProblem(null);
          setConfirming(input);
        })}
        className="rounded border border-neutral-200 bg-neutral-50 p-3"
      >
        <h4 id={headingId} className="text-sm font-black">
          {words.title}
        </h4>
        <p id={descriptionId} className="mt-1 text-sm text-neutral-700">
          {words.description(amountKobo)}
        </p>
        {problem ? (
          <div className="mt-3">
            <FormAlert>
              <p className="font-semibold">{words.failed}</p>
              <p>{problem}</p>
            </FormAlert>
          </div>
        ) : null}
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Method"
            options={METHODS}
            defaultValue={method}
            error={errors.method?.message}
            {...register('method')}
          />
          <NumberField
            label={words.amountLabel}
            prefix="₦"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <TextField
            label="Reference (optional)"
            hint="The transfer's or the receipt's reference"
            maxLength={200}
            autoComplete="off"
            error={errors.reference?.message}
            {...register('reference')}
          />
          <TextareaField
            label="Note (optional)"
            rows={2}
            maxLength={500}
            error={errors.note?.message}
            {...register('note')}
          />
        </div>
        <Button type="submit" size="sm" className="mt-3" disabled={record.isPending}>
          {words.submit}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        tone="primary"
        title={words.confirmTitle}
        message={confirming ? words.confirmMessage(confirming) : ''}
        confirmLabel={words.confirmLabel(confirming?.amountKobo ?? 0)}
        busyLabel={words.busy}
        busy={record.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
