import { sql as pg, type Selectable } from 'kysely';
import type {
  AdminShippingMethod,
  ShippingMethodCreateRequest,
  ShippingMethodUpdateRequest,
} from '#shared/schemas/settings';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso, likeStartingWith } from '../../platform/db/values';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';

const COLUMNS = [
  'id',
  'code',
  'name',
  'fee_kobo',
  'free_above_kobo',
  'min_days',
  'max_days',
  'is_enabled',
  'display_order',
  'updated_at',
] as const;

type Row = Pick<Selectable<DB['shipping_methods']>, (typeof COLUMNS)[number]>;

const toDto = (row: Row): AdminShippingMethod => ({
  id: row.id,
  code: row.code,
  name: row.name,
  feeKobo: row.fee_kobo,
  freeAboveKobo: row.free_above_kobo,
  minDays: row.min_days,
  maxDays: row.max_days,
  isActive: row.is_enabled,
  displayOrder: row.display_order,
  updatedAt: iso(row.updated_at),
});

const audited = (method: AdminShippingMethod) => ({
  name: method.name,
  feeKobo: method.feeKobo,
  freeAboveKobo: method.freeAboveKobo,
  minDays: method.minDays,
  maxDays: method.maxDays,
  isActive: method.isActive,
});

/**
 * Every shipping method, active or not, in display order (Settings → Shipping). Checkout and the
 * shipping-policy page read the same rows on every request (no cache), so a change shows at once.
 */
export async function listAdminShippingMethods(
  deps: Pick<AppDeps, 'database'>,
): Promise<AdminShippingMethod[]> {
  const rows = await queries(deps.database.sql)
    .selectFrom('shipping_methods')
    .select(COLUMNS)
    .orderBy('display_order')
    .orderBy('name')
    .execute();
  return rows.map(toDto);
}

/** A code for a new method from its name: 'Same-day Lagos' → 'same-day-lagos' (orders keep it). */
function codeFor(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'method'
  );
}

export async function createShippingMethod(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: Required<ShippingMethodCreateRequest>,
): Promise<AdminShippingMethod> {
  return deps.database.transaction(async (sql) => {
    const base = codeFor(input.name);
    const taken = await queries(sql)
      .selectFrom('shipping_methods')
      .select('code')
      .where((eb) => eb.or([eb('code', '=', base), eb('code', 'like', likeStartingWith(`${base}-`))]))
      .execute();
    const codes = new Set(taken.map((row) => row.code));
    let code = base;
    for (let n = 2; codes.has(code); n++) code = `${base}-${n}`;
    const row = await queries(sql)
      .insertInto('shipping_methods')
      .values((eb) => ({
        code,
        name: input.name,
        fee_kobo: input.feeKobo,
        free_above_kobo: input.freeAboveKobo,
        min_days: input.minDays,
        max_days: input.maxDays,
        is_enabled: input.isActive,
        // Listed after every other method.
        display_order: eb
          .selectFrom('shipping_methods')
          .select((all) =>
            all(all.fn.coalesce(all.fn.max('display_order'), all.lit(0)), '+', all.lit(1)).as('next'),
          )
          .$asScalar(),
      }))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const created = toDto(row);
    await recordAudit(sql, actor, {
      action: 'created',
      entityType: 'shipping_method',
      entityId: created.code,
      after: audited(created),
    });
    await announce(sql, { table: 'shipping_methods', id: created.id, userId: null, action: 'created' });
    return created;
  });
}

async function lockAll(sql: SqlRunner): Promise<AdminShippingMethod[]> {
  // Every row, in one order: deactivating two methods at once cannot leave none active.
  const rows = await queries(sql)
    .selectFrom('shipping_methods')
    .select(COLUMNS)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(toDto);
}

/**
 * Changes a method's name, fee, free-above amount, delivery days or whether it is offered. The
 * last active method cannot be switched off: checkout would have nothing to offer.
 */
export async function updateShippingMethod(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  changes: ShippingMethodUpdateRequest,
): Promise<AdminShippingMethod> {
  return deps.database.transaction(async (sql) => {
    const all = await lockAll(sql);
    const before = all.find((method) => method.id === id);
    if (!before) throw notFound('Shipping method not found');
    const next = { ...audited(before), ...changes };
    if (next.maxDays < next.minDays) {
      throw badRequest('Longest delivery must be at least the shortest', {
        fields: { maxDays: 'Longest delivery must be at least the shortest' },
      });
    }
    if (before.isActive && next.isActive === false && all.filter((method) => method.isActive).length === 1) {
      throw conflict('last_shipping_method', 'At least one shipping method must stay active.');
    }
    const row = await queries(sql)
      .updateTable('shipping_methods')
      .set({
        name: next.name,
        fee_kobo: next.feeKobo,
        free_above_kobo: next.freeAboveKobo,
        min_days: next.minDays,
        max_days: next.maxDays,
        is_enabled: next.isActive,
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const after = toDto(row);
    await recordAudit(sql, actor, {
      action: 'updated',
      entityType: 'shipping_method',
      entityId: after.code,
      before: audited(before),
      after: audited(after),
    });
    await announce(sql, { table: 'shipping_methods', id, userId: null, action: 'updated' });
    return after;
  });
}
