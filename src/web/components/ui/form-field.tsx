import { type ReactNode, useId } from 'react';

/** What the field hands its control so the label, hint and error are tied to it. */
export type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/** The look of every text-like control (input, select, textarea). */
export const inputClass =
  'mt-1 block w-full min-w-0 rounded border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 placeholder:text-neutral-400 focus:border-neutral-900 focus:outline-2 focus:outline-neutral-900 aria-invalid:border-red-600 disabled:bg-neutral-100 disabled:text-neutral-500';

/** The label, hint and error of a field (see fields.tsx for the ready-made ones). */
export type FieldChrome = {
  label: string;
  /** Extra words for screen readers (e.g. 'billing'), so two 'Full name' fields differ. */
  hiddenLabel?: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
};

/**
 * A labelled form control with an optional hint and its error under it, tied together for screen
 * readers. The control itself is the caller's: `children` receives its id and aria attributes.
 * Use it for controls the kit has no field for; prefer TextField, SelectField… otherwise.
 */
export function FormField({
  label,
  hiddenLabel,
  hint,
  error,
  className = '',
  children,
}: FieldChrome & { children: (props: FieldControlProps) => ReactNode }) {
  const id = useId();
  const { describedBy, messages } = fieldMessages(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-neutral-800">
        {label}
        {hiddenLabel ? <span className="sr-only"> ({hiddenLabel})</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {messages}
    </div>
  );
}

/** The hint and error paragraphs of a field, and the ids that tie them to its control. */
export function fieldMessages(id: string, hint: ReactNode, error: string | undefined) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-neutral-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
  return { describedBy, messages };
}
