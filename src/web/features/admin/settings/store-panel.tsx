import { type FormEvent, useState } from 'react';
import { type StoreSettings, storeSettingsRequest } from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/fields';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { issuesToFields, serverFields, without } from './form-errors';
import { useSaveStore, useStoreSettings } from './settings-api';
import { Card, LoadError, Loading } from './settings-ui';

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
  const [values, setValues] = useState(store);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveStore();
  const set = (key: keyof StoreSettings, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => without(previous, key));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = storeSettingsRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Success', 'Store settings saved'),
      onError: (error) => {
        setErrors(serverFields(error));
        toast.error('Error', errorMessage(error, 'Failed to save store settings. Please try again.'));
      },
    });
  }

  return (
    <Card className="max-w-2xl">
      <p className="text-sm text-neutral-600">
        Used in every email the shop sends and in the footer of every page.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label="Shop name"
          value={values.name}
          maxLength={80}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
        />
        <TextField
          label="Support email"
          type="email"
          autoComplete="off"
          value={values.supportEmail}
          onChange={(event) => set('supportEmail', event.target.value)}
          error={errors.supportEmail}
        />
        <TextField
          label="Support phone"
          type="tel"
          hint="Optional, e.g. +234 800 000 0000"
          value={values.supportPhone}
          maxLength={20}
          onChange={(event) => set('supportPhone', event.target.value)}
          error={errors.supportPhone}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Store Settings
        </Button>
      </form>
    </Card>
  );
}
