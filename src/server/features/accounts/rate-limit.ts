import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { tooManyRequests } from '../../errors';

/**
 * Attempt counters in `rate_limits`, shared by every server process. Fixed windows: `last_request`
 * holds the window's start (epoch ms) and `count` the attempts in it. Keys name the action and
 * what is counted, e.g. `sign-in:email:ada@example.ng` and `sign-in:ip:203.0.113.7`.
 */
export type Limit = { max: number; windowMs: number };

const MINUTES = 60_000;
export const LIMITS_BY_ACTION = {
  /** Failed sign-ins only (a correct password resets the account's counter). */
  signInPerAccount: { max: 10, windowMs: 15 * MINUTES },
  signInPerIp: { max: 30, windowMs: 15 * MINUTES },
  signUpPerEmail: { max: 3, windowMs: 15 * MINUTES },
  signUpPerIp: { max: 10, windowMs: 15 * MINUTES },
  resendPerEmail: { max: 3, windowMs: 15 * MINUTES },
  resendPerIp: { max: 10, windowMs: 15 * MINUTES },
  resetPerEmail: { max: 3, windowMs: 15 * MINUTES },
  resetPerIp: { max: 10, windowMs: 15 * MINUTES },
  /** Wrong current password on the account page (someone holding a stolen session guessing). */
  changePasswordPerAccount: { max: 10, windowMs: 15 * MINUTES },
} satisfies Record<string, Limit>;

type Deps = Pick<AppDeps, 'database'>;

/** Counts one attempt and throws 429 once any key is over its limit in the current window. */
export async function consumeAttempt(deps: Deps, checks: Array<{ key: string; limit: Limit }>) {
  const now = Date.now();
  let blocked = false;
  for (const { key, limit } of checks) {
    const [row] = await deps.database.sql.query<{ count: number }>(
      `INSERT INTO rate_limits (key, count, last_request) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.last_request <= $2 - $3 THEN 1 ELSE rate_limits.count + 1 END,
         last_request = CASE WHEN rate_limits.last_request <= $2 - $3 THEN $2 ELSE rate_limits.last_request END
       RETURNING count`,
      [key, now, limit.windowMs],
    );
    if ((row?.count ?? 0) > limit.max) blocked = true;
  }
  if (blocked) throw tooManyRequests();
}

/** Throws 429 when a key has already reached its limit, without counting (used before sign-in). */
export async function assertUnderLimit(deps: Deps, checks: Array<{ key: string; limit: Limit }>) {
  const now = Date.now();
  const rows = await deps.database.sql.query<{ key: string; count: number; last_request: number }>(
    `SELECT key, count, last_request FROM rate_limits WHERE key = ANY($1::text[])`,
    [checks.map((check) => check.key)],
  );
  for (const row of rows) {
    const limit = checks.find((check) => check.key === row.key)?.limit;
    if (limit && Number(row.last_request) > now - limit.windowMs && row.count >= limit.max) {
      throw tooManyRequests();
    }
  }
}

/** Counts a failure without throwing (the caller reports the failure itself). */
export async function recordFailure(deps: Deps, checks: Array<{ key: string; limit: Limit }>) {
  try {
    await consumeAttempt(deps, checks);
  } catch {
    // Over the limit: the next attempt is refused by assertUnderLimit.
  }
}

export async function clearAttempts(deps: Deps, keys: string[]) {
  await deps.database.sql.query(`DELETE FROM rate_limits WHERE key = ANY($1::text[])`, [keys]);
}

const PRIVATE_PEER =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|fc|fd|::ffff:(127|10|192\.168)\.)/i;

/**
 * The caller's IP address. The socket's peer is trusted as is when it is a public address (no
 * proxy in front). When the peer is a private or loopback address it is our own load balancer or
 * reverse proxy, so the address it appended last to X-Forwarded-For is the client's. Requests
 * made in-process (tests, server-side rendering) have no socket and are treated the same way.
 */
export function clientIp(c: Context<AppEnv>): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  if (peer && !PRIVATE_PEER.test(peer)) return peer;
  const forwarded = c.req.header('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || peer || 'unknown';
}
