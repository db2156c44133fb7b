import { decodePostedAnswer, POSTED_COOKIE, type PostedAnswer } from '#shared/posted-forms';

let answer: PostedAnswer | null | undefined;

/** Reads the cookie once per page load and deletes it, so the answer is acted on once. */
function read(): PostedAnswer | null {
  if (answer !== undefined) return answer;
  const prefix = `${POSTED_COOKIE}=`;
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the phones' older browsers.
  if (found !== undefined) document.cookie = `${POSTED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  answer = found === undefined ? null : decodePostedAnswer(found.slice(prefix.length));
  return answer;
}

/**
 * The server's answer to a form the shopper posted before the page's script ran
 * (#shared/posted-forms), if it is one `wanted` accepts; taken, so no one acts on it twice.
 */
export function takePostedAnswer<T extends PostedAnswer>(
  wanted: (answer: PostedAnswer) => answer is T,
): T | null {
  const found = read();
  if (!found || !wanted(found)) return null;
  answer = null;
  return found;
}
