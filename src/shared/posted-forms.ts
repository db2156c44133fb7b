/**
 * Forms a shopper sends before the page's script has taken over are posted to the server as plain
 * HTML forms (the form routes of src/server/features). The server answers with a redirect and, when
 * the page must finish or report something once its script runs, with this short-lived cookie:
 * the page reads it once and deletes it (src/web/lib/posted-answer.ts).
 */
import { GENDERS, type Gender } from './constants';

export { POSTED_COOKIE } from './constants';
/** Long enough for the redirected page to load on a slow phone; the page deletes it at once. */
export const POSTED_COOKIE_MAX_AGE_S = 600;

/** The forms whose refusals the page tells once its script runs (their messages vary). */
export type PostedForm = 'cart' | 'checkout';
const POSTED_FORMS: readonly string[] = ['cart', 'checkout'] satisfies PostedForm[];

export type PostedAnswer =
  /** A guest's line: guests keep their cart in the browser, so the page adds it there. */
  | { kind: 'guest-line'; line: { productId: string; variantId: string; gender: Gender; quantity: number } }
  /** A signed-in shopper's line, added to their cart by the server. */
  | { kind: 'cart-added' }
  /** The server did not do what the form asked: why, in its own words. */
  | { kind: 'refused'; form: PostedForm; message: string }
  /** The visitor signed out: the page says so. */
  | { kind: 'signed-out' };

export function encodePostedAnswer(answer: PostedAnswer): string {
  return encodeURIComponent(JSON.stringify(answer));
}

const isText = (value: unknown, max = 500): value is string =>
  typeof value === 'string' && value.length <= max;

/** The answer a cookie value holds, or null for anything else (an old format, a hand edit). */
export function decodePostedAnswer(raw: string | null | undefined): PostedAnswer | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
  const answer = value as Record<string, unknown> | null;
  if (answer?.kind === 'cart-added') return { kind: 'cart-added' };
  if (answer?.kind === 'signed-out') return { kind: 'signed-out' };
  if (answer?.kind === 'refused' && POSTED_FORMS.includes(answer.form as string) && isText(answer.message)) {
    return { kind: 'refused', form: answer.form as PostedForm, message: answer.message };
  }
  const line =
    answer?.kind === 'guest-line' ? (answer.line as Record<string, unknown> | undefined) : undefined;
  if (
    line &&
    isText(line.productId, 64) &&
    isText(line.variantId, 64) &&
    (GENDERS as readonly unknown[]).includes(line.gender) &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) > 0
  ) {
    return {
      kind: 'guest-line',
      line: {
        productId: line.productId,
        variantId: line.variantId,
        gender: line.gender as Gender,
        quantity: line.quantity as number,
      },
    };
  }
  return null;
}
