import { type Expression, expressionBuilder, type Selectable, type SqlBool } from 'kysely';
import type { AuditEntryDto, AuditListQuery, AuditListResponse } from '#shared/schemas/settings';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso, likeContaining } from '../../platform/db/values';

const COLUMNS = [
  'id',
  'actor_id',
  'actor_label',
  'action',
  'entity_type',
  'entity_id',
  'before',
  'after',
  'details',
  'created_at',
  'order_id',
] as const;

type Row = Pick<Selectable<DB['audit_log']>, (typeof COLUMNS)[number]>;

/** recordAudit writes JSON objects (or null) in before, after and details. */
const object = (value: Row['before']) => value as Record<string, unknown> | null;

const toDto = (row: Row): AuditEntryDto => ({
  id: row.id,
  actorId: row.actor_id,
  actor: row.actor_label,
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  before: object(row.before),
  after: object(row.after),
  details: object(row.details) ?? {},
  orderId: row.order_id,
  createdAt: iso(row.created_at),
});

/** Lagos is UTC+1 all year (no daylight saving): a Lagos day starts at 23:00 UTC the day before. */
const LAGOS_OFFSET = '+01:00';
const startOfLagosDay = (day: string) => new Date(`${day}T00:00:00${LAGOS_OFFSET}`);
const startOfNextLagosDay = (day: string) => new Date(startOfLagosDay(day).getTime() + 86_400_000);

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
  const eb = expressionBuilder<DB, 'audit_log'>();
  const filters: Expression<SqlBool>[] = [];
  if (query.entityType === 'payment') filters.push(eb('entity_type', 'in', ['payment', 'refund']));
  else if (query.entityType) filters.push(eb('entity_type', '=', query.entityType));
  if (query.entityId && UUID.test(query.entityId)) {
    const id = query.entityId.toLowerCase();
    filters.push(eb.or([eb('entity_id', '=', id), eb('order_id', '=', id)]));
  } else if (query.entityId) {
    filters.push(eb('entity_id', '=', query.entityId));
  }
  // `%`, `_` and `\` typed into the person filter match themselves.
  if (query.actor) filters.push(eb('actor_label', 'ilike', likeContaining(query.actor)));
  if (query.from) filters.push(eb('created_at', '>=', startOfLagosDay(query.from)));
  if (query.to) filters.push(eb('created_at', '<', startOfNextLagosDay(query.to)));
  const db = queries(deps.database.sql);
  const filtered = db
    .selectFrom('audit_log')
    .$if(filters.length > 0, (entries) => entries.where(eb.and(filters)));
  const rows = await filtered
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const count = await filtered.select(eb.fn.countAll<number>().as('total')).executeTakeFirst();
  return { entries: rows.map(toDto), page: query.page, pageSize: query.pageSize, total: count?.total ?? 0 };
}
