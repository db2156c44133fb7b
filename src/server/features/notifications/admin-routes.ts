import { Hono } from 'hono';
import { z } from 'zod';
import { notificationCreateRequest, notificationUpdateRequest } from '#shared/schemas/settings';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readJson } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import {
  createNotification,
  deleteNotification,
  listNotifications,
  updateNotification,
} from './admin-notifications';

const notificationId = z.uuid();

/** A malformed id answers like a missing one. */
function idOf(raw: string | undefined): string {
  const id = notificationId.safeParse(raw);
  if (!id.success) throw notFound('Notification not found');
  return id.data;
}

/** Settings → Notifications: the site notifications banner's messages. */
export function adminNotificationRoutes() {
  return new Hono<AppEnv>()
    .get('/notifications', async (c) => {
      requireAdmin(c);
      return c.json({ notifications: await listNotifications(c.get('deps')) });
    })
    .post('/notifications', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, notificationCreateRequest);
      const notification = await createNotification(c.get('deps'), actorOf(admin), input);
      return c.json({ notification }, 201);
    })
    .patch('/notifications/:id', async (c) => {
      const admin = requireAdmin(c);
      const id = idOf(c.req.param('id'));
      const changes = await readJson(c, notificationUpdateRequest);
      return c.json({ notification: await updateNotification(c.get('deps'), actorOf(admin), id, changes) });
    })
    .delete('/notifications/:id', async (c) => {
      const admin = requireAdmin(c);
      await deleteNotification(c.get('deps'), actorOf(admin), idOf(c.req.param('id')));
      return c.json({ deleted: true });
    });
}
