import PgBoss from 'pg-boss';
import type { Database, SqlRunner } from '../db/client';
import type { Logger } from '../logger';
import type { AnyJobDefinition, JobData, JobDefinition } from './define';

/**
 * The job queue: pg-boss on our own database (its tables live in the `pgboss` schema), on
 * PostgreSQL and PGlite alike, through our SqlRunner. See docs/decisions/2026-11-23-job-queue.md.
 *
 * - Enqueueing takes the caller's SqlRunner, so a job is written in the transaction of the change
 *   that causes it: both commit, or neither.
 * - Every process works every queue; a job is taken by one of them (FOR UPDATE SKIP LOCKED).
 * - A failed job is retried with back-off, then stays in the queue as failed.
 * - A job still running after `timeoutSeconds` counts as lost (its process died) and is retried by
 *   whichever process runs pg-boss's maintenance next.
 * - Scheduled jobs are enqueued by every process's timer, at most once per interval across all of
 *   them (pg-boss's singleton slots), and then taken by one process like any job: usually the
 *   one whose timer offered first, which varies from one interval to the next.
 */

export const JOB_SCHEMA = 'pgboss';
// Distinct from the migrations' and the seed's advisory locks.
const QUEUE_INSTALL_LOCK = 4_242_050;

export type Schedule<D = unknown> = { job: JobDefinition<Record<string, never>, D>; everySeconds: number };

export type JobQueueOptions = {
  /** A running job not finished after this long is treated as lost and tried again. */
  timeoutSeconds: number;
  /** How often an idle worker looks for due jobs. */
  pollSeconds?: number;
  /** Jobs of one queue run at once in this process. */
  batchSize?: number;
  /** Tests: retry after this many seconds, without back-off, instead of each job's own delay. */
  retryDelaySeconds?: number;
  /** Run the schedules (the test app leaves them off unless a test asks). */
  schedules?: boolean;
};

export type EnqueueOptions = {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
};

/** The queue, working jobs that get `D` (the shop's dependencies) once started. */
export interface JobQueue<D = unknown> {
  /**
   * Adds a job through `sql`: pass the transaction's SqlRunner to tie the job to that transaction
   * (it exists only if the transaction commits). Returns the job's id. Inside a transaction, never
   * pass `deps.database.sql`: on PGlite that waits for the transaction to end, which never comes.
   */
  enqueue<T extends JobData>(
    sql: SqlRunner,
    job: JobDefinition<T, D>,
    data: T,
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Gives a job that failed for good one more attempt, through `sql` (the caller's transaction,
   * after the job's own `beforeRetry`). False when it is not (or no longer) failed.
   */
  retry(sql: SqlRunner, name: string, id: string): Promise<boolean>;
  /** Creates pg-boss's tables and our queues when missing (start() does it too). */
  install(): Promise<void>;
  /** Starts this process's workers (each job gets `deps`), pg-boss's maintenance and the schedules. */
  start(deps: D): Promise<void>;
  /** Stops taking jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
  /**
   * Wakes this process's workers and waits until no job is due or running anywhere (jobs waiting
   * for a later retry do not count). For tests, which then look at what the jobs did.
   */
  idle(options?: { timeoutMs?: number }): Promise<void>;
  /** The definitions this queue works, by name. */
  readonly definitions: ReadonlyMap<string, AnyJobDefinition<D>>;
}

type Adapter = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss's database adapter over a SqlRunner. pg-boss sends its maintenance and schema changes as
 * one string wrapped in BEGIN; … COMMIT;: those run through our own transaction helper, which
 * rolls back on error on both databases (a bare multi-statement string would leave the
 * connection inside a failed transaction).
 */
function adapter(database: Database, sql: SqlRunner, inFlight?: Set<Promise<unknown>>): Adapter {
  return {
    executeSql(text, values) {
      const locked = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(text);
      const run = locked
        ? database.transaction((tx) => tx.exec(locked[1]!)).then(() => ({ rows: [] }))
        : sql.query(text, values ?? []).then((rows) => ({ rows }));
      if (inFlight) {
        inFlight.add(run);
        void run.finally(() => inFlight.delete(run)).catch(() => {});
      }
      return run;
    },
  };
}

export type CreateJobQueueInput<D> = {
  database: Database;
  logger: Logger;
  definitions: AnyJobDefinition<D>[];
  schedules: Schedule<D>[];
  options: JobQueueOptions;
};

export function createJobQueue<D>(input: CreateJobQueueInput<D>): JobQueue<D> {
  const { database, options } = input;
  const log = input.logger.child({ module: 'jobs' });
  const definitions = new Map(input.definitions.map((definition) => [definition.name, definition]));
  const inFlight = new Set<Promise<unknown>>();
  const pollMs = Math.max(100, (options.pollSeconds ?? 1) * 1000);
  const batchSize = options.batchSize ?? 5;
  const timeoutSeconds = Math.max(1, Math.round(options.timeoutSeconds));
  const boss = new PgBoss({
    db: adapter(database, database.sql, inFlight) as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: true,
    // Our own workers and timers below; pg-boss keeps the state, retries and maintenance.
    schedule: false,
    supervise: true,
    // Lost jobs are found by maintenance, so it runs at least twice per timeout (one process at a
    // time, coordinated through pg-boss's version table).
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(timeoutSeconds / 2))),
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    deleteAfterDays: 30,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue maintenance failed'));

  let installed: Promise<void> | null = null;
  let started = false;
  let stopping = false;
  const loops: Promise<void>[] = [];
  const running = new Set<Promise<void>>();
  /** Idle workers' wake-up calls, by queue. */
  const wakers = new Map<string, Set<() => void>>();
  const timers = new Set<NodeJS.Timeout>();

  const sleep = (name: string, ms: number) =>
    new Promise<void>((resolve) => {
      const waiting = wakers.get(name) ?? new Set<() => void>();
      wakers.set(name, waiting);
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.add(wake);
    });
  const wake = (name: string) => {
    for (const wakeUp of [...(wakers.get(name) ?? [])]) wakeUp();
  };
  const wakeAll = () => {
    for (const name of wakers.keys()) wake(name);
  };

  /**
   * Creates or migrates pg-boss's tables. pg-boss does it under an advisory lock, but a process
   * that waited on that lock can still miss the tables the other one just created (waiting on an
   * advisory lock does not refresh PostgreSQL's catalog cache) and fail; it then looks again in a
   * new transaction, where it finds them.
   */
  async function installSchema() {
    for (let attempt = 1; ; attempt++) {
      const installer = new PgBoss({
        db: adapter(database, database.sql) as PgBoss.Db,
        schema: JOB_SCHEMA,
        migrate: true,
        supervise: false,
        schedule: false,
      });
      try {
        await installer.start();
        await installer.stop({ graceful: false });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        log.info({ err: error }, 'another process was creating the job tables; looking again');
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  async function install() {
    installed ??= (async () => {
      await installSchema();
      await boss.start();
      // Creating a queue attaches a partition to pgboss.job: two processes doing it at once can
      // deadlock, so the missing queues are created one process at a time, in one transaction.
      await database.transaction(async (sql) => {
        await sql.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_INSTALL_LOCK]);
        const existing = new Set(
          (await sql.query<{ name: string }>(`SELECT name FROM ${JOB_SCHEMA}.queue`)).map((row) => row.name),
        );
        const installer = new PgBoss({ db: adapter(database, sql) as PgBoss.Db, schema: JOB_SCHEMA });
        for (const name of definitions.keys()) {
          if (!existing.has(name)) await installer.createQueue(name);
        }
      });
    })();
    return installed;
  }

  async function enqueue<T extends JobData>(
    sql: SqlRunner,
    job: JobDefinition<T, D>,
    data: T,
    enqueueOptions: EnqueueOptions & { singletonSeconds?: number } = {},
  ): Promise<string> {
    const id = await sendJob(sql, job, data, enqueueOptions);
    if (!id)
      throw new Error(`The job queue has no queue named ${job.name}: list the job in src/server/jobs.ts`);
    // This process's idle workers of that queue look at once, rather than at their next poll,
    // once the job is there to be taken: after the caller's transaction commits. (Other
    // processes' find it at their next poll.) Only that queue's: on a busy day every order queues
    // an email, and waking every queue's workers for each had them all ask the database in turn.
    if (!enqueueOptions.startAfterSeconds) {
      const wakeQueue = () => wake(job.name);
      if (sql.afterCommit) sql.afterCommit(wakeQueue);
      else wakeQueue();
    }
    return id;
  }

  async function sendJob(
    sql: SqlRunner,
    job: AnyJobDefinition<D>,
    data: JobData,
    enqueueOptions: EnqueueOptions & { singletonSeconds?: number },
  ): Promise<string | null> {
    if (!definitions.has(job.name)) {
      throw new Error(`Unknown job ${job.name}: list it in src/server/jobs.ts`);
    }
    const delay = options.retryDelaySeconds ?? job.retryDelaySeconds;
    const sendOptions: PgBoss.SendOptions = {
      db: adapter(database, sql) as PgBoss.Db,
      retryLimit: job.retryLimit,
      retryDelay: delay,
      retryBackoff: options.retryDelaySeconds === undefined && delay > 0,
      expireInSeconds: timeoutSeconds,
      ...(enqueueOptions.startAfterSeconds ? { startAfter: enqueueOptions.startAfterSeconds } : {}),
      ...(enqueueOptions.singletonSeconds
        ? { singletonKey: job.name, singletonSeconds: enqueueOptions.singletonSeconds }
        : {}),
    };
    return boss.send(job.name, data, sendOptions);
  }

  let workingDeps: D | undefined;

  async function runOne(job: AnyJobDefinition<D>, queued: PgBoss.JobWithMetadata<JobData>) {
    const attempt = queued.retryCount + 1;
    const isLastAttempt = queued.retryCount >= queued.retryLimit;
    const jobLog = log.child({ job: job.name, jobId: queued.id, attempt });
    try {
      await job.run(queued.data, {
        deps: workingDeps as D,
        jobId: queued.id,
        attempt,
        isLastAttempt,
        log: jobLog,
      });
      await boss.complete(job.name, queued.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isLastAttempt) jobLog.error({ err: error }, 'job failed; no more retries');
      else jobLog.warn({ err: error }, 'job failed; it will be retried');
      await boss
        .fail(job.name, queued.id, { message: message.slice(0, 1000) })
        .catch((failError: unknown) => jobLog.error({ err: failError }, 'recording the job failure failed'));
    }
  }

  async function work(job: AnyJobDefinition<D>) {
    while (!stopping) {
      let taken: PgBoss.JobWithMetadata<JobData>[] = [];
      try {
        taken = await boss.fetch<JobData>(job.name, { batchSize, includeMetadata: true });
      } catch (error) {
        log.error({ err: error, job: job.name }, 'fetching jobs failed');
      }
      if (stopping && taken.length === 0) break;
      if (taken.length === 0) {
        await sleep(job.name, job.background ? pollMs * 10 : pollMs);
        continue;
      }
      const batch = Promise.all(taken.map((queued) => runOne(job, queued))).then(() => undefined);
      running.add(batch);
      await batch.finally(() => running.delete(batch));
    }
  }

  /**
   * Offers the job again between 45 % and 90 % of an interval after the last offer began, at
   * random. The singleton slots are the clock's intervals: offers less than one interval apart
   * reach every slot (a fixed period plus the offer's own time would drift past one now and
   * then), and processes started together do not offer in lockstep. The first offer in a slot
   * wakes its own workers, so the scheduled work falls to one process or another from one
   * interval to the next instead of always to the same one.
   */
  function schedule({ job, everySeconds }: Schedule<D>) {
    const tick = async () => {
      const began = Date.now();
      if (stopping) return;
      try {
        await sendJob(database.sql, job, {}, { singletonSeconds: everySeconds });
        wake(job.name);
      } catch (error) {
        log.error({ err: error, job: job.name }, 'scheduling a job failed');
      }
      if (stopping) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void tick();
        },
        Math.max(0, everySeconds * 1000 * (0.45 + Math.random() * 0.45) - (Date.now() - began)),
      );
      timer.unref();
      timers.add(timer);
    };
    void tick();
  }

  async function retry(sql: SqlRunner, name: string, id: string): Promise<boolean> {
    if (!definitions.has(name)) return false;
    await install();
    // pg-boss answers { jobs, requested, affected } (its types say void).
    const result = (await boss.retry(name, id, { db: adapter(database, sql) as PgBoss.Db })) as unknown as {
      affected?: number;
    };
    wake(name);
    return (result.affected ?? 0) > 0;
  }

  return {
    definitions,
    enqueue,
    retry,
    install,
    async start(deps: D) {
      if (started) return;
      started = true;
      workingDeps = deps;
      await install();
      for (const job of definitions.values()) loops.push(work(job));
      if (options.schedules ?? true) for (const entry of input.schedules) schedule(entry);
      log.debug({ queues: [...definitions.keys()] }, 'job workers started');
    },
    async stop() {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      wakeAll();
      await Promise.all(loops);
      if (installed) await boss.stop({ graceful: true, wait: true, timeout: 1000 });
      // pg-boss does not wait for a maintenance statement already sent; the database must not
      // close under it.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async idle({ timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (running.size === 0) {
          // Only the queues with work due are woken: waking every idle worker each time would
          // have all of them ask the database at once, many times a second.
          const due = await database.sql.query<{ name: string; active: boolean }>(
            `SELECT name, bool_or(state = 'active') AS active FROM ${JOB_SCHEMA}.job
              WHERE name = ANY($1::text[])
                AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))
              GROUP BY name`,
            [[...definitions.keys()]],
          );
          if (due.length === 0 && running.size === 0) return;
          for (const row of due) if (!row.active) wake(row.name);
        }
        if (Date.now() > deadline) throw new Error(`The job queue was still busy after ${timeoutMs} ms`);
      }
    },
  };
}
