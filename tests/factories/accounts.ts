import { randomUUID } from 'node:crypto';
import type { Role } from '#shared/constants';
import { createAccount } from '../../src/server/features/accounts/shop-created-accounts';
import type { TestApp } from '../setup/test-app';

export type CreateUserOptions = {
  role?: Role;
  email?: string;
  password?: string;
  /** Email confirmed (default true): unconfirmed accounts cannot sign in. */
  confirmed?: boolean;
  firstName?: string;
  lastName?: string;
};

export type TestUser = { id: string; email: string; password: string };

/** An account written straight to the database, as registration + confirmation would leave it. */
export async function createUser(t: TestApp, options: CreateUserOptions = {}): Promise<TestUser> {
  const email = (options.email ?? `user-${randomUUID().slice(0, 8)}@example.test`).toLowerCase();
  const password = options.password ?? 'Passw0rd!';
  const { id } = await createAccount(t.deps, {
    email,
    password,
    role: options.role ?? 'customer',
    confirmed: options.confirmed ?? true,
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName ?? 'Obi',
  });
  return { id, email, password };
}

/**
 * Signs in through the real endpoint and returns the session cookie as `name=value`, ready to
 * pass as `{ cookie }` to `t.request`. Fails loudly so a broken sign-in is not mistaken for a
 * guest request in the caller's test.
 */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.request('/api/auth/sign-in', { method: 'POST', json: { email, password } });
  if (response.status !== 200) {
    throw new Error(`sign-in failed for ${email}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const session = cookies.find((pair) => pair.includes('session_token='));
  if (!session) throw new Error('sign-in answered without a session cookie');
  return session;
}

/** A confirmed account, signed in. */
export async function createSignedInUser(
  t: TestApp,
  options: CreateUserOptions = {},
): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t, options);
  const cookie = await signIn(t, user.email, user.password);
  return { user, cookie };
}

export type RecordedEmail = {
  to: string;
  subject: string;
  kind: string;
  status: string;
  html: string;
  text: string;
};

/** The newest email recorded for an address (optionally of one kind), with the links in its text. */
export async function lastEmailTo(
  t: TestApp,
  to: string,
  kind?: string,
): Promise<(RecordedEmail & { links: string[] }) | undefined> {
  // Emails are queued and delivered by a job: read them once the queue has done its work.
  await t.jobsIdle();
  const [row] = await t.database.sql.query<RecordedEmail & { text_body: string }>(
    `SELECT to_address AS "to", subject, kind, status, html, text_body FROM emails
     WHERE lower(to_address) = lower($1) AND ($2::text IS NULL OR kind = $2)
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [to, kind ?? null],
  );
  if (!row) return undefined;
  return { ...row, text: row.text_body, links: row.text_body.match(/https?:\/\/[^\s"'<>]+/g) ?? [] };
}
