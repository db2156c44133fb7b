import { type FormEvent, useState } from 'react';
import { formatNaira, nairaToKobo } from '#shared/money';
import {
  type AdminShippingMethod,
  shippingMethodCreateRequest,
  shippingMethodUpdateRequest,
} from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/fields';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { liveTopics, useLive } from '../../../lib/live';
import { issuesToFields, serverFields, without } from './form-errors';
import { useSaveShippingMethod, useShippingMethods } from './settings-api';
import { Badge, Card, Empty, LoadError, Loading } from './settings-ui';

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

const nairaText = (kobo: number | null) => (kobo === null ? '' : String(kobo / 100));

function MethodForm({ method, onDone }: { method: AdminShippingMethod | null; onDone?: () => void }) {
  const [values, setValues] = useState({
    name: method?.name ?? '',
    fee: nairaText(method?.feeKobo ?? null),
    freeAbove: nairaText(method?.freeAboveKobo ?? null),
    minDays: method ? String(method.minDays) : '',
    maxDays: method ? String(method.maxDays) : '',
    isActive: method?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveShippingMethod();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    const field = key === 'fee' ? 'feeKobo' : key === 'freeAbove' ? 'freeAboveKobo' : key;
    setErrors((previous) => without(previous, field));
  };
  const label = method?.name ?? 'New shipping method';

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const feeKobo = nairaToKobo(values.fee.trim());
    if (feeKobo === null) found.feeKobo = 'Enter the fee in naira, e.g. 2500';
    const freeAboveKobo = values.freeAbove.trim() === '' ? null : nairaToKobo(values.freeAbove.trim());
    if (freeAboveKobo === null && values.freeAbove.trim() !== '') {
      found.freeAboveKobo = 'Enter an amount in naira, or leave it empty';
    }
    const days = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
    const request = {
      name: values.name,
      feeKobo: feeKobo ?? 0,
      freeAboveKobo,
      minDays: days(values.minDays),
      maxDays: days(values.maxDays),
      isActive: values.isActive,
    };
    const parsed = (method ? shippingMethodUpdateRequest : shippingMethodCreateRequest).safeParse(request);
    const fields = { ...(parsed.success ? {} : issuesToFields(parsed.error)), ...found };
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      return;
    }
    setErrors({});
    save.mutate(
      { id: method?.id, changes: request },
      {
        onSuccess: (body) => {
          toast.success('Success', `${body.shippingMethod.name} saved`);
          onDone?.();
        },
        onError: (error) => {
          setErrors(serverFields(error));
          toast.error('Error', errorMessage(error, 'Failed to save the shipping method. Please try again.'));
        },
      },
    );
  }

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
            value={values.name}
            maxLength={60}
            onChange={(event) => set('name', event.target.value)}
            error={errors.name}
          />
          <NumberField
            label="Fee"
            hiddenLabel={label}
            prefix="₦"
            value={values.fee}
            onChange={(event) => set('fee', event.target.value)}
            error={errors.feeKobo}
          />
          <NumberField
            label="Free above"
            hiddenLabel={label}
            prefix="₦"
            hint="Free when the subtotal is above this. Empty: never free."
            value={values.freeAbove}
            onChange={(event) => set('freeAbove', event.target.value)}
            error={errors.freeAboveKobo}
          />
          <NumberField
            label="Shortest delivery"
            hiddenLabel={label}
            integer
            suffix="days"
            value={values.minDays}
            onChange={(event) => set('minDays', event.target.value)}
            error={errors.minDays}
          />
          <NumberField
            label="Longest delivery"
            hiddenLabel={label}
            integer
            suffix="days"
            value={values.maxDays}
            onChange={(event) => set('maxDays', event.target.value)}
            error={errors.maxDays}
          />
          <CheckboxField
            label={
              <>
                Active<span className="sr-only"> ({label})</span>
              </>
            }
            className="self-end"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
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
