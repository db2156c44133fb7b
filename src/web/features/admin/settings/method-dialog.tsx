import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FULFILMENTS } from '#shared/fulfilment';
import {
  type AdminShippingMethod,
  type AdminShippingZone,
  shippingMethodCreateRequest,
  shippingMethodUpdateRequest,
} from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { applyServerError } from '../../../lib/form-errors';
import { alsoChecks, nairaText, optionalNairaText, wholeNumberText } from '../../../lib/form-schema';
import { useSaveShippingMethod } from './settings-api';

/**
 * A method as typed (naira and days are text, as their fields hold them) → the request the server
 * checks, with the same schema: `shippingMethodCreateRequest`, or `shippingMethodUpdateRequest`.
 */
export function shippingMethodForm(creating: boolean) {
  const { name, feeKobo, freeAboveKobo, minDays, maxDays } = shippingMethodCreateRequest.shape;
  const typed = z.object({
    kind: z.enum(FULFILMENTS),
    name,
    feeKobo: nairaText('Enter the fee in naira, e.g. 2500').pipe(feeKobo),
    freeAboveKobo: optionalNairaText('Enter an amount in naira, or leave it empty').pipe(freeAboveKobo),
    minDays: wholeNumberText.pipe(minDays),
    maxDays: wholeNumberText.pipe(maxDays),
    isActive: z.boolean(),
  });
  // The request's own checks across fields (the longest delivery after the shortest, no fee for
  // pickup) run last.
  return typed.superRefine(alsoChecks(creating ? shippingMethodCreateRequest : shippingMethodUpdateRequest));
}
type FormValues = z.input<ReturnType<typeof shippingMethodForm>>;
type Request = z.output<ReturnType<typeof shippingMethodForm>>;

const FIELDS = ['kind', 'name', 'feeKobo', 'freeAboveKobo', 'minDays', 'maxDays', 'isActive'] as const;

const nairaOf = (kobo: number | null) => (kobo === null ? '' : String(kobo / 100));

/** Add a method to `zone` (`method` null) or edit one. A pickup method has no fee. */
export function MethodDialog({
  zone,
  method,
  onClose,
}: {
  zone: AdminShippingZone;
  method: AdminShippingMethod | null;
  onClose: () => void;
}) {
  const save = useSaveShippingMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<
    FormValues,
    unknown,
    Request
  >({
    resolver: zodResolver(shippingMethodForm(method === null)),
    defaultValues: {
      kind: method?.kind ?? 'delivery',
      name: method?.name ?? '',
      feeKobo: nairaOf(method?.feeKobo ?? null),
      freeAboveKobo: nairaOf(method?.freeAboveKobo ?? null),
      minDays: method ? String(method.minDays) : '',
      maxDays: method ? String(method.maxDays) : '',
      isActive: method?.isActive ?? true,
    },
  });
  const { errors } = formState;
  const kind = useWatch({ control, name: 'kind' });
  const pickup = kind === 'pickup';
  // Pickup in store has no fee and nothing to be free above.
  useEffect(() => {
    if (!pickup) return;
    setValue('feeKobo', '0');
    setValue('freeAboveKobo', '');
  }, [pickup, setValue]);

  const submit = handleSubmit(({ kind: chosen, ...fields }) => {
    setFormError(null);
    save.mutate(
      method ? { id: method.id, changes: fields } : { zoneId: zone.id, changes: { ...fields, kind: chosen } },
      {
        onSuccess: (body) => {
          toast.success(`${body.shippingMethod.name} saved`);
          onClose();
        },
        onError: (error) =>
          setFormError(
            applyServerError(
              error,
              setError,
              FIELDS,
              'Failed to save the shipping method. Please try again.',
            ),
          ),
      },
    );
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={method ? `Edit ${method.name}` : `Add a method to ${zone.name}`}
      size="lg"
      dismissible={!save.isPending}
    >
      <form noValidate onSubmit={submit} className="grid gap-5 p-5" aria-label="Method details">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {method ? (
          <p className="text-sm text-neutral-700">
            {method.kind === 'pickup'
              ? 'Picked up in store: no fee; the days say how soon an order is ready.'
              : `Delivered to the address in ${zone.name}.`}
          </p>
        ) : (
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-neutral-800">Kind</legend>
            <label className="flex cursor-pointer items-center gap-3 rounded border border-neutral-200 p-3 text-sm has-checked:border-neutral-900">
              <input
                type="radio"
                value="delivery"
                data-autofocus
                {...register('kind')}
                className="h-5 w-5 accent-neutral-900"
              />
              <span className="font-semibold">Delivery to the address</span>
            </label>
            <label className="flex cursor-pointer items-center gap-3 rounded border border-neutral-200 p-3 text-sm has-checked:border-neutral-900">
              <input
                type="radio"
                value="pickup"
                {...register('kind')}
                className="h-5 w-5 accent-neutral-900"
              />
              <span className="font-semibold">Pick up in store</span>
            </label>
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            className="sm:col-span-2"
            maxLength={60}
            error={errors.name?.message}
            {...register('name')}
          />
          {pickup ? (
            <p className="text-sm text-neutral-700 sm:col-span-2">
              Pickup in store is free: no fee, nothing to be free above.
            </p>
          ) : (
            <>
              <NumberField label="Fee" prefix="₦" error={errors.feeKobo?.message} {...register('feeKobo')} />
              <NumberField
                label="Free above (optional)"
                prefix="₦"
                hint="Free when the subtotal is above this. Empty: never free."
                error={errors.freeAboveKobo?.message}
                {...register('freeAboveKobo')}
              />
            </>
          )}
          <NumberField
            label={pickup ? 'Ready in at least' : 'Shortest delivery'}
            integer
            suffix="days"
            error={errors.minDays?.message}
            {...register('minDays')}
          />
          <NumberField
            label={pickup ? 'Ready in at most' : 'Longest delivery'}
            integer
            suffix="days"
            hint={pickup ? 'Business days until an order is ready.' : 'Business days.'}
            error={errors.maxDays?.message}
            {...register('maxDays')}
          />
        </div>
        <CheckboxField
          label="Active"
          hint="Inactive: it stays here, but checkout does not offer it."
          {...register('isActive')}
        />
        <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-neutral-200 bg-white px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            {method ? 'Save method' : 'Add method'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
