import type { IncomingMessage } from 'node:http';
import type { ZodType } from 'zod';
import type { Role } from '#shared/constants';
import type { Auth } from './platform/auth';
import type { ChangeFeed } from './platform/change-feed';
import type { CountMemo } from './platform/count-memo';
import type { Database } from './platform/db/client';
import type { Env } from './platform/env';
import type { PageCache } from './platform/http/page-cache';
import type { InProcessFetch } from './platform/in-process';
import type { JobData, JobDefinition } from './platform/jobs/define';
import type { JobQueue } from './platform/jobs/queue';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mailer';
import type { Gateway } from './platform/paystack/gateway';
import type { Storage } from './platform/storage/storage';

/**
 * Everything a request handler or job may need, built from the platform (src/server/platform) by
 * createDeps (deps.ts), once per process or test file, through createShop (shop.ts). Nothing the
 * server needs is kept in module state: it is all here.
 */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  /** SMTP delivery (unconfigured without SMTP_URL); use sendEmail from features/email, not this. */
  mailer: Mailer;
  /** Product images and the logo: a local folder, or another adapter of the same interface. */
  storage: Storage;
  /** Better Auth on our tables; private to features/accounts (use its verb-named functions). */
  auth: Auth;
  /** The card provider for this configuration (Paystack or the simulator), or null when off. */
  payments: Gateway | null;
  /** Calls into this app without the network (page rendering, the payment simulator). */
  inProcess: InProcessFetch<AppEnv['Bindings']>;
  /** Committed changes, from every server process, for live updates (features/live). */
  events: ChangeFeed;
  /**
   * Background work kept in the database: `jobs.enqueue(sql, job, data)` inside the transaction of
   * the change that causes it (see platform/jobs/queue.ts; the jobs are listed in jobs.ts).
   */
  jobs: JobQueue<AppDeps>;
  /**
   * The catalogue's pages and JSON kept for anonymous visitors, and the listings' totals, both
   * cleared by every announced change; null where a caller turned them off (API tests, whose
   * factories write rows without announcing them).
   */
  pageCache: PageCache | null;
  counts: CountMemo | null;
}

/** Declares a job of the shop; list it in jobs.ts so every process creates its queue and works it. */
export function defineJob<T extends JobData>(
  definition: JobDefinition<T, AppDeps>,
): JobDefinition<T, AppDeps> {
  return definition;
}

/**
 * Who makes a change, passed to every domain function that changes data so the audit log can record
 * it in the same transaction: a signed-in person, or the system itself (a job, a provider webhook).
 */
export type Actor =
  | { kind: 'user'; id: string; email: string; role: Role }
  | {
      kind: 'system';
      name:
        | 'order-expiry'
        | 'payment-webhook'
        | 'payment-verify'
        | 'payment-refund'
        | 'payment-check'
        | 'reconciliation'
        | 'refund-check'
        | 'demo-seed'
        | 'script';
    };

export const actorOf = (user: Pick<SessionUser, 'id' | 'email' | 'role'>): Actor => ({
  kind: 'user',
  id: user.id,
  email: user.email,
  role: user.role,
});

export const systemActor = (name: Extract<Actor, { kind: 'system' }>['name']): Actor => ({
  kind: 'system',
  name,
});

/** The signed-in person as the server knows them; `null` for guests. */
export interface SessionUser {
  id: string;
  sessionId: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  displayName: string | null;
}

/** What resolving the session cookie gave: the user, cookies to refresh, and idle expiry. */
export interface ResolvedSession {
  user: SessionUser | null;
  setCookies: string[];
  /** The session existed but had been idle too long; it has been deleted. */
  idleExpired: boolean;
}

/**
 * Shared by the in-process API calls one page render makes: they all carry the same visitor's
 * cookie, so the session is looked up once for the page instead of once per call. Only the server
 * renderer can pass it (as the app's bindings); no HTTP request can.
 */
export interface RenderScope {
  session?: Promise<ResolvedSession>;
}

export type AppEnv = {
  Bindings: {
    renderScope?: RenderScope;
    /** The Node.js request, when the call came over the network (absent for in-process calls). */
    incoming?: Pick<IncomingMessage, 'socket'>;
    /**
     * Told of each schema a handler reads its input with (readJson, readQuery, readParams). Never set
     * by the shop; the hostile-input suite passes it to learn each route's own schema from the route.
     */
    inputProbe?: InputProbe;
  };
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    user: SessionUser | null;
    /** This answer's Content-Security-Policy nonce for inline code (http/security-headers.ts). */
    cspNonce: string;
  };
};

export type InputProbe = (part: 'json' | 'query' | 'params', schema: ZodType) => void;
