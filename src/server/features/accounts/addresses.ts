import { type Insertable, sql as pg, type Selectable } from 'kysely';
import { MESSAGES, type SavedAddress } from '#shared/schemas/accounts';
import type { Address } from '#shared/schemas/checkout';
import { SAVED_ADDRESSES_MAX } from '#shared/schemas/text';
import type { AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso } from '../../platform/db/values';
import { conflict, notFound } from '../../platform/errors';

type Deps = Pick<AppDeps, 'database'>;

const COLUMNS = [
  'id',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'is_default',
  'created_at',
  'updated_at',
] as const;

type AddressRow = Pick<Selectable<DB['addresses']>, (typeof COLUMNS)[number]>;

const toAddress = (row: AddressRow): SavedAddress => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  city: row.city,
  state: row.state as SavedAddress['state'],
  isDefault: row.is_default,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** An address's fields as its columns; one left undefined (an edit) is left out and kept. */
function addressColumns(input: Address): AddressColumns;
function addressColumns(input: Partial<Address>): Partial<AddressColumns>;
function addressColumns(input: Partial<Address>): Partial<AddressColumns> {
  return {
    full_name: input.fullName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
  };
}

type AddressColumns = Pick<
  Insertable<DB['addresses']>,
  'full_name' | 'email' | 'phone' | 'address' | 'city' | 'state'
>;

/** The default shipping address first, then the newest. */
export async function listAddresses(deps: Deps, userId: string): Promise<SavedAddress[]> {
  const rows = await queries(deps.database.sql)
    .selectFrom('addresses')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAddress);
}

/** The default shipping address, for prefilling checkout; null when none is set. */
export async function findDefaultAddress(deps: Deps, userId: string): Promise<SavedAddress | null> {
  const row = await queries(deps.database.sql)
    .selectFrom('addresses')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where((eb) => eb.ref('is_default'))
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

// Changing which address is the default touches two rows; locking the user's row first makes
// concurrent changes for one user take turns instead of tripping the one-default unique index.
async function lockUser(sql: SqlRunner, userId: string) {
  await queries(sql).selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Saved addresses show in the admin's customer details, which follow profile changes: an address
 * change is announced as a change to its owner's profile (never the address itself), from the
 * transaction that makes it.
 */
const announceAddresses = (sql: SqlRunner, userId: string, action: 'added' | 'updated' | 'deleted') =>
  announce(sql, { table: 'users', id: userId, userId, action: `address_${action}` });

async function clearDefault(sql: SqlRunner, userId: string) {
  await queries(sql)
    .updateTable('addresses')
    .set({ is_default: false, updated_at: pg<Date>`now()` })
    .where('user_id', '=', userId)
    .where((eb) => eb.ref('is_default'))
    .execute();
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
    const saved = await queries(sql)
      .selectFrom('addresses')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('is_default', '=', true).as('defaults'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (saved.total >= SAVED_ADDRESSES_MAX) throw conflict('too_many_addresses', MESSAGES.tooManyAddresses);
    const makeDefault = input.isDefault || saved.defaults === 0;
    if (makeDefault) await clearDefault(sql, userId);
    const row = await queries(sql)
      .insertInto('addresses')
      .values({ ...addressColumns(input), user_id: userId, is_default: makeDefault })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await announceAddresses(sql, userId, 'added');
    return toAddress(row);
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
    // Fields left undefined are left out of the SET: they keep their value.
    const row = await queries(sql)
      .updateTable('addresses')
      .set({ ...addressColumns(input), is_default: input.isDefault, updated_at: pg<Date>`now()` })
      .where('id', '=', addressId)
      .where('user_id', '=', userId)
      .returning(COLUMNS)
      .executeTakeFirst();
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
    const deleted = await queries(sql)
      .deleteFrom('addresses')
      .where('id', '=', addressId)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw notFound('Address not found');
    await announceAddresses(sql, userId, 'deleted');
  });
}
