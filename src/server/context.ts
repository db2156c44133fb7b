import type { IncomingMessage } from 'node:http';
import type { Role } from '#shared/constants';
import type { Database } from './db/client';
import type { Env } from './env';
import type { Mailer } from './features/email/mailer';
import type { Logger } from './logger';

/** Everything a request handler may need, built once at start-up (or per test file). */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  /** SMTP delivery (unconfigured without SMTP_URL); use sendEmail from features/email, not this. */
  mailer: Mailer;
}

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
  };
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    user: SessionUser | null;
  };
};
