import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_MAX_FILES } from '#shared/schemas/admin-products';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#shared/schemas/images';
import type { AppEnv } from '../context';

/** What a JSON request may weigh: far above any form of the shop, far below a memory problem. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** A route that takes a larger body than JSON (an upload), with its own limit and refusal. */
export type BodyLimitRule = { method: string; path: RegExp; bytes: number; message?: string };

/**
 * The upload routes. Product photos: a few files of at most 2 MB each, plus the multipart
 * framing; a larger body is refused before it is read (each file is checked again on its own).
 */
export const UPLOAD_LIMITS: readonly BodyLimitRule[] = [
  {
    method: 'POST',
    path: /^\/api\/admin\/products\/[^/]+\/images$/,
    bytes: UPLOAD_MAX_FILES * IMAGE_MAX_BYTES + 64 * 1024,
    message: IMAGE_MESSAGES.tooLarge,
  },
];

const tooLarge = (c: Context, message = 'That request is too large.') =>
  c.json(
    { error: { code: 'payload_too_large', message } },
    413,
    // The rest of the body is not wanted: close the connection instead of reading it to the end.
    { connection: 'close' },
  );

/**
 * Bounds every request body before anything reads it: a declared Content-Length over the limit is
 * refused at once, and a streamed body is counted as it arrives and refused at the first byte over.
 * Routes listed in `rules` (uploads) get their own limit; every other route gets the JSON limit.
 */
export function bodyLimits(rules: readonly BodyLimitRule[] = UPLOAD_LIMITS): MiddlewareHandler<AppEnv> {
  const limiters = new Map<string, MiddlewareHandler<AppEnv>>();
  const limiterFor = (bytes: number, message?: string) => {
    const key = `${bytes} ${message ?? ''}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = bodyLimit({ maxSize: bytes, onError: (c) => tooLarge(c, message) });
      limiters.set(key, limiter);
    }
    return limiter;
  };
  return (c, next) => {
    const rule = rules.find((entry) => entry.method === c.req.method && entry.path.test(c.req.path));
    return limiterFor(rule?.bytes ?? JSON_BODY_LIMIT_BYTES, rule?.message)(c, next);
  };
}
