import { sql as pg } from 'kysely';
import { isAdminRole, LIMITS, type Role } from '#shared/constants';
import type { AppDeps, ResolvedSession, SessionUser } from '../../context';
import { prepared, queries } from '../../platform/db/queries';
import { hasCookie, readSignedCookie } from './session-cookie';

// Sessions: the signed-in user behind a request, and idle sign-out

export const idleMinutesFor = (role: Role): number =>
  isAdminRole(role) ? LIMITS.idleMinutesAdmin : LIMITS.idleMinutesShopper;

const TOUCH_EVERY_MS = 60_000;

/** A session and its user, by the cookie's token: the one query of every signed-in request. */
const sessionByToken = prepared<{ token: string }>()((db, value) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.expires_at',
      's.last_active_at',
      's.created_at',
      'u.id as user_id',
      'u.email',
      'u.role',
      'u.first_name',
      'u.last_name',
      'u.display_name',
    ])
    .where('s.token', '=', value('token')),
);

/**
 * The signed-in user behind a request's cookie. Refuses (and deletes) a session idle for longer
 * than the role allows; otherwise records activity, at most once a minute to keep writes cheap.
 *
 * Every signed-in request comes through here, so the usual case is one query: the cookie's
 * signature is checked here, then the session and its user are read together. Whatever is not
 * the usual case goes to Better Auth's own reading, which then also clears a bad cookie: no
 * session (or an expired one), a session due for its daily renewal (a new expiry and cookie),
 * and cookies we do not set (a cookie cache, "don't remember me").
 */
export async function resolveSession(deps: AppDeps, headers: Headers): Promise<ResolvedSession> {
  const cookie = headers.get('cookie');
  if (!cookie?.includes('session_token=')) return { user: null, setCookies: [], idleExpired: false };
  const context = await deps.auth.$context;
  const cookies = context.authCookies;
  const usual =
    !hasCookie(cookie, cookies.sessionData.name) && !hasCookie(cookie, cookies.dontRememberToken.name);
  const token = usual ? readSignedCookie(cookie, cookies.sessionToken.name, context.secret) : null;
  if (token) {
    const [row] = await sessionByToken(deps.database.reads, { token });
    const { expiresIn, updateAge } = context.sessionConfig;
    const renewDue = row && row.expires_at.getTime() - (expiresIn - updateAge) * 1000 <= Date.now();
    if (row && row.expires_at.getTime() > Date.now() && !renewDue) {
      return activeSession(deps, {
        sessionId: row.session_id,
        lastActiveAt: row.last_active_at ?? row.created_at,
        user: {
          id: row.user_id,
          email: row.email,
          role: row.role ?? 'customer',
          firstName: row.first_name ?? '',
          lastName: row.last_name ?? '',
          displayName: row.display_name,
        },
        setCookies: [],
      });
    }
  }
  const auth = deps.auth;
  const result = await auth.api.getSession({
    headers: new Headers({ cookie }),
    query: { disableCookieCache: true },
    returnHeaders: true,
  });
  const setCookies = result.headers.getSetCookie();
  const found = result.response;
  if (!found) return { user: null, setCookies, idleExpired: false };
  return activeSession(deps, {
    sessionId: found.session.id,
    lastActiveAt: new Date(found.session.lastActiveAt ?? found.session.createdAt),
    user: {
      id: found.user.id,
      email: found.user.email,
      role: (found.user.role ?? 'customer') as Role,
      firstName: found.user.firstName ?? '',
      lastName: found.user.lastName ?? '',
      displayName: found.user.displayName ?? null,
    },
    setCookies,
  });
}

/** Idle sign-out and the activity stamp, for a session found good. */
async function activeSession(
  deps: AppDeps,
  found: {
    sessionId: string;
    lastActiveAt: Date;
    user: Omit<SessionUser, 'sessionId'>;
    setCookies: string[];
  },
): Promise<ResolvedSession> {
  const idleMs = Date.now() - found.lastActiveAt.getTime();
  if (idleMs > idleMinutesFor(found.user.role) * 60_000) {
    await queries(deps.database.sql).deleteFrom('sessions').where('id', '=', found.sessionId).execute();
    return { user: null, setCookies: found.setCookies, idleExpired: true };
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await queries(deps.database.sql)
      .updateTable('sessions')
      .set({ last_active_at: pg<Date>`now()` })
      .where('id', '=', found.sessionId)
      .execute();
  }
  return {
    user: { ...found.user, sessionId: found.sessionId },
    setCookies: found.setCookies,
    idleExpired: false,
  };
}

/**
 * The role behind a session that is still good (not signed out, expired or idle past the role's
 * limit), or null. Reads only: long-lived connections (live updates) check with it before each
 * message, and must not count as activity that keeps an idle session alive.
 */
export async function activeSessionRole(
  deps: Pick<AppDeps, 'database'>,
  sessionId: string,
): Promise<Role | null> {
  const row = await queries(deps.database.reads)
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.role',
      pg<number>`(extract(epoch FROM now() - coalesce(s.last_active_at, s.created_at)) * 1000)::float8`.as(
        'idle_ms',
      ),
    ])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', pg<Date>`now()`)
    .executeTakeFirst();
  if (!row || row.idle_ms > idleMinutesFor(row.role) * 60_000) return null;
  return row.role;
}
