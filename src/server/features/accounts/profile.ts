import { sql as pg, type Selectable } from 'kysely';
import { isAdminRole } from '#shared/constants';
import type { SessionUserDto } from '#shared/schemas/accounts';
import type { AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { unauthorized } from '../../platform/errors';
import { idleMinutesFor } from './sessions';

// Profile

export const displayNameOf = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

const PROFILE_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'display_name', 'phone', 'role'] as const;

type ProfileRow = Pick<Selectable<DB['users']>, (typeof PROFILE_COLUMNS)[number]>;

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
  const row = await queries(deps.database.sql)
    .selectFrom('users')
    .select(PROFILE_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
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
    const updated = await queries(sql)
      .updateTable('users')
      .set({
        first_name: input.firstName,
        last_name: input.lastName,
        display_name: input.displayName,
        phone: input.phone,
        name: input.displayName ?? `${input.firstName} ${input.lastName}`,
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', userId)
      .returning(PROFILE_COLUMNS)
      .executeTakeFirst();
    if (updated) await announce(sql, profileChange(userId, 'updated'));
    return updated;
  });
  if (!row) throw unauthorized();
  return toDto(row);
}

/** A profile changed: admin screens of customers read it again. */
export const profileChange = (userId: string, action: string) =>
  ({ table: 'users', id: userId, userId, action }) as const;
