import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';

const constantBodies = new Map<number, string>();

/**
 * The benchmark's baseline (BENCH_BASELINE=true): GET /api/health/constant/:bytes answers a
 * constant JSON body as large as the answer it is compared with, from where the cached catalogue
 * answers come (app.ts): past the request id, security headers, body limits and compression, but
 * not the API's CSRF check and session. The cheapest answer this server gives, so a ratio says
 * what the real work costs. Without BENCH_BASELINE the path is not found, like any other.
 */
export function benchBaseline(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('deps').env.benchBaseline) return next();
    const bytes = Math.min(Math.max(Number.parseInt(c.req.param('bytes') ?? '', 10) || 2, 2), 1_000_000);
    let body = constantBodies.get(bytes);
    if (!body) {
      body = JSON.stringify({ data: 'x'.repeat(Math.max(0, bytes - 11)) });
      constantBodies.set(bytes, body);
    }
    return c.body(body, 200, { 'content-type': 'application/json' });
  };
}

/**
 * The newest migration applied (numbered from 1). With a parameter, the statement is prepared once
 * per connection (platform/db/client.ts): PostgreSQL spends a third less on each health check than
 * parsing and planning it every time.
 */
const NEWEST_MIGRATION = 'SELECT max(version) AS version FROM schema_migrations WHERE version >= $1';

/** GET /api/health: the database answers (one round trip), at the migration it reports. */
export function healthRoutes() {
  return new Hono<AppEnv>().get('/health', async (c) => {
    const { database } = c.get('deps');
    const [row] = await database.reads.query<{ version: number | null }>(NEWEST_MIGRATION, [1]);
    return c.json({ status: 'ok', database: database.kind, migrationVersion: row?.version ?? 0 });
  });
}
