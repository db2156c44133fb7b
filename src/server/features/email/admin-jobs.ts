import { type Kysely, sql as pg, type Selectable } from 'kysely';
import type { FailedJob, FailedJobListQuery, FailedJobListResponse } from '#shared/schemas/emails';
import type { Actor, AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB, Json } from '../../platform/db/types';
import { iso, isoOrNull } from '../../platform/db/values';
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

/**
 * The columns read here of pg-boss's job table: pg-boss creates and migrates its own schema, so the
 * table is not among the shop's migrations and their generated types.
 */
interface PgBossJob {
  id: string;
  name: string;
  state: string;
  data: Json | null;
  output: Json | null;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
}

const JOB_TABLE = `${JOB_SCHEMA}.job` as const;

const jobs = (sql: SqlRunner): Kysely<DB & { [JOB_TABLE]: PgBossJob }> =>
  queries(sql).withTables<{ [JOB_TABLE]: PgBossJob }>();

const JOB_COLUMNS = ['id', 'name', 'data', 'output', 'retry_count', 'created_on', 'completed_on'] as const;

type JobRow = Pick<Selectable<PgBossJob>, (typeof JOB_COLUMNS)[number]>;

/** A job's data and output are the JSON objects the shop gave pg-boss and its handler returned. */
const object = (value: Json | null) => value as Record<string, unknown> | null;

function lastError(output: Record<string, unknown> | null): string | null {
  if (!output) return null;
  if (typeof output.message === 'string') return output.message;
  return JSON.stringify(output).slice(0, 1000);
}

const toDto = (row: JobRow): FailedJob => ({
  id: row.id,
  name: row.name,
  title: titleOf(row.name),
  data: object(row.data) ?? {},
  lastError: lastError(object(row.output)),
  // retry_count counts the retries after the first attempt.
  attempts: row.retry_count + 1,
  createdAt: iso(row.created_on),
  failedAt: isoOrNull(row.completed_on),
});

/** The shop's own jobs, but email deliveries. */
const listedQueues = (deps: Pick<AppDeps, 'jobs'>) =>
  [...deps.jobs.definitions.keys()].filter((name) => name !== deliverEmailJob.name);

/** Jobs that failed for good, newest first, a page at a time. */
export async function listFailedJobs(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  query: FailedJobListQuery,
): Promise<FailedJobListResponse> {
  const queues = listedQueues(deps);
  const failed = jobs(deps.database.sql)
    .selectFrom(JOB_TABLE)
    .where('state', '=', 'failed')
    .where((eb) => eb('name', '=', eb.fn.any(pg<string[]>`${queues}::text[]`)));
  const rows = await failed
    .select(JOB_COLUMNS)
    .orderBy('completed_on', (order) => order.desc().nullsLast())
    .orderBy('created_on', 'desc')
    .orderBy('id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const count = await failed.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
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
    const row = await jobs(sql)
      .selectFrom(JOB_TABLE)
      .select([...JOB_COLUMNS, 'state'])
      .where('id', '=', id)
      .where((eb) => eb('name', '=', eb.fn.any(pg<string[]>`${listedQueues(deps)}::text[]`)))
      .forUpdate()
      .executeTakeFirst();
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
