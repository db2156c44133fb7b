import type { Selectable } from 'kysely';
import type { AdminEmail, AdminEmailListQuery, AdminEmailListResponse } from '#shared/schemas/emails';
import type { Actor, AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso, isoOrNull } from '../../platform/db/values';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { deliverEmailJob } from './outbox';

const COLUMNS = [
  'id',
  'to_address',
  'subject',
  'kind',
  'status',
  'attempts',
  'error',
  'created_at',
  'last_attempt_at',
  'sent_at',
] as const;

type EmailRow = Pick<Selectable<DB['emails']>, (typeof COLUMNS)[number]>;

const toDto = (row: EmailRow): AdminEmail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  lastError: row.error,
  createdAt: iso(row.created_at),
  lastAttemptAt: isoOrNull(row.last_attempt_at),
  sentAt: isoOrNull(row.sent_at),
});

/** The emails the shop has recorded, newest first (Settings → Emails). */
export async function listEmails(
  deps: Pick<AppDeps, 'database'>,
  query: AdminEmailListQuery,
): Promise<AdminEmailListResponse> {
  const { status } = query;
  const db = queries(deps.database.sql);
  const rows = await db
    .selectFrom('emails')
    .select(COLUMNS)
    .$if(status !== undefined, (emails) => emails.where('status', '=', status!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const count = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$if(status !== undefined, (emails) => emails.where('status', '=', status!))
    .executeTakeFirst();
  return { emails: rows.map(toDto), page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 };
}

async function resendIn(deps: Pick<AppDeps, 'jobs'>, sql: SqlRunner, actor: Actor, id: string) {
  const row = await queries(sql)
    .selectFrom('emails')
    .select(COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Email not found');
  if (row.status !== 'failed') {
    throw conflict('email_not_failed', 'Only an email whose delivery failed can be sent again.');
  }
  const queued = await queries(sql)
    .updateTable('emails')
    .set({ status: 'queued' })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  await deps.jobs.enqueue(sql, deliverEmailJob, { emailId: id });
  await recordAudit(sql, actor, {
    action: 'resent',
    entityType: 'email',
    entityId: id,
    before: { status: 'failed' },
    after: { status: 'queued' },
    details: { to: row.to_address, kind: row.kind, attempts: row.attempts, lastError: row.error },
  });
  return toDto(queued);
}

/**
 * Queues a failed email for delivery again, with a fresh set of retries, and records who asked
 * for it, all in one transaction.
 */
export async function resendEmail(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  actor: Actor,
  id: string,
): Promise<AdminEmail> {
  return deps.database.transaction((sql) => resendIn(deps, sql, actor, id));
}
