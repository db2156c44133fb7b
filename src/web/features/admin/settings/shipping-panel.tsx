import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatNaira } from '#shared/money';
import {
  type AdminShippingMethod,
  shippingMethodCreateRequest,
  shippingMethodUpdateRequest,
} from '#shared/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Empty } from '../../../components/ui/empty';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/fields';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { applyServerError } from '../../../lib/form-errors';
import { alsoChecks, nairaText, optionalNairaText, wholeNumberText } from '../../../lib/form-schema';
import { liveTopics, useLive } from '../../../lib/live';
import { useSaveShippingMethod, useShippingMethods } from './settings-api';

/** Settings → Shipping: the methods checkout offers and the shipping-policy page lists. */
export function ShippingPanel() {
  const query = useShippingMethods();
  const [adding, setAdding] = useState(false);
  useLive([liveTopics.adminSettings], () => void query.refetch());
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-neutral-600">
          Checkout and the Shipping Policy page use these figures as soon as you save. An inactive method is
          not offered.
        </p>
        {adding ? null : (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add Shipping Method
          </Button>
        )}
      </div>
      <div className="mt-4 space-y-3">
        {query.isPending ? (
          <Loading what="shipping methods" />
        ) : query.isError ? (
          <LoadError message="Failed to load shipping methods" onRetry={() => void query.refetch()} />
        ) : query.data.shippingMethods.length === 0 && !adding ? (
          <Empty>No shipping methods. Add one so shoppers can check out.</Empty>
        ) : (
          query.data.shippingMethods.map((method) => (
            <MethodForm key={`${method.id}-${method.updatedAt}`} method={method} />
          ))
        )}
        {adding ? <MethodForm method={null} onDone={() => setAdding(false)} /> : null}
      </div>
    </>
  );
}

const nairaOf = (kobo: number | null) => (kobo === null ? '' : String(kobo / 100));

/**
 * A method as typed (naira and days are text, as their fields hold them) → the request the server
 * checks, with the same schema: `shippingMethodCreateRequest`, or `shippingMethodUpdateRequest`.
 */
export function shippingMethodForm(creating: boolean) {
  const { name, feeKobo, freeAboveKobo, minDays, maxDays } = shippingMethodCreateRequest.shape;
  const typed = z.object({
    name,
    feeKobo: nairaText('Enter the fee in naira, e.g. 2500').pipe(feeKobo),
    freeAboveKobo: optionalNairaText('Enter an amount in naira, or leave it empty').pipe(freeAboveKobo),
    minDays: wholeNumberText.pipe(minDays),
    maxDays: wholeNumberText.pipe(maxDays),
    isActive: z.boolean(),
  });
  // The request's own checks across fields (the longest delivery after the shortest) run last.
  return typed.superRefine(alsoChecks(creating ? shippingMethodCreateRequest : shippingMethodUpdateRequest));
}
type FormValues = z.input<ReturnType<typeof shippingMethodForm>>;
type Request = z.output<ReturnType<typeof shippingMethodForm>>;

const FIELDS = ['name', 'feeKobo', 'freeAboveKobo', 'minDays', 'maxDays', 'isActive'] as const;

function MethodForm({ method, onDone }: { method: AdminShippingMethod | null; onDone?: () => void }) {
  const save = useSaveShippingMethod();
  const { register, handleSubmit, formState, setError } = useForm<FormValues, unknown, Request>({
    resolver: zodResolver(shippingMethodForm(method === null)),
    defaultValues: {
      name: method?.name ?? '',
      feeKobo: nairaOf(method?.feeKobo ?? null),
      freeAboveKobo: nairaOf(method?.freeAboveKobo ?? null),
      minDays: method ? String(method.minDays) : '',
      maxDays: method ? String(method.maxDays) : '',
      isActive: method?.isActive ?? true,
    },
  });
  const { errors } = formState;
  const label = method?.name ?? 'New shipping method';

  const submit = handleSubmit((changes) =>
    save.mutate(
      { id: method?.id, changes },
      {
        onSuccess: (body) => {
          toast.success('Success', `${body.shippingMethod.name} saved`);
          onDone?.();
        },
        onError: (error) => {
          applyServerError(error, setError, FIELDS, '');
          toast.error('Error', errorMessage(error, 'Failed to save the shipping method. Please try again.'));
        },
      },
    ),
  );

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={label}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-bold">{label}</h3>
          {method ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-neutral-600">
              <span>
                {method.feeKobo === 0 ? 'Free' : formatNaira(method.feeKobo)}
                {method.freeAboveKobo !== null ? `, free above ${formatNaira(method.freeAboveKobo)}` : ''}
              </span>
              <Badge tone={method.isActive ? 'green' : 'grey'}>
                {method.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </div>
          ) : null}
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label="Name"
            hiddenLabel={label}
            className="sm:col-span-2 lg:col-span-1"
            maxLength={60}
            error={errors.name?.message}
            {...register('name')}
          />
          <NumberField
            label="Fee"
            hiddenLabel={label}
            prefix="₦"
            error={errors.feeKobo?.message}
            {...register('feeKobo')}
          />
          <NumberField
            label="Free above"
            hiddenLabel={label}
            prefix="₦"
            hint="Free when the subtotal is above this. Empty: never free."
            error={errors.freeAboveKobo?.message}
            {...register('freeAboveKobo')}
          />
          <NumberField
            label="Shortest delivery"
            hiddenLabel={label}
            integer
            suffix="days"
            error={errors.minDays?.message}
            {...register('minDays')}
          />
          <NumberField
            label="Longest delivery"
            hiddenLabel={label}
            integer
            suffix="days"
            error={errors.maxDays?.message}
            {...register('maxDays')}
          />
          <CheckboxField
            label={
              <>
                Active<span className="sr-only"> ({label})</span>
              </>
            }
            className="self-end"
            {...register('isActive')}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit" size="sm" busy={save.isPending} busyLabel="Saving...">
            {method ? 'Save' : 'Add Method'}
            <span className="sr-only"> {label}</span>
          </Button>
          {onDone ? (
            <Button variant="secondary" size="sm" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
