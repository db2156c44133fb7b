/**
 * Access checks for pages, run in `load` (on the server for a first view, in the browser on later
 * navigations). The API enforces the same rules on every call; these only decide where a visitor
 * who may not see a page goes instead. While they run on a client-side navigation the page's
 * `Pending` shows 'Loading...' (components/ui/checking-access.tsx).
 */
import { paths } from '../paths';
import type { LoadArgs } from './route-module';
import { redirect } from './route-module';
import { fetchSession, type SessionUser } from './session';

/** Pages a visitor is never sent back to after signing in: they would only loop. */
const AUTH_PAGES = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  '/auth/',
  '/api/',
];

const BASE = 'http://shop.invalid';
/** Control characters (browsers strip tabs and newlines from URLs) and backslashes (read as `/`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
const MAX_RETURN_PATH = 2048;

/** The path as the router matches it: decoded, lower case, without trailing slashes. */
function routedPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (UNSAFE.test(decoded) || decoded.startsWith('//')) return null;
  return decoded.toLowerCase().replace(/\/+$/, '') || '/';
}

/** `value` read as a URL on this site: its path, query and fragment, or null for another origin. */
function onThisSite(value: string): string | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/**
 * A path on this site to return to, or null: only same-origin paths, never the sign-in pages
 * themselves. The checks hold on the final, normalised value (what the browser or the router will
 * follow), not only on the raw text: `/..//evil`, `/%2e%2e//evil`, `/\evil`, `/\tevil` and the like
 * normalise to `//evil`, which is another site.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_RETURN_PATH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || UNSAFE.test(raw)) return null;
  const result = onThisSite(raw);
  // The final value must be a plain path that reads back as itself on this site.
  if (!result?.startsWith('/') || result.startsWith('//') || UNSAFE.test(result)) return null;
  if (onThisSite(result) !== result) return null;
  const path = routedPath(result.replace(/[?#].*$/, ''));
  if (path === null) return null;
  if (AUTH_PAGES.some((page) => (page.endsWith('/') ? `${path}/`.startsWith(page) : path === page))) {
    return null;
  }
  return result;
}

/** /login?redirect=<this page>, so the visitor comes back here after signing in. */
export function loginPathFor(url: Pick<URL, 'pathname' | 'search'>): string {
  const back = safeRedirectPath(url.pathname + url.search);
  return back ? `${paths.login}?redirect=${encodeURIComponent(back)}` : paths.login;
}

type GuardArgs = Pick<LoadArgs, 'api' | 'url'>;

/** The signed-in user; a guest is sent to /login and brought back afterwards. */
export async function requireUser({ api, url }: GuardArgs): Promise<SessionUser> {
  const user = await fetchSession(api);
  if (!user) throw redirect(loginPathFor(url));
  return user;
}

/** An admin or super admin; a guest goes to /login (and back), a shopper to the home page. */
export async function requireAdmin(args: GuardArgs): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!user.isAdmin) throw redirect(paths.home);
  return user;
}

/**
 * Where the login page sends the visitor after signing in: `?redirect=` (set by guards and by
 * checkout), else the page they came from (router state set by the navbar's links, or a
 * same-origin referrer), else the home page.
 */
export function returnPathAfterSignIn(options: {
  redirectParam: string | null;
  from?: unknown;
  referrer?: string;
  origin?: string;
}): string {
  const fromParam = safeRedirectPath(options.redirectParam);
  if (fromParam) return fromParam;
  if (typeof options.from === 'string') {
    const fromState = safeRedirectPath(options.from);
    if (fromState) return fromState;
  }
  if (options.referrer && options.origin) {
    try {
      const referrer = new URL(options.referrer);
      if (referrer.origin === options.origin) {
        const back = safeRedirectPath(referrer.pathname + referrer.search);
        if (back) return back;
      }
    } catch {
      // Not a URL: ignore it.
    }
  }
  return paths.home;
}
