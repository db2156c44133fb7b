import type { AuditEntryDto, AuditListQuery, AuditListResponse } from '#shared/schemas/settings';
import type { AppDeps } from '../../context';

type Row = {
  id: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
  created_at: Date | string;
  order_id: string | null;
};

const toDto = (row: Row): AuditEntryDto => ({
  id: row.id,
  actorId: row.actor_id,
  actor: row.actor_label,
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
  details: row.details ?? {},
  orderId: row.order_id,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Lagos is UTC+1 all year (no daylight saving): a Lagos day starts at 23:00 UTC the day before. */
const LAGOS_OFFSET = '+01:00';
const startOfLagosDay = (day: string) => new Date(`${day}T00:00:00${LAGOS_OFFSET}`);
const startOfNextLagosDay = (day: string) => new Date(startOfLagosDay(day).getTime() + 86_400_000);

/** `%`, `_` and `\` typed into the person filter match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit log, newest first, a page at a time: by kind of record (and one record), by person
 * (part of their email, or system:<job>), and by Lagos days from/to, both included.
 *
 * 'payment' finds payment changes (paid, a second payment, the status set by hand) and refunds;
 * an order's id finds everything about the order (its status, its payment, its refunds), through
 * the order each entry records.
 */
export async function listAuditEntries(
  deps: Pick<AppDeps, 'database'>,
  query: AuditListQuery,
): Promise<AuditListResponse> {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(clause(`$${values.length}`));
  };
  if (query.entityType === 'payment') add((n) => `entity_type IN (${n}, 'refund')`, 'payment');
  else if (query.entityType) add((n) => `entity_type = ${n}`, query.entityType);
  if (query.entityId && UUID.test(query.entityId)) {
    add((n) => `(entity_id = ${n} OR order_id = ${n}::uuid)`, query.entityId.toLowerCase());
  } else if (query.entityId) {
    add((n) => `entity_id = ${n}`, query.entityId);
  }
  if (query.actor) add((n) => `actor_label ILIKE '%' || ${n} || '%'`, likeEscape(query.actor));
  if (query.from) add((n) => `created_at >= ${n}`, startOfLagosDay(query.from));
  if (query.to) add((n) => `created_at < ${n}`, startOfNextLagosDay(query.to));
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const sql = deps.database.sql;
  const rows = await sql.query<Row>(
    `SELECT id, actor_id, actor_label, action, entity_type, entity_id, before, after, details, created_at, order_id
       FROM audit_log ${filter}
      ORDER BY created_at DESC, id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [count] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM audit_log ${filter}`,
    values,
  );
  return { entries: rows.map(toDto), page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 };
}
