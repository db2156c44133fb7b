import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Reads a cookie signed the way Better Auth signs its session cookie: the URL-encoded value
 * `token.signature`, the signature being the standard base64 HMAC-SHA256 of the token under the
 * auth secret (44 characters, ending in '='). Returns the token, or null when the cookie is
 * missing, malformed or not signed by us. Synchronous: this runs on every signed-in request, and
 * Better Auth's own reading goes through the asynchronous WebCrypto API for the same answer.
 */
export function readSignedCookie(cookieHeader: string, name: string, secret: string): string | null {
  const raw = cookieValue(cookieHeader, name);
  if (raw === null) return null;
  const value = decode(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/** Whether the Cookie header carries a cookie of this name at all (signed or not). */
export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieValue(cookieHeader, name) !== null;
}

/** The first cookie of that name, as the browser sent it (like Better Auth, the first one wins). */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    if (part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return null;
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
