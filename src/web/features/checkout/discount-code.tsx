import { useEffect, useId, useRef, useState } from 'react';
import { formatNaira } from '#shared/money';
import type { CheckoutPricing } from '#shared/schemas/checkout';
import { applyDiscountSchema, COMBINATION_RULE, type PriceBreakdown } from '#shared/schemas/promotions';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/form-field';
import { ApiError, api } from '../../lib/api';

export type DiscountCode = {
  /** The checkout priced with the code, as the server answered; null without a code. */
  applied: CheckoutPricing | null;
  /** Why the code was refused, in the server's words (or the field's rule). */
  error: string | null;
  busy: boolean;
  /** Asks the server to price the checkout with `code`; true when it applied. */
  apply(code: string): Promise<boolean>;
  /** Prices the applied code again (the cart changed): refused, it is dropped with the reason. */
  reprice(): Promise<void>;
  remove(): void;
  /** The order was refused for the code (it ran out meanwhile): dropped, with the reason. */
  refuse(message: string): void;
};

/** The checkout's code: applied by the server, kept here, sent with the order. */
export function useDiscountCode(): DiscountCode {
  const [applied, setApplied] = useState<CheckoutPricing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);

  async function apply(code: string): Promise<boolean> {
    const parsed = applyDiscountSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a discount code');
      return false;
    }
    const ask = ++latest.current;
    setBusy(true);
    setError(null);
    try {
      const { pricing } = await api.post<{ pricing: CheckoutPricing }>('/api/checkout/discount', {
        code: parsed.data.code,
      });
      if (ask !== latest.current) return false;
      setApplied(pricing);
      return true;
    } catch (caught) {
      if (ask !== latest.current) return false;
      setApplied(null);
      setError(
        caught instanceof ApiError
          ? (caught.fields.code ?? caught.message)
          : 'We could not check the code. Please try again.',
      );
      return false;
    } finally {
      if (ask === latest.current) setBusy(false);
    }
  }

  return {
    applied,
    error,
    busy,
    apply,
    async reprice() {
      if (applied?.discountCode) await apply(applied.discountCode);
    },
    remove() {
      latest.current++;
      setApplied(null);
      setError(null);
      setBusy(false);
    },
    refuse(message: string) {
      latest.current++;
      setApplied(null);
      setError(message);
      setBusy(false);
    },
  };
}

/** What the code saves with the delivery method chosen: off the items, and the fee it waived. */
const savingOf = (breakdown: PriceBreakdown) =>
  breakdown.discount ? breakdown.discount.amountKobo + breakdown.discount.shippingKobo : 0;

/**
 * 'Have a discount code?': a button that opens the code's field and its Apply button. Applied, the
 * code is named with what it saves and a Remove button; refused, the server's reason sits under the
 * field. Not a form of its own (it lives inside the checkout's form): Enter in the field applies
 * the code instead of placing the order.
 */
export function DiscountCodeField({
  discount,
  breakdown,
}: {
  discount: DiscountCode;
  /** The breakdown shown, for the delivery method chosen. */
  breakdown: PriceBreakdown;
}) {
  const id = useId();
  const inputId = `${id}-code`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const regionId = `${id}-region`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const appliedBox = useRef<HTMLDivElement>(null);
  const { applied, error, busy } = discount;
  const shown = open || applied !== null || error !== null;

  // Where the eyes and the screen reader should be after each step: the field when it opens, is
  // refused or the code is removed; the code's box when it applies. Each request is a new value
  // (`n`), so a later one always wins over an earlier one still being rendered.
  const [focus, setFocus] = useState<{ on: 'input' | 'applied'; n: number } | null>(null);
  const focusOn = (on: 'input' | 'applied') => setFocus((last) => ({ on, n: (last?.n ?? 0) + 1 }));
  useEffect(() => {
    if (focus) (focus.on === 'input' ? input : appliedBox).current?.focus();
  }, [focus]);
  useEffect(() => {
    if (error) setFocus((last) => ({ on: 'input', n: (last?.n ?? 0) + 1 }));
  }, [error]);

  async function submit() {
    if (busy) return;
    if (await discount.apply(text)) focusOn('applied');
  }

  const code = applied?.discountCode;
  const saving = savingOf(breakdown);
  return (
    <div className="mt-3 border-t border-neutral-300 pt-3 text-sm">
      {applied && code ? (
        <div
          ref={appliedBox}
          tabIndex={-1}
          className="flex flex-wrap items-start justify-between gap-2 rounded border border-green-700 bg-green-50 p-3 focus:outline-2 focus:outline-green-800"
        >
          <div className="min-w-0">
            <p className="font-semibold text-green-900">
              Code <span className="font-mono">{code}</span> applied
            </p>
            {breakdown.discount ? (
              <p className="text-green-900 wrap-anywhere">{breakdown.discount.title}</p>
            ) : null}
            {saving > 0 ? <p className="text-green-900">You save {formatNaira(saving)}.</p> : null}
          </div>
          <Button
            variant="text"
            className="-my-1 shrink-0"
            aria-label={`Remove code ${code}`}
            onClick={() => {
              discount.remove();
              setText('');
              setOpen(true);
              focusOn('input');
            }}
          >
            Remove
          </Button>
        </div>
      ) : (
        <>
          <Button
            variant="link"
            aria-expanded={shown}
            aria-controls={regionId}
            onClick={() => {
              if (shown && !error) return setOpen(false);
              setOpen(true);
              focusOn('input');
            }}
          >
            Have a discount code?
          </Button>
          <div id={regionId} hidden={!shown} className="mt-2">
            <label htmlFor={inputId} className="font-semibold text-neutral-800">
              Discount code
            </label>
            <div className="mt-1 flex gap-2">
              <input
                ref={input}
                id={inputId}
                type="text"
                name="discount-code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  void submit();
                }}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${errorId} ${noteId}` : noteId}
                className={`${inputClass} mt-0 flex-1 uppercase`}
              />
              <Button
                variant="secondary"
                className="shrink-0"
                busy={busy}
                busyLabel="Checking..."
                onClick={submit}
              >
                Apply
              </Button>
            </div>
            {error ? (
              <p id={errorId} role="alert" className="mt-1 font-semibold text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        </>
      )}
      {shown ? (
        <p id={noteId} className="mt-2 text-xs text-neutral-600">
          {COMBINATION_RULE}
        </p>
      ) : null}
    </div>
  );
}
