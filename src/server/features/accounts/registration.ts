import { MESSAGES } from '#shared/schemas/accounts';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import { AppError, badRequest } from '../../platform/errors';
import { authHeaders, byAddress, errorCode, type RequestMeta, type WithCookies } from './auth-request';
import { displayNameOf } from './profile';
import { consumeAttempt, LIMITS_BY_ACTION } from './rate-limit';

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
    const existing = await queries(deps.database.sql)
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
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
