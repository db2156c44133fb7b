import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  type AdminProduct,
  type AdminVariant,
  STOCK_REASON_LABELS,
  STOCK_REASONS,
  variantStockRequest,
} from '#shared/schemas/admin-products';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useChangeVariantStock } from './products-api';

/**
 * Each variant's stock, set one at a time as an inventory adjustment with a reason. The server is
 * told the stock this screen showed: if a sale changed it meanwhile, it refuses (409) and the row
 * shows the new figure instead of writing over it; the next change is based on that figure.
 */
export function VariantStockTable({ product }: { product: AdminProduct }) {
  if (product.variants.length === 0) {
    return <p className="text-sm text-neutral-600">Choose at least one size and save to create variants.</p>;
  }
  return (
    <div>
      <div
        className="hidden grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_5rem_7rem_9rem_6rem] gap-2 border-b border-neutral-200 pb-2 text-xs font-bold uppercase tracking-wide text-neutral-500 md:grid"
        aria-hidden="true"
      >
        <span>Variant</span>
        <span>SKU</span>
        <span>Stock</span>
        <span>New stock</span>
        <span>Reason</span>
        <span />
      </div>
      <ul className="divide-y divide-neutral-200">
        {product.variants.map((variant) => (
          <VariantRow key={variant.id} productId={product.id} variant={variant} />
        ))}
      </ul>
    </div>
  );
}

/**
 * A row as typed (the new stock is text, as its field holds it) → the stock and reason of the
 * request, checked with the schema the server checks them with (`variantStockRequest`); the
 * figure the change is based on (`expected`) is the row's, not typed.
 */
export const variantStockForm = z.object({
  stock: z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : text.trim()))
    .pipe(variantStockRequest.shape.stock),
  reason: variantStockRequest.shape.reason,
});
type RowValues = z.input<typeof variantStockForm>;
type RowInput = z.output<typeof variantStockForm>;

function VariantRow({ productId, variant }: { productId: string; variant: AdminVariant }) {
  const change = useChangeVariantStock(productId);
  const [problem, setProblem] = useState<string | null>(null);
  const label = variant.color ? `${variant.size} / ${variant.color}` : variant.size;
  // The stock this row shows, and the figure a change is based on (`expected`): the product's, or
  // the newer one a refusal (409) brought before the product is read again.
  const [seen, setSeen] = useState(variant.stock);
  const { register, handleSubmit, formState, setValue, getValues, control } = useForm<
    RowValues,
    unknown,
    RowInput
  >({
    resolver: zodResolver(variantStockForm),
    defaultValues: { stock: String(variant.stock), reason: 'restock' },
  });
  const error = formState.errors.stock?.message ?? problem;
  const stock = useWatch({ control, name: 'stock' });
  // A sale or another admin changed the stock: follow it, unless a new figure is being typed.
  const shown = useRef(variant.stock);
  useEffect(() => {
    if (getValues('stock').trim() === String(shown.current)) setValue('stock', String(variant.stock));
    setSeen(variant.stock);
    shown.current = variant.stock;
  }, [variant.stock, getValues, setValue]);
  const dirty = stock.trim() !== String(seen);

  const save = handleSubmit(({ stock: next, reason }) => {
    setProblem(null);
    change.mutate(
      { variantId: variant.id, stock: next, expected: seen, reason },
      {
        onSuccess: (product) => {
          const now = product.variants.find((v) => v.id === variant.id)?.stock ?? next;
          setSeen(now);
          setValue('stock', String(now));
          toast.success('Stock updated', `${label}: ${now} in stock`);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'stock_changed') {
            // Shown, and from now on the figure the next change is based on.
            const now = Number(failure.details.stock);
            setSeen(now);
            shown.current = now;
            setValue('stock', String(now));
          }
          setProblem(errorMessage(failure, 'Failed to update stock'));
        },
      },
    );
  });

  const stockId = `stock-${variant.id}`;
  const reasonId = `reason-${variant.id}`;
  return (
    <li>
      <form
        noValidate
        onSubmit={save}
        className="grid grid-cols-2 items-center gap-x-3 gap-y-2 py-3 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_5rem_7rem_9rem_6rem] md:gap-2"
      >
        <span className="col-span-2 font-semibold md:col-span-1">{label}</span>
        <span className="wrap-anywhere text-xs text-neutral-600 md:text-sm">
          <span className="md:sr-only">SKU </span>
          {variant.sku}
        </span>
        <span className={`text-right text-sm md:text-left ${seen === 0 ? 'font-bold text-red-700' : ''}`}>
          {seen === 0 ? (
            'Sold out'
          ) : (
            <>
              <span className="md:sr-only">In stock: </span>
              {seen}
            </>
          )}
        </span>
        <div>
          <label htmlFor={stockId} className="text-xs font-semibold text-neutral-700 md:sr-only">
            New stock for {label}
          </label>
          <input
            id={stockId}
            inputMode="numeric"
            autoComplete="off"
            aria-invalid={Boolean(error)}
            {...register('stock')}
            className={`${inputClass} mt-0 tabular-nums`}
          />
        </div>
        <div>
          <label htmlFor={reasonId} className="text-xs font-semibold text-neutral-700 md:sr-only">
            Reason for {label}
          </label>
          <select id={reasonId} {...register('reason')} className={`${inputClass} mt-0`}>
            {STOCK_REASONS.map((value) => (
              <option key={value} value={value}>
                {STOCK_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <Button
          size="sm"
          className="col-span-2 md:col-span-1"
          disabled={!dirty}
          busy={change.isPending}
          busyLabel="Saving..."
          type="submit"
          aria-label={`Save stock for ${label}`}
        >
          Save
        </Button>
        {error ? (
          <p role="alert" className="col-span-2 text-sm font-semibold text-red-700 md:col-span-6">
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}
