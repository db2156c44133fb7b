import type { AppDeps } from './context';
import type { Database } from './db/client';
import type { Env } from './env';
import { createAuth } from './features/accounts/auth';
import { createMailer, type Mailer } from './features/email/mailer';
import { createChangeFeed } from './features/live/change-feed';
import { createPaymentGateway } from './features/payments/gateway';
import { createS3Storage } from './features/storage/s3-storage';
import { createStorage, type Storage } from './features/storage/storage';
import { InProcessFetch } from './in-process';
import { JOB_DEFINITIONS, jobSchedules } from './jobs/all-jobs';
import { createJobQueue, type JobQueueOptions } from './jobs/queue';
import type { Logger } from './logger';

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
};

/**
 * Builds everything request handlers and jobs need, once per process (or once per test file), in
 * one place: the server's start-up, the scripts and the tests all come through here, and a test
 * swaps a piece by passing its own.
 */
export async function createDeps(input: DepsInput): Promise<AppDeps> {
  const { env, database, logger } = input;
  const mailer = input.mailer ?? createMailer(env);
  const inProcess = new InProcessFetch();
  let deps: AppDeps | undefined;
  const jobs = createJobQueue({
    database,
    logger,
    definitions: JOB_DEFINITIONS,
    schedules: jobSchedules(env),
    options: { timeoutSeconds: env.jobTimeoutSeconds, ...input.jobs },
    deps: () => {
      if (!deps) throw new Error('createDeps has not finished');
      return deps;
    },
  });
  const auth = await createAuth({ env, database, logger, mailer, jobs });
  deps = {
    env,
    database,
    logger,
    mailer,
    storage: input.storage ?? (env.s3 ? createS3Storage(env.s3) : createStorage(env.dataDir)),
    auth,
    payments: createPaymentGateway(env, inProcess),
    inProcess,
    events: createChangeFeed(database, logger),
    jobs,
  };
  return deps;
}
