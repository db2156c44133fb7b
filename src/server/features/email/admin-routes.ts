import { Hono } from 'hono';
import { adminEmailListQuery, emailIdParams } from '#shared/schemas/emails';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../errors';
import { readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { listEmails, resendEmail } from './admin-emails';

/** Settings → Emails: what the shop sent, with delivery status, and resending failed ones. */
export function adminEmailRoutes() {
  return new Hono<AppEnv>()
    .get('/emails', async (c) => {
      requireAdmin(c);
      return c.json(await listEmails(c.get('deps'), readQuery(c, adminEmailListQuery)));
    })
    .post('/emails/:id/resend', async (c) => {
      const admin = requireAdmin(c);
      const params = emailIdParams.safeParse(c.req.param());
      // A malformed id answers like a missing one.
      if (!params.success) throw notFound('Email not found');
      return c.json({ email: await resendEmail(c.get('deps'), actorOf(admin), params.data.id) });
    });
}
