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

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    user: SessionUser | null;
  };
};
