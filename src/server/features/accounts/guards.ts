import type { Context } from 'hono';
import { isAdminRole } from '#shared/constants';
import type { AppEnv, SessionUser } from '../../context';
import { forbidden, unauthorized } from '../../platform/errors';

/** The signed-in user, or a 401 for guests. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** An admin or super_admin, or a 401/403 with the spec's 'Access denied. Admin privileges required.' */
export function requireAdmin(c: Context<AppEnv>): SessionUser {
  const user = requireUser(c);
  if (!isAdminRole(user.role)) throw forbidden();
  return user;
}
