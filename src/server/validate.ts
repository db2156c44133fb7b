import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors';

/** Field name → first message, as the forms show them next to each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw badRequest(first, { fields });
}

export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON.');
  }
  return parseOrThrow(schema, body);
}

export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseOrThrow(schema, c.req.query());
}

export function readParams<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseOrThrow(schema, c.req.param());
}
