import { sql as pg } from 'kysely';
import { MESSAGES } from '#shared/schemas/accounts';
import { type AppDeps, defineJob, type SessionUser } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { AppError, unauthorized } from '../../platform/errors';
import { authHeaders, byAddress, errorCode, type RequestMeta, type WithCookies } from './auth-request';
import { profileChange } from './profile';
import { clearAttempts, consumeAttempt, LIMITS_BY_ACTION, refundAttempts } from './rate-limit';

// Passwords: reset by email, change when signed in

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

/** The account a reset token is for while the token is good (unused, unexpired); undefined otherwise. */
const pendingReset = (sql: SqlRunner, token: string) =>
  queries(sql)
    .selectFrom('verifications')
    .select('value')
    .where('identifier', '=', `reset-password:${token}`)
    .where('expires_at', '>', pg<Date>`now()`)
    .executeTakeFirst();

/** Whether a reset link's token is still good (unused, unexpired), without using it up. */
export async function resetLinkIsValid(deps: AppDeps, token: string): Promise<boolean> {
  return (await pendingReset(deps.database.sql, token)) !== undefined;
}

/**
 * Sets a new password from a reset token, consuming the token and deleting every session of the
 * account. Following the emailed link also proves the address, so the account counts as confirmed.
 */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }) {
  const pending = await pendingReset(deps.database.sql, input.token);
  const auth = deps.auth;
  try {
    await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (error) {
    if (errorCode(error)) throw new AppError('invalid_token', 400, MESSAGES.invalidResetLink);
    throw error;
  }
  if (pending) {
    await deps.database.transaction(async (sql) => {
      const confirmed = await queries(sql)
        .updateTable('users')
        .set({ email_verified: true, updated_at: pg<Date>`now()` })
        .where('id', '=', pending.value)
        .where((eb) => eb.not(eb.ref('email_verified')))
        .returning('id')
        .executeTakeFirst();
      if (confirmed) await announce(sql, profileChange(pending.value, 'confirmed'));
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
