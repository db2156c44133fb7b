import type { Logger } from './logger';

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

export interface JobRunner {
  /** Stops scheduling and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs each job now and then every `everyMs`, never overlapping itself within this process.
 * Jobs must be safe to run in several processes at once (they are, by their own SQL).
 */
export function startJobs(jobs: Job[], logger: Logger): JobRunner {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = job
        .run()
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, job: job.name }, 'job failed'),
        )
        .finally(() => {
          running.delete(run);
          schedule(job, job.everyMs);
        });
      running.add(run);
    }, delay);
    // A pending job must not keep the process alive on shutdown.
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) schedule(job, 0);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
