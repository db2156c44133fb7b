/**
 * Better Auth, configured on our own tables. Private to features/accounts: the rest of the server
 * calls the verb-named functions of features/accounts (registration.ts, sign-in.ts, sessions.ts,
 * passwords.ts, profile.ts, shop-created-accounts.ts), and the browser talks to our routes, never
 * to Better Auth's handler (which is not mounted).
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { LIMITS } from '#shared/constants';
import { announce } from './db/announce';
import type { Database } from './db/client';
import * as schema from './db/schema';
import type { Env } from './env';
import type { Logger } from './logger';

/** Prefix of our cookie names (`naija.session_token`, `__Secure-naija.session_token` on https). */
export const COOKIE_PREFIX = 'naija';
export const SESSION_DAYS = 7;
const TOKEN_SECONDS = 60 * 60;

/**
 * The key that signs session cookies and confirmation tokens. Generated once and kept in the
 * database (migration 0002) so every process shares it; ON CONFLICT makes concurrent first starts
 * agree on one value.
 */
async function authSecret(deps: Pick<AuthDeps, 'database'>): Promise<string> {
  await deps.database.sql.query(
    `INSERT INTO server_secrets (name, value) VALUES ('auth', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64url')],
  );
  const [row] = await deps.database.sql.query<{ value: string }>(
    `SELECT value FROM server_secrets WHERE name = 'auth'`,
  );
  return row!.value;
}

// The hooks' user type lists only Better Auth's core fields; ours are on the row as well.
const firstNameOf = (user: object): string => {
  const value = (user as { firstName?: unknown }).firstName;
  return typeof value === 'string' ? value : '';
};

/**
 * The emails Better Auth asks the shop to send (confirmation, password reset, an address that
 * already has an account): the shop's own email code, handed in by the composition root.
 */
export type AuthEmails = {
  confirmation(to: string, firstName: string, token: string): Promise<unknown>;
  passwordReset(to: string, firstName: string, token: string): Promise<unknown>;
  accountExists(to: string, firstName: string): Promise<unknown>;
};

export type AuthDeps = {
  env: Env;
  database: Database;
  logger: Logger;
  emails: AuthEmails;
  /** Tests only: `cheapPasswordHashing` below, instead of Better Auth's own. */
  cheapPasswordHashing?: boolean;
};

/**
 * Password hashing for the API tests' shops (docs/decisions/2026-12-07-cheap-password-hashing.md):
 * scrypt in Better Auth's stored form (hex salt, a colon, the hex key), at about 1/500th of the
 * cost of its own (N 16384, r 16: some 80 ms of a core per hash, which took a fifth of the API
 * suite's time). Chosen in code by the test factory (tests/setup/test-app.ts), never by the
 * environment, so no configuration can turn it on for a real shop; the shop the server, the
 * scripts and the browser tests run keeps Better Auth's hashing, and a test checks it does.
 */
const CHEAP_SCRYPT = { N: 1024, r: 1, p: 1 } as const;
const CHEAP_KEY_BYTES = 64;

function cheapKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, CHEAP_KEY_BYTES, CHEAP_SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const cheapPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await cheapKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await cheapKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

function buildAuth(deps: AuthDeps, secret: string) {
  const { env, logger } = deps;
  const log = logger.child({ module: 'better-auth' });
  return betterAuth({
    appName: 'Naija Street',
    secret,
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [env.publicUrl],
    database: drizzleAdapter(deps.database.db, { provider: 'pg', schema, transaction: true }),
    // Our snake_case tables; the Drizzle schema's property names already match Better Auth's fields.
    user: {
      modelName: 'users',
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '' },
        lastName: { type: 'string', required: false, defaultValue: '' },
        displayName: { type: 'string', required: false },
        phone: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      additionalFields: {
        // Kept by our session middleware for idle sign-out; the column defaults to now().
        lastActiveAt: { type: 'date', required: false, input: false },
      },
    },
    account: { modelName: 'accounts' },
    // Profiles Better Auth writes (sign-up, email confirmation by link) are announced like ours,
    // but after its commit rather than inside its transaction: that is the earliest point Better
    // Auth offers. Its 'after' hooks are queued until its transaction commits (better-auth
    // 1.7, db/with-hooks: queueAfterTransactionHook); its 'before' hooks run inside but get no
    // handle on the transaction (its adapter reads and writes models, it runs no SQL, so no
    // pg_notify); and confirmation by link is a single UPDATE outside any transaction. A
    // rolled-back write is still never announced. What is lost: a process that dies between the
    // commit and the hook drops that one announcement, so an admin's Customers screen shows the
    // sign-up or confirmation at its next reload or reconnection. Nothing else follows profiles
    // (the page cache ignores them). A trigger on `users` would announce inside the transaction,
    // but it would also fire for our own profile writes, which announce from their domain
    // functions; every other profile change (our own confirmation after a password reset,
    // profile edits, roles, saved addresses) is announced from its transaction.
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await announce(deps.database.sql, {
              table: 'users',
              id: user.id,
              userId: user.id,
              action: 'created',
            });
          },
        },
        update: {
          after: async (user) => {
            await announce(deps.database.sql, {
              table: 'users',
              id: user.id,
              userId: user.id,
              action: 'updated',
            });
          },
        },
      },
    },
    verification: { modelName: 'verifications' },
    // Better Auth's own limiter only guards its HTTP handler, which we do not mount; our routes
    // count attempts per account and per IP in the same table (rate-limit.ts).
    rateLimit: { enabled: false, storage: 'database', modelName: 'rateLimits' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: LIMITS.registerPasswordMin,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await deps.emails.passwordReset(user.email, firstNameOf(user), token);
      },
      onExistingUserSignUp: async ({ user }) => {
        await deps.emails.accountExists(user.email, firstNameOf(user));
      },
      ...(deps.cheapPasswordHashing ? { password: cheapPasswordHashing } : {}),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // Opening the link confirms the address only: whoever opens it (a forwarded mail, a link
      // planted by someone else) is not signed in; the account page then asks for the password.
      autoSignInAfterVerification: false,
      expiresIn: TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await deps.emails.confirmation(user.email, firstNameOf(user), token);
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // Better Auth's messages never include passwords; pino's redact list covers fields anyway.
      log: (level, message) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        log[method](message);
      },
    },
  });
}

export type Auth = ReturnType<typeof buildAuth>;

/** One Better Auth instance per process (or test file), built by createDeps (deps.ts). */
export async function createAuth(deps: AuthDeps): Promise<Auth> {
  return buildAuth(deps, await authSecret(deps));
}
