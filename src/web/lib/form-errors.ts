import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

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
