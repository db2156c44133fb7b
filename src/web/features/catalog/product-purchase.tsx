import { type Ref, useId, useRef, useState } from 'react';
import type { Gender } from '#shared/constants';
import {
  checkSelection,
  colorOptions,
  EMPTY_SELECTION,
  GENDER_OPTIONS,
  needsColor,
  type Selection,
  type SelectionCheck,
  selectColor,
  selectGender,
  selectSize,
  sizeOptions,
} from '#shared/product-options';
import type { ProductDetail } from '#shared/schemas/catalog';
import { Button } from '../../components/ui/button';
import { addToCart } from '../cart/add-to-cart';

type Failed = Extract<SelectionCheck, { ok: false }>;
type Option = { value: string; label: string; soldOut: boolean };

const GENDER_LABELS: Record<Gender, string> = { men: 'Men', women: 'Women' };

const chip =
  'relative inline-flex h-11 min-w-12 items-center justify-center rounded border border-neutral-300 bg-white px-3 text-sm font-semibold text-neutral-900 ' +
  'hover:border-neutral-900 has-checked:border-neutral-950 has-checked:bg-neutral-950 has-checked:text-white ' +
  'has-disabled:border-neutral-200 has-disabled:bg-neutral-50 has-disabled:text-neutral-400 has-disabled:line-through ' +
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-900';

/** One radio group of chips. Sold-out options are disabled and described by the group's note. */
function OptionGroup({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  note,
  error,
  groupRef,
}: {
  legend: string;
  name: string;
  options: readonly Option[];
  value: string | null;
  onChange: (value: string) => void;
  /** Shown instead of the options while there are none to pick yet. */
  hint?: string;
  /** The out-of-stock text, shown when some options are sold out. */
  note?: string;
  error?: string;
  groupRef: Ref<HTMLFieldSetElement>;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', note ? `${id}-note` : ''].filter(Boolean).join(' ');
  return (
    <fieldset ref={groupRef} className="mt-5" aria-describedby={describedBy || undefined}>
      <legend className="text-xs font-bold tracking-widest text-neutral-700">
        {legend.toUpperCase()}
        {value ? (
          <span className="ml-2 font-semibold tracking-normal text-neutral-500">
            {options.find((option) => option.value === value)?.label ?? value}
          </span>
        ) : null}
      </legend>
      {options.length > 0 ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {options.map((option) => (
            <label key={option.value} className={chip} title={option.soldOut ? note : undefined}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.soldOut}
                onChange={() => onChange(option.value)}
                className="absolute inset-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              {option.label}
              {option.soldOut ? <span className="sr-only"> (sold out)</span> : null}
            </label>
          ))}
        </div>
      ) : hint ? (
        <p className="mt-2 text-sm text-neutral-500">{hint}</p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className="mt-2 text-xs text-neutral-600">
          <span className="line-through">Crossed out</span>: {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Gender, size and colour choice and the ADD TO CART button (quantity 1). The button stays
 * unavailable until the choice is complete; pressing it anyway says what is missing, in the
 * spec's order (gender, size, colour), and moves focus there.
 */
export function ProductPurchase({ product }: { product: ProductDetail }) {
  const { variants, outOfStock } = product;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [error, setError] = useState<Failed | null>(null);
  const [adding, setAdding] = useState(false);
  const genderRef = useRef<HTMLFieldSetElement>(null);
  const sizeRef = useRef<HTMLFieldSetElement>(null);
  const colorRef = useRef<HTMLFieldSetElement>(null);

  const sizes = sizeOptions(variants, selection.gender, outOfStock.enabled);
  const colors = colorOptions(variants, selection.size, outOfStock.enabled);
  const hasColors = variants.some((variant) => variant.color !== null);
  const check = checkSelection(variants, selection, outOfStock.text);
  const allSoldOut = variants.every((variant) => variant.soldOut || variant.stock <= 0);

  function choose(next: Selection) {
    setSelection(next);
    setError(null);
  }

  async function handleAdd() {
    if (adding) return;
    if (!check.ok) {
      setError(check);
      const group = { gender: genderRef, size: sizeRef, color: colorRef, stock: null }[check.field];
      group?.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    setAdding(true);
    try {
      await addToCart({
        productId: product.id,
        variantId: check.variant.id,
        gender: check.gender,
        quantity: 1,
      });
    } catch {
      // addToCart has already told the shopper ('Failed to add to cart').
    } finally {
      setAdding(false);
    }
  }

  const errorFor = (field: Failed['field']) => (error?.field === field ? error.message : undefined);
  const soldOutNote = (options: readonly { soldOut: boolean }[]) =>
    // When everything is sold out the text is already shown once, above the choices.
    outOfStock.enabled && !allSoldOut && options.some((option) => option.soldOut)
      ? outOfStock.text
      : undefined;

  return (
    <div>
      {allSoldOut ? (
        <p className="mt-4 rounded bg-neutral-100 px-3 py-2 text-sm font-semibold text-neutral-800">
          {outOfStock.text}
        </p>
      ) : null}
      <OptionGroup
        legend="Gender"
        name="gender"
        groupRef={genderRef}
        options={GENDER_OPTIONS.map((gender) => ({
          value: gender,
          label: GENDER_LABELS[gender],
          soldOut: false,
        }))}
        value={selection.gender}
        onChange={(gender) => choose(selectGender(selection, gender as Gender))}
        error={errorFor('gender')}
      />
      <OptionGroup
        legend="Size"
        name="size"
        groupRef={sizeRef}
        options={sizes.map((option) => ({ value: option.size, label: option.size, soldOut: option.soldOut }))}
        value={selection.size}
        onChange={(size) => choose(selectSize(selection, size))}
        hint={selection.gender ? outOfStock.text : 'Select a gender to see the sizes.'}
        note={soldOutNote(sizes)}
        error={errorFor('size')}
      />
      {hasColors && (selection.size === null || needsColor(variants, selection.size)) ? (
        <OptionGroup
          legend="Color"
          name="color"
          groupRef={colorRef}
          options={colors.map((option) => ({
            value: option.color,
            label: option.color,
            soldOut: option.soldOut,
          }))}
          value={selection.color}
          onChange={(color) => choose(selectColor(selection, color))}
          hint={selection.size ? outOfStock.text : 'Select a size to see the colors.'}
          note={soldOutNote(colors)}
          error={errorFor('color')}
        />
      ) : null}
      {/* Not disabled while a choice is missing: pressed, it says which (aria-disabled keeps it reachable). */}
      <Button
        block
        onClick={handleAdd}
        aria-disabled={!check.ok || undefined}
        busy={adding}
        busyLabel="ADDING..."
        className="mt-6 aria-disabled:cursor-not-allowed aria-disabled:bg-neutral-300 aria-disabled:text-neutral-600"
      >
        ADD TO CART
      </Button>
      {errorFor('stock') ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {errorFor('stock')}
        </p>
      ) : null}
    </div>
  );
}
