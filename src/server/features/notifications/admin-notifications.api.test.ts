import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: { cookie: string; email: string; id: string };
let shopper: string;
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await createSignedInUser(t, { role: 'admin', email: 'notices-admin@example.test' });
  admin = { cookie: signedIn.cookie, email: signedIn.user.email, id: signedIn.user.id };
  shopper = (await createSignedInUser(t)).cookie;
});
afterAll(() => t.close());

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const create = (json: Record<string, unknown>, cookie = admin.cookie) =>
  t.request('/api/admin/notifications', { method: 'POST', cookie, json });
const patch = (id: string, json: Record<string, unknown>, cookie = admin.cookie) =>
  t.request(`/api/admin/notifications/${id}`, { method: 'PATCH', cookie, json });
const banner = async (path = '/') =>
  (
    (await t.request(`/api/notifications/active?path=${encodeURIComponent(path)}`)).body as {
      notifications: { id: string; title: string }[];
    }
  ).notifications;

async function auditOf(entityId: string) {
  return t.database.sql.query<{
    actor_id: string | null;
    actor_label: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `SELECT actor_id, actor_label, action, before, after FROM audit_log
      WHERE entity_type = 'notification' AND entity_id = $1 ORDER BY created_at, id`,
    [entityId],
  );
}

describe('site notifications for admins', () => {
  it("refuses a form without title, content or start date with the spec's messages", async () => {
    const response = await create({ title: '  ', content: '', startDate: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: {
        code: 'bad_request',
        fields: {
          title: 'Title is required',
          content: 'Content is required',
          startDate: 'Start date is required',
        },
      },
    });
    const wrongEnd = await create({
      title: 'Sale',
      content: 'Half off',
      startDate: inDays(2),
      endDate: inDays(1),
    });
    expect(wrongEnd.status).toBe(400);
    expect((wrongEnd.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      endDate: 'End date must be after the start date',
    });
    const badType = await create({ title: 'Sale', content: 'Half off', startDate: hourAgo(), type: 'loud' });
    expect(badType.status).toBe(400);
    const control = await create({ title: 'Sale\u0007', content: 'Half off', startDate: hourAgo() });
    expect((control.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      title: 'Title cannot contain control characters',
    });
  });

  it('creates with the defaults, stores an empty end date as null, audits and shows it on the storefront', async () => {
    const response = await create({
      title: 'Free delivery',
      content: 'This weekend only',
      startDate: hourAgo(),
      endDate: null,
    });
    expect(response.status).toBe(201);
    const { notification } = response.body as { notification: Record<string, unknown> & { id: string } };
    expect(notification).toMatchObject({
      title: 'Free delivery',
      type: 'info',
      targetAudience: 'all',
      displayLocation: 'site_wide',
      isActive: true,
      endDate: null,
      state: 'active',
      createdBy: admin.email,
    });
    const [row] = await t.database.sql.query<{ end_date: Date | null }>(
      'SELECT end_date FROM site_notifications WHERE id = $1',
      [notification.id],
    );
    expect(row!.end_date).toBeNull();
    // An empty string from a form is null too.
    const blank = await create({ title: 'Blank end', content: 'x', startDate: hourAgo(), endDate: '' });
    expect((blank.body as { notification: { endDate: null } }).notification.endDate).toBeNull();

    expect((await banner()).map((n) => n.title)).toContain('Free delivery');
    const [audit] = await auditOf(notification.id);
    expect(audit).toMatchObject({
      actor_id: admin.id,
      actor_label: admin.email,
      action: 'created',
      before: null,
      after: { title: 'Free delivery', isActive: true, endDate: null, displayLocation: 'site_wide' },
    });
  });

  it('edits, deactivates and activates, each audited with before → after, and the banner follows', async () => {
    const { notification } = (
      await create({
        title: 'Drop alert',
        content: 'New hoodies Friday',
        startDate: hourAgo(),
        endDate: inDays(3),
        type: 'promotional',
      })
    ).body as { notification: { id: string; endDate: string } };

    const edited = await patch(notification.id, { content: 'New hoodies Saturday', endDate: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ notification: { content: 'New hoodies Saturday', endDate: null } });

    const off = await patch(notification.id, { isActive: false });
    expect(off.body).toMatchObject({ notification: { isActive: false, state: 'inactive' } });
    expect((await banner()).map((n) => n.id)).not.toContain(notification.id);

    expect((await patch(notification.id, { isActive: true })).status).toBe(200);
    expect((await banner()).map((n) => n.id)).toContain(notification.id);

    const entries = await auditOf(notification.id);
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'updated', 'deactivated', 'activated']);
    expect(entries[1]).toMatchObject({
      actor_label: admin.email,
      before: { content: 'New hoodies Friday', endDate: notification.endDate },
      after: { content: 'New hoodies Saturday', endDate: null },
    });
    expect(entries[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

    // An end date before the stored start date is refused on update too.
    const backwards = await patch(notification.id, {
      endDate: new Date(Date.now() - 86_400_000 * 2).toISOString(),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      error: { fields: { endDate: 'End date must be after the start date' } },
    });
  });

  it('says whether a notification is scheduled or has ended, as the storefront treats it', async () => {
    const later = (await create({ title: 'Later', content: 'Soon', startDate: inDays(1) })).body as {
      notification: { id: string; state: string };
    };
    expect(later.notification.state).toBe('scheduled');
    const [row] = await t.database.sql.query<{ id: string }>(
      `INSERT INTO site_notifications (title, content, start_date, end_date)
       VALUES ('Old', 'Gone', now() - interval '2 days', now() - interval '1 day') RETURNING id`,
    );
    const list = (await t.request('/api/admin/notifications', { cookie: admin.cookie })).body as {
      notifications: { id: string; state: string }[];
    };
    expect(list.notifications.find((n) => n.id === later.notification.id)?.state).toBe('scheduled');
    expect(list.notifications.find((n) => n.id === row!.id)?.state).toBe('ended');
    expect((await banner()).map((n) => n.id)).not.toContain(later.notification.id);
  });

  it('deletes with an audit entry holding what was deleted; a second delete is a 404', async () => {
    const { notification } = (
      await create({ title: 'Delete me', content: 'Soon gone', startDate: hourAgo() })
    ).body as { notification: { id: string } };
    const removed = await t.request(`/api/admin/notifications/${notification.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await banner()).map((n) => n.id)).not.toContain(notification.id);
    const entries = await auditOf(notification.id);
    expect(entries.at(-1)).toMatchObject({ action: 'deleted', before: { title: 'Delete me' }, after: null });
    const again = await t.request(`/api/admin/notifications/${notification.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
    expect((await patch('not-a-uuid', { isActive: false })).status).toBe(404);
  });

  it('refuses shoppers on create, update and delete, writing nothing', async () => {
    const before = await t.database.sql.query('SELECT id FROM site_notifications');
    const response = await create({ title: 'Sneaky', content: 'x', startDate: hourAgo() }, shopper);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: { code: 'forbidden', message: 'Access denied. Admin privileges required.' },
    });
    expect(await t.database.sql.query('SELECT id FROM site_notifications')).toHaveLength(before.length);
  });
});
