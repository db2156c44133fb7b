import { sql as pg } from 'kysely';
import { type AppDeps, defineJob } from '../../context';
import { announceAll, type Change } from '../../platform/db/announce';
import { queries } from '../../platform/db/queries';

/** The settings row holding when the last run looked, as `{ "at": ISO time }`. */
export const SALE_BOUNDARIES_KEY = 'sale_boundaries_checked_at';

/** How far back the very first run looks: boundaries before it were passed before sales existed here. */
const FIRST_LOOK_BACK = '1 hour';

export type SaleBoundaries = { since: string; until: string; products: string[]; discounts: string[] };

/**
 * A sale starting or ending, or an automatic offer doing so, changes the price charged
 * (offer_price_kobo reads the clock) without any row changing, so nothing announces it: this does,
 * for every boundary passed since the last run, so open product pages read the price again and the
 * page cache and the listings drop what they kept. The last run's time is kept in the database, so
 * a boundary passed while no process ran is announced by the next run; the row's lock makes two
 * runs take turns. A boundary announced twice costs a read; a missed one would leave old prices.
 * Automatic offers are announced as themselves: the page cache clears every page on such a change.
 */
export async function announceSaleBoundaries(deps: Pick<AppDeps, 'database'>): Promise<SaleBoundaries> {
  return deps.database.transaction(async (sql) => {
    const db = queries(sql);
    await db
      .insertInto('settings')
      .values({
        key: SALE_BOUNDARIES_KEY,
        value: pg`jsonb_build_object('at', now() - ${FIRST_LOOK_BACK}::interval)`,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const window = await db
      .selectFrom('settings')
      // As ISO text, to the microsecond: the next window starts exactly where this one ends.
      .select([
        pg<string>`value->>'at'`.as('since'),
        pg<string>`jsonb_build_object('at', now())->>'at'`.as('until'),
      ])
      .where('key', '=', SALE_BOUNDARIES_KEY)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // On the transaction's clock, the one offer_price_kobo prices with: (since, now].
    const passed = (column: string) =>
      pg<boolean>`(${pg.ref(column)} > ${window.since}::timestamptz AND ${pg.ref(column)} <= now())`;
    const products = await db
      .selectFrom('products')
      .select('id')
      .where('sale_price_kobo', 'is not', null)
      .where((eb) => eb.or([passed('sale_starts_at'), passed('sale_ends_at')]))
      .orderBy('id')
      .execute();
    const discounts = await db
      .selectFrom('discounts')
      .select('id')
      .where('kind', '=', 'automatic')
      .where('is_active', '=', true)
      .where((eb) => eb.or([passed('starts_at'), passed('ends_at')]))
      .orderBy('id')
      .execute();
    const changes: Change[] = [
      ...products.map(({ id }): Change => ({ table: 'products', id, userId: null, action: 'updated' })),
      ...discounts.map(({ id }): Change => ({ table: 'discounts', id, userId: null, action: 'updated' })),
    ];
    await announceAll(sql, changes);
    await db
      .updateTable('settings')
      .set({ value: pg`jsonb_build_object('at', now())`, updated_at: pg`now()` })
      .where('key', '=', SALE_BOUNDARIES_KEY)
      .execute();
    return {
      since: new Date(window.since).toISOString(),
      until: new Date(window.until).toISOString(),
      products: products.map(({ id }) => id),
      discounts: discounts.map(({ id }) => id),
    };
  });
}

export const saleBoundariesJob = defineJob<Record<string, never>>({
  name: 'sale-boundaries',
  background: true,
  // The next run is the retry: it looks back to the last run that finished.
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    await announceSaleBoundaries(deps);
  },
});
