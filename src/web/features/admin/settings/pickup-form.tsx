import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type PickupSettings, pickupSettingsRequest } from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/section';
import { toast } from '../../../components/ui/toast';
import { applyServerError } from '../../../lib/form-errors';
import { usePickupSettings, useSavePickup } from './settings-api';

/** Where pickup orders are collected: checkout, the shipping policy and the emails say it. */
export function PickupLocation() {
  const query = usePickupSettings();
  return (
    <Section
      title="Pickup location"
      level={3}
      description="Shown with every Pick up in store method, at checkout, on the shipping policy and in the order emails."
    >
      {query.isPending ? (
        <Loading what="the pickup location" />
      ) : query.isError ? (
        <LoadError message="Failed to load the pickup location" onRetry={() => void query.refetch()} />
      ) : (
        <PickupForm key={JSON.stringify(query.data.pickup)} pickup={query.data.pickup} />
      )}
    </Section>
  );
}

const FIELDS = ['address', 'openingHours'] as const;

function PickupForm({ pickup }: { pickup: PickupSettings }) {
  const save = useSavePickup();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<PickupSettings>({
    resolver: zodResolver(pickupSettingsRequest),
    defaultValues: pickup,
  });
  const { errors } = formState;
  const submit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => toast.success('Pickup location saved'),
      onError: (error) =>
        setFormError(
          applyServerError(error, setError, FIELDS, 'Failed to save the pickup location. Please try again.'),
        ),
    });
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Pickup location" className="grid gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Pickup address"
          maxLength={200}
          autoComplete="off"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Opening hours"
          maxLength={120}
          placeholder="Mon–Sat, 10am–6pm"
          error={errors.openingHours?.message}
          {...register('openingHours')}
        />
      </div>
      <div>
        <Button type="submit" size="sm" busy={save.isPending} busyLabel="Saving...">
          Save pickup location
        </Button>
      </div>
    </form>
  );
}
