import type { Context } from 'hono';
import type { z } from 'zod';
import { findUnstorable, TEXT_MESSAGES } from '#shared/schemas/text';
import type { AppEnv } from './context';
import { AppError, badRequest, notFound } from './platform/errors';

/** Field name → first message, as the forms show them next to each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A NUL or a lone surrogate anywhere in the input: refused before any schema or database sees it. */
export function refuseUnstorable(value: unknown): void {
  if (findUnstorable(value) !== undefined) throw badRequest(TEXT_MESSAGES.unusualCharacters);
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  refuseUnstorable(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw badRequest(first, { fields });
}

/** JSON, or a JSON-based type such as application/merge-patch+json, with any parameters. */
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

export async function readJson<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  c.env?.inputProbe?.('json', schema);
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new AppError('unsupported_media_type', 415, 'Please send this request as JSON.');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON.');
  }
  return parseOrThrow(schema, body);
}

export function readQuery<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  c.env?.inputProbe?.('query', schema);
  return parseOrThrow(schema, c.req.query());
}

/** Path parameters (ids): a malformed one answers 404, exactly like one that does not exist. */
export function readParams<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  c.env?.inputProbe?.('params', schema);
  const params = c.req.param();
  refuseUnstorable(params);
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw notFound(Object.values(fieldErrors(result.error))[0] ?? 'Not found');
}
