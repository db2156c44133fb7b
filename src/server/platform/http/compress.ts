import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Below this a body gains too little from compression to pay for it. */
const MIN_BYTES = 1024;
/**
 * Above this a body is sent as it is rather than compressed in one go on the event loop. No
 * answer of the shop comes near it (pages are about 100 KB; built assets and catalogue pages are
 * compressed ahead of time).
 */
const MAX_BYTES = 2 * 1024 * 1024;
/** Types worth compressing: text, JSON, JavaScript, XML, SVG (not event streams). */
export const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compresses answers whose body is already whole (JSON, pages rendered for one visitor) with
 * Brotli or gzip, in one call. A compression stream per answer (what Hono's compress middleware
 * does) costs about a millisecond of CPU each time, even for a small JSON body, which on this
 * machine was a fifth of what placing an order cost; one call costs a tenth of that. Streams
 * (live updates), answers already encoded (built assets, cached pages, images), small bodies and
 * `no-transform` answers are left alone.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) {
      return;
    }
    // The headers decide first: looking at the body makes the HTTP adapter give up its fast path
    // for an answer whose body is already whole (a string or bytes), which costs more than a
    // small answer itself.
    const headers = res.headers;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
    if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return;
    if (NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
    const declared = headers.get('content-length');
    if (declared !== null && (Number(declared) < MIN_BYTES || Number(declared) > MAX_BYTES)) return;
    appendVary(headers);
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding || !res.body) return;

    const body = Buffer.from(await res.arrayBuffer());
    const replace = (bytes: Buffer, contentEncoding: string | null) => {
      // Hono copies the old answer's headers onto the new one; this body's own go on after.
      c.res = new Response(bytes as Uint8Array<ArrayBuffer>, res);
      c.res.headers.set('content-length', String(bytes.length));
      if (!contentEncoding) return;
      c.res.headers.set('content-encoding', contentEncoding);
      const etag = c.res.headers.get('etag');
      if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
    };
    if (body.length < MIN_BYTES || body.length > MAX_BYTES) return replace(body, null);
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: {
              // Quality 4: about gzip's speed, with smaller output.
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipSync(body, { level: 6 });
    replace(compressed, encoding);
  };
}

function appendVary(headers: Headers) {
  const vary = headers.get('vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Brotli, then gzip, when the client accepts them (q=0 refuses). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}
