import type { Context, Handler, MiddlewareHandler } from 'hono';
import {
  encodePostedAnswer,
  POSTED_COOKIE,
  POSTED_COOKIE_MAX_AGE_S,
  type PostedAnswer,
} from '#shared/posted-forms';
import { findUnstorable } from '#shared/schemas/text';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import { isOwnSiteRequest, sessionMiddleware } from './middleware';

/**
 * Plain HTML forms a page posts before its script has taken over (the product's add-to-cart,
 * sign-in, sign-up, forgot password, checkout). They answer with a redirect (303: the browser
 * follows it with a GET), never JSON. Like the API: only the shop's own pages may post them (the
 * Origin, or Sec-Fetch-Site, says so, as csrfMiddleware checks), and the session is read the same
 * way.
 */
export function htmlForm(
  handler: (c: Context<AppEnv>, form: URLSearchParams) => Promise<Response>,
): [MiddlewareHandler<AppEnv>, MiddlewareHandler<AppEnv>, Handler<AppEnv>] {
  const ownSite: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isOwnSiteRequest(c.req.raw.headers, c.get('deps').env.publicUrl)) {
      return page(c, 403, 'This form came from another website and was not sent.');
    }
    return next();
  };
  return [
    ownSite,
    sessionMiddleware(),
    async (c) => {
      const form = await readForm(c);
      if (form instanceof Response) return form;
      try {
        return await handler(c, form);
      } catch (error) {
        if (error instanceof AppError) return page(c, error.status, error.message);
        c.get('log').error({ err: error }, 'unhandled error');
        return page(c, 500, 'Something went wrong. Please go back and try again.');
      }
    },
  ];
}

/** What a form sent (application/x-www-form-urlencoded, as a form without files sends it). */
async function readForm(c: Context<AppEnv>): Promise<URLSearchParams | Response> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    return page(c, 415, 'Please send this form from the shop’s page.');
  }
  const form = new URLSearchParams(await c.req.text());
  if (findUnstorable([...form.entries()]) !== undefined) {
    return page(c, 400, 'Please remove unusual characters from the form and try again.');
  }
  return form;
}

/** A short page for the few answers that are not a redirect (a refused or broken request). */
function page(c: Context<AppEnv>, status: number, message: string): Response {
  const text = message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  c.header('cache-control', 'no-store');
  return c.html(
    `<!DOCTYPE html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Naija Street</title></head><body><p>${text}</p><p><a href="/">Return to Home</a></p></body></html>`,
    status as 400,
  );
}

/** A 303 to a page of the shop: the browser loads it with a GET. */
export const seeOther = (c: Context<AppEnv>, path: string) => c.redirect(path, 303);

/** The query string of the page a form was posted from, to send the shopper back to it. */
export function sameQuery(c: Context<AppEnv>, changes: Record<string, string | null>): string {
  const params = new URL(c.req.url).searchParams;
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** What the page the shopper is sent to must finish or tell once its script runs (#shared/posted-forms). */
export function sendPostedAnswer(c: Context<AppEnv>, answer: PostedAnswer) {
  const secure = c.get('deps').env.publicUrl.startsWith('https://') ? '; Secure' : '';
  c.header(
    'set-cookie',
    `${POSTED_COOKIE}=${encodePostedAnswer(answer)}; Path=/; Max-Age=${POSTED_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`,
    { append: true },
  );
}
