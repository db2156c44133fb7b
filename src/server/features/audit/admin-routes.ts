import { Hono } from 'hono';
import { auditListQuery } from '#shared/schemas/settings';
import type { AppEnv } from '../../context';
import { readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { listAuditEntries } from './list-audit';

/** The audit log for admins: who changed what, before → after, when. */
export function adminAuditRoutes() {
  return new Hono<AppEnv>().get('/audit', async (c) => {
    requireAdmin(c);
    return c.json(await listAuditEntries(c.get('deps'), readQuery(c, auditListQuery)));
  });
}
