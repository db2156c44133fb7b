import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../accounts/guards';

/**
 * The admin area's own view of the signed-in admin (the admin status debugger reads it). Every
 * /api/admin route answers 401 to guests and 403 'Access denied. Admin privileges required.' to
 * shoppers, whatever the browser shows.
 */
export function adminAccessRoutes() {
  return new Hono<AppEnv>().get('/admin/me', (c) => {
    const admin = requireAdmin(c);
    return c.json({
      user: { id: admin.id, email: admin.email, role: admin.role, displayName: admin.displayName },
      isAdmin: true,
    });
  });
}
