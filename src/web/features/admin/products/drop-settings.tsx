import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DROP_LIMIT_MAX, type ProductDrop } from '#shared/schemas/drops';
import { fromShopLocalInput, toShopLocalInput } from '#shared/shop-time-input';
import { Button } from '../../../components/ui/button';
import { NumberField } from '../../../components/ui/fields';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
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

const MESSAGES = {
  releaseAt: 'Please enter a valid release date and time',
  limitWhole: 'Limit per customer must be a whole number',
  limitMin: 'Limit per customer must be at least 1',
  limitMax: `Limit per customer must be at most ${DROP_LIMIT_MAX}`,
} as const;

/** The form's text → the API's values, or the messages of what is wrong. */
export function readDropForm(
  release: string,
  limit: string,
):
  | { ok: true; value: { releaseAt: string | null; limitPerCustomer: number | null } }
  | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const releaseAt = release.trim() === '' ? null : fromShopLocalInput(release.trim());
  if (release.trim() !== '' && releaseAt === null) errors.releaseAt = MESSAGES.releaseAt;
  let limitPerCustomer: number | null = null;
  if (limit.trim() !== '') {
    if (!/^\d+$/.test(limit.trim())) errors.limitPerCustomer = MESSAGES.limitWhole;
    else {
      limitPerCustomer = Number(limit.trim());
      if (limitPerCustomer < 1) errors.limitPerCustomer = MESSAGES.limitMin;
      else if (limitPerCustomer > DROP_LIMIT_MAX) errors.limitPerCustomer = MESSAGES.limitMax;
    }
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, value: { releaseAt, limitPerCustomer } };
}

const releaseText = (releaseAt: string | null) => (releaseAt ? toShopLocalInput(releaseAt) : '');
const limitText = (limit: number | null) => (limit === null ? '' : String(limit));

/**
 * A product's drop: its release time (typed in Lagos time, whatever the admin's phone says) and
 * its limit per customer, saved on their own with PUT /api/admin/products/:id/drop. Mounted in the
 * product's edit dialog; needs the admin panel's QueryClient. When the product is read again (a
 * change elsewhere), the fields follow it, except one the admin is changing.
 */
export function DropSettings({ productId, releaseAt, limitPerCustomer, onSaved }: DropSettingsProps) {
  const headingId = useId();
  const descriptionId = useId();
  const [release, setRelease] = useState(() => releaseText(releaseAt));
  const [limit, setLimit] = useState(() => limitText(limitPerCustomer));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSetProductDrop(productId);

  const shown = useRef({ release, limit });
  useEffect(() => {
    const before = shown.current;
    const next = { release: releaseText(releaseAt), limit: limitText(limitPerCustomer) };
    setRelease((current) => (current === before.release ? next.release : current));
    setLimit((current) => (current === before.limit ? next.limit : current));
    shown.current = next;
  }, [releaseAt, limitPerCustomer]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const read = readDropForm(release, limit);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    try {
      const drop = await save.mutateAsync(read.value);
      setRelease(drop.releaseAt ? toShopLocalInput(drop.releaseAt) : '');
      setLimit(drop.limitPerCustomer === null ? '' : String(drop.limitPerCustomer));
      toast.success('Drop settings saved');
      onSaved?.(drop);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      toast.error('Failed to save drop settings', error instanceof ApiError ? error.message : undefined);
    }
  }

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
          error={errors.releaseAt}
        >
          {(control) => (
            <div className="mt-1 flex gap-2">
              <input
                type="datetime-local"
                {...control}
                value={release}
                onChange={(event) => setRelease(event.target.value)}
                className={`${inputClass} mt-0`}
              />
              {release ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRelease('')}
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
          error={errors.limitPerCustomer}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
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
