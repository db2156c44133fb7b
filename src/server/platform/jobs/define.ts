import type { SqlRunner } from '../db/client';
import type { Logger } from '../logger';

/**
 * What a job's `run` gets besides its data: `deps` are the shop's dependencies (AppDeps), handed
 * to the queue when its workers start; the queue itself knows nothing of them.
 */
export type JobContext<D = unknown> = {
  deps: D;
  /** This job's id in the queue. */
  jobId: string;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** No retry follows if this attempt throws: the job ends failed. */
  isLastAttempt: boolean;
  log: Logger;
};

/** Job data is stored as JSON: plain values only. */
export type JobData = Record<string, string | number | boolean | null | string[]>;

export type JobDefinition<T extends JobData = JobData, D = unknown> = {
  /** The queue's name (letters, digits, '-', '_', '.'). */
  name: string;
  /** Tries after the first one when `run` throws; then the job stays in the queue as failed. */
  retryLimit: number;
  /** Seconds before the first retry; each later retry waits about twice as long (with jitter). */
  retryDelaySeconds: number;
  /**
   * Work that can wait (scheduled sweeps and checks): its idle workers look for it ten times less
   * often than for the rest. This process's own enqueue or schedule still wakes them at once, and
   * every idle loop is a query, which adds up on the embedded database.
   */
  background?: true;
  /**
   * Does the work. Throwing means "try again later" (until the last attempt). A job can run more
   * than once (a retry after a crash, a resend), so `run` must be safe to repeat: check the state
   * it is about to change, as the email and payment jobs do.
   */
  run(data: T, context: JobContext<D>): Promise<void>;
  /**
   * An admin retries the job after it failed for good: puts back, in the retry's transaction,
   * what the last attempt marked as given up (a webhook event marked failed), so `run` does the
   * work again instead of finding nothing to do.
   */
  beforeRetry?(sql: SqlRunner, data: T): Promise<void>;
};

/** A job of any data, as the queue keeps them (each job's own data type is its own business). */
// biome-ignore lint/suspicious/noExplicitAny: a definition's data type is contravariant in run(); the queue only passes each job its own stored data.
export type AnyJobDefinition<D = unknown> = JobDefinition<any, D>;
