/**
 * Accounts: registration and confirmation (registration.ts), sign-in/out (sign-in.ts), sessions
 * (sessions.ts), passwords (passwords.ts), profile (profile.ts) and accounts the shop creates
 * itself, admins included (shop-created-accounts.ts). Better Auth (auth.ts) does the credential
 * work (scrypt hashing, sessions, tokens); these functions add our rules (rate limits, messages,
 * no account enumeration) and are the only way the rest of the server touches accounts.
 *
 * This module: what they share in calling Better Auth for a request.
 */
import { APIError } from 'better-auth/api';
import { addressKey } from '../../platform/http/client-ip';

/** What a route passes along from the HTTP request. */
export type RequestMeta = { ip: string; headers: Headers };

/** What limits per address count (an IPv6 address by its /64). */
export const byAddress = (meta: RequestMeta) => addressKey(meta.ip);
/** Set-Cookie header values for the route to forward. */
export type WithCookies<T> = T & { setCookies: string[] };

export const errorCode = (error: unknown): string | undefined =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

/** Headers Better Auth reads: the session cookie, the client's address and user agent. */
export function authHeaders(meta: RequestMeta): Headers {
  const headers = new Headers();
  const cookie = meta.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  const agent = meta.headers.get('user-agent');
  if (agent) headers.set('user-agent', agent.slice(0, 500));
  headers.set('x-forwarded-for', meta.ip);
  return headers;
}
