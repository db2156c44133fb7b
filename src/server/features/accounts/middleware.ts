import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import { resolveSession } from './sessions';

/**
 * Reads the session cookie and sets `c.get('user')`. A session idle past the role's limit is
 * deleted here, so idle sign-out holds even if the page's timer never fires; such responses carry
 * `x-session-expired: idle` so the page can say why the person was signed out.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const scope = c.env?.renderScope;
    let pending = scope?.session;
    if (!pending) {
      pending = resolveSession(c.get('deps'), c.req.raw.headers);
      if (scope) scope.session = pending;
    }
    const session = await pending;
    c.set('user', session.user);
    for (const line of session.setCookies) c.header('set-cookie', line, { append: true });
    if (session.idleExpired) c.header('x-session-expired', 'idle');
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request comes from the shop's own pages. The allowed origin is PUBLIC_URL's, never
 * the request's Host header (which the sender chooses). When PUBLIC_URL is on this machine
 * (development, tests), any loopback origin counts too (localhost, 127.0.0.1, [::1], any port):
 * such a shop answers only this machine.
 * Without an Origin, Sec-Fetch-Site must say same-origin (or a typed address); a request with
 * neither header does not come from a browser and cannot ride on a visitor's cookie.
 */
export function isOwnSiteRequest(headers: Headers, publicUrl: string): boolean {
  const origin = headers.get('origin');
  const fetchSite = headers.get('sec-fetch-site');
  if (!origin) return !fetchSite || fetchSite === 'same-origin' || fetchSite === 'none';
  if (origin === 'null') return false;
  const own = new URL(publicUrl);
  if (origin === own.origin) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  return (
    LOOPBACK_HOSTS.has(own.hostname === '::1' ? '[::1]' : own.hostname) &&
    LOOPBACK_HOSTS.has(from.hostname) &&
    from.protocol === own.protocol
  );
}
/** Signature-checked by the payment provider's secret instead; it comes from Paystack's servers. */
const CSRF_EXEMPT = new Set(['/api/payments/webhook']);

/**
 * Cross-site request forgery guard for every state-changing API call: a browser always tells us
 * where a request comes from (Origin, or Sec-Fetch-Site), and only our own pages may change state.
 * Requests with neither header do not come from a browser and cannot ride on a visitor's cookie.
 */
export function csrfMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || CSRF_EXEMPT.has(c.req.path)) return next();
    if (!isOwnSiteRequest(c.req.raw.headers, c.get('deps').env.publicUrl)) {
      throw new AppError('csrf_rejected', 403, 'This request came from another website and was blocked.');
    }
    return next();
  };
}
