import type { AdminEmail, AdminEmailListQuery, AdminEmailListResponse } from '#shared/schemas/emails';
import type { Actor, AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { deliverEmailJob, type EmailStatus } from './outbox';

type EmailRow = {
  id: string;
  to_address: string;
  subject: string;
  kind: string;
  status: EmailStatus;
  attempts: number;
  error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  sent_at: Date | string | null;
};

const COLUMNS =
  'id, to_address, subject, kind, status, attempts, error, created_at, last_attempt_at, sent_at';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toDto = (row: EmailRow): AdminEmail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  lastError: row.error,
  createdAt: iso(row.created_at)!,
  lastAttemptAt: iso(row.last_attempt_at),
  sentAt: iso(row.sent_at),
});

/** The emails the shop has recorded, newest first (Settings → Emails). */
export async function listEmails(
  deps: Pick<AppDeps, 'database'>,
  query: AdminEmailListQuery,
): Promise<AdminEmailListResponse> {
  const status = query.status ?? null;
  const sql = deps.database.sql;
  const rows = await sql.query<EmailRow>(
    `SELECT ${COLUMNS} FROM emails WHERE ($1::text IS NULL OR status = $1)
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [status, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [count] = await sql.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM emails WHERE ($1::text IS NULL OR status = $1)',
    [status],
  );
  return { emails: rows.map(toDto), page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 };
}

async function resendIn(deps: Pick<AppDeps, 'jobs'>, sql: SqlRunner, actor: Actor, id: string) {
  const [row] = await sql.query<EmailRow>(`SELECT ${COLUMNS} FROM emails WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound('Email not found');
  if (row.status !== 'failed') {
    throw conflict('email_not_failed', 'Only an email whose delivery failed can be sent again.');
  }
  const [queued] = await sql.query<EmailRow>(
    `UPDATE emails SET status = 'queued' WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  await deps.jobs.enqueue(sql, deliverEmailJob, { emailId: id });
  await recordAudit(sql, actor, {
    action: 'resent',
    entityType: 'email',
    entityId: id,
    before: { status: 'failed' },
    after: { status: 'queued' },
    details: { to: row.to_address, kind: row.kind, attempts: row.attempts, lastError: row.error },
  });
  return toDto(queued!);
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
