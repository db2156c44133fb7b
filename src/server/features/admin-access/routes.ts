import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../accounts/guards';

/** The admin area's own view of the signed-in admin (the admin status debugger reads it). */
export function adminAccessRoutes() {
  return new Hono<AppEnv>().get('/me', (c) => {
    const admin = requireAdmin(c);
    return c.json({
      user: { id: admin.id, email: admin.email, role: admin.role, displayName: admin.displayName },
      isAdmin: true,
    });
  });
}
