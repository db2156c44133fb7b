import { sql as pg } from 'kysely';
import type { AdminNotification, NotificationCreateRequest } from '#shared/schemas/settings';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { iso, isoOrNull } from '../../platform/db/values';
import { badRequest, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';

/** Notifications (`n`) with who created them, and the database's clock, which decides their state. */
const selectNotifications = (sql: SqlRunner) =>
  queries(sql)
    .selectFrom('site_notifications as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .select([
      'n.id',
      'n.title',
      'n.content',
      'n.type',
      'n.target_audience',
      'n.display_location',
      'n.is_active',
      'n.start_date',
      'n.end_date',
      'u.email as created_by_email',
      'n.created_at',
      'n.updated_at',
      pg<Date>`now()`.as('now'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

/** The same rule as the storefront's (catalog/active-notifications.ts), said in one word. */
function stateOf(row: Row): AdminNotification['state'] {
  const now = row.now.getTime();
  if (!row.is_active) return 'inactive';
  if (row.start_date.getTime() > now) return 'scheduled';
  if (row.end_date !== null && row.end_date.getTime() <= now) return 'ended';
  return 'active';
}

const toDto = (row: Row): AdminNotification => ({
  id: row.id,
  title: row.title,
  content: row.content,
  type: row.type,
  targetAudience: row.target_audience,
  displayLocation: row.display_location,
  isActive: row.is_active,
  startDate: iso(row.start_date),
  endDate: isoOrNull(row.end_date),
  state: stateOf(row),
  createdBy: row.created_by_email,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** What the audit log keeps of a notification: what an admin can change. */
const audited = (n: AdminNotification) => ({
  title: n.title,
  content: n.content,
  type: n.type,
  targetAudience: n.targetAudience,
  displayLocation: n.displayLocation,
  isActive: n.isActive,
  startDate: n.startDate,
  endDate: n.endDate,
});

async function readOne(sql: SqlRunner, id: string, lock = false): Promise<AdminNotification | null> {
  const query = selectNotifications(sql).where('n.id', '=', id);
  const row = await (lock ? query.forUpdate(['n']) : query).executeTakeFirst();
  return row ? toDto(row) : null;
}

/** Every notification, newest first (Settings → Notifications). */
export async function listNotifications(deps: Pick<AppDeps, 'database'>): Promise<AdminNotification[]> {
  const rows = await selectNotifications(deps.database.sql)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map(toDto);
}

type CreateInput = Required<Omit<NotificationCreateRequest, 'endDate'>> & { endDate: string | null };

export async function createNotification(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: CreateInput,
): Promise<AdminNotification> {
  return deps.database.transaction(async (sql) => {
    const row = await queries(sql)
      .insertInto('site_notifications')
      .values({
        title: input.title,
        content: input.content,
        type: input.type,
        target_audience: input.targetAudience,
        display_location: input.displayLocation,
        is_active: input.isActive,
        start_date: input.startDate,
        end_date: input.endDate,
        created_by: actor.kind === 'user' ? actor.id : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = (await readOne(sql, row.id))!;
    await recordAudit(sql, actor, {
      action: 'created',
      entityType: 'notification',
      entityId: created.id,
      after: audited(created),
    });
    await announce(sql, { table: 'site_notifications', id: created.id, userId: null, action: 'created' });
    return created;
  });
}

/**
 * Changes some fields of a notification (activate/deactivate is `{ isActive }`). The result must
 * still end after it starts, checked against the stored dates under the row's lock.
 */
export async function updateNotification(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  changes: Partial<CreateInput>,
): Promise<AdminNotification> {
  return deps.database.transaction(async (sql) => {
    const before = await readOne(sql, id, true);
    if (!before) throw notFound('Notification not found');
    const startDate = changes.startDate ?? before.startDate;
    const endDate = changes.endDate === undefined ? before.endDate : changes.endDate;
    if (endDate !== null && new Date(endDate) <= new Date(startDate)) {
      throw badRequest('End date must be after the start date', {
        fields: { endDate: 'End date must be after the start date' },
      });
    }
    // Fields left undefined are left out of the SET: they keep their value.
    await queries(sql)
      .updateTable('site_notifications')
      .set({
        title: changes.title,
        content: changes.content,
        type: changes.type,
        target_audience: changes.targetAudience,
        display_location: changes.displayLocation,
        is_active: changes.isActive,
        start_date: changes.startDate,
        end_date: changes.endDate,
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    const after = (await readOne(sql, id))!;
    const action =
      Object.keys(changes).length === 1 && changes.isActive !== undefined
        ? changes.isActive
          ? 'activated'
          : 'deactivated'
        : 'updated';
    await recordAudit(sql, actor, {
      action,
      entityType: 'notification',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    await announce(sql, { table: 'site_notifications', id, userId: null, action: 'updated' });
    return after;
  });
}

export async function deleteNotification(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.database.transaction(async (sql) => {
    const before = await readOne(sql, id, true);
    if (!before) throw notFound('Notification not found');
    await queries(sql).deleteFrom('site_notifications').where('id', '=', id).execute();
    await recordAudit(sql, actor, {
      action: 'deleted',
      entityType: 'notification',
      entityId: id,
      before: audited(before),
    });
    await announce(sql, { table: 'site_notifications', id, userId: null, action: 'deleted' });
  });
}
