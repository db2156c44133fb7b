import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';

/** Pieces shared by the account forms (sign-in, registration, passwords, settings, addresses). */

export const inputClass =
  'mt-1 block w-full rounded border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 placeholder:text-neutral-400 focus:border-neutral-900 focus:outline-2 focus:outline-neutral-900 aria-invalid:border-red-600 disabled:bg-neutral-100';

export const primaryButton =
  'inline-flex w-full items-center justify-center rounded bg-brand px-5 py-3.5 text-sm font-bold tracking-widest text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButton =
  'inline-flex w-full items-center justify-center rounded border border-neutral-900 bg-white px-5 py-3.5 text-sm font-bold tracking-widest text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 disabled:cursor-not-allowed disabled:opacity-60';

export const dangerButton =
  'inline-flex w-full items-center justify-center rounded bg-red-700 px-5 py-3.5 text-sm font-bold tracking-widest text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 disabled:cursor-not-allowed disabled:opacity-60';

export const textLink =
  'font-semibold text-neutral-900 underline underline-offset-2 hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

type InputProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  hint?: string;
  className?: string;
  disabled?: boolean;
};

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({
  label,
  registration,
  error,
  type = 'text',
  autoComplete,
  hint,
  className = '',
  disabled,
}: InputProps) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {({ id, ...aria }) => (
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
          {...aria}
          disabled={disabled}
          className={inputClass}
          {...registration}
        />
      )}
    </FormField>
  );
}

/** A message about the whole form (a refused sign-in, a server error), announced when it appears. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  const tones = {
    error: 'border-red-300 bg-red-50 text-red-900',
    info: 'border-amber-300 bg-amber-50 text-amber-950',
    success: 'border-green-300 bg-green-50 text-green-900',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded border p-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** The centred card the sign-in, registration and password pages share. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-center text-2xl font-black tracking-tight sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 text-center text-sm text-neutral-600">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}

/**
 * Puts the server's per-field messages on the form's fields (the first one focused) and returns
 * the message for the whole form: the server's, or `fallback` when the server failed without a
 * reason a person can act on.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string {
  if (!(error instanceof ApiError)) return fallback;
  let focused = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const known = fields.find((name) => name === field);
    if (!known) continue;
    setError(known, { message }, { shouldFocus: !focused });
    focused = true;
  }
  return error.status >= 500 ? fallback : error.message;
}
