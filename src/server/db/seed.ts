import type { AppDeps } from '../context';

/**
 * Demo data for an empty shop. Runs only when the catalogue is empty, so it never writes over a
 * real shop's data, and running it twice changes nothing.
 */
export async function seedDemoData(deps: AppDeps): Promise<void> {
  const [row] = await deps.database.sql.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM products',
  );
  if ((row?.count ?? 0) > 0) return;
  deps.logger.info('demo catalogue: the database is empty; seeding is not available yet');
}
