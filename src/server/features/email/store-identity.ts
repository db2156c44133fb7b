import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';

/** What emails say about the shop: from the `store` setting (Settings → Store). */
export type StoreIdentity = { name: string; supportEmail: string; supportPhone: string };

const FALLBACK: StoreIdentity = {
  name: 'Naija Street',
  supportEmail: 'support@naijastreet.ng',
  supportPhone: '',
};

export async function getStoreIdentity(deps: Pick<AppDeps, 'database'>): Promise<StoreIdentity> {
  return readStoreIdentity(deps.database.sql);
}

/** The same, through a given SqlRunner (inside a transaction). */
export async function readStoreIdentity(sql: SqlRunner): Promise<StoreIdentity> {
  const row = await queries(sql)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'store')
    .executeTakeFirst();
  return storeIdentityFrom((row?.value ?? null) as Partial<StoreIdentity> | null);
}

/** The store's identity from the `store` setting's value, read by the caller. */
export function storeIdentityFrom(value: Partial<StoreIdentity> | null): StoreIdentity {
  const stored = value ?? {};
  return {
    name: typeof stored.name === 'string' && stored.name.trim() ? stored.name : FALLBACK.name,
    supportEmail:
      typeof stored.supportEmail === 'string' && stored.supportEmail.trim()
        ? stored.supportEmail
        : FALLBACK.supportEmail,
    supportPhone: typeof stored.supportPhone === 'string' ? stored.supportPhone : FALLBACK.supportPhone,
  };
}
