import type { z } from 'zod';
import { ApiError } from '../../../lib/api';

/** Field → first message, from the shared schema (the same words the server would answer). */
export function issuesToFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The server's per-field messages of a refused change, if it named any. */
export const serverFields = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? error.fields : {};

/** The errors without `field`'s: a field's message goes as soon as the field is edited. */
export function without(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _, ...rest } = errors;
  return rest;
}

export const isPermissionError = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);
