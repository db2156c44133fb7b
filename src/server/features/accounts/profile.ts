import { isAdminRole, type Role } from '#shared/constants';
import type { SessionUserDto } from '#shared/schemas/accounts';
import type { AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import { unauthorized } from '../../platform/errors';
import { idleMinutesFor } from './sessions';

// Profile

export const displayNameOf = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

type ProfileRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string | null;
  phone: string | null;
  role: Role;
};

const toDto = (row: ProfileRow): SessionUserDto => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: row.display_name,
  phone: row.phone,
  role: row.role,
  isAdmin: isAdminRole(row.role),
  idleTimeoutMinutes: idleMinutesFor(row.role),
});

export async function getProfile(deps: Pick<AppDeps, 'database'>, userId: string): Promise<SessionUserDto> {
  const [row] = await deps.database.sql.query<ProfileRow>(
    `SELECT id, email, first_name, last_name, display_name, phone, role FROM users WHERE id = $1`,
    [userId],
  );
  if (!row) throw unauthorized();
  return toDto(row);
}

export type ProfileInput = {
  firstName: string;
  lastName: string;
  displayName: string | null;
  phone: string | null;
};

export async function updateProfile(
  deps: Pick<AppDeps, 'database'>,
  userId: string,
  input: ProfileInput,
): Promise<SessionUserDto> {
  const row = await deps.database.transaction(async (sql) => {
    const [updated] = await sql.query<ProfileRow>(
      `UPDATE users SET first_name = $2, last_name = $3, display_name = $4, phone = $5,
         name = coalesce($4, $2 || ' ' || $3), updated_at = now()
       WHERE id = $1
       RETURNING id, email, first_name, last_name, display_name, phone, role`,
      [userId, input.firstName, input.lastName, input.displayName, input.phone],
    );
    if (updated) await announce(sql, profileChange(userId, 'updated'));
    return updated;
  });
  if (!row) throw unauthorized();
  return toDto(row);
}

/** A profile changed: admin screens of customers read it again. */
export const profileChange = (userId: string, action: string) =>
  ({ table: 'users', id: userId, userId, action }) as const;
