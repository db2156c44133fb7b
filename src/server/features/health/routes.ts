import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { currentVersion } from '../../db/migrate';

export function healthRoutes() {
  return new Hono<AppEnv>().get('/health', async (c) => {
    const { database } = c.get('deps');
    const migrationVersion = await currentVersion(database.sql);
    return c.json({ status: 'ok', database: database.kind, migrationVersion });
  });
}
