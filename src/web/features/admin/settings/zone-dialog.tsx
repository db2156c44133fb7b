import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { NIGERIAN_STATES } from '#shared/constants';
import { type AdminShippingZone, shippingZoneCreateRequest } from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { NumberField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { applyServerError } from '../../../lib/form-errors';
import { optionalNairaText } from '../../../lib/form-schema';
import { useSaveShippingZone } from './settings-api';

/** A zone as typed (the maximum in naira, as its field holds it) → the request the server checks. */
export function shippingZoneForm() {
  const { name, states, payOnDeliveryMaxKobo } = shippingZoneCreateRequest.shape;
  return z.object({
    name,
    states,
    payOnDeliveryMaxKobo: optionalNairaText('Enter an amount in naira, or leave it empty').pipe(
      payOnDeliveryMaxKobo.unwrap(),
    ),
  });
}
type FormValues = z.input<ReturnType<typeof shippingZoneForm>>;
type Request = z.output<ReturnType<typeof shippingZoneForm>>;

const FIELDS = ['name', 'states', 'payOnDeliveryMaxKobo'] as const;

const nairaOf = (kobo: number | null) => (kobo === null ? '' : String(kobo / 100));

/** Add a zone (`zone` null) or edit one: its name, its states, its pay-on-delivery maximum. */
export function ZoneDialog({
  zone,
  zones,
  onClose,
}: {
  zone: AdminShippingZone | null;
  /** Every zone, to say which states another one has. */
  zones: readonly AdminShippingZone[];
  onClose: () => void;
}) {
  const save = useSaveShippingZone();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<FormValues, unknown, Request>({
    resolver: zodResolver(shippingZoneForm()),
    defaultValues: {
      name: zone?.name ?? '',
      states: (zone?.states ?? []) as FormValues['states'],
      payOnDeliveryMaxKobo: nairaOf(zone?.payOnDeliveryMaxKobo ?? null),
    },
  });
  const { errors } = formState;
  const takenBy = new Map<string, string>();
  for (const other of zones) {
    if (other.id === zone?.id) continue;
    for (const state of other.states) takenBy.set(state, other.name);
  }

  const submit = handleSubmit((changes) => {
    setFormError(null);
    save.mutate(
      { id: zone?.id, changes },
      {
        onSuccess: (body) => {
          toast.success(`${body.zone.name} saved`);
          onClose();
        },
        onError: (error) =>
          setFormError(
            applyServerError(error, setError, FIELDS, 'Failed to save the zone. Please try again.'),
          ),
      },
    );
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={zone ? `Edit ${zone.name}` : 'Add zone'}
      size="lg"
      dismissible={!save.isPending}
    >
      <form noValidate onSubmit={submit} className="grid gap-5 p-5" aria-label="Zone details">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField
          label="Zone name"
          maxLength={60}
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <Controller
          control={control}
          name="states"
          render={({ field, fieldState }) => (
            <StateChecklist
              value={field.value}
              onChange={field.onChange}
              takenBy={takenBy}
              error={fieldState.error?.message}
            />
          )}
        />
        <NumberField
          label="Pay on delivery up to (optional)"
          prefix="₦"
          hint="Orders up to this total may be paid on delivery here, when pay on delivery is on (Settings → Payment). Empty: not in this zone."
          error={errors.payOnDeliveryMaxKobo?.message}
          {...register('payOnDeliveryMaxKobo')}
        />
        <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-neutral-200 bg-white px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            {zone ? 'Save zone' : 'Add zone'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The zone's states: a list of every state to tick, found by typing part of its name. A state in
 * another zone says which and cannot be ticked (a state is in one zone at most).
 */
function StateChecklist({
  value,
  onChange,
  takenBy,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  takenBy: ReadonlyMap<string, string>;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const errorId = useId();
  const countId = useId();
  const needle = search.trim().toLowerCase();
  const shown = NIGERIAN_STATES.filter((state) => state.toLowerCase().includes(needle));
  const toggle = (state: string, checked: boolean) =>
    onChange(
      checked
        ? NIGERIAN_STATES.filter((each) => each === state || value.includes(each))
        : value.filter((each) => each !== state),
    );
  return (
    <fieldset aria-describedby={[countId, error ? errorId : ''].join(' ').trim()} className="min-w-0">
      <legend className="text-sm font-semibold text-neutral-800">States</legend>
      <p id={countId} className="text-xs text-neutral-600">
        {value.length === 0 ? 'None chosen yet.' : `${value.length} chosen: ${value.join(', ')}`}
      </p>
      <TextField
        type="search"
        label="Find a state"
        className="mt-2 sm:max-w-xs"
        autoComplete="off"
        maxLength={40}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter in the search must not send the whole form.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600">No state matches “{search.trim()}”.</p>
      ) : (
        <ul className="mt-2 grid max-h-72 gap-x-4 overflow-y-auto rounded border border-neutral-200 px-3 py-1 sm:grid-cols-2">
          {shown.map((state) => {
            const other = takenBy.get(state);
            return (
              <li key={state}>
                <label
                  className={`flex min-h-11 items-center gap-3 text-sm ${other ? 'cursor-not-allowed text-neutral-500' : 'cursor-pointer'}`}
                >
                  <input
                    type="checkbox"
                    checked={value.includes(state)}
                    disabled={other !== undefined}
                    onChange={(event) => toggle(state, event.target.checked)}
                    className="h-5 w-5 shrink-0 accent-neutral-900"
                  />
                  <span>
                    {state}
                    {other ? <span className="text-xs"> (in {other})</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
