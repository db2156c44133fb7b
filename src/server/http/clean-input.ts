import type { MiddlewareHandler } from 'hono';
import { isUnstorable, TEXT_MESSAGES } from '#shared/schemas/text';
import type { AppEnv } from '../context';
import { badRequest } from '../platform/errors';

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The address of every request, before any route reads it: a path or query that does not decode
 * (`%E0%A4%A`), or that holds a NUL or a lone surrogate (`%00`, `%ED%A0%80` decodes to nothing
 * storable), is a 400. Route parameters (ids, payment references, the simulator's access codes)
 * and query values can then reach SQL without a database error. Bodies are checked by
 * `validate.ts` before their schema.
 */
export function cleanInput(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    // Without a percent sign nothing decodes to anything else: an address reaches the server as
    // printable ASCII (the HTTP parser refuses control characters, URL parsing escapes the rest).
    if (!url.includes('%')) return next();
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const rest = start === -1 ? '' : url.slice(start);
    const cut = rest.search(/[?#]/);
    const path = cut === -1 ? rest : rest.slice(0, cut);
    const query = cut === -1 || rest[cut] === '#' ? '' : rest.slice(cut + 1).replace(/#.*$/, '');
    const parts = [...path.split('/'), ...query.split(/[&=]/)];
    for (const part of parts) {
      const value = decoded(part);
      if (value === null || isUnstorable(value)) throw badRequest(TEXT_MESSAGES.unusualCharacters);
    }
    await next();
  };
}
