import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { currentVersion } from '../../db/migrate';
import { notFound } from '../../errors';

const constantBodies = new Map<number, string>();

export function healthRoutes() {
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      const { database } = c.get('deps');
      const migrationVersion = await currentVersion(database.sql);
      return c.json({ status: 'ok', database: database.kind, migrationVersion });
    })
    .get('/health/constant/:bytes', (c) => {
      // The benchmark's baseline (BENCH_BASELINE=true): this server, through the same middlewares,
      // answering a constant JSON body as large as the response it is compared with.
      if (!c.get('deps').env.benchBaseline) throw notFound('Not found');
      const bytes = Math.min(Math.max(Number.parseInt(c.req.param('bytes'), 10) || 2, 2), 1_000_000);
      let body = constantBodies.get(bytes);
      if (!body) {
        body = JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - 11)) });
        constantBodies.set(bytes, body);
      }
      return c.body(body, 200, { 'content-type': 'application/json' });
    });
}
