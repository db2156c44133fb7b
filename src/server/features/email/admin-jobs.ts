import type { FailedJob, FailedJobListQuery, FailedJobListResponse } from '#shared/schemas/emails';
import type { Actor, AppDeps } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import { JOB_SCHEMA } from '../../platform/jobs/queue';
import { recordAudit } from '../audit/record-audit';
import { deliverEmailJob } from './outbox';

/**
 * Settings → Emails, 'Background work that failed': every job that failed after its last retry
 * (issue 10: work that keeps failing is visible to admins), read from the job queue's own table,
 * with a retry. Email deliveries are left out: they are the emails listed above, resent there.
 */

/** What each job does, in words; a job not named here shows its queue name. */
const JOB_TITLES: Record<string, string> = {
  'password-reset': 'Password reset email',
  'process-payment-event': 'Paystack webhook',
  'automatic-refund': 'Automatic refund',
  'refund-second-payment': 'Automatic refund (queued before the payments ledger)',
  'reconcile-refunds': 'Refund checks with Paystack',
  'recheck-pending-payments': 'Pending-payment checks with Paystack',
  'reconcile-payments': 'Reconciliation with Paystack',
  'daily-reconciliation': 'Daily reconciliation with Paystack',
  'simulator-complete-pending': 'Payment simulator transfer',
  'expire-unpaid-orders': 'Unpaid-order expiry',
  'simulator-settle-refund': 'Payment simulator refund',
  'prune-rate-limits': 'Sign-in limits clean-up',
};
const titleOf = (name: string) => JOB_TITLES[name] ?? name;

type JobRow = {
  id: string;
  name: string;
  data: Record<string, unknown> | string | null;
  output: Record<string, unknown> | string | null;
  retry_count: number;
  created_on: Date | string;
  completed_on: Date | string | null;
};

const json = (value: Record<string, unknown> | string | null): Record<string, unknown> | null =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;

function lastError(output: Record<string, unknown> | null): string | null {
  if (!output) return null;
  if (typeof output.message === 'string') return output.message;
  return JSON.stringify(output).slice(0, 1000);
}

const toDto = (row: JobRow): FailedJob => ({
  id: row.id,
  name: row.name,
  title: titleOf(row.name),
  data: json(row.data) ?? {},
  lastError: lastError(json(row.output)),
  // retry_count counts the retries after the first attempt.
  attempts: Number(row.retry_count) + 1,
  createdAt: new Date(row.created_on).toISOString(),
  failedAt: row.completed_on === null ? null : new Date(row.completed_on).toISOString(),
});

const FAILED = `FROM ${JOB_SCHEMA}.job WHERE state = 'failed' AND name = ANY($1::text[])`;

/** The shop's own jobs, but email deliveries. */
const listedQueues = (deps: Pick<AppDeps, 'jobs'>) =>
  [...deps.jobs.definitions.keys()].filter((name) => name !== deliverEmailJob.name);

/** Jobs that failed for good, newest first, a page at a time. */
export async function listFailedJobs(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  query: FailedJobListQuery,
): Promise<FailedJobListResponse> {
  const queues = listedQueues(deps);
  const sql = deps.database.sql;
  const rows = await sql.query<JobRow>(
    `SELECT id, name, data, output, retry_count, created_on, completed_on ${FAILED}
      ORDER BY completed_on DESC NULLS LAST, created_on DESC, id LIMIT $2 OFFSET $3`,
    [queues, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [count] = await sql.query<{ total: number }>(`SELECT count(*)::int AS total ${FAILED}`, [queues]);
  return { jobs: rows.map(toDto), page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 };
}

/**
 * Gives a failed job one more attempt: the job's own `beforeRetry` puts back what its last
 * attempt gave up, the queue takes it again, and who asked is audited, in one transaction.
 */
export async function retryFailedJob(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.database.transaction(async (sql) => {
    const [row] = await sql.query<JobRow & { state: string }>(
      `SELECT id, name, data, output, retry_count, created_on, completed_on, state
         FROM ${JOB_SCHEMA}.job WHERE id = $1 AND name = ANY($2::text[]) FOR UPDATE`,
      [id, listedQueues(deps)],
    );
    if (!row) throw notFound('Job not found');
    if (row.state !== 'failed') throw conflict('job_not_failed', 'Only work that failed can be retried.');
    const job = toDto(row);
    const definition = deps.jobs.definitions.get(row.name);
    await definition?.beforeRetry?.(sql, job.data as never);
    if (!(await deps.jobs.retry(sql, row.name, row.id))) {
      throw conflict('job_not_failed', 'Only work that failed can be retried.');
    }
    await recordAudit(sql, actor, {
      action: 'retried',
      entityType: 'job',
      entityId: row.id,
      before: { status: 'failed' },
      after: { status: 'retrying' },
      details: { job: row.name, title: job.title, attempts: job.attempts, lastError: job.lastError },
    });
  });
}
