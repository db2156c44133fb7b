import { MESSAGES, type SavedAddress } from '#shared/schemas/accounts';
import type { Address } from '#shared/schemas/checkout';
import { SAVED_ADDRESSES_MAX } from '#shared/schemas/text';
import type { AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';

type Deps = Pick<AppDeps, 'database'>;

type AddressRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  is_default: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = 'id, full_name, email, phone, address, city, state, is_default, created_at, updated_at';

const toAddress = (row: AddressRow): SavedAddress => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  city: row.city,
  state: row.state as SavedAddress['state'],
  isDefault: row.is_default,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The default shipping address first, then the newest. */
export async function listAddresses(deps: Deps, userId: string): Promise<SavedAddress[]> {
  const rows = await deps.database.sql.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, created_at DESC, id`,
    [userId],
  );
  return rows.map(toAddress);
}

/** The default shipping address, for prefilling checkout; null when none is set. */
export async function findDefaultAddress(deps: Deps, userId: string): Promise<SavedAddress | null> {
  const [row] = await deps.database.sql.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 AND is_default`,
    [userId],
  );
  return row ? toAddress(row) : null;
}

// Changing which address is the default touches two rows; locking the user's row first makes
// concurrent changes for one user take turns instead of tripping the one-default unique index.
async function lockUser(sql: SqlRunner, userId: string) {
  await sql.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/**
 * Saved addresses show in the admin's customer details, which follow profile changes: an address
 * change is announced as a change to its owner's profile (never the address itself), from the
 * transaction that makes it.
 */
const announceAddresses = (sql: SqlRunner, userId: string, action: 'added' | 'updated' | 'deleted') =>
  announce(sql, { table: 'users', id: userId, userId, action: `address_${action}` });

async function clearDefault(sql: SqlRunner, userId: string) {
  await sql.query(
    'UPDATE addresses SET is_default = false, updated_at = now() WHERE user_id = $1 AND is_default',
    [userId],
  );
}

/** Saves an address; the first one (or one marked default) becomes the default shipping address. */
export async function addAddress(
  deps: Deps,
  userId: string,
  input: Address & { isDefault: boolean },
): Promise<SavedAddress> {
  return deps.database.transaction(async (sql) => {
    await lockUser(sql, userId);
    // Counted under the user's row lock, so two tabs cannot both add the last allowed one.
    const [saved = { total: 0 }] = await sql.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM addresses WHERE user_id = $1',
      [userId],
    );
    if (saved.total >= SAVED_ADDRESSES_MAX) throw conflict('too_many_addresses', MESSAGES.tooManyAddresses);
    const [{ count } = { count: 0 }] = await sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM addresses WHERE user_id = $1 AND is_default',
      [userId],
    );
    const makeDefault = input.isDefault || count === 0;
    if (makeDefault) await clearDefault(sql, userId);
    const [row] = await sql.query<AddressRow>(
      `INSERT INTO addresses (user_id, full_name, email, phone, address, city, state, is_default)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [userId, input.fullName, input.email, input.phone, input.address, input.city, input.state, makeDefault],
    );
    await announceAddresses(sql, userId, 'added');
    return toAddress(row!);
  });
}

/** Changes some fields of one of the user's addresses; `isDefault: true` makes it the default. */
export async function editAddress(
  deps: Deps,
  userId: string,
  addressId: string,
  input: Partial<Address> & { isDefault?: boolean },
): Promise<SavedAddress> {
  return deps.database.transaction(async (sql) => {
    await lockUser(sql, userId);
    if (input.isDefault === true) await clearDefault(sql, userId);
    const [row] = await sql.query<AddressRow>(
      `UPDATE addresses SET
         full_name = coalesce($3, full_name), email = coalesce($4, email), phone = coalesce($5, phone),
         address = coalesce($6, address), city = coalesce($7, city), state = coalesce($8, state),
         is_default = coalesce($9, is_default), updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [
        addressId,
        userId,
        input.fullName ?? null,
        input.email ?? null,
        input.phone ?? null,
        input.address ?? null,
        input.city ?? null,
        input.state ?? null,
        input.isDefault ?? null,
      ],
    );
    if (!row) throw notFound('Address not found');
    await announceAddresses(sql, userId, 'updated');
    return toAddress(row);
  });
}

export async function setDefaultAddress(
  deps: Deps,
  userId: string,
  addressId: string,
): Promise<SavedAddress> {
  return editAddress(deps, userId, addressId, { isDefault: true });
}

export async function deleteAddress(deps: Deps, userId: string, addressId: string): Promise<void> {
  await deps.database.transaction(async (sql) => {
    const rows = await sql.query('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [
      addressId,
      userId,
    ]);
    if (rows.length === 0) throw notFound('Address not found');
    await announceAddresses(sql, userId, 'deleted');
  });
}
