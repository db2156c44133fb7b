import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../accounts/guards';
import { getDashboard } from './dashboard';

/** The admin's Dashboard: sales, customers, stock and the last 30 days of paid sales. */
export function adminDashboardRoutes() {
  return new Hono<AppEnv>().get('/dashboard', async (c) => {
    requireAdmin(c);
    return c.json(await getDashboard(c.get('deps')));
  });
}
