import type { AdminNotification, NotificationCreateRequest } from '#shared/schemas/settings';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';

type Row = {
  id: string;
  title: string;
  content: string;
  type: AdminNotification['type'];
  target_audience: AdminNotification['targetAudience'];
  display_location: AdminNotification['displayLocation'];
  is_active: boolean;
  start_date: Date | string;
  end_date: Date | string | null;
  created_by_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  now: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

const SELECT = `SELECT n.id, n.title, n.content, n.type, n.target_audience, n.display_location, n.is_active,
       n.start_date, n.end_date, u.email AS created_by_email, n.created_at, n.updated_at, now() AS now
  FROM site_notifications n LEFT JOIN users u ON u.id = n.created_by`;

/** The same rule as the storefront's (catalog/active-notifications.ts), said in one word. */
function stateOf(row: Row): AdminNotification['state'] {
  const now = new Date(row.now).getTime();
  if (!row.is_active) return 'inactive';
  if (new Date(row.start_date).getTime() > now) return 'scheduled';
  if (row.end_date !== null && new Date(row.end_date).getTime() <= now) return 'ended';
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
  endDate: row.end_date === null ? null : iso(row.end_date),
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
  const [row] = await sql.query<Row>(`${SELECT} WHERE n.id = $1${lock ? ' FOR UPDATE OF n' : ''}`, [id]);
  return row ? toDto(row) : null;
}

/** Every notification, newest first (Settings → Notifications). */
export async function listNotifications(deps: Pick<AppDeps, 'database'>): Promise<AdminNotification[]> {
  const rows = await deps.database.sql.query<Row>(`${SELECT} ORDER BY n.created_at DESC, n.id DESC`);
  return rows.map(toDto);
}

type CreateInput = Required<Omit<NotificationCreateRequest, 'endDate'>> & { endDate: string | null };

export async function createNotification(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: CreateInput,
): Promise<AdminNotification> {
  return deps.database.transaction(async (sql) => {
    const [row] = await sql.query<{ id: string }>(
      `INSERT INTO site_notifications
         (title, content, type, target_audience, display_location, is_active, start_date, end_date, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        input.title,
        input.content,
        input.type,
        input.targetAudience,
        input.displayLocation,
        input.isActive,
        input.startDate,
        input.endDate,
        actor.kind === 'user' ? actor.id : null,
      ],
    );
    const created = (await readOne(sql, row!.id))!;
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

const COLUMNS = {
  title: 'title',
  content: 'content',
  type: 'type',
  targetAudience: 'target_audience',
  displayLocation: 'display_location',
  isActive: 'is_active',
  startDate: 'start_date',
  endDate: 'end_date',
} as const;

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
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [key, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
      if (changes[key] === undefined) continue;
      values.push(changes[key]);
      sets.push(`${column} = $${values.length}`);
    }
    await sql.query(
      `UPDATE site_notifications SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`,
      values,
    );
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
    await sql.query('DELETE FROM site_notifications WHERE id = $1', [id]);
    await recordAudit(sql, actor, {
      action: 'deleted',
      entityType: 'notification',
      entityId: id,
      before: audited(before),
    });
    await announce(sql, { table: 'site_notifications', id, userId: null, action: 'deleted' });
  });
}
