import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../db/client';

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
  const [row] = await sql.query<{ value: Partial<StoreIdentity> | null }>(
    `SELECT value FROM settings WHERE key = 'store'`,
  );
  const value = row?.value ?? {};
  return {
    name: typeof value.name === 'string' && value.name.trim() ? value.name : FALLBACK.name,
    supportEmail:
      typeof value.supportEmail === 'string' && value.supportEmail.trim()
        ? value.supportEmail
        : FALLBACK.supportEmail,
    supportPhone: typeof value.supportPhone === 'string' ? value.supportPhone : FALLBACK.supportPhone,
  };
}
