import { type FormEvent, useState } from 'react';
import { type OutOfStockSettingsRequest, outOfStockSettingsRequest } from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/fields';
import { toast } from '../../../components/ui/toast';
import { isPermissionError, issuesToFields, serverFields, without } from './form-errors';
import { useOutOfStockSettings, useSaveOutOfStock } from './settings-api';
import { Card, LoadError, Loading } from './settings-ui';

/** Settings → Notifications → Out of Stock Settings. */
export function OutOfStockPanel() {
  const query = useOutOfStockSettings();
  if (query.isPending) return <Loading what="out of stock settings" />;
  if (query.isError) {
    return <LoadError message="Failed to load out of stock settings" onRetry={() => void query.refetch()} />;
  }
  return <OutOfStockForm key={JSON.stringify(query.data.settings)} settings={query.data.settings} />;
}

function OutOfStockForm({ settings }: { settings: OutOfStockSettingsRequest }) {
  const [values, setValues] = useState({ ...settings, threshold: String(settings.threshold) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOutOfStock();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => without(previous, key));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = values.threshold.trim();
    const request = { ...values, threshold: text === '' ? Number.NaN : Number(text) };
    const parsed = outOfStockSettingsRequest.safeParse(request);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Success', 'Out of stock settings updated successfully'),
      onError: (error) => {
        setErrors(serverFields(error));
        toast.error(
          isPermissionError(error) ? 'Permission Denied' : 'Error',
          'Failed to update out of stock settings',
        );
      },
    });
  }

  return (
    <Card className="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <CheckboxField
          label="Show sold-out sizes and colours"
          hint="Sold-out options stay visible on the product page, disabled, with the text below."
          checked={values.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
        />
        <CheckboxField
          label="Show the out-of-stock message to customers"
          checked={values.show_customer_notification}
          onChange={(event) => set('show_customer_notification', event.target.checked)}
        />
        <TextField
          label="Out-of-stock message"
          value={values.notification_text}
          maxLength={200}
          onChange={(event) => set('notification_text', event.target.value)}
          error={errors.notification_text}
        />
        <NumberField
          label="Low-stock threshold"
          integer
          suffix="units"
          hint="The dashboard counts a product as low on stock when its sizes and colours together have this many units or fewer."
          value={values.threshold}
          onChange={(event) => set('threshold', event.target.value)}
          error={errors.threshold}
          className="max-w-xs"
        />
        <CheckboxField
          label="Email the admins when a size or colour falls to the threshold"
          hint="One email when a single size or colour has this many units or fewer left."
          checked={values.notify_admin}
          onChange={(event) => set('notify_admin', event.target.checked)}
        />
        <CheckboxField
          label="Hide products with no stock from listings and search"
          hint="Their pages stay reachable from old links, marked sold out."
          checked={values.auto_hide_product}
          onChange={(event) => set('auto_hide_product', event.target.checked)}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Settings
        </Button>
      </form>
    </Card>
  );
}
