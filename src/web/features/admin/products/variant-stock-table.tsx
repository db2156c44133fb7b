import { useEffect, useRef, useState } from 'react';
import {
  type AdminProduct,
  type AdminStockReason,
  type AdminVariant,
  STOCK_REASON_LABELS,
  STOCK_REASONS,
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

function VariantRow({ productId, variant }: { productId: string; variant: AdminVariant }) {
  const change = useChangeVariantStock(productId);
  const [stock, setStock] = useState(String(variant.stock));
  const [reason, setReason] = useState<AdminStockReason>('restock');
  const [error, setError] = useState<string | null>(null);
  const label = variant.color ? `${variant.size} / ${variant.color}` : variant.size;
  // The stock this row shows, and the figure a change is based on (`expected`): the product's, or
  // the newer one a refusal (409) brought before the product is read again.
  const [seen, setSeen] = useState(variant.stock);
  // A sale or another admin changed the stock: follow it, unless a new figure is being typed.
  const shown = useRef(variant.stock);
  useEffect(() => {
    const before = String(shown.current);
    setStock((current) => (current.trim() === before ? String(variant.stock) : current));
    setSeen(variant.stock);
    shown.current = variant.stock;
  }, [variant.stock]);
  const dirty = stock.trim() !== String(seen);

  function save() {
    if (!/^\d+$/.test(stock.trim())) {
      setError('Stock must be zero or positive');
      return;
    }
    setError(null);
    change.mutate(
      { variantId: variant.id, stock: Number(stock.trim()), expected: seen, reason },
      {
        onSuccess: (product) => {
          const now = product.variants.find((v) => v.id === variant.id)?.stock ?? Number(stock);
          setSeen(now);
          setStock(String(now));
          toast.success('Stock updated', `${label}: ${now} in stock`);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'stock_changed') {
            // Shown, and from now on the figure the next change is based on.
            const now = Number(failure.details.stock);
            setSeen(now);
            shown.current = now;
            setStock(String(now));
          }
          setError(errorMessage(failure, 'Failed to update stock'));
        },
      },
    );
  }

  const stockId = `stock-${variant.id}`;
  const reasonId = `reason-${variant.id}`;
  return (
    <li className="grid grid-cols-2 items-center gap-x-3 gap-y-2 py-3 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_5rem_7rem_9rem_6rem] md:gap-2">
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
          value={stock}
          aria-invalid={Boolean(error)}
          onChange={(event) => setStock(event.target.value)}
          className={`${inputClass} mt-0 tabular-nums`}
        />
      </div>
      <div>
        <label htmlFor={reasonId} className="text-xs font-semibold text-neutral-700 md:sr-only">
          Reason for {label}
        </label>
        <select
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value as AdminStockReason)}
          className={`${inputClass} mt-0`}
        >
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
        onClick={save}
        aria-label={`Save stock for ${label}`}
      >
        Save
      </Button>
      {error ? (
        <p role="alert" className="col-span-2 text-sm font-semibold text-red-700 md:col-span-6">
          {error}
        </p>
      ) : null}
    </li>
  );
}
