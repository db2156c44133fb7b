import type { SqlRunner } from './client';

/** The channel every data change is announced on; the live-updates feature listens to it. */
export const CHANGES_CHANNEL = 'shop_changes';

export type Change = {
  table: string;
  id: string;
  /** The owner of the row, so listeners can send it only to viewers allowed to read it. */
  userId: string | null;
  action: string;
};

/**
 * Announces a change from inside the transaction that made it: PostgreSQL delivers NOTIFY only
 * at commit, so a rolled-back change is never announced, and every server process hears it.
 */
export async function announce(sql: SqlRunner, change: Change): Promise<void> {
  await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(change)]);
}
