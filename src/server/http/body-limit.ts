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
 * The upload routes, all in the admin area. Product photos: a few files of at most 2 MB each, plus
 * the multipart framing; a larger body is refused before it is read (each file is checked again on
 * its own). Their limit is applied by `uploadLimits()` behind the admin check, so that only an
 * admin's body is ever read that far.
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

const ruleFor = (rules: readonly BodyLimitRule[], c: Context) =>
  rules.find((entry) => entry.method === c.req.method && entry.path.test(c.req.path));

/**
 * Hono's bodyLimit: a declared Content-Length over the limit is refused at once; a streamed body is
 * read (into memory) as it arrives, refused at the first byte over, and handed on once whole.
 */
function limiterCache() {
  const limiters = new Map<string, MiddlewareHandler<AppEnv>>();
  return (bytes: number, message?: string) => {
    const key = `${bytes} ${message ?? ''}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = bodyLimit({ maxSize: bytes, onError: (c) => tooLarge(c, message) });
      limiters.set(key, limiter);
    }
    return limiter;
  };
}

/**
 * Bounds every request body before anything reads it, at the JSON limit. The upload routes in
 * `rules` are left alone here: a streamed body is held in memory up to the limit before the route
 * runs, and an upload's limit is far larger than a stranger's request deserves. Nothing before
 * `uploadLimits()` reads their body, so a guest or a shopper is refused (401, 403) with their body
 * unread.
 */
export function bodyLimits(rules: readonly BodyLimitRule[] = UPLOAD_LIMITS): MiddlewareHandler<AppEnv> {
  const limiter = limiterCache()(JSON_BODY_LIMIT_BYTES);
  return (c, next) => {
    // A GET or HEAD request has no body any route could read (the Fetch API gives it none), and
    // looking for one would make the server build the whole request object for every page, file
    // and read.
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    // Only the admin area has the check in front of `uploadLimits()`: a rule anywhere else keeps
    // the JSON limit here (its uploads would be refused, never read unbounded).
    return c.req.path.startsWith('/api/admin/') && ruleFor(rules, c) ? next() : limiter(c, next);
  };
}

/**
 * The upload routes' own limits, once the caller is known to be allowed to upload (mounted behind
 * the admin check in app.ts).
 */
export function uploadLimits(rules: readonly BodyLimitRule[] = UPLOAD_LIMITS): MiddlewareHandler<AppEnv> {
  const limiterFor = limiterCache();
  return (c, next) => {
    const rule = ruleFor(rules, c);
    return rule ? limiterFor(rule.bytes, rule.message)(c, next) : next();
  };
}
