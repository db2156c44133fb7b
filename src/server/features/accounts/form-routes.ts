import { type Context, Hono } from 'hono';
import { emailOnlyRequest, messageKeyOf, registerRequest, signInRequest } from '#shared/schemas/accounts';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from './auth-request';
import { htmlForm, sameQuery, seeOther, sendPostedAnswer } from './html-forms';
import { requestPasswordReset } from './passwords';
import { clientIp } from './rate-limit';
import { registerAccount } from './registration';
import { signIn, signOut } from './sign-in';

const meta = (c: Context<AppEnv>): RequestMeta => ({ ip: clientIp(c), headers: c.req.raw.headers });

/** Field → value for a schema: what the form sent, each field once ('' when absent). */
const fields = (form: URLSearchParams, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, form.get(name) ?? '']));

/**
 * Back to the page the form was posted from, saying what went wrong: `?problem=` names one of the
 * shop's account messages (messageKeyOf), which the page shows. What was typed is not sent back.
 */
function backWithProblem(c: Context<AppEnv>, page: string, message: string) {
  return seeOther(c, `${page}${sameQuery(c, { problem: messageKeyOf(message) })}`);
}

/** Runs `work`; an AppError (a refusal in the shop's words) goes back to the page with its message. */
async function orBack(c: Context<AppEnv>, page: string, work: () => Promise<Response>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return backWithProblem(c, page, error.message);
    throw error;
  }
}

/** A sign-in form posted from `page`: signed in, the visitor goes back there (`back`). */
function signInForm(page: string, back: (c: Context<AppEnv>) => string) {
  return htmlForm(async (c, form) => {
    const parsed = signInRequest.safeParse(fields(form, ['email', 'password']));
    if (!parsed.success) return backWithProblem(c, page, parsed.error.issues[0]!.message);
    return orBack(c, page, async () => {
      const result = await signIn(c.get('deps'), parsed.data, meta(c));
      for (const line of result.setCookies) c.header('set-cookie', line, { append: true });
      return seeOther(c, back(c));
    });
  });
}

/**
 * The account forms as plain HTML forms, for a press that lands before the page's script has
 * taken over (the script then posts JSON to /api/auth/* instead): sign in (the shop's and Admin
 * Access), sign up, sign out and forgot password. Each calls the same domain function as its API
 * route.
 */
export function accountFormRoutes() {
  return (
    new Hono<AppEnv>()
      // The login page sends a signed-in visitor on to where they were going (its `redirect`).
      .post('/login', ...signInForm('/login', (c) => `/login${sameQuery(c, { problem: null })}`))
      // Admin Access sends an admin on to the dashboard, and tells anyone else the account has no
      // admin access (the panel and the admin API refuse it anyway).
      .post('/admin', ...signInForm('/admin', () => '/admin'))
      .post(
        '/register',
        ...htmlForm(async (c, form) => {
          const parsed = registerRequest.safeParse(
            fields(form, ['firstName', 'lastName', 'email', 'password', 'confirmPassword']),
          );
          if (!parsed.success) return backWithProblem(c, '/register', parsed.error.issues[0]!.message);
          return orBack(c, '/register', async () => {
            await registerAccount(c.get('deps'), parsed.data, meta(c));
            return seeOther(c, '/register?done=1');
          });
        }),
      )
      .post(
        '/logout',
        ...htmlForm(async (c) => {
          const result = await signOut(c.get('deps'), meta(c));
          for (const line of result.setCookies) c.header('set-cookie', line, { append: true });
          sendPostedAnswer(c, { kind: 'signed-out' });
          return seeOther(c, '/');
        }),
      )
      .post(
        '/forgot-password',
        ...htmlForm(async (c, form) => {
          const parsed = emailOnlyRequest.safeParse(fields(form, ['email']));
          if (!parsed.success) return backWithProblem(c, '/forgot-password', parsed.error.issues[0]!.message);
          return orBack(c, '/forgot-password', async () => {
            // The answer is the same whether or not the address has an account.
            await requestPasswordReset(c.get('deps'), parsed.data.email, meta(c));
            return seeOther(c, '/forgot-password?sent=1');
          });
        }),
      )
  );
}
