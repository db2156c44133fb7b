import { type ReactNode, useId } from 'react';

/** What the field hands its control so the label, hint and error are tied to it. */
export type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

/**
 * A labelled form control with an optional hint and its error under it, tied together for screen
 * readers. The control itself (input, select) is the caller's: `children` receives its id and
 * aria attributes.
 */
export function FormField({
  label,
  hiddenLabel,
  hint,
  error,
  className = '',
  children,
}: {
  label: string;
  /** Extra words for screen readers (e.g. 'billing'), so two 'Full name' fields differ. */
  hiddenLabel?: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-neutral-800">
        {label}
        {hiddenLabel ? <span className="sr-only"> ({hiddenLabel})</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
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
    </div>
  );
}
