import { sql as pg, type RawBuilder } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { type AppDeps, defineJob } from '../../context';
import { announceAll, CHANGES_CHANNEL } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { prepared, queries } from '../../platform/db/queries';
import { queueLowStockAlert } from './low-stock';
import { claimsByVariant, type LowStockVariant, outOfStock, type StockClaim } from './stock';

/**
 * Stock held for an order while it is being placed (docs/decisions/2026-11-28-drop-day.md).
 *
 * On drop day two hundred buyers want one variant's row. Taking the stock inside the order's
 * transaction locked that row from the update to the commit, across round trips that each wait
 * behind the page traffic, and every other buyer of it (those who would be told it sold out too)
 * queued behind each holder in turn. Here the stock is taken by one statement that commits by
 * itself: the row is locked for that statement only, the buyers of the last units are decided one
 * statement after another, and the losers hear "sold out" at once. Those statements are
 * provisional (`database.provisional`): sent one behind the other on a connection of their own,
 * taken in turn by one database process without a round trip between them, and committed without
 * waiting for the disk, as the order's commit waits for it (a hold lost to a crash gives its units
 * back, and no order was confirmed with it). The order's transaction then
 * consumes its holds as it commits (`consumedHolds`); an order that fails gives them back
 * (`releaseHolds`); a process that died in between leaves holds the sweep gives back
 * (`releaseStaleHoldsJob`).
 */

/** A hold taken for one claim: its id, and the variant claimed for a low-stock alert, if any. */
type Taken = { holdId: string; lowStock: LowStockVariant | null };

/**
 * One claim's statement: takes the stock only if enough is left, records the hold, claims the
 * low-stock alert (the variant fell to or below `lowStockAt` and its admins have not been told
 * since it was last above) and announces the change, in one statement that commits by itself.
 */
const takeHold = prepared<{
  variantId: string;
  quantity: number;
  userId: string;
  lowStockAt: number | null;
}>()((db, value) =>
  db
    .with('taken', (db) =>
      db
        .updateTable('product_variants as v')
        .set({
          stock_quantity: pg<number>`v.stock_quantity - ${value('quantity')}`,
          updated_at: pg<Date>`now()`,
          low_stock_alerted_at: pg<Date | null>`CASE
              WHEN ${value('lowStockAt')}::integer IS NOT NULL AND v.low_stock_alerted_at IS NULL
                   AND v.stock_quantity - ${value('quantity')} <= ${value('lowStockAt')}::integer THEN now()
              ELSE v.low_stock_alerted_at END`,
        })
        .where('v.id', '=', value('variantId'))
        .where('v.stock_quantity', '>=', value('quantity'))
        .returning([
          'v.id',
          'v.product_id',
          'v.sku',
          'v.stock_quantity',
          // RETURNING shows the row as updated: a stamp equal to now() is this statement's own.
          pg<boolean>`v.low_stock_alerted_at IS NOT DISTINCT FROM now()`.as('alerted'),
        ]),
    )
    .with('held', (db) =>
      db
        .insertInto('stock_holds')
        .columns(['variant_id', 'quantity', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('taken')
            .select([
              'taken.id',
              pg<number>`${value('quantity')}::integer`.as('quantity'),
              pg<string>`${value('userId')}::uuid`.as('user_id'),
            ]),
        )
        .returning('id'),
    )
    // The variant as this statement found it, and the hold if it was taken: a buyer who missed
    // out is told what was left without another round trip (see holdStock).
    .selectFrom('product_variants as seen')
    .where('seen.id', '=', value('variantId'))
    .select((eb) => [
      'seen.stock_quantity as stockSeen',
      jsonObjectFrom(
        eb
          .selectFrom('taken as t')
          .innerJoin('products as p', 'p.id', 't.product_id')
          .innerJoin('held as h', (join) => join.onTrue())
          .select([
            'h.id as holdId',
            't.id as variantId',
            't.product_id as productId',
            'p.name',
            't.sku',
            't.stock_quantity as stock',
            't.alerted',
            pg<string>`pg_notify(${CHANGES_CHANNEL}, json_build_object('table', 'product_variants', 'id', t.id,
                'userId', NULL, 'action', 'reserved', 'productId', t.product_id)::text)`.as('announced'),
          ]),
      ).as('hold'),
    ]),
);

const stockOf = prepared<{ variantId: string }>()((db, value) =>
  db.selectFrom('product_variants').select('stock_quantity').where('id', '=', value('variantId')),
);

/**
 * What is left of a variant whose hold was refused. The hold's statement saw the variant as it was
 * when the statement began: less than the claim is what was left then, as a read of its own would
 * have said a moment earlier. Enough for the claim means the units went while the statement waited
 * for the row (the update then judged the newest version, the rest of the statement cannot see
 * it): only then is the stock read again.
 */
async function stockLeft(sql: SqlRunner, claim: StockClaim, seen: number | undefined): Promise<number> {
  if (seen !== undefined && seen < claim.quantity) return seen;
  const [left] = await stockOf(sql, { variantId: claim.variantId });
  return left?.stock_quantity ?? 0;
}

/**
 * Holds the stock of every claim, each by its own provisional statement committed at once
 * (`deps.database.provisional`, never inside a transaction: that would keep the rows locked to its
 * commit, which is what holds are for avoiding). All or nothing: when one claim is short, the
 * holds already taken are given back and 409 out_of_stock names the item and what is left. A sale
 * that takes a variant to its low-stock level queues the admins' alert (its own transaction),
 * whatever becomes of the order.
 */
export async function holdStock(
  deps: Pick<AppDeps, 'database' | 'env' | 'jobs'>,
  userId: string,
  claims: readonly StockClaim[],
  lowStockAt: number | null,
): Promise<string[]> {
  const taken: Taken[] = [];
  try {
    // One per variant, in id order, as every other taker of several variants' rows takes them.
    const sorted = claimsByVariant(claims).sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
    for (const claim of sorted) {
      const [row] = await takeHold(deps.database.provisional, {
        variantId: claim.variantId,
        quantity: claim.quantity,
        userId,
        lowStockAt,
      });
      if (!row?.hold) throw outOfStock(claim, await stockLeft(deps.database.reads, claim, row?.stockSeen));
      const { holdId, alerted, announced: _, ...variant } = row.hold;
      taken.push({ holdId, lowStock: alerted ? variant : null });
    }
    // Queued with the holds or not at all: if it cannot be, the holds go back and the order fails.
    const lowStock = taken.flatMap((hold) => (hold.lowStock ? [hold.lowStock] : []));
    if (lowStock.length > 0) {
      await deps.database.transaction((tx) => queueLowStockAlert(deps, tx, lowStock));
    }
  } catch (error) {
    await releaseHolds(
      deps,
      taken.map((hold) => hold.holdId),
    ).catch(() => {
      // The database is failing: the stale-holds sweep gives these back once it answers again.
    });
    throw error;
  }
  return taken.map((hold) => hold.holdId);
}

/**
 * Inside the order's transaction, as part of the statement that writes the order: deletes its
 * holds, the stock now belonging to the order. The caller counts what it returns: a hold the sweep
 * gave back meanwhile (the order took longer than a hold lives) is missing, and the order must not
 * commit without its stock.
 */
export function consumedHolds(holdIds: readonly string[]): RawBuilder<{ id: string }> {
  // In parentheses: the builder writes a raw common table expression as it is given.
  return pg`(DELETE FROM stock_holds WHERE id = any(${holdIds}::uuid[]) RETURNING id)`;
}

/**
 * Gives back the stock of these holds (those still there: each is given back once), in one
 * transaction with its announcement. The low-stock stamp stays: a hold that crossed the threshold
 * has alerted the admins already, and an order refused after it does not make the variant run low
 * again (a restock or a cancellation re-arms it, as before).
 */
export async function releaseHolds(
  deps: Pick<AppDeps, 'database'>,
  holdIds: readonly string[],
): Promise<void> {
  if (holdIds.length === 0) return;
  await deps.database.transaction((sql) => releaseWhere(sql, pg<boolean>`h.id = any(${holdIds}::uuid[])`));
}

/** Inside a transaction: deletes the holds `which` picks and puts their units back. */
async function releaseWhere(sql: SqlRunner, which: RawBuilder<boolean>): Promise<number> {
  const db = queries(sql);
  const { rows: gone } = await pg<{ variant_id: string; quantity: number }>`
    DELETE FROM stock_holds h WHERE ${which} RETURNING h.variant_id, h.quantity`.execute(db);
  if (gone.length === 0) return 0;
  const units = new Map<string, number>();
  for (const hold of gone) units.set(hold.variant_id, (units.get(hold.variant_id) ?? 0) + hold.quantity);
  // The variant rows in id order, as every taker of several variants' rows takes them (a join's
  // order would be the plan's, and two releases could each hold what the other needs).
  const variantIds = [...units.keys()].sort();
  await db
    .selectFrom('product_variants')
    .select('id')
    .where('id', 'in', variantIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  const { rows } = await pg<{ id: string; product_id: string }>`
    UPDATE product_variants v
       SET stock_quantity = v.stock_quantity + u.quantity, updated_at = now()
      FROM unnest(${variantIds}::uuid[], ${variantIds.map((id) => units.get(id)!)}::integer[]) AS u(id, quantity)
     WHERE v.id = u.id
 RETURNING v.id, v.product_id`.execute(db);
  await announceAll(
    sql,
    rows.map((row) => ({
      table: 'product_variants' as const,
      id: row.id,
      userId: null,
      action: 'released',
      productId: row.product_id,
    })),
  );
  return rows.length;
}

/** A hold older than this belongs to an order that will never commit (its process died). */
export const STALE_HOLD_MINUTES = 10;

/**
 * Gives back holds left behind by a process that stopped between holding stock and placing the
 * order. An order's transaction that is still running past this age finds its holds gone and is
 * refused (out of stock), never committed without its stock.
 */
export const releaseStaleHoldsJob = defineJob<Record<string, never>>({
  name: 'release-stale-stock-holds',
  background: true,
  // The next minute's run is the retry.
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    await deps.database.transaction((sql) =>
      releaseWhere(sql, pg<boolean>`h.created_at < now() - make_interval(mins => ${STALE_HOLD_MINUTES})`),
    );
  },
});
