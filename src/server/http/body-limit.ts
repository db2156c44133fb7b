import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';

/** What a JSON request may weigh: far above any form of the shop, far below a memory problem. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** A route that takes a larger body than JSON (an upload), with its own limit. */
export type BodyLimitRule = { method: string; path: RegExp; bytes: number };

const tooLarge = (c: Context) =>
  c.json(
    { error: { code: 'payload_too_large', message: 'That request is too large.' } },
    413,
    // The rest of the body is not wanted: close the connection instead of reading it to the end.
    { connection: 'close' },
  );

/**
 * Bounds every request body before anything reads it: a declared Content-Length over the limit is
 * refused at once, and a streamed body is counted as it arrives and refused at the first byte over.
 * Routes listed in `rules` (uploads) get their own limit; every other route gets the JSON limit.
 */
export function bodyLimits(rules: readonly BodyLimitRule[] = []): MiddlewareHandler<AppEnv> {
  const limiters = new Map<number, MiddlewareHandler<AppEnv>>();
  const limiterFor = (bytes: number) => {
    let limiter = limiters.get(bytes);
    if (!limiter) {
      limiter = bodyLimit({ maxSize: bytes, onError: tooLarge });
      limiters.set(bytes, limiter);
    }
    return limiter;
  };
  return (c, next) => {
    const rule = rules.find((entry) => entry.method === c.req.method && entry.path.test(c.req.path));
    return limiterFor(rule?.bytes ?? JSON_BODY_LIMIT_BYTES)(c, next);
  };
}
