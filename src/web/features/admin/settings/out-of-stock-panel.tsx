import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type OutOfStockSettingsRequest, outOfStockSettingsRequest } from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField, NumberField, TextField } from '../../../components/ui/fields';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { applyServerError } from '../../../lib/form-errors';
import { isPermissionError } from './form-errors';
import { useOutOfStockSettings, useSaveOutOfStock } from './settings-api';

/**
 * The form as typed (the threshold is text, as its field holds it) and, once parsed, the request
 * the server checks with the same schema.
 */
export const outOfStockForm = outOfStockSettingsRequest.extend({
  threshold: z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : Number(text.trim())))
    .pipe(outOfStockSettingsRequest.shape.threshold),
});
type FormValues = z.input<typeof outOfStockForm>;

const FIELDS = ['threshold', 'notification_text'] as const;

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
  const save = useSaveOutOfStock();
  const { register, handleSubmit, formState, setError } = useForm<
    FormValues,
    unknown,
    OutOfStockSettingsRequest
  >({
    resolver: zodResolver(outOfStockForm),
    defaultValues: { ...settings, threshold: String(settings.threshold) },
  });
  const { errors } = formState;

  const submit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: () => toast.success('Success', 'Out of stock settings updated successfully'),
      onError: (error) => {
        applyServerError(error, setError, FIELDS, '');
        toast.error(
          isPermissionError(error) ? 'Permission Denied' : 'Error',
          'Failed to update out of stock settings',
        );
      },
    }),
  );

  return (
    <Card className="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <CheckboxField
          label="Show sold-out sizes and colours"
          hint="Sold-out options stay visible on the product page, disabled, with the text below."
          {...register('enabled')}
        />
        <CheckboxField
          label="Show the out-of-stock message to customers"
          {...register('show_customer_notification')}
        />
        <TextField
          label="Out-of-stock message"
          maxLength={200}
          error={errors.notification_text?.message}
          {...register('notification_text')}
        />
        <NumberField
          label="Low-stock threshold"
          integer
          suffix="units"
          hint="The dashboard counts a product as low on stock when its sizes and colours together have this many units or fewer."
          className="max-w-xs"
          error={errors.threshold?.message}
          {...register('threshold')}
        />
        <CheckboxField
          label="Email the admins when a size or colour falls to the threshold"
          hint="One email when a single size or colour has this many units or fewer left."
          {...register('notify_admin')}
        />
        <CheckboxField
          label="Hide products with no stock from listings and search"
          hint="Their pages stay reachable from old links, marked sold out."
          {...register('auto_hide_product')}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Settings
        </Button>
      </form>
    </Card>
  );
}
