/** Headers between the answers that may be kept for anonymous visitors and the cache that keeps them (page-cache.ts). */

/**
 * The header an answer sets when it stops being true at a known moment without any change being
 * announced: a drop's page or JSON says 'Coming soon' until its release time. Its value is that
 * moment (milliseconds since the epoch); the cache keeps the answer no longer, and strips it.
 */
export const FRESH_UNTIL_HEADER = 'x-shop-fresh-until';

/** The server's clock as an answer leaves it: set on every answer from the cache too. */
export { SERVER_TIME_HEADER } from '#shared/server-time';

/** The earliest of the moments answers are fresh until (FRESH_UNTIL_HEADER), or null. */
export function earliestFreshUntil(moments: Iterable<string | number | null | undefined>): number | null {
  let earliest: number | null = null;
  for (const moment of moments) {
    if (moment === null || moment === undefined) continue;
    const at = typeof moment === 'number' ? moment : Date.parse(moment);
    if (Number.isFinite(at) && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}
