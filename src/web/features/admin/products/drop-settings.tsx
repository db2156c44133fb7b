import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { dropSettingsSchema, type ProductDrop } from '#shared/schemas/drops';
import { fromShopLocalInput, toShopLocalInput } from '#shared/shop-time-input';
import { Button } from '../../../components/ui/button';
import { NumberField } from '../../../components/ui/fields';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { applyServerError } from '../../../lib/form-errors';
import { wholeNumber } from '../../../lib/form-schema';
import { useSetProductDrop } from './product-drop';

export type DropSettingsProps = {
  productId: string;
  /** The product's release time now (ISO), or null. */
  releaseAt: string | null;
  /** The product's limit per customer now, or null. */
  limitPerCustomer: number | null;
  /** Called with what the server saved. */
  onSaved?: (drop: ProductDrop) => void;
};

type Errors = { releaseAt?: string; limitPerCustomer?: string };

const { releaseAt: releaseAtField, limitPerCustomer: limitField } = dropSettingsSchema.shape;

/**
 * The drop as typed (its release in Lagos time, its limit as text; either empty for none) → the
 * request the server checks, with the same schema (`dropSettingsSchema`).
 */
export const dropForm = z.object({
  releaseAt: z
    .string()
    .transform((text) => (text.trim() === '' ? null : (fromShopLocalInput(text.trim()) ?? text)))
    .pipe(releaseAtField),
  limitPerCustomer: z
    .string()
    .transform((text) => (text.trim() === '' ? null : wholeNumber(text)))
    .pipe(limitField),
});
type FormValues = z.input<typeof dropForm>;
type Request = z.output<typeof dropForm>;

/** The form's text → the API's values, or the messages of what is wrong. */
export function readDropForm(
  release: string,
  limit: string,
): { ok: true; value: Request } | { ok: false; errors: Errors } {
  const parsed = dropForm.safeParse({ releaseAt: release, limitPerCustomer: limit });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'releaseAt' ? 'releaseAt' : 'limitPerCustomer';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const valuesOf = (releaseAt: string | null, limit: number | null): FormValues => ({
  releaseAt: releaseAt ? toShopLocalInput(releaseAt) : '',
  limitPerCustomer: limit === null ? '' : String(limit),
});

const FIELDS = ['releaseAt', 'limitPerCustomer'] as const;

/**
 * A product's drop: its release time (typed in Lagos time, whatever the admin's phone says) and
 * its limit per customer, saved on their own with PUT /api/admin/products/:id/drop. Mounted in the
 * product's edit dialog; needs the admin panel's QueryClient. When the product is read again (a
 * change elsewhere), the fields follow it, except one the admin is changing.
 */
export function DropSettings({ productId, releaseAt, limitPerCustomer, onSaved }: DropSettingsProps) {
  const headingId = useId();
  const descriptionId = useId();
  const save = useSetProductDrop(productId);
  const { register, handleSubmit, formState, setError, setValue, reset, resetField, control } = useForm<
    FormValues,
    unknown,
    Request
  >({
    resolver: zodResolver(dropForm),
    defaultValues: valuesOf(releaseAt, limitPerCustomer),
  });
  const { errors, dirtyFields } = formState;
  const release = useWatch({ control, name: 'releaseAt' });
  const changing = useRef(dirtyFields);
  changing.current = dirtyFields;

  // Read again: a field the admin is not changing takes the product's value (as its new default).
  useEffect(() => {
    const next = valuesOf(releaseAt, limitPerCustomer);
    for (const name of FIELDS) {
      if (!changing.current[name]) resetField(name, { defaultValue: next[name] });
    }
  }, [releaseAt, limitPerCustomer, resetField]);

  const submit = handleSubmit(async (request) => {
    try {
      const drop = await save.mutateAsync(request);
      reset(valuesOf(drop.releaseAt, drop.limitPerCustomer));
      toast.success('Drop settings saved');
      onSaved?.(drop);
    } catch (error) {
      applyServerError(error, setError, FIELDS, '');
      toast.error('Failed to save drop settings', error instanceof ApiError ? error.message : undefined);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-describedby={descriptionId}>
      <h3 id={headingId} className="text-base font-black">
        Drop
      </h3>
      <p id={descriptionId} className="text-sm text-neutral-600">
        Before its release time the product shows 'Coming soon' with a countdown and cannot be bought; a limit
        caps what each customer can buy.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormField
          label="Release time (Lagos time)"
          hint="Empty: on sale as soon as the product is active."
          error={errors.releaseAt?.message}
        >
          {(field) => (
            <div className="mt-1 flex gap-2">
              <input
                type="datetime-local"
                {...field}
                {...register('releaseAt')}
                className={`${inputClass} mt-0`}
              />
              {release ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setValue('releaseAt', '', { shouldDirty: true })}
                  aria-label="Clear the release time"
                >
                  Clear
                </Button>
              ) : null}
            </div>
          )}
        </FormField>
        <NumberField
          label="Limit per customer"
          integer
          suffix="units"
          hint="Empty: no limit. Counts every order that is not cancelled."
          error={errors.limitPerCustomer?.message}
          {...register('limitPerCustomer')}
        />
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save drop
        </Button>
      </div>
    </form>
  );
}
