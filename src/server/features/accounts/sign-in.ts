import { MESSAGES, type SessionUserDto } from '#shared/schemas/accounts';
import type { AppDeps } from '../../context';
import { AppError } from '../../platform/errors';
import { authHeaders, byAddress, errorCode, type RequestMeta, type WithCookies } from './auth-request';
import { getProfile } from './profile';
import {
  clearAttempts,
  consumeAttempt,
  LIMITS_BY_ACTION,
  refundAttempts,
  reserveBackoffAttempt,
  stampBackoffFailure,
} from './rate-limit';

// Sign-in and sign-out

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
      throw new AppError('invalid_credentials', 401, MESSAGES.invalidCredentials);
    }
    if (code === 'EMAIL_NOT_VERIFIED') {
      // Better Auth says so only after the password was right.
      await clearAttempts(deps, [pairKey]);
      await refundAttempts(deps, [ipKey]);
      throw new AppError('email_not_confirmed', 403, MESSAGES.emailNotConfirmed);
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
