import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type StoreSettings, storeSettingsRequest } from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/fields';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { applyServerError } from '../../../lib/form-errors';
import { useSaveStore, useStoreSettings } from './settings-api';

const FIELDS = ['name', 'supportEmail', 'supportPhone'] as const;

/** Settings → Store: what every email and the shop's footer say about the shop. */
export function StorePanel() {
  const query = useStoreSettings();
  if (query.isPending) return <Loading what="store settings" />;
  if (query.isError) {
    return <LoadError message="Failed to load store settings" onRetry={() => void query.refetch()} />;
  }
  return <StoreForm key={JSON.stringify(query.data.store)} store={query.data.store} />;
}

function StoreForm({ store }: { store: StoreSettings }) {
  const save = useSaveStore();
  const { register, handleSubmit, formState, setError } = useForm<StoreSettings>({
    resolver: zodResolver(storeSettingsRequest),
    defaultValues: store,
  });
  const { errors } = formState;

  const submit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: () => toast.success('Success', 'Store settings saved'),
      onError: (error) => {
        applyServerError(error, setError, FIELDS, '');
        toast.error('Error', errorMessage(error, 'Failed to save store settings. Please try again.'));
      },
    }),
  );

  return (
    <Card className="max-w-2xl">
      <p className="text-sm text-neutral-600">
        Used in every email the shop sends and in the footer of every page.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField label="Shop name" maxLength={80} error={errors.name?.message} {...register('name')} />
        <TextField
          label="Support email"
          type="email"
          autoComplete="off"
          error={errors.supportEmail?.message}
          {...register('supportEmail')}
        />
        <TextField
          label="Support phone"
          type="tel"
          hint="Optional, e.g. +234 800 000 0000"
          maxLength={20}
          error={errors.supportPhone?.message}
          {...register('supportPhone')}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Store Settings
        </Button>
      </form>
    </Card>
  );
}
