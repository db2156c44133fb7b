import { Hono } from 'hono';
import { z } from 'zod';
import { dropSettingsSchema } from '#shared/schemas/drops';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readJson } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { setProductDrop } from './set-drop';

const productParams = z.object({ id: z.uuid() });

/** Drops: a product's release time and limit per customer (mounted under /api/admin). */
export function adminDropRoutes() {
  return new Hono<AppEnv>().put('/products/:id/drop', async (c) => {
    const admin = requireAdmin(c);
    const params = productParams.safeParse(c.req.param());
    // A malformed id answers like a missing one.
    if (!params.success) throw notFound('Product not found');
    const input = await readJson(c, dropSettingsSchema);
    return c.json({ drop: await setProductDrop(c.get('deps'), actorOf(admin), params.data.id, input) });
  });
}
