import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { ADMIN_COLORS, ADMIN_DEFAULT_COLORS, ADMIN_SIZES } from '#shared/constants';
import { nairaToKobo } from '#shared/money';
import {
  type AdminCategoryOption,
  type AdminProduct,
  type AdminVariant,
  PRODUCT_MESSAGES,
  type ProductFormValues,
  type ProductInput,
  productFormSchema,
} from '#shared/schemas/admin-products';
import { toShopLocalInput } from '#shared/shop-time-input';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import {
  CheckboxField,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { Section } from '../../../components/ui/section';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { applyServerError } from '../../../lib/form-errors';
import { liveTopics, useLive } from '../../../lib/live';
import { adminKeys } from '../query-keys';
import { DropSettings } from './drop-settings';
import { OptionPicker } from './option-picker';
import { ProductImagesEditor } from './product-images-editor';
import { useAdminCategories, useAdminProduct, useSaveProduct } from './products-api';
import { VariantStockTable } from './variant-stock-table';

export const NEW_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  category: '',
  subcategory: '',
  gender: '',
  stock: '0',
  sizes: [],
  colors: [...ADMIN_DEFAULT_COLORS],
  isActive: true,
  isFeatured: false,
  isMystery: false,
  salePrice: '',
  saleStartsAt: '',
  saleEndsAt: '',
};

/** The form's values for a product being edited (price in naira as typed, stock unused). */
export function formValuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: (product.priceKobo / 100).toFixed(2),
    category: product.category,
    subcategory: product.subcategory ?? '',
    gender: product.gender,
    stock: '0',
    sizes: product.sizes,
    colors: product.colors,
    isActive: product.isActive,
    isFeatured: product.isFeatured,
    isMystery: product.isMystery,
    salePrice: product.salePriceKobo === null ? '' : (product.salePriceKobo / 100).toFixed(2),
    saleStartsAt: product.saleStartsAt ? toShopLocalInput(product.saleStartsAt) : '',
    saleEndsAt: product.saleEndsAt ? toShopLocalInput(product.saleEndsAt) : '',
  };
}

const FIELDS = [
  'name',
  'description',
  'price',
  'category',
  'subcategory',
  'gender',
  'stock',
  'sizes',
  'colors',
  'salePrice',
  'saleStartsAt',
  'saleEndsAt',
] as const;

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductInput>;

/**
 * Add Product / Edit Product. Saving a new product keeps the dialog open on it, so its photos
 * upload (those picked before saving start then) and its variants' stock can be set.
 */
export function ProductDialog({ productId, onClose }: { productId: string | null; onClose: () => void }) {
  const [id, setId] = useState(productId);
  const product = useAdminProduct(id);
  // Sales, another admin or a drop's release change the product while it is open: read it again.
  const client = useQueryClient();
  useLive(
    id ? [liveTopics.product(id)] : null,
    () => void client.invalidateQueries({ queryKey: adminKeys.products.detail(id ?? '') }),
  );

  useEffect(() => {
    if (product.isError)
      toast.error(PRODUCT_MESSAGES.loadFailed, errorMessage(product.error, 'Please try again'));
  }, [product.isError, product.error]);

  return (
    <Dialog open onClose={onClose} title={id ? 'Edit Product' : 'Add Product'} size="xl" closeLabel="Close">
      {id && product.isPending ? (
        <p className="p-5 text-sm text-neutral-600" role="status">
          Loading product...
        </p>
      ) : id && product.isError ? (
        <div className="space-y-3 p-5">
          <FormAlert>{PRODUCT_MESSAGES.loadFailed}</FormAlert>
          <Button variant="secondary" onClick={() => product.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ProductFormBody
          // Kept mounted across the first save, so photos picked before it upload after it.
          key={productId ?? 'new'}
          product={id ? (product.data ?? null) : null}
          onCreated={(created) => setId(created.id)}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ProductFormBody({
  product,
  onCreated,
  onClose,
}: {
  product: AdminProduct | null;
  onCreated: (product: AdminProduct) => void;
  onClose: () => void;
}) {
  const save = useSaveProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const form: ProductForm = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? formValuesOf(product) : NEW_PRODUCT,
  });
  const name = useWatch({ control: form.control, name: 'name' });
  // Photos picked before a new product is saved wait in the editor; it keeps them across the save.
  const [pendingProductId, setPendingProductId] = useState<string | null>(product?.id ?? null);

  const submit = form.handleSubmit(async (_input, event) => {
    setFormError(null);
    event?.preventDefault();
    try {
      const saved = await save.mutateAsync({ id: product?.id ?? null, values: form.getValues() });
      if (product) {
        toast.success(PRODUCT_MESSAGES.updated);
        form.reset(formValuesOf(saved));
      } else {
        toast.success(PRODUCT_MESSAGES.added);
        setPendingProductId(saved.id);
        onCreated(saved);
      }
    } catch (error) {
      const message = applyServerError(error, form.setError, FIELDS, PRODUCT_MESSAGES.saveFailed);
      setFormError(message);
      toast.error(PRODUCT_MESSAGES.saveFailed, message === PRODUCT_MESSAGES.saveFailed ? undefined : message);
    }
  });

  return (
    // A file dropped outside the photo editor must not make the browser open it in place of the
    // panel (losing the form): such drops are refused here; the editor takes its own.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the browser's default for dropped files
    <div
      className="space-y-6 p-5"
      onDragOver={(event) => {
        // Taken already by the photo editor (inside): leave its answer alone.
        if (event.defaultPrevented || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'none';
      }}
      onDrop={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
    >
      <form noValidate onSubmit={submit} className="space-y-6" aria-label="Product details">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <DetailsFieldset form={form} isNew={!product} />
        <SaleFieldset form={form} />
        <OptionsFieldset form={form} product={product} />
        <VisibilityFieldset form={form} />
        <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-neutral-200 bg-white px-5 py-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {product ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            {product ? 'Save Changes' : 'Add Product'}
          </Button>
        </div>
      </form>

      {product ? (
        // DropSettings is its own form with its own heading.
        <section className="border-t border-neutral-200 pt-5">
          <DropSettings
            productId={product.id}
            releaseAt={product.releaseAt}
            limitPerCustomer={product.limitPerCustomer}
          />
        </section>
      ) : null}

      {product ? (
        <Section
          level={3}
          look="rule"
          titleLook="title"
          title="Stock by variant"
          description="Each change is recorded with its reason."
        >
          <VariantStockTable product={product} />
        </Section>
      ) : null}
      <Section
        level={3}
        look="rule"
        titleLook="title"
        title="Photos"
        description="The first photo is the main image."
      >
        <ProductImagesEditor
          productId={pendingProductId}
          productName={name || product?.name || ''}
          images={product?.images ?? []}
        />
      </Section>
    </div>
  );
}

function DetailsFieldset({ form, isNew }: { form: ProductForm; isNew: boolean }) {
  const { register, formState, setValue, control } = form;
  const errors = formState.errors;
  const categories = useAdminCategories();
  const category = useWatch({ control, name: 'category' });
  const options: AdminCategoryOption[] = categories.data ?? [];
  const chosen = options.find((option) => option.slug === category);

  return (
    <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
      <legend className="sr-only">Details</legend>
      <TextField label="Name" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
      <TextareaField
        label="Description"
        className="sm:col-span-2"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <NumberField label="Price" prefix="₦" error={errors.price?.message} {...register('price')} />
      <SelectField
        label="Gender"
        placeholder="Select gender"
        options={[
          { value: 'men', label: 'Men' },
          { value: 'women', label: 'Women' },
        ]}
        error={errors.gender?.message}
        {...register('gender')}
      />
      {/* Controlled, not registered: the categories arrive after the form is filled, and a
          select can only show a value once its option exists. */}
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <SelectField
            {...field}
            label="Category"
            placeholder={categories.isPending ? 'Loading categories...' : 'Select category'}
            options={options.map((option) => ({ value: option.slug, label: option.name }))}
            error={errors.category?.message}
            onChange={(event) => {
              field.onChange(event);
              // A new category's subcategories differ: the one chosen no longer applies.
              setValue('subcategory', '');
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="subcategory"
        render={({ field }) => (
          <SelectField
            {...field}
            label="Subcategory"
            placeholder={chosen ? 'None' : 'Choose a category first'}
            options={(chosen?.subcategories ?? []).map((option) => ({
              value: option.slug,
              label: option.name,
            }))}
            disabled={!chosen || chosen.subcategories.length === 0}
            error={errors.subcategory?.message}
          />
        )}
      />
      {isNew ? (
        <NumberField
          label="Stock"
          integer
          suffix="units"
          hint="Split evenly across the sizes and colours; adjust each one after saving."
          error={errors.stock?.message}
          {...register('stock')}
        />
      ) : null}
    </fieldset>
  );
}

const SALE_FIELDS = ['salePrice', 'saleStartsAt', 'saleEndsAt'] as const;

/** "20% off": what the sale price takes off the price, once both are numbers. */
export function salePercentOff(price: string, salePrice: string): number | null {
  const full = nairaToKobo(price);
  const sale = nairaToKobo(salePrice);
  if (full === null || sale === null || full <= 0 || sale <= 0 || sale >= full) return null;
  return Math.round(((full - sale) / full) * 100);
}

/**
 * A sale: its price charged from its start until its end, typed in Lagos time whatever the
 * admin's phone says; the price is struck through in the shop meanwhile. All empty: no sale.
 */
function SaleFieldset({ form }: { form: ProductForm }) {
  const { register, formState, setValue, control } = form;
  const errors = formState.errors;
  const [price, salePrice, startsAt, endsAt] = useWatch({
    control,
    name: ['price', 'salePrice', 'saleStartsAt', 'saleEndsAt'],
  });
  const percent = salePercentOff(price, salePrice ?? '');
  const hasSale = Boolean(salePrice || startsAt || endsAt);
  return (
    <fieldset className="grid min-w-0 gap-4 sm:grid-cols-3">
      <legend className="text-sm font-semibold text-neutral-800">Sale</legend>
      <p className="-mt-2 text-sm text-neutral-600 sm:col-span-3">
        Charged from the start until the end, with the price struck through in the shop.
      </p>
      <NumberField
        label="Sale price"
        prefix="₦"
        hint={percent === null ? 'Must be below the price.' : `${percent}% off the price.`}
        error={errors.salePrice?.message}
        {...register('salePrice')}
      />
      <FormField label="Sale starts (Lagos time)" error={errors.saleStartsAt?.message}>
        {(field) => (
          <input type="datetime-local" {...field} {...register('saleStartsAt')} className={inputClass} />
        )}
      </FormField>
      <FormField
        label="Sale ends (Lagos time)"
        hint="Empty: until you remove the sale."
        error={errors.saleEndsAt?.message}
      >
        {(field) => (
          <input type="datetime-local" {...field} {...register('saleEndsAt')} className={inputClass} />
        )}
      </FormField>
      {hasSale ? (
        <div className="sm:col-span-3">
          <Button
            variant="text"
            onClick={() => {
              for (const name of SALE_FIELDS)
                setValue(name, '', { shouldDirty: true, shouldValidate: false });
              form.clearErrors([...SALE_FIELDS]);
            }}
          >
            Remove sale
          </Button>
          <span className="text-xs text-neutral-500"> Takes effect when you save.</span>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The product's variants with stock that saving these sizes and colours would remove (the
 * server's rule: a variant stays when its size, and its colour, are still chosen).
 */
export function variantsDiscarded(
  variants: readonly AdminVariant[],
  sizes: readonly string[],
  colors: readonly string[],
): AdminVariant[] {
  return variants.filter((variant) => {
    const kept =
      sizes.includes(variant.size) &&
      (colors.length === 0
        ? variant.color === null
        : variant.color !== null && colors.includes(variant.color));
    return !kept && variant.stock > 0;
  });
}

function OptionsFieldset({ form, product }: { form: ProductForm; product: AdminProduct | null }) {
  const sizes = useWatch({ control: form.control, name: 'sizes' });
  const colors = useWatch({ control: form.control, name: 'colors' });
  const variants = sizes.length * Math.max(colors.length, 1);
  const discarded = product ? variantsDiscarded(product.variants, sizes, colors) : [];
  const units = discarded.reduce((sum, variant) => sum + variant.stock, 0);
  return (
    <div className="space-y-5">
      <Controller
        control={form.control}
        name="sizes"
        render={({ field, fieldState }) => (
          <OptionPicker
            legend="Sizes"
            kind="size"
            options={ADMIN_SIZES}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message ?? form.formState.errors.sizes?.root?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="colors"
        render={({ field, fieldState }) => (
          <OptionPicker
            legend="Colours"
            kind="color"
            options={ADMIN_COLORS}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <p className="text-sm text-neutral-600" aria-live="polite">
        {sizes.length === 0
          ? 'Choose sizes to create variants.'
          : `${variants} ${variants === 1 ? 'variant' : 'variants'}: each size${colors.length ? ' in each colour' : ''}.`}
      </p>
      {discarded.length > 0 ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="status">
          <strong>Saving discards stock:</strong>{' '}
          {discarded
            .map(
              (variant) =>
                `${variant.color ? `${variant.size} / ${variant.color}` : variant.size} (${variant.stock})`,
            )
            .join(', ')}
          . {units === 1 ? 'This unit goes' : `These ${units} units go`} with the removed{' '}
          {discarded.length === 1 ? 'option' : 'options'}, recorded as a correction.
        </p>
      ) : null}
    </div>
  );
}

function VisibilityFieldset({ form }: { form: ProductForm }) {
  const { register } = form;
  return (
    <fieldset className="grid gap-1 sm:grid-cols-3">
      <legend className="text-sm font-semibold text-neutral-800">Visibility</legend>
      <CheckboxField label="Active" hint="Shown in the shop" {...register('isActive')} />
      <CheckboxField label="Featured" hint="On the home page" {...register('isFeatured')} />
      <CheckboxField
        label="Mystery / scratchcard"
        hint="Shows the duplicates and returns notes"
        {...register('isMystery')}
      />
    </fieldset>
  );
}
