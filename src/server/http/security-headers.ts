import { randomFillSync } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Where Paystack's inline checkout (@paystack/inline-js, bundled into our payment page's chunk)
 * reaches: its checkout window is an iframe on checkout.paystack.com, which talks to
 * api.paystack.co; on Safari it loads Apple Pay's script. js.paystack.co serves the same library
 * to shops that do not bundle it.
 */
export const PAYSTACK = {
  scripts: ['https://js.paystack.co', 'https://checkout.paystack.com', 'https://applepay.cdn-apple.com'],
  frames: ['https://checkout.paystack.com'],
  connect: ['https://api.paystack.co', 'https://checkout.paystack.com'],
  images: ['https://checkout.paystack.com', 'https://paystack.com'],
} as const;

/** Pages whose answers belong to one person: never stored by any cache, the browser's included. */
const PRIVATE_PAGES = /^\/(account|cart|checkout|payment|order-confirmation|admin|dev)(\/|$)/;
const PRIVATE_API = /^\/api\/(account|auth|cart|orders|checkout|payments|admin|dev)(\/|$)/;

/** A page that belongs to one person (its answers are never stored: `no-store`). */
export const isPrivatePage = (path: string): boolean => PRIVATE_PAGES.test(path);

/**
 * The policy of a server-rendered page: our own files and inline code carrying this nonce, and
 * images from `images` too (the origin of IMAGE_BASE_URL, when set).
 */
export function pagePolicy(nonce: string, options: { images?: string | null } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${PAYSTACK.scripts.join(' ')}`,
    // <style> elements carry the nonce: the server's inline stylesheet, and those that libraries
    // (the toaster, dialogs, Paystack's script) create later (web/lib/csp-nonce.ts).
    `style-src-elem 'self' 'nonce-${nonce}'`,
    // style="" attributes (a progress bar's width, an image's blurred preview) cannot run code.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: ${[...(options.images ? [options.images] : []), ...PAYSTACK.images].join(' ')}`,
    "font-src 'self' data:",
    `connect-src 'self' ${PAYSTACK.connect.join(' ')}`,
    `frame-src 'self' ${PAYSTACK.frames.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Nothing may frame the shop: account, checkout and admin cannot be clickjacked.
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Everything that is not a page (JSON, images, files): nothing may run, nothing may frame it. */
export const NON_PAGE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const NONCE_BYTES = 16;
/** Random bytes for this many nonces are drawn at once: one call to the system's generator, not one per answer. */
const NONCES_PER_DRAW = 256;
const nonceBytes = Buffer.alloc(NONCE_BYTES * NONCES_PER_DRAW);
let nonceOffset = nonceBytes.length;

/** A nonce no one can guess (128 bits from the system's generator), never the same twice. */
export function newNonce(): string {
  if (nonceOffset === nonceBytes.length) {
    randomFillSync(nonceBytes);
    nonceOffset = 0;
  }
  const nonce = nonceBytes.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The headers every answer carries whatever it is: no MIME sniffing, no framing, a referrer that
 * never carries a path to another site, and HSTS when the shop is served over https.
 */
export function everyAnswerHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * What a built file (a script, a stylesheet, an image) is served with: the headers of every
 * answer and the policy of everything that is not a page. The same as the middleware below gives
 * it, so the files answered ahead of it (main.ts) carry them too.
 */
export function fileAnswerHeaders(options: { https: boolean }): Record<string, string> {
  return { 'content-security-policy': NON_PAGE_POLICY, ...everyAnswerHeaders(options) };
}

/**
 * Security headers on every answer: a Content-Security-Policy (pages get a fresh nonce per
 * request for their inline state and stylesheet, `c.get('cspNonce')`), no MIME sniffing, no
 * framing, a referrer that never carries a path to another site, HSTS when the shop is served
 * over https, and `no-store` on answers that belong to one person.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  const always = Object.entries(everyAnswerHeaders(options));
  return async (c, next) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    await next();
    const headers = c.res.headers;
    const type = headers.get('content-type') ?? '';
    if (!headers.has('content-security-policy')) {
      headers.set(
        'content-security-policy',
        type.startsWith('text/html') ? pagePolicy(nonce) : NON_PAGE_POLICY,
      );
    }
    for (const [name, value] of always) headers.set(name, value);
    const path = c.req.path;
    if (PRIVATE_API.test(path) || (type.startsWith('text/html') && isPrivatePage(path))) {
      headers.set('cache-control', 'no-store');
    }
  };
}
