import { Hono } from 'hono';
import { z } from 'zod';
import { adminRefundListQuery, reconciliationRequest } from '#shared/schemas/money';
import { type AppEnv, actorOf } from '../../context';
import { readJson, readParams, readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { listRefundsDue } from './admin-refunds';
import { getReconciliation, listReconciliations, startReconciliation } from './reconciliation';

const runIdParams = z.object({ id: z.uuid('Reconciliation not found') });

/** The admin's Payments page: money going back, and reconciliation with Paystack. */
export function adminPaymentRoutes() {
  return new Hono<AppEnv>()
    .get('/payments/refunds', async (c) => {
      requireAdmin(c);
      return c.json(await listRefundsDue(c.get('deps'), readQuery(c, adminRefundListQuery)));
    })
    .get('/payments/reconciliations', async (c) => {
      requireAdmin(c);
      return c.json({ runs: await listReconciliations(c.get('deps')) });
    })
    .post('/payments/reconciliations', async (c) => {
      const admin = requireAdmin(c);
      const { from, to } = await readJson(c, reconciliationRequest);
      const run = await startReconciliation(c.get('deps'), actorOf(admin), {
        from: new Date(from),
        to: new Date(to),
      });
      return c.json({ run }, 202);
    })
    .get('/payments/reconciliations/:id', async (c) => {
      requireAdmin(c);
      const { id } = readParams(c, runIdParams);
      return c.json({ run: await getReconciliation(c.get('deps'), id) });
    });
}
