import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useEffect, useId, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { formatNaira, nairaToKobo } from '#shared/money';
import {
  type AdminDiscount,
  DISCOUNT_MESSAGES,
  type DiscountInput,
  type DiscountRequest,
  discountRequest,
} from '#shared/schemas/admin-discounts';
import { DISCOUNT_KINDS, DISCOUNT_TARGETS, DISCOUNT_TYPES } from '#shared/schemas/promotions';
import { fromShopLocalInput, toShopLocalInput } from '#shared/shop-time-input';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField, NumberField, SelectField, TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { applyServerError } from '../../../lib/form-errors';
import { wholeNumber } from '../../../lib/form-schema';
import { useDiscountCategories, useProductSearch, useSaveDiscount } from './discounts-api';

/** Naira as typed → kobo; anything that is no amount is NaN, for the request's schema to name. */
const kobo = (text: string) => nairaToKobo(text.trim()) ?? Number.NaN;
const optionalWhole = (text: string) => (text.trim() === '' ? null : wholeNumber(text));
const lagos = (text: string) => (text ? (fromShopLocalInput(text) ?? text) : '');

/**
 * The discount as typed (amounts in naira, times in Lagos time, numbers as text) → the request the
 * server checks, with its own schema (`discountRequest`), so the form says what the server would.
 * What the chosen kind, type or target hides is not sent.
 */
export function discountForm() {
  return z
    .object({
      kind: z.enum(DISCOUNT_KINDS),
      code: z.string(),
      title: z.string(),
      type: z.enum(DISCOUNT_TYPES),
      percentOff: z.string(),
      amountOffKobo: z.string(),
      appliesTo: z.enum(DISCOUNT_TARGETS),
      categoryIds: z.array(z.string()),
      productIds: z.array(z.string()),
      minSubtotalKobo: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      usageLimit: z.string(),
      perCustomerLimit: z.string(),
      isActive: z.boolean(),
    })
    .transform((form): DiscountRequest => {
      const automatic = form.kind === 'automatic';
      const type = automatic ? 'percentage' : form.type;
      return {
        kind: form.kind,
        code: automatic ? null : form.code,
        title: form.title,
        type,
        percentOff: type === 'percentage' ? wholeNumber(form.percentOff) : null,
        amountOffKobo: type === 'fixed' ? kobo(form.amountOffKobo) : null,
        appliesTo: form.appliesTo,
        categoryIds: form.appliesTo === 'categories' ? form.categoryIds : [],
        productIds: form.appliesTo === 'products' ? form.productIds : [],
        minSubtotalKobo: automatic || form.minSubtotalKobo.trim() === '' ? null : kobo(form.minSubtotalKobo),
        startsAt: lagos(form.startsAt),
        endsAt: form.endsAt ? lagos(form.endsAt) : null,
        usageLimit: automatic ? null : optionalWhole(form.usageLimit),
        perCustomerLimit: automatic ? null : optionalWhole(form.perCustomerLimit),
        isActive: form.isActive,
      };
    })
    .pipe(discountRequest);
}
export type DiscountFormValues = z.input<ReturnType<typeof discountForm>>;
type DiscountForm = UseFormReturn<DiscountFormValues, unknown, DiscountInput>;

const FIELDS = [
  'kind',
  'code',
  'title',
  'type',
  'percentOff',
  'amountOffKobo',
  'appliesTo',
  'categoryIds',
  'productIds',
  'minSubtotalKobo',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'isActive',
] as const;

const naira = (value: number | null) => (value === null ? '' : (value / 100).toFixed(2));

export function formValuesOf(discount: AdminDiscount | null): DiscountFormValues {
  if (!discount) {
    return {
      kind: 'code',
      code: '',
      title: '',
      type: 'percentage',
      percentOff: '',
      amountOffKobo: '',
      appliesTo: 'all',
      categoryIds: [],
      productIds: [],
      minSubtotalKobo: '',
      startsAt: toShopLocalInput(new Date()),
      endsAt: '',
      usageLimit: '',
      perCustomerLimit: '',
      isActive: true,
    };
  }
  return {
    kind: discount.kind,
    code: discount.code ?? '',
    title: discount.title,
    type: discount.type,
    percentOff: discount.percentOff === null ? '' : String(discount.percentOff),
    amountOffKobo: naira(discount.amountOffKobo),
    appliesTo: discount.appliesTo,
    categoryIds: discount.categories.map((category) => category.id),
    productIds: discount.products.map((product) => product.id),
    minSubtotalKobo: naira(discount.minSubtotalKobo),
    startsAt: toShopLocalInput(discount.startsAt),
    endsAt: discount.endsAt ? toShopLocalInput(discount.endsAt) : '',
    usageLimit: discount.usageLimit === null ? '' : String(discount.usageLimit),
    perCustomerLimit: discount.perCustomerLimit === null ? '' : String(discount.perCustomerLimit),
    isActive: discount.isActive,
  };
}

const TYPE_WORDS = {
  percentage: 'Percentage off',
  fixed: 'Fixed amount off',
  free_shipping: 'Free delivery',
};
const TARGET_WORDS = { all: 'All products', categories: 'Some categories', products: 'Some products' };

/** Add or edit a discount. `discount` null: a new one. */
export function DiscountDialog({
  discount,
  onClose,
}: {
  discount: AdminDiscount | null;
  onClose: () => void;
}) {
  const save = useSaveDiscount();
  const [formError, setFormError] = useState<string | null>(null);
  const form: DiscountForm = useForm<DiscountFormValues, unknown, DiscountInput>({
    resolver: zodResolver(discountForm()),
    defaultValues: formValuesOf(discount),
  });
  const { register, formState, control } = form;
  const { errors } = formState;
  const [kind, type] = useWatch({ control, name: ['kind', 'type'] });
  const automatic = kind === 'automatic';

  const submit = form.handleSubmit((request) => {
    setFormError(null);
    save.mutate(
      { id: discount?.id ?? null, request },
      {
        onSuccess: () => {
          toast.success(discount ? DISCOUNT_MESSAGES.updated : DISCOUNT_MESSAGES.created);
          onClose();
        },
        onError: (error) => {
          const message = applyServerError(error, form.setError, FIELDS, DISCOUNT_MESSAGES.saveFailed);
          setFormError(message);
        },
      },
    );
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={discount ? 'Edit discount' : 'Add discount'}
      closeLabel="Close"
      size="xl"
      dismissible={!save.isPending}
    >
      <form noValidate onSubmit={submit} className="grid gap-5 p-5" aria-label="Discount details">
        {formError ? <FormAlert>{formError}</FormAlert> : null}

        {discount ? (
          <p className="text-sm text-neutral-700">
            {discount.kind === 'code'
              ? 'A discount code: shoppers type it at checkout.'
              : 'An automatic discount: shown as a sale price, no code needed.'}
          </p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-neutral-800">Kind</legend>
            <Radio
              label="Discount code"
              hint="Shoppers type it at checkout."
              value="code"
              data-autofocus
              {...register('kind')}
            />
            <Radio
              label="Automatic discount"
              hint="A percentage off, shown as a sale price. Only one can be on at a time."
              value="automatic"
              {...register('kind')}
            />
          </fieldset>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          {automatic ? null : (
            <TextField
              label="Code"
              hint="Letters, numbers, - and _. Shoppers may type it in any case."
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              error={errors.code?.message}
              data-autofocus={discount ? true : undefined}
              {...register('code')}
            />
          )}
          <TextField
            label="Title"
            hint="What shoppers see, e.g. 20% off T-shirts."
            maxLength={120}
            className={automatic ? 'sm:col-span-2' : ''}
            error={errors.title?.message}
            data-autofocus={discount?.kind === 'automatic' ? true : undefined}
            {...register('title')}
          />
        </div>

        <ValueFieldset form={form} automatic={automatic} type={automatic ? 'percentage' : type} />
        <TargetFieldset form={form} initial={discount} />

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-neutral-800">When</legend>
          <DateTimeField label="Starts" error={errors.startsAt?.message} {...register('startsAt')} />
          <DateTimeField
            label="Ends (optional)"
            hint="Lagos time. Leave empty to run until you deactivate it."
            error={errors.endsAt?.message}
            {...register('endsAt')}
          />
        </fieldset>

        {automatic ? null : (
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold text-neutral-800">Limits (optional)</legend>
            <NumberField
              label="Minimum spend"
              prefix="₦"
              hint="On the items it covers."
              error={errors.minSubtotalKobo?.message}
              {...register('minSubtotalKobo')}
            />
            <NumberField
              label="Usage limit"
              integer
              suffix="uses"
              hint={discount && discount.uses > 0 ? `Used ${discount.uses} so far.` : 'In all.'}
              error={errors.usageLimit?.message}
              {...register('usageLimit')}
            />
            <NumberField
              label="Per customer"
              integer
              suffix="uses"
              error={errors.perCustomerLimit?.message}
              {...register('perCustomerLimit')}
            />
          </fieldset>
        )}

        <CheckboxField
          label="Active"
          hint="Inactive: it stays here, but shoppers cannot use it."
          error={errors.isActive?.message}
          {...register('isActive')}
        />

        <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-neutral-200 bg-white px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            {discount ? 'Save changes' : 'Add discount'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ValueFieldset({
  form,
  automatic,
  type,
}: {
  form: DiscountForm;
  automatic: boolean;
  type: DiscountFormValues['type'];
}) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-neutral-800">Discount</legend>
      {automatic ? (
        <p className="self-end text-sm text-neutral-700">A percentage off the product's own price.</p>
      ) : (
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <SelectField
              {...field}
              label="Type"
              options={DISCOUNT_TYPES.map((value) => ({ value, label: TYPE_WORDS[value] }))}
              error={errors.type?.message}
            />
          )}
        />
      )}
      {type === 'percentage' ? (
        <NumberField
          label="Percentage off"
          integer
          suffix="%"
          maxLength={3}
          error={errors.percentOff?.message}
          {...register('percentOff')}
        />
      ) : type === 'fixed' ? (
        <NumberField
          label="Amount off"
          prefix="₦"
          hint="Never more than the items it covers."
          error={errors.amountOffKobo?.message}
          {...register('amountOffKobo')}
        />
      ) : (
        <p className="self-end text-sm text-neutral-700">The delivery fee is waived.</p>
      )}
    </fieldset>
  );
}

/** What the discount covers: every product, some categories, or some products found by name. */
function TargetFieldset({ form, initial }: { form: DiscountForm; initial: AdminDiscount | null }) {
  const { formState, control } = form;
  const appliesTo = useWatch({ control, name: 'appliesTo' });
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-semibold text-neutral-800">Applies to</legend>
      <Controller
        control={control}
        name="appliesTo"
        render={({ field }) => (
          <SelectField
            {...field}
            label="Products covered"
            className="sm:max-w-xs"
            options={DISCOUNT_TARGETS.map((value) => ({ value, label: TARGET_WORDS[value] }))}
            error={formState.errors.appliesTo?.message}
          />
        )}
      />
      {appliesTo === 'categories' ? (
        <Controller
          control={control}
          name="categoryIds"
          render={({ field, fieldState }) => (
            <CategoryPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      ) : appliesTo === 'products' ? (
        <Controller
          control={control}
          name="productIds"
          render={({ field, fieldState }) => (
            <ProductPicker
              value={field.value}
              onChange={field.onChange}
              known={initial?.products ?? []}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
    </fieldset>
  );
}

function CategoryPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const categories = useDiscountCategories();
  const errorId = useId();
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  const box = (id: string, name: string) => (
    <label key={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        checked={value.includes(id)}
        onChange={(event) => toggle(id, event.target.checked)}
        className="h-5 w-5 shrink-0 accent-neutral-900"
      />
      <span>{name}</span>
    </label>
  );
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-neutral-800">Categories</legend>
      {categories.isPending ? (
        <p className="mt-2 text-sm text-neutral-600" role="status">
          Loading categories...
        </p>
      ) : categories.isError ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800" role="alert">
          Failed to load categories.
          <Button variant="text" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
          {categories.data.categories.map((category) => (
            <li key={category.id}>
              {box(category.id, category.name)}
              {category.subcategories.length > 0 ? (
                <ul className="ml-8">
                  {category.subcategories.map((sub) => (
                    <li key={sub.id}>{box(sub.id, sub.name)}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
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

function ProductPicker({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  known: { id: string; name: string }[];
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [names, setNames] = useState(() => new Map(known.map((product) => [product.id, product.name])));
  const errorId = useId();
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useProductSearch(q, q.length > 0);
  const found = (search.data?.products ?? []).filter((product) => !value.includes(product.id));

  const add = (product: { id: string; name: string }) => {
    setNames((current) => new Map(current).set(product.id, product.name));
    onChange([...value, product.id]);
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-neutral-800">Products</legend>
      {value.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-600">None chosen yet.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen products">
          {value.map((id) => {
            const name = names.get(id) ?? 'Product';
            return (
              <li
                key={id}
                className="inline-flex min-h-10 max-w-full items-center gap-1 rounded-full border border-neutral-900 bg-neutral-900 pl-3 text-sm font-semibold text-white"
              >
                <span className="min-w-0 truncate">{name}</span>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((chosen) => chosen !== id))}
                  aria-label={`Remove ${name}`}
                  className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <span aria-hidden="true">×</span>
                </button>
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
      <TextField
        type="search"
        label="Find products"
        placeholder="Product name"
        className="mt-3 sm:max-w-md"
        autoComplete="off"
        maxLength={100}
        value={typed}
        aria-controls={resultsId}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          // Enter in the search must not send the whole form.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div id={resultsId} aria-live="polite" className="mt-2">
        {q === '' ? null : search.isPending ? (
          <p className="text-sm text-neutral-600">Searching...</p>
        ) : search.isError ? (
          <p className="text-sm text-red-800">Failed to search products. Please try again.</p>
        ) : found.length === 0 ? (
          <p className="text-sm text-neutral-600">No other products match “{q}”.</p>
        ) : (
          <ul
            className="divide-y divide-neutral-200 rounded border border-neutral-200"
            aria-label="Matching products"
          >
            {found.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-3 px-3 py-1 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  {product.name}{' '}
                  <span className="text-neutral-500">
                    {formatNaira(product.priceKobo)}
                    {product.isActive ? '' : ' · inactive'}
                  </span>
                </span>
                <Button variant="text" onClick={() => add(product)} aria-label={`Add ${product.name}`}>
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

/** A radio with its words and a line under them; every other prop (`register`'s) goes to the input. */
function Radio({
  label,
  hint,
  ...input
}: { label: string; hint: string } & Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  const hintId = useId();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded border border-neutral-200 p-3 text-sm has-checked:border-neutral-900">
      <input
        type="radio"
        aria-describedby={hintId}
        {...input}
        className="mt-0.5 h-5 w-5 shrink-0 accent-neutral-900"
      />
      <span>
        <span className="font-semibold">{label}</span>
        <span id={hintId} className="block text-neutral-600">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A date and time typed in Lagos time; every other prop (`register`'s) goes to the input. */
function DateTimeField({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string } & Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return (
    <FormField label={label} hint={hint ?? 'Lagos time'} error={error}>
      {(control) => <input type="datetime-local" {...control} {...input} className={inputClass} />}
    </FormField>
  );
}
