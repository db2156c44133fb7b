import { type Ref, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Gender } from '#shared/constants';
import {
  type ChoiceField,
  checkSelection,
  colorFieldOf,
  colorOptions,
  EMPTY_SELECTION,
  GENDER_OPTIONS,
  MISSING_CHOICE,
  needsColor,
  type Selection,
  type SelectionCheck,
  selectColor,
  selectGender,
  selectionFromForm,
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

/** Where the product's HTML form is sent before the page's script has taken over. */
export const ADD_TO_CART_ACTION = '/cart/add';

/**
 * How the page opens: what is ticked, and the choice to point out. The server sends a shopper back
 * this way after posting the form (`?gender=…&size=…&color=…&choose=…`).
 */
export type PurchaseStart = { selection: Selection; choose: ChoiceField | null };
const NOTHING_YET: PurchaseStart = { selection: EMPTY_SELECTION, choose: null };

// Before the page's script takes over, the sizes show once a gender is ticked and each size's
// colours once that size is: the stylesheet does it, with :has(). One class per position in the
// size list (each written out, so the stylesheet has it); ADMIN_SIZES has seven sizes.
const SIZE_KEYS = ['size-0', 'size-1', 'size-2', 'size-3', 'size-4', 'size-5', 'size-6', 'size-7'];
const COLORS_OF_SIZE = [
  'group-has-[[data-size=size-0]:checked]/purchase:flex',
  'group-has-[[data-size=size-1]:checked]/purchase:flex',
  'group-has-[[data-size=size-2]:checked]/purchase:flex',
  'group-has-[[data-size=size-3]:checked]/purchase:flex',
  'group-has-[[data-size=size-4]:checked]/purchase:flex',
  'group-has-[[data-size=size-5]:checked]/purchase:flex',
  'group-has-[[data-size=size-6]:checked]/purchase:flex',
  'group-has-[[data-size=size-7]:checked]/purchase:flex',
];
// ADD TO CART looks unavailable until a gender, a size and (when there are colours) a colour are
// ticked, as the page's own button does; pressed anyway, the server says what is missing.
const GREY_UNTIL_CHOSEN =
  'group-not-has-[[name=gender]:checked]/purchase:bg-neutral-300 group-not-has-[[name=gender]:checked]/purchase:text-neutral-600 ' +
  'group-not-has-[[name=size]:checked]/purchase:bg-neutral-300 group-not-has-[[name=size]:checked]/purchase:text-neutral-600';
const GREY_UNTIL_COLOR =
  'group-not-has-[[data-color]:checked]/purchase:bg-neutral-300 group-not-has-[[data-color]:checked]/purchase:text-neutral-600';
const WITH_GENDER = 'hidden group-has-[[name=gender]:checked]/purchase:flex';
const UNTIL_GENDER = 'group-has-[[name=gender]:checked]/purchase:hidden';
const UNTIL_SIZE = 'group-has-[[name=size]:checked]/purchase:hidden';

const chipInput = 'absolute inset-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed';

/** A chip as the server draws it: a plain radio the browser ticks by itself. */
function PlainChip({
  name,
  option,
  ticked,
  note,
  size,
}: {
  name: string;
  option: Option;
  ticked: boolean;
  note?: string;
  size?: string;
}) {
  return (
    <label className={chip} title={option.soldOut ? note : undefined}>
      <input
        type="radio"
        name={name}
        value={option.value}
        disabled={option.soldOut}
        defaultChecked={ticked && !option.soldOut}
        data-size={size}
        data-color={name.startsWith('color:') ? '' : undefined}
        className={chipInput}
      />
      {option.label}
      {option.soldOut ? <span className="sr-only"> (sold out)</span> : null}
    </label>
  );
}

function Legend({ text }: { text: string }) {
  return <legend className="text-xs font-bold tracking-widest text-neutral-700">{text.toUpperCase()}</legend>;
}

function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} role="alert" className="mt-2 text-sm font-semibold text-red-700">
      {text}
    </p>
  ) : null;
}

function SoldOutNote({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-2 text-xs text-neutral-600">
      <span className="line-through">Crossed out</span>: {text}
    </p>
  ) : null;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * The choices as the server draws them, for the time before the page's script takes over: every
 * size and every size's colours are in the page, shown by the stylesheet as the shopper ticks, so
 * the form can be filled in and posted (ADD_TO_CART_ACTION) with no script at all. With nothing
 * ticked it looks as the page's own choices do.
 */
function ChoicesBeforeScript({
  product,
  ticked,
  errorFor,
  soldOutNote,
}: {
  product: ProductDetail;
  ticked: Selection;
  errorFor: (field: Failed['field']) => string | undefined;
  soldOutNote: (options: readonly { soldOut: boolean }[]) => string | undefined;
}) {
  const id = useId();
  const { variants, outOfStock } = product;
  // Sizes do not depend on the gender: any gender gives the list.
  const sizes = sizeOptions(variants, GENDER_OPTIONS[0]!, outOfStock.enabled).slice(0, SIZE_KEYS.length);
  const hasColors = variants.some((variant) => variant.color !== null);
  const sizeNote = soldOutNote(sizes);
  return (
    <>
      <fieldset className="mt-5" aria-describedby={describedBy(errorFor('gender') && `${id}-gender-error`)}>
        <Legend text="Gender" />
        <div className="mt-2 flex flex-wrap gap-2">
          {GENDER_OPTIONS.map((gender) => (
            <PlainChip
              key={gender}
              name="gender"
              ticked={ticked.gender === gender}
              option={{ value: gender, label: GENDER_LABELS[gender], soldOut: false }}
            />
          ))}
        </div>
        <Problem id={`${id}-gender-error`} text={errorFor('gender')} />
      </fieldset>
      <fieldset
        className="mt-5"
        aria-describedby={describedBy(errorFor('size') && `${id}-size-error`, sizeNote && `${id}-size-note`)}
      >
        <Legend text="Size" />
        <p className={`mt-2 text-sm text-neutral-500 ${UNTIL_GENDER}`}>Select a gender to see the sizes.</p>
        {sizes.length > 0 ? (
          <div className={`mt-2 flex-wrap gap-2 ${WITH_GENDER}`}>
            {sizes.map((option, index) => (
              <PlainChip
                key={option.size}
                name="size"
                size={SIZE_KEYS[index]}
                note={sizeNote}
                ticked={ticked.size === option.size}
                option={{ value: option.size, label: option.size, soldOut: option.soldOut }}
              />
            ))}
          </div>
        ) : (
          <p className={`mt-2 text-sm text-neutral-500 ${WITH_GENDER}`}>{outOfStock.text}</p>
        )}
        <SoldOutNote id={`${id}-size-note`} text={sizeNote} />
        <Problem id={`${id}-size-error`} text={errorFor('size')} />
      </fieldset>
      {hasColors ? (
        <fieldset className="mt-5" aria-describedby={describedBy(errorFor('color') && `${id}-color-error`)}>
          <Legend text="Color" />
          <p className={`mt-2 text-sm text-neutral-500 ${UNTIL_SIZE}`}>Select a size to see the colors.</p>
          {sizes.map((size, index) => {
            const colors = colorOptions(variants, size.size, outOfStock.enabled);
            if (colors.length === 0) return null;
            return (
              <div key={size.size} className={`mt-2 hidden flex-wrap gap-2 ${COLORS_OF_SIZE[index]}`}>
                {colors.map((option) => (
                  <PlainChip
                    key={option.color}
                    name={colorFieldOf(size.size)}
                    note={soldOutNote(colors)}
                    ticked={ticked.size === size.size && ticked.color === option.color}
                    option={{ value: option.color, label: option.color, soldOut: option.soldOut }}
                  />
                ))}
              </div>
            );
          })}
          <Problem id={`${id}-color-error`} text={errorFor('color')} />
        </fieldset>
      ) : null}
    </>
  );
}

/** The checked value of each radio group of the form, by name. */
function checkedValues(form: HTMLFormElement): Map<string, string> {
  const values = new Map<string, string>();
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')) {
    values.set(input.name, input.value);
  }
  return values;
}

/**
 * Gender, size and colour choice and the ADD TO CART button (quantity 1), in a form that works
 * before the page's script has run: the server draws plain radios (ChoicesBeforeScript) and the
 * form posts to ADD_TO_CART_ACTION. When the script takes over, it starts from what the shopper
 * has ticked so far and draws the choices itself: the button stays unavailable until the choice
 * is complete; pressing it anyway says what is missing, in the spec's order (gender, size,
 * colour), and moves focus there.
 */
export function ProductPurchase({
  product,
  start = NOTHING_YET,
}: {
  product: ProductDetail;
  start?: PurchaseStart;
}) {
  const { variants, outOfStock } = product;
  const formRef = useRef<HTMLFormElement>(null);
  const [onPage, setOnPage] = useState(false);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [error, setError] = useState<Failed | null>(() => {
    if (start.choose === null) return null;
    const message = start.choose === 'stock' ? outOfStock.text : MISSING_CHOICE[start.choose];
    return { ok: false, field: start.choose, message };
  });
  const [adding, setAdding] = useState(false);
  const genderRef = useRef<HTMLFieldSetElement>(null);
  const sizeRef = useRef<HTMLFieldSetElement>(null);
  const colorRef = useRef<HTMLFieldSetElement>(null);
  const focused = useRef<{ name: string; value: string } | null>(null);

  // The script takes over before the next paint: what is ticked on the server's form is the
  // starting selection, and the choice that had the focus keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the script takes over.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (form) {
      const values = checkedValues(form);
      setSelection(selectionFromForm(variants, (name) => values.get(name)));
      const active = document.activeElement;
      if (active instanceof HTMLInputElement && active.form === form && active.type === 'radio') {
        focused.current = {
          name: active.name.startsWith('color:') ? 'color' : active.name,
          value: active.value,
        };
      }
    }
    setOnPage(true);
  }, []);
  useLayoutEffect(() => {
    const wanted = focused.current;
    if (!onPage || !wanted) return;
    focused.current = null;
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []) {
      if (input.name === wanted.name && input.value === wanted.value) input.focus();
    }
  }, [onPage]);

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
    <form
      ref={formRef}
      id="purchase"
      method="post"
      action={ADD_TO_CART_ACTION}
      className="group/purchase scroll-mt-24"
      onSubmit={
        onPage
          ? (event) => {
              event.preventDefault();
              void handleAdd();
            }
          : undefined
      }
    >
      <input type="hidden" name="productId" value={product.id} />
      {allSoldOut ? (
        <p className="mt-4 rounded bg-neutral-100 px-3 py-2 text-sm font-semibold text-neutral-800">
          {outOfStock.text}
        </p>
      ) : null}
      {!onPage ? (
        <ChoicesBeforeScript
          product={product}
          ticked={start.selection}
          errorFor={errorFor}
          soldOutNote={soldOutNote}
        />
      ) : (
        <>
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
            options={sizes.map((option) => ({
              value: option.size,
              label: option.size,
              soldOut: option.soldOut,
            }))}
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
        </>
      )}
      {/* Not disabled while a choice is missing: pressed, it says which (aria-disabled keeps it reachable).
          Before the script runs it is the form's plain submit button. */}
      <Button
        type="submit"
        block
        aria-disabled={(onPage && !check.ok) || undefined}
        busy={adding}
        busyLabel="ADDING..."
        className={`mt-6 aria-disabled:cursor-not-allowed aria-disabled:bg-neutral-300 aria-disabled:text-neutral-600 ${
          onPage ? '' : `${GREY_UNTIL_CHOSEN} ${hasColors ? GREY_UNTIL_COLOR : ''}`
        }`}
      >
        ADD TO CART
      </Button>
      {errorFor('stock') ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {errorFor('stock')}
        </p>
      ) : null}
    </form>
  );
}
