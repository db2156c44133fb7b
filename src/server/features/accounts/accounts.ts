/**
 * Accounts: registration, confirmation, sign-in/out, passwords, profile and admin creation.
 * Better Auth (auth.ts) does the credential work (scrypt hashing, sessions, tokens); these
 * functions add our rules (rate limits, messages, no account enumeration) and are the only way
 * the rest of the server touches accounts.
 */
import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { isAdminRole, LIMITS, type Role } from '#shared/constants';
import { MESSAGES, type SessionUserDto, strongPassword } from '#shared/schemas/accounts';
import { type AppDeps, defineJob, type ResolvedSession, type SessionUser, systemActor } from '../../context';
import { announce } from '../../platform/db/announce';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { addressKey } from '../../platform/http/client-ip';
import { recordAudit } from '../audit/record-audit';
import {
  clearAttempts,
  consumeAttempt,
  LIMITS_BY_ACTION,
  refundAttempts,
  reserveBackoffAttempt,
  stampBackoffFailure,
} from './rate-limit';
import { hasCookie, readSignedCookie } from './session-cookie';

/** What a route passes along from the HTTP request. */
export type RequestMeta = { ip: string; headers: Headers };

/** What limits per address count (an IPv6 address by its /64). */
const byAddress = (meta: RequestMeta) => addressKey(meta.ip);
/** Set-Cookie header values for the route to forward. */
export type WithCookies<T> = T & { setCookies: string[] };

const errorCode = (error: unknown): string | undefined =>
  error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;

/** Headers Better Auth reads: the session cookie, the client's address and user agent. */
function authHeaders(meta: RequestMeta): Headers {
  const headers = new Headers();
  const cookie = meta.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  const agent = meta.headers.get('user-agent');
  if (agent) headers.set('user-agent', agent.slice(0, 500));
  headers.set('x-forwarded-for', meta.ip);
  return headers;
}

const displayNameOf = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

export const idleMinutesFor = (role: Role): number =>
  isAdminRole(role) ? LIMITS.idleMinutesAdmin : LIMITS.idleMinutesShopper;

// ---------------------------------------------------------------------------------------------
// Registration and confirmation

export type RegisterInput = { firstName: string; lastName: string; email: string; password: string };

/**
 * Creates an unconfirmed account and emails the confirmation link. An address that already has an
 * account gets an 'you already have an account' email instead; the caller sees the same answer.
 */
export async function registerAccount(deps: AppDeps, input: RegisterInput, meta: RequestMeta) {
  await consumeAttempt(deps, [
    { key: `sign-up:email:${input.email}`, limit: LIMITS_BY_ACTION.signUpPerEmail },
    { key: `sign-up:ip:${byAddress(meta)}`, limit: LIMITS_BY_ACTION.signUpPerIp },
  ]);
  const auth = deps.auth;
  const name = displayNameOf(input.firstName, input.lastName);
  try {
    await auth.api.signUpEmail({
      body: {
        name,
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        displayName: name,
      },
      headers: authHeaders(meta),
    });
  } catch (error) {
    if (errorCode(error) !== 'FAILED_TO_CREATE_USER') throw error;
    // Two registrations racing for one address: the loser is told the same as everyone else, since
    // the account exists. When no account was created at all, the person must not be told it was.
    const [existing] = await deps.database.sql.query<{ id: string }>(
      'SELECT id FROM users WHERE email = $1',
      [input.email],
    );
    deps.logger.warn({ code: errorCode(error), exists: Boolean(existing) }, 'sign-up did not create a user');
    if (!existing) {
      throw new AppError('registration_failed', 500, 'We could not create your account. Please try again.');
    }
  }
}

/** Marks the email confirmed and signs the person in (a new session cookie). */
export async function confirmEmail(
  deps: AppDeps,
  input: { tokenHash: string; type: string },
): Promise<WithCookies<{ signedIn: boolean }>> {
  if (input.type !== 'signup' && input.type !== 'email') throw badRequest(MESSAGES.invalidConfirmLink);
  const auth = deps.auth;
  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token: input.tokenHash },
      returnHeaders: true,
    });
    const setCookies = headers.getSetCookie();
    return { signedIn: setCookies.some((line) => line.includes('session_token=')), setCookies };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'TOKEN_EXPIRED') {
      throw new AppError(
        'token_expired',
        400,
        'This confirmation link has expired. Sign in to request a new one.',
      );
    }
    if (code) throw new AppError('invalid_token', 400, 'Failed to confirm email. Please try again.');
    throw error;
  }
}

/** Sends a new confirmation link if the account exists and is unconfirmed; silent otherwise. */
export async function resendConfirmation(deps: AppDeps, email: string, meta: RequestMeta) {
  await consumeAttempt(deps, [
    { key: `resend:email:${email}`, limit: LIMITS_BY_ACTION.resendPerEmail },
    { key: `resend:ip:${byAddress(meta)}`, limit: LIMITS_BY_ACTION.resendPerIp },
  ]);
  const auth = deps.auth;
  try {
    await auth.api.sendVerificationEmail({ body: { email } });
  } catch (error) {
    deps.logger.warn({ code: errorCode(error) }, 'resending the confirmation email failed');
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * Checks the password and starts a new session (always a fresh token). Attempts slow down the
 * address that makes them, never the account's owner elsewhere: per account and address an
 * exponential back-off after a few failures (`SIGN_IN_BACKOFF`), per address a cap across
 * accounts. Each attempt is counted before the password is checked and given back unless it was
 * a wrong guess, so a burst of parallel guesses is counted guess by guess and only the allowed
 * number reach the password check. Unknown accounts are treated exactly like known ones.
 */
export async function signIn(
  deps: AppDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<WithCookies<{ user: SessionUserDto }>> {
  const pairKey = `sign-in:pair:${input.email}|${byAddress(meta)}`;
  const ipKey = `sign-in:ip:${byAddress(meta)}`;
  await consumeAttempt(deps, [{ key: ipKey, limit: LIMITS_BY_ACTION.signInPerIp }]);
  try {
    await reserveBackoffAttempt(deps, pairKey);
  } catch (error) {
    await refundAttempts(deps, [ipKey]);
    throw error;
  }
  const auth = deps.auth;
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    await clearAttempts(deps, [pairKey]);
    await refundAttempts(deps, [ipKey]);
    const user = await getProfile(deps, response.user.id);
    return { user, setCookies: headers.getSetCookie() };
  } catch (error) {
    const code = errorCode(error);
    // A wrong guess keeps both counts; the pair's wait runs from now.
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL' || code === 'PASSWORD_TOO_LONG') {
      await stampBackoffFailure(deps, pairKey);
      throw new AppError('invalid_credentials', 401, 'Invalid email or password.');
    }
    if (code === 'EMAIL_NOT_VERIFIED') {
      // Better Auth says so only after the password was right.
      await clearAttempts(deps, [pairKey]);
      await refundAttempts(deps, [ipKey]);
      throw new AppError(
        'email_not_confirmed',
        403,
        'Please confirm your email address before signing in. Check your inbox for the confirmation link, or send a new one.',
      );
    }
    await refundAttempts(deps, [pairKey, ipKey]);
    throw error;
  }
}

/** Deletes the current session (if any) and clears the cookie. */
export async function signOut(deps: AppDeps, meta: RequestMeta): Promise<WithCookies<object>> {
  const auth = deps.auth;
  const { headers } = await auth.api.signOut({ headers: authHeaders(meta), returnHeaders: true });
  return { setCookies: headers.getSetCookie() };
}

const TOUCH_EVERY_MS = 60_000;

type SessionRow = {
  session_id: string;
  expires_at: Date;
  last_active_at: Date | null;
  created_at: Date;
  user_id: string;
  email: string;
  role: Role | null;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
};

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
    const [row] = await deps.database.sql.query<SessionRow>(
      `SELECT s.id AS session_id, s.expires_at, s.last_active_at, s.created_at,
              u.id AS user_id, u.email, u.role, u.first_name, u.last_name, u.display_name
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token = $1`,
      [token],
    );
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
    await deps.database.sql.query('DELETE FROM sessions WHERE id = $1', [found.sessionId]);
    return { user: null, setCookies: found.setCookies, idleExpired: true };
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await deps.database.sql.query('UPDATE sessions SET last_active_at = now() WHERE id = $1', [
      found.sessionId,
    ]);
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
  const [row] = await deps.database.sql.query<{ role: Role; idle_ms: number }>(
    `SELECT u.role, (extract(epoch FROM now() - coalesce(s.last_active_at, s.created_at)) * 1000)::float8 AS idle_ms
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.expires_at > now()`,
    [sessionId],
  );
  if (!row || row.idle_ms > idleMinutesFor(row.role) * 60_000) return null;
  return row.role;
}

// ---------------------------------------------------------------------------------------------
// Passwords

/**
 * Asks for a single-use, one-hour reset link to be emailed if the account exists. The request
 * only counts the attempt and enqueues the password-reset job, whether or not the address has an
 * account: both paths do the same work, so neither the answer nor its timing tells them apart.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta) {
  await consumeAttempt(deps, [
    { key: `reset:email:${email}`, limit: LIMITS_BY_ACTION.resetPerEmail },
    { key: `reset:ip:${byAddress(meta)}`, limit: LIMITS_BY_ACTION.resetPerIp },
  ]);
  await deps.jobs.enqueue(deps.database.sql, passwordResetJob, { email });
}

/**
 * Looks the address up and, when it has an account, creates the reset token and queues the email
 * (Better Auth's sendResetPassword hook, in auth.ts). Nothing happens for an unknown address.
 */
export const passwordResetJob = defineJob<{ email: string }>({
  name: 'password-reset',
  retryLimit: 3,
  retryDelaySeconds: 10,
  async run({ email }, { deps }) {
    await deps.auth.api.requestPasswordReset({ body: { email } });
  },
});

/**
 * Sets a new password from a reset token, consuming the token and deleting every session of the
 * account. Following the emailed link also proves the address, so the account counts as confirmed.
 */
/** Whether a reset link's token is still good (unused, unexpired), without using it up. */
export async function resetLinkIsValid(deps: AppDeps, token: string): Promise<boolean> {
  const rows = await deps.database.sql.query(
    `SELECT 1 FROM verifications WHERE identifier = $1 AND expires_at > now()`,
    [`reset-password:${token}`],
  );
  return rows.length > 0;
}

export async function resetPassword(deps: AppDeps, input: { token: string; password: string }) {
  const [pending] = await deps.database.sql.query<{ value: string }>(
    `SELECT value FROM verifications WHERE identifier = $1 AND expires_at > now()`,
    [`reset-password:${input.token}`],
  );
  const auth = deps.auth;
  try {
    await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (error) {
    if (errorCode(error)) throw new AppError('invalid_token', 400, MESSAGES.invalidResetLink);
    throw error;
  }
  if (pending) {
    await deps.database.transaction(async (sql) => {
      const confirmed = await sql.query(
        'UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1 AND NOT email_verified RETURNING id',
        [pending.value],
      );
      if (confirmed.length > 0) await announce(sql, profileChange(pending.value, 'confirmed'));
    });
  }
}

/**
 * Changes the password after checking the current one. Every session of the account is deleted
 * and the caller gets a new one, so a stolen session cannot outlive the change.
 */
export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<WithCookies<object>> {
  const key = `change-password:user:${user.id}`;
  // Counted before the check, so parallel guesses are each counted (see signIn).
  await consumeAttempt(deps, [{ key, limit: LIMITS_BY_ACTION.changePasswordPerAccount }]);
  const auth = deps.auth;
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: authHeaders(meta),
      returnHeaders: true,
    });
    await clearAttempts(deps, [key]);
    return { setCookies: headers.getSetCookie() };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'INVALID_PASSWORD') {
      throw new AppError('invalid_current_password', 400, 'Your current password is incorrect.', {
        fields: { currentPassword: 'Your current password is incorrect.' },
      });
    }
    await refundAttempts(deps, [key]);
    if (code === 'UNAUTHORIZED') throw unauthorized();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Profile

type ProfileRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string | null;
  phone: string | null;
  role: Role;
};

const toDto = (row: ProfileRow): SessionUserDto => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: row.display_name,
  phone: row.phone,
  role: row.role,
  isAdmin: isAdminRole(row.role),
  idleTimeoutMinutes: idleMinutesFor(row.role),
});

export async function getProfile(deps: Pick<AppDeps, 'database'>, userId: string): Promise<SessionUserDto> {
  const [row] = await deps.database.sql.query<ProfileRow>(
    `SELECT id, email, first_name, last_name, display_name, phone, role FROM users WHERE id = $1`,
    [userId],
  );
  if (!row) throw unauthorized();
  return toDto(row);
}

export type ProfileInput = {
  firstName: string;
  lastName: string;
  displayName: string | null;
  phone: string | null;
};

export async function updateProfile(
  deps: Pick<AppDeps, 'database'>,
  userId: string,
  input: ProfileInput,
): Promise<SessionUserDto> {
  const row = await deps.database.transaction(async (sql) => {
    const [updated] = await sql.query<ProfileRow>(
      `UPDATE users SET first_name = $2, last_name = $3, display_name = $4, phone = $5,
         name = coalesce($4, $2 || ' ' || $3), updated_at = now()
       WHERE id = $1
       RETURNING id, email, first_name, last_name, display_name, phone, role`,
      [userId, input.firstName, input.lastName, input.displayName, input.phone],
    );
    if (updated) await announce(sql, profileChange(userId, 'updated'));
    return updated;
  });
  if (!row) throw unauthorized();
  return toDto(row);
}

/** A profile changed: admin screens of customers read it again. */
const profileChange = (userId: string, action: string) =>
  ({ table: 'users', id: userId, userId, action }) as const;

// ---------------------------------------------------------------------------------------------
// Accounts created by the shop itself (admin command, demo admin, test factories)

export type CreateAccountInput = {
  email: string;
  password: string;
  role?: Role;
  confirmed?: boolean;
  firstName?: string;
  lastName?: string;
};

/** Writes an account with its credential directly (hashed as Better Auth hashes at sign-up). */
export async function createAccount(deps: AppDeps, input: CreateAccountInput): Promise<{ id: string }> {
  const auth = deps.auth;
  const hash = await (await auth.$context).password.hash(input.password);
  const firstName = input.firstName ?? '';
  const lastName = input.lastName ?? '';
  return deps.database.transaction(async (sql) => {
    const [user] = await sql.query<{ id: string }>(
      `INSERT INTO users (email, email_verified, name, first_name, last_name, display_name, role)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        input.email.trim().toLowerCase(),
        input.confirmed ?? true,
        displayNameOf(firstName, lastName),
        firstName,
        lastName,
        displayNameOf(firstName, lastName) || null,
        input.role ?? 'customer',
      ],
    );
    await sql.query(
      `INSERT INTO accounts (user_id, account_id, provider_id, password) VALUES ($1, $3, 'credential', $2)`,
      [user!.id, hash, user!.id],
    );
    await announce(sql, profileChange(user!.id, 'created'));
    return { id: user!.id };
  });
}

/** A password that passes the reset page's rules (upper, lower, number, 8+). */
export const generatePassword = () => `${randomBytes(12).toString('base64url')}-Aa7`;

export type AdminResult = { userId: string; email: string; role: Role; created: boolean; password?: string };

/**
 * Creates a confirmed admin, or promotes (and confirms) an existing account. A given password
 * replaces the account's password and signs out its sessions; without one a new account gets a
 * generated password, returned once. A super_admin is never demoted by this command.
 */
export async function createOrPromoteAdmin(
  deps: AppDeps,
  input: { email: string; password?: string; superAdmin?: boolean },
): Promise<AdminResult> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) {
    const check = strongPassword.safeParse(input.password);
    if (!check.success) throw badRequest(check.error.issues[0]?.message ?? 'Invalid password');
  }
  const wanted: Role = input.superAdmin ? 'super_admin' : 'admin';
  const [existing] = await deps.database.sql.query<{ id: string; role: Role }>(
    'SELECT id, role FROM users WHERE email = $1',
    [email],
  );
  if (!existing) {
    const password = input.password ?? generatePassword();
    const { id } = await createAccount(deps, { email, password, role: wanted, confirmed: true });
    return {
      userId: id,
      email,
      role: wanted,
      created: true,
      password: input.password ? undefined : password,
    };
  }
  const role: Role = existing.role === 'super_admin' ? 'super_admin' : wanted;
  const hash = input.password ? await (await deps.auth.$context).password.hash(input.password) : undefined;
  await deps.database.transaction(async (sql) => {
    await sql.query('UPDATE users SET role = $2, email_verified = true, updated_at = now() WHERE id = $1', [
      existing.id,
      role,
    ]);
    if (hash) {
      const updated = await sql.query(
        `UPDATE accounts SET password = $2, updated_at = now() WHERE user_id = $1 AND provider_id = 'credential' RETURNING id`,
        [existing.id, hash],
      );
      if (updated.length === 0) {
        await sql.query(
          `INSERT INTO accounts (user_id, account_id, provider_id, password) VALUES ($1, $3, 'credential', $2)`,
          [existing.id, hash, existing.id],
        );
      }
      await sql.query('DELETE FROM sessions WHERE user_id = $1', [existing.id]);
    }
    // A role given by the command is in the audit log like one given in the panel (nothing when unchanged).
    await recordAudit(sql, systemActor('script'), {
      action: 'role_changed',
      entityType: 'user',
      entityId: existing.id,
      before: { role: existing.role },
      after: { role },
      details: { email },
    });
    await announce(sql, profileChange(existing.id, 'role_changed'));
  });
  return { userId: existing.id, email, role, created: false };
}

export const DEMO_ADMIN_EMAIL = 'admin@naijastreet.test';

/**
 * Outside production with demo data on: a demo super admin, created once with a random password.
 * Returns that password when this call created the account, null when it existed already (see
 * demo-admin.ts, which keeps the password in the data folder for the start-up block).
 */
export async function ensureDemoAdmin(deps: AppDeps): Promise<string | null> {
  if (deps.env.isProduction) return null;
  const [existing] = await deps.database.sql.query('SELECT 1 FROM users WHERE email = $1', [
    DEMO_ADMIN_EMAIL,
  ]);
  if (existing) return null;
  const password = generatePassword();
  try {
    await createAccount(deps, {
      email: DEMO_ADMIN_EMAIL,
      password,
      role: 'super_admin',
      confirmed: true,
      firstName: 'Demo',
      lastName: 'Admin',
    });
  } catch (error) {
    // Another server process starting at the same moment created it.
    if ((error as { code?: unknown }).code === '23505') return null;
    throw error;
  }
  return password;
}
