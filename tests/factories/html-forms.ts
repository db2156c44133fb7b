/**
 * Plain HTML forms posted to the shop, as a browser sends them before a page's script has run
 * (application/x-www-form-urlencoded, from the shop's own origin unless told otherwise).
 */
import { decodePostedAnswer, POSTED_COOKIE, type PostedAnswer } from '#shared/posted-forms';
import type { TestApp } from '../setup/test-app';

export async function postForm(
  t: TestApp,
  pathname: string,
  fields: Record<string, string> | URLSearchParams,
  options: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    origin: 'http://localhost:3000',
    ...options.headers,
  });
  if (options.cookie) headers.set('cookie', options.cookie);
  const response = await t.app.request(`http://localhost:3000${pathname}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    setCookies: response.headers.getSetCookie(),
    text: await response.text(),
  };
}

/** The answer the shop left for the next page (#shared/posted-forms), if any. */
export function postedAnswerIn(setCookies: readonly string[]): PostedAnswer | null {
  const prefix = `${POSTED_COOKIE}=`;
  const line = setCookies.find((each) => each.startsWith(prefix));
  return line ? decodePostedAnswer(line.slice(prefix.length).split(';')[0]) : null;
}

/** The session cookie a response set, as `name=value`. */
export function sessionIn(setCookies: readonly string[]): string | null {
  return (
    setCookies.map((line) => line.split(';')[0] ?? '').find((pair) => pair.includes('session_token=')) ?? null
  );
}
