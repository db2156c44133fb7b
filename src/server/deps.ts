import type { AppDeps } from './context';
import {
  sendAccountExistsEmail,
  sendConfirmationEmail,
  sendPasswordResetEmail,
} from './features/accounts/account-emails';
import { JOB_DEFINITIONS, jobSchedules } from './jobs';
import { createAuth } from './platform/auth';
import { createChangeFeed } from './platform/change-feed';
import { createCountMemo } from './platform/count-memo';
import type { Database } from './platform/db/client';
import type { Env } from './platform/env';
import { createPageCache } from './platform/http/page-cache';
import { InProcessFetch } from './platform/in-process';
import { createJobQueue, type JobQueueOptions } from './platform/jobs/queue';
import type { Logger } from './platform/logger';
import { createMailer, type Mailer } from './platform/mailer';
import { createPaymentGateway } from './platform/paystack/gateway';
import { createS3Storage } from './platform/storage/s3-storage';
import { createStorage, type Storage } from './platform/storage/storage';

export type DepsInput = {
  env: Env;
  database: Database;
  logger: Logger;
  /** Defaults to SMTP from SMTP_URL (or none: the development mailbox). */
  mailer?: Mailer;
  /** Defaults to the S3 bucket when S3_BUCKET is set, otherwise the local folder under DATA_DIR. */
  storage?: Storage;
  /** Tunes the job queue (tests: quicker polling and retries, schedules off). */
  jobs?: Partial<JobQueueOptions>;
  /**
   * Keep the catalogue's pages and JSON and the listings' totals between announced changes (the
   * default). API tests turn them off: their factories write rows without announcing them.
   */
  caches?: boolean;
  /** Tests only: password hashing at a test's cost (platform/auth.ts), never a real shop's. */
  cheapPasswordHashing?: boolean;
};

/**
 * Builds everything request handlers and jobs need from the platform, in one place and in order,
 * each piece from the ones before it: no piece is changed after it is built, and none is asked for
 * later through a callback. The app's in-process fetch is attached by createShop once the app
 * exists; the job workers get these dependencies when they start.
 */
export async function createDeps(input: DepsInput): Promise<AppDeps> {
  const { env, database, logger } = input;
  const mailer = input.mailer ?? createMailer(env);
  const inProcess = new InProcessFetch<NonNullable<Parameters<AppDeps['inProcess']['request']>[1]>>();
  const events = createChangeFeed(database, logger);
  const jobs = createJobQueue<AppDeps>({
    database,
    logger,
    definitions: JOB_DEFINITIONS,
    schedules: jobSchedules(env),
    options: {
      timeoutSeconds: env.jobTimeoutSeconds,
      ...(env.jobRetryDelaySeconds === null ? {} : { retryDelaySeconds: env.jobRetryDelaySeconds }),
      ...input.jobs,
    },
  });
  // The emails Better Auth asks for go through the shop's outbox, in their own transaction.
  const emailing = { env, database, jobs };
  const auth = await createAuth({
    env,
    database,
    logger,
    cheapPasswordHashing: input.cheapPasswordHashing,
    emails: {
      confirmation: (to, firstName, token) => sendConfirmationEmail(emailing, to, firstName, token),
      passwordReset: (to, firstName, token) => sendPasswordResetEmail(emailing, to, firstName, token),
      accountExists: (to, firstName) => sendAccountExistsEmail(emailing, to, firstName),
    },
  });
  const caches = input.caches ?? true;
  return {
    env,
    database,
    logger,
    mailer,
    storage: input.storage ?? (env.s3 ? createS3Storage(env.s3) : createStorage(env.dataDir)),
    auth,
    payments: createPaymentGateway(env, inProcess),
    inProcess,
    events,
    jobs,
    pageCache: caches ? createPageCache(events) : null,
    counts: caches ? createCountMemo(events) : null,
  };
}
