import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../accounts/guards';

/**
 * The admin area's one access check, on every /api/admin path (existing or not): guests get 401,
 * shoppers 403 'Access denied. Admin privileges required.', whatever the browser shows. Admin
 * answers are never cached.
 */
export function adminOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireAdmin(c);
    await next();
    c.header('cache-control', 'no-store');
  };
}
