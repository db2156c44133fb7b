import { type Context, Hono } from 'hono';
import { z } from 'zod';
import {
  changePasswordRequest,
  confirmEmailRequest,
  createAddressRequest,
  emailOnlyRequest,
  MESSAGES,
  registerRequest,
  resetLinkCheckRequest,
  resetPasswordRequest,
  signInRequest,
  updateAddressRequest,
  updateProfileRequest,
} from '#shared/schemas/accounts';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import { readJson, readParams } from '../../validate';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './addresses';
import type { RequestMeta } from './auth-request';
import { requireUser } from './guards';
import { changePassword, requestPasswordReset, resetLinkIsValid, resetPassword } from './passwords';
import { getProfile, updateProfile } from './profile';
import { clientIp } from './rate-limit';
import { confirmEmail, registerAccount, resendConfirmation } from './registration';
import { signIn, signOut } from './sign-in';

const meta = (c: Context<AppEnv>): RequestMeta => ({ ip: clientIp(c), headers: c.req.raw.headers });

const forward = (c: Context<AppEnv>, setCookies: string[]) => {
  for (const line of setCookies) c.header('set-cookie', line, { append: true });
};

const addressParams = z.object({ id: z.uuid('Address not found') });

/** /api/auth/*: registration, confirmation, sign-in/out, password reset, the current session. */
export function authRoutes() {
  return new Hono<AppEnv>()
    .post('/auth/register', async (c) => {
      const input = await readJson(c, registerRequest);
      await registerAccount(c.get('deps'), input, meta(c));
      return c.json({ message: MESSAGES.registered }, 201);
    })
    .post('/auth/confirm', async (c) => {
      const input = await readJson(c, confirmEmailRequest);
      const result = await confirmEmail(c.get('deps'), { tokenHash: input.token_hash, type: input.type });
      forward(c, result.setCookies);
      return c.json({ message: MESSAGES.emailConfirmed, signedIn: result.signedIn });
    })
    .post('/auth/resend-confirmation', async (c) => {
      const { email } = await readJson(c, emailOnlyRequest);
      await resendConfirmation(c.get('deps'), email, meta(c));
      return c.json({ message: MESSAGES.resent });
    })
    .post('/auth/sign-in', async (c) => {
      const input = await readJson(c, signInRequest);
      const result = await signIn(c.get('deps'), input, meta(c));
      forward(c, result.setCookies);
      return c.json({ user: result.user, message: MESSAGES.signedIn });
    })
    .post('/auth/sign-out', async (c) => {
      const result = await signOut(c.get('deps'), meta(c));
      forward(c, result.setCookies);
      return c.json({ message: MESSAGES.signedOut });
    })
    .post('/auth/forgot-password', async (c) => {
      const { email } = await readJson(c, emailOnlyRequest);
      await requestPasswordReset(c.get('deps'), email, meta(c));
      return c.json({ message: MESSAGES.resetSent });
    })
    .post('/auth/reset-password/check', async (c) => {
      const { token } = await readJson(c, resetLinkCheckRequest);
      c.header('cache-control', 'no-store');
      if (!(await resetLinkIsValid(c.get('deps'), token))) {
        throw new AppError('invalid_token', 400, MESSAGES.invalidResetLink);
      }
      return c.json({ valid: true });
    })
    .post('/auth/reset-password', async (c) => {
      const input = await readJson(c, resetPasswordRequest);
      await resetPassword(c.get('deps'), input);
      return c.json({ message: MESSAGES.passwordUpdated });
    })
    .get('/auth/session', async (c) => {
      const user = c.get('user');
      c.header('cache-control', 'no-store');
      return c.json({ user: user ? await getProfile(c.get('deps'), user.id) : null });
    });
}

/** /api/account/*: the signed-in person's settings, password and saved addresses. */
export function accountRoutes() {
  return new Hono<AppEnv>()
    .patch('/account/profile', async (c) => {
      const user = requireUser(c);
      const input = await readJson(c, updateProfileRequest);
      return c.json({
        user: await updateProfile(c.get('deps'), user.id, input),
        message: MESSAGES.profileUpdated,
      });
    })
    .post('/account/password', async (c) => {
      const user = requireUser(c);
      const input = await readJson(c, changePasswordRequest);
      const result = await changePassword(c.get('deps'), user, input, meta(c));
      forward(c, result.setCookies);
      return c.json({ message: MESSAGES.passwordUpdated });
    })
    .get('/account/addresses', async (c) => {
      const user = requireUser(c);
      return c.json({ addresses: await listAddresses(c.get('deps'), user.id) });
    })
    .post('/account/addresses', async (c) => {
      const user = requireUser(c);
      const input = await readJson(c, createAddressRequest);
      return c.json({ address: await addAddress(c.get('deps'), user.id, input) }, 201);
    })
    .patch('/account/addresses/:id', async (c) => {
      const user = requireUser(c);
      const { id } = readParams(c, addressParams);
      const input = await readJson(c, updateAddressRequest);
      return c.json({ address: await editAddress(c.get('deps'), user.id, id, input) });
    })
    .post('/account/addresses/:id/default', async (c) => {
      const user = requireUser(c);
      const { id } = readParams(c, addressParams);
      return c.json({ address: await setDefaultAddress(c.get('deps'), user.id, id) });
    })
    .delete('/account/addresses/:id', async (c) => {
      const user = requireUser(c);
      const { id } = readParams(c, addressParams);
      await deleteAddress(c.get('deps'), user.id, id);
      return c.json({ message: 'Address deleted' });
    });
}
