import type { AppDeps } from '../../context';
import { renderBrandEmail } from '../email/layout';
import { type EmailMessage, queueEmail } from '../email/outbox';
import { getStoreIdentity } from '../email/store-identity';

type Deps = Pick<AppDeps, 'database' | 'env' | 'jobs'>;

/** The email row and its delivery job in one transaction (the account change is Better Auth's own). */
const queue = (deps: Deps, message: EmailMessage) =>
  deps.database.transaction((sql) => queueEmail(deps, sql, message));

/** `${PUBLIC_URL}/auth/confirm?token_hash=…&type=signup`, the page that POSTs /api/auth/confirm. */
export const confirmationUrl = (env: AppDeps['env'], token: string) =>
  `${env.publicUrl}/auth/confirm?token_hash=${encodeURIComponent(token)}&type=signup`;

/** The token travels in the fragment so it never reaches server logs or Referer headers. */
export const resetPasswordUrl = (env: AppDeps['env'], token: string) =>
  `${env.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;

export async function sendConfirmationEmail(deps: Deps, to: string, firstName: string, token: string) {
  const store = await getStoreIdentity(deps);
  const content = renderBrandEmail(store, {
    preheader: 'Confirm your email address to finish creating your account.',
    heading: 'Confirm your email address',
    paragraphs: [
      `Hi ${firstName || 'there'},`,
      `Thanks for creating an account with ${store.name}. Please confirm your email address to start shopping.`,
    ],
    button: { label: 'Confirm email', url: confirmationUrl(deps.env, token) },
    note: 'This link expires in 1 hour. If you did not create an account, you can ignore this email.',
  });
  return queue(deps, {
    to,
    subject: `Confirm your ${store.name} account`,
    kind: 'confirm_email',
    ...content,
  });
}

export async function sendPasswordResetEmail(deps: Deps, to: string, firstName: string, token: string) {
  const store = await getStoreIdentity(deps);
  const content = renderBrandEmail(store, {
    preheader: 'Reset your password.',
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${firstName || 'there'},`,
      'We received a request to reset the password of your account. Choose a new password with the button below.',
    ],
    button: { label: 'Reset password', url: resetPasswordUrl(deps.env, token) },
    note: 'This link can be used once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same.',
  });
  return queue(deps, {
    to,
    subject: `Reset your ${store.name} password`,
    kind: 'password_reset',
    ...content,
  });
}

/**
 * Sent instead of a second account when someone registers with an address that already has one:
 * the registration page answers the same either way, so only the mailbox owner learns it exists.
 */
export async function sendAccountExistsEmail(deps: Deps, to: string, firstName: string) {
  const store = await getStoreIdentity(deps);
  const content = renderBrandEmail(store, {
    heading: 'You already have an account',
    paragraphs: [
      `Hi ${firstName || 'there'},`,
      `Someone (hopefully you) tried to create a ${store.name} account with this email address, but it already has one.`,
      'You can sign in, or reset your password if you have forgotten it.',
    ],
    button: { label: 'Sign in', url: `${deps.env.publicUrl}/login` },
    note: 'If this was not you, you can ignore this email.',
  });
  return queue(deps, { to, subject: `Your ${store.name} account`, kind: 'account_exists', ...content });
}
