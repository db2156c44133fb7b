import { Hono } from 'hono';
import { adminEmailListQuery, emailIdParams, failedJobListQuery, jobIdParams } from '#shared/schemas/emails';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { listEmails, resendEmail } from './admin-emails';
import { listFailedJobs, retryFailedJob } from './admin-jobs';

/**
 * Settings → Emails: what the shop sent, with delivery status, and resending failed ones; the
 * background work that failed for good, with a retry.
 */
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
    })
    .get('/jobs/failed', async (c) => {
      requireAdmin(c);
      return c.json(await listFailedJobs(c.get('deps'), readQuery(c, failedJobListQuery)));
    })
    .post('/jobs/:id/retry', async (c) => {
      const admin = requireAdmin(c);
      const params = jobIdParams.safeParse(c.req.param());
      if (!params.success) throw notFound('Job not found');
      await retryFailedJob(c.get('deps'), actorOf(admin), params.data.id);
      return c.json({ retried: true as const });
    });
}
