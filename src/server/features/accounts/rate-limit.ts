import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { sql as pg, type Selectable } from 'kysely';
import { type AppDeps, type AppEnv, defineJob } from '../../context';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { tooManyRequests } from '../../platform/errors';
import { TrustedProxies } from '../../platform/http/client-ip';

/**
 * Attempt counters in `rate_limits`, shared by every server process. Fixed windows: `last_request`
 * holds the window's start (epoch ms) and `count` the attempts in it. Keys name the action and
 * what is counted, e.g. `sign-up:email:ada@example.ng` and `sign-in:ip:203.0.113.7` (an IPv6
 * address counts by its /64, `addressKey`).
 */
export type Limit = { max: number; windowMs: number };

const MINUTES = 60_000;
export const LIMITS_BY_ACTION = {
  /** Sign-ins from one address that are not successes, whatever the accounts (password spraying). */
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

/**
 * Sign-in attempts on one account from one address: the first few are free, then each further
 * attempt must wait twice as long after the previous one (1 s, 2 s, 4 s … at most 15 minutes). The
 * owner, from their own address, is never refused because someone else guessed; a success clears
 * the pair; an hour without attempts starts over.
 */
export const SIGN_IN_BACKOFF = { freeFailures: 5, baseMs: 1000, maxMs: 15 * MINUTES, resetMs: 60 * MINUTES };

/** How long to wait after `failures` consecutive failures before the next attempt. */
export function backoffMs(failures: number): number {
  if (failures < SIGN_IN_BACKOFF.freeFailures) return 0;
  const doublings = failures - SIGN_IN_BACKOFF.freeFailures;
  return Math.min(SIGN_IN_BACKOFF.baseMs * 2 ** Math.min(doublings, 30), SIGN_IN_BACKOFF.maxMs);
}

/** backoffMs(0), backoffMs(1), … up to the first maximum: the SQL below reads the wait from it. */
const BACKOFF_STEPS: number[] = [];
for (let n = 0; BACKOFF_STEPS.at(-1) !== SIGN_IN_BACKOFF.maxMs; n++) BACKOFF_STEPS.push(backoffMs(n));

/**
 * Takes one attempt for `key` before the password is checked, or throws 429 while its back-off is
 * not over. Checking and counting are one statement under the row's lock, so a burst of parallel
 * attempts is counted one by one and only those the back-off allows go on; the caller gives the
 * attempt back (`clearAttempts` on success, `refundAttempts` when nothing was guessed). SQL text:
 * the upsert's WHERE is the back-off, and no row comes back when it refuses.
 */
export async function reserveBackoffAttempt(deps: Deps, key: string, now = Date.now()) {
  // A last attempt at or before this is an hour without attempts: the pair starts over.
  const startOver = now - SIGN_IN_BACKOFF.resetMs;
  const { rows: taken } = await pg<Pick<Selectable<DB['rate_limits']>, 'count'>>`
    INSERT INTO rate_limits (key, count, last_request) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request <= ${startOver}::bigint THEN 1 ELSE rate_limits.count + 1 END,
      last_request = ${now}::bigint
    WHERE rate_limits.last_request <= ${startOver}::bigint
       OR ${now}::bigint >= rate_limits.last_request + coalesce(
            (${BACKOFF_STEPS}::bigint[])[rate_limits.count + 1], ${SIGN_IN_BACKOFF.maxMs}::bigint)
    RETURNING count`.execute(queries(deps.database.sql));
  if (taken.length === 0) throw tooManyRequests();
}

/** A reserved attempt turned out a failure: the back-off's wait runs from now, not from its start. */
export async function stampBackoffFailure(deps: Deps, key: string, now = Date.now()) {
  await queries(deps.database.sql)
    .updateTable('rate_limits')
    .set((eb) => ({ last_request: eb.fn<number>('greatest', ['last_request', eb.val(now)]) }))
    .where('key', '=', key)
    .execute();
}

/**
 * Counts one attempt and throws 429 once any key is over its limit in the current window. Called
 * before the work it limits, so parallel attempts are each counted before any of them is done.
 */
export async function consumeAttempt(deps: Deps, checks: Array<{ key: string; limit: Limit }>) {
  const now = Date.now();
  let blocked = false;
  for (const { key, limit } of checks) {
    const row = await queries(deps.database.sql)
      .insertInto('rate_limits')
      .values({ key, count: 1, last_request: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          // The stored window is over: this attempt starts a new one.
          const expired = eb('rate_limits.last_request', '<=', now - limit.windowMs);
          return {
            count: eb
              .case()
              .when(expired)
              .then(1)
              .else(eb('rate_limits.count', '+', 1))
              .end(),
            last_request: eb
              .case()
              .when(expired)
              .then(eb.val(now))
              .else(eb.ref('rate_limits.last_request'))
              .end(),
          };
        }),
      )
      .returning('count')
      .executeTakeFirst();
    if ((row?.count ?? 0) > limit.max) blocked = true;
  }
  if (blocked) throw tooManyRequests();
}

/** Gives back one attempt taken by `consumeAttempt` or `reserveBackoffAttempt` that did not count. */
export async function refundAttempts(deps: Deps, keys: string[]) {
  await queries(deps.database.sql)
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb.fn<number>('greatest', [eb('count', '-', 1), eb.lit(0)]) }))
    .where((eb) => eb('key', '=', eb.fn.any(pg<string[]>`${keys}::text[]`)))
    .execute();
}

export async function clearAttempts(deps: Deps, keys: string[]) {
  await queries(deps.database.sql)
    .deleteFrom('rate_limits')
    .where((eb) => eb('key', '=', eb.fn.any(pg<string[]>`${keys}::text[]`)))
    .execute();
}

const proxiesByEnv = new WeakMap<object, TrustedProxies>();

/**
 * The caller's IP address: the socket's peer, or, when the peer is one of TRUSTED_PROXIES, the
 * address those proxies recorded in X-Forwarded-For (http/client-ip.ts). A header from anyone
 * else is ignored. Calls made inside this process on a visitor's behalf (page rendering) carry
 * the visitor's socket; those with none (tests, payments reaching the simulator) are our own.
 */
export function clientIp(c: Context<AppEnv>): string {
  const env = c.get('deps').env;
  let proxies = proxiesByEnv.get(env);
  if (!proxies) {
    proxies = new TrustedProxies(env.trustedProxies);
    proxiesByEnv.set(env, proxies);
  }
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  return proxies.clientIp(peer, c.req.header('x-forwarded-for'));
}

/** Counters older than every window and back-off are worth nothing: older than this, deleted. */
export const RATE_LIMIT_KEEP_MS = 2 * 60 * MINUTES;

/** Deletes expired counters, so the table holds only the last two hours' attempts. */
export async function pruneRateLimits(deps: Deps, now = Date.now()): Promise<number> {
  const rows = await queries(deps.database.sql)
    .deleteFrom('rate_limits')
    .where('last_request', '<', now - RATE_LIMIT_KEEP_MS)
    .returning('key')
    .execute();
  return rows.length;
}

export const pruneRateLimitsJob = defineJob<Record<string, never>>({
  name: 'prune-rate-limits',
  background: true,
  // The next run is the retry.
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    await pruneRateLimits(deps);
  },
});
