import { sql as pg } from 'kysely';
import {
  type AdminDiscount,
  DISCOUNT_MESSAGES,
  type DiscountInput,
  duplicateCodeMessage,
} from '#shared/schemas/admin-discounts';
import type { DiscountStatus } from '#shared/schemas/promotions';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { iso, isoOrNull } from '../../platform/db/values';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { salesByDiscount } from '../payments/ledger';

/**
 * Admin → Discounts: discount codes and automatic discounts, created, changed and turned on or
 * off by admins. Two rules hold here: a code is unique (codes are stored upper-case, so
 * case-insensitively), and at most one automatic discount is on at any moment, so an order never
 * has more than one (offer_price_kobo takes the one covering each product).
 */

/** Discounts (`d`) with the database's clock, which decides their status. */
const selectDiscounts = (sql: SqlRunner) =>
  queries(sql)
    .selectFrom('discounts as d')
    .select([
      'd.id',
      'd.kind',
      'd.code',
      'd.title',
      'd.type',
      'd.percent_off',
      'd.amount_off_kobo',
      'd.applies_to',
      'd.category_ids',
      'd.product_ids',
      'd.min_subtotal_kobo',
      'd.starts_at',
      'd.ends_at',
      'd.usage_limit',
      'd.per_customer_limit',
      'd.uses',
      'd.is_active',
      'd.created_at',
      'd.updated_at',
      pg<Date>`now()`.as('now'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectDiscounts>['execute']>>[number];

/** What the list says of a discount, in the order the storefront's rules apply. */
function statusOf(row: Row): DiscountStatus {
  const now = row.now.getTime();
  if (!row.is_active) return 'inactive';
  if (row.starts_at.getTime() > now) return 'scheduled';
  if (row.ends_at !== null && row.ends_at.getTime() <= now) return 'expired';
  if (row.usage_limit !== null && row.uses >= row.usage_limit) return 'used_up';
  return 'active';
}

type Named = { id: string; name: string };
/** The names of the categories and products the discounts cover, by id. */
async function namesOf(sql: SqlRunner, rows: Row[]): Promise<Map<string, string>> {
  const categoryIds = [...new Set(rows.flatMap((row) => row.category_ids))];
  const productIds = [...new Set(rows.flatMap((row) => row.product_ids))];
  const names = new Map<string, string>();
  if (categoryIds.length > 0) {
    const categories = await queries(sql)
      .selectFrom('categories')
      .select(['id', 'name'])
      .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${categoryIds}::uuid[]`)))
      .execute();
    for (const category of categories) names.set(category.id, category.name);
  }
  if (productIds.length > 0) {
    const products = await queries(sql)
      .selectFrom('products')
      .select(['id', 'name'])
      .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${productIds}::uuid[]`)))
      .execute();
    for (const product of products) names.set(product.id, product.name);
  }
  return names;
}

async function toDtos(sql: SqlRunner, rows: Row[]): Promise<AdminDiscount[]> {
  const codes = rows.filter((row) => row.kind === 'code').map((row) => row.id);
  const [takings, names] = await Promise.all([salesByDiscount(sql, codes), namesOf(sql, rows)]);
  const named = (ids: string[]): Named[] =>
    ids.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  return rows.map((row) => {
    const code = row.kind === 'code';
    const taken = takings.get(row.id);
    return {
      id: row.id,
      kind: row.kind,
      code: row.code,
      title: row.title,
      type: row.type,
      percentOff: row.percent_off,
      amountOffKobo: row.amount_off_kobo,
      appliesTo: row.applies_to,
      categories: named(row.category_ids),
      products: named(row.product_ids),
      minSubtotalKobo: row.min_subtotal_kobo,
      startsAt: iso(row.starts_at),
      endsAt: isoOrNull(row.ends_at),
      usageLimit: row.usage_limit,
      perCustomerLimit: row.per_customer_limit,
      uses: row.uses,
      isActive: row.is_active,
      status: statusOf(row),
      revenueKobo: code ? (taken?.revenue ?? 0) : null,
      discountGivenKobo: code ? (taken?.given ?? 0) : null,
      paidOrders: taken?.orders ?? 0,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  });
}

async function readOne(sql: SqlRunner, id: string, lock = false): Promise<AdminDiscount | null> {
  const query = selectDiscounts(sql).where('d.id', '=', id);
  const row = await (lock ? query.forUpdate(['d']) : query).executeTakeFirst();
  return row ? ((await toDtos(sql, [row]))[0] ?? null) : null;
}

/** What the audit log keeps of a discount: what an admin can change. */
const audited = (d: AdminDiscount) => ({
  kind: d.kind,
  code: d.code,
  title: d.title,
  type: d.type,
  percentOff: d.percentOff,
  amountOffKobo: d.amountOffKobo,
  appliesTo: d.appliesTo,
  categoryIds: d.categories.map((category) => category.id),
  productIds: d.products.map((product) => product.id),
  minSubtotalKobo: d.minSubtotalKobo,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  usageLimit: d.usageLimit,
  perCustomerLimit: d.perCustomerLimit,
  isActive: d.isActive,
});

/** Every discount, newest first (Admin → Discounts). */
export async function listDiscounts(deps: Pick<AppDeps, 'database'>): Promise<AdminDiscount[]> {
  const sql = deps.database.sql;
  const rows = await selectDiscounts(sql).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').execute();
  return toDtos(sql, rows);
}

export async function getDiscount(deps: Pick<AppDeps, 'database'>, id: string): Promise<AdminDiscount> {
  const discount = await readOne(deps.database.sql, id);
  if (!discount) throw notFound(DISCOUNT_MESSAGES.notFound);
  return discount;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

const duplicateCode = (code: string) =>
  conflict('duplicate_code', duplicateCodeMessage(code), { fields: { code: duplicateCodeMessage(code) } });

/** Refuses a code another discount has (codes are stored upper-case: this is case-insensitive). */
async function checkCodeFree(sql: SqlRunner, code: string | null, id: string | null): Promise<void> {
  if (code === null) return;
  const taken = await queries(sql)
    .selectFrom('discounts')
    .select('id')
    .where('code', '=', code)
    .$if(id !== null, (query) => query.where('id', '<>', id!))
    .executeTakeFirst();
  if (taken) throw duplicateCode(code);
}

/** Refuses categories and products that do not exist (the arrays have no foreign keys). */
async function checkTargets(sql: SqlRunner, input: DiscountInput): Promise<void> {
  const missing = async (table: 'categories' | 'products', ids: string[]) => {
    if (ids.length === 0) return false;
    const found = await queries(sql)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('found'))
      .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${ids}::uuid[]`)))
      .executeTakeFirstOrThrow();
    return found.found !== ids.length;
  };
  if (await missing('categories', input.categoryIds)) {
    throw badRequest(DISCOUNT_MESSAGES.unknownCategories, {
      fields: { categoryIds: DISCOUNT_MESSAGES.unknownCategories },
    });
  }
  if (await missing('products', input.productIds)) {
    throw badRequest(DISCOUNT_MESSAGES.unknownProducts, {
      fields: { productIds: DISCOUNT_MESSAGES.unknownProducts },
    });
  }
}

/**
 * Changes that may turn an automatic discount on take this lock first (before any row's), so two
 * admins cannot each turn one on that overlaps the other's.
 */
async function lockAutomatic(sql: SqlRunner): Promise<void> {
  await pg`SELECT pg_advisory_xact_lock(hashtextextended('discounts:automatic', 0))`.execute(queries(sql));
}

type Window = { kind: string; isActive: boolean; startsAt: string; endsAt: string | null };

/** Refuses an automatic discount that would be on at the same time as another one. */
async function checkOneAutomatic(sql: SqlRunner, window: Window, id: string | null): Promise<void> {
  if (window.kind !== 'automatic' || !window.isActive) return;
  const { endsAt } = window;
  const other = await queries(sql)
    .selectFrom('discounts')
    .select('title')
    .where('kind', '=', 'automatic')
    .where('is_active', '=', true)
    .$if(id !== null, (query) => query.where('id', '<>', id!))
    .$if(endsAt !== null, (query) => query.where('starts_at', '<', new Date(endsAt!)))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date(window.startsAt))]))
    .orderBy('starts_at')
    .executeTakeFirst();
  if (other) {
    const message = `The automatic discount "${other.title}" is on at the same time. Only one automatic discount can be on at once: change the dates or deactivate the other one first.`;
    throw conflict('automatic_overlap', message, { fields: { startsAt: message } });
  }
}

/** Runs a write, answering a code taken at the same moment by another admin as a 409. */
async function writing<T>(code: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code !== null && isUniqueViolation(error)) throw duplicateCode(code);
    throw error;
  }
}

const columnsOf = (input: DiscountInput) => ({
  code: input.code,
  title: input.title,
  type: input.type,
  percent_off: input.percentOff,
  amount_off_kobo: input.amountOffKobo,
  applies_to: input.appliesTo,
  category_ids: pg<string[]>`${input.categoryIds}::uuid[]`,
  product_ids: pg<string[]>`${input.productIds}::uuid[]`,
  min_subtotal_kobo: input.minSubtotalKobo,
  starts_at: new Date(input.startsAt),
  ends_at: input.endsAt === null ? null : new Date(input.endsAt),
  usage_limit: input.usageLimit,
  per_customer_limit: input.perCustomerLimit,
  is_active: input.isActive,
});

export async function createDiscount(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: DiscountInput,
): Promise<AdminDiscount> {
  return deps.database.transaction(async (sql) => {
    if (input.kind === 'automatic') await lockAutomatic(sql);
    await checkOneAutomatic(sql, input, null);
    await checkCodeFree(sql, input.code, null);
    await checkTargets(sql, input);
    const row = await writing(input.code, () =>
      queries(sql)
        .insertInto('discounts')
        .values({ kind: input.kind, ...columnsOf(input) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const created = (await readOne(sql, row.id))!;
    await recordAudit(sql, actor, {
      action: 'created',
      entityType: 'discount',
      entityId: created.id,
      after: audited(created),
    });
    await announce(sql, { table: 'discounts', id: created.id, userId: null, action: 'created' });
    return created;
  });
}

/**
 * Changes a discount as a whole (its kind stays). The usage limit cannot go under the uses
 * already held or kept: they are read under the row's lock, which a checkout taking a use waits for.
 */
export async function updateDiscount(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  input: DiscountInput,
): Promise<AdminDiscount> {
  return deps.database.transaction(async (sql) => {
    if (input.kind === 'automatic') await lockAutomatic(sql);
    const before = await readOne(sql, id, true);
    if (!before) throw notFound(DISCOUNT_MESSAGES.notFound);
    if (before.kind !== input.kind) {
      throw badRequest(DISCOUNT_MESSAGES.kindChanged, { fields: { kind: DISCOUNT_MESSAGES.kindChanged } });
    }
    await checkOneAutomatic(sql, input, id);
    if (input.usageLimit !== null && input.usageLimit < before.uses) {
      const message = `It has been used ${before.uses} ${before.uses === 1 ? 'time' : 'times'} already: the usage limit cannot be lower.`;
      throw badRequest(message, { fields: { usageLimit: message } });
    }
    await checkCodeFree(sql, input.code, id);
    await checkTargets(sql, input);
    await writing(input.code, () =>
      queries(sql)
        .updateTable('discounts')
        .set({ ...columnsOf(input), updated_at: pg<Date>`now()` })
        .where('id', '=', id)
        .returning('id')
        .execute(),
    );
    const after = (await readOne(sql, id))!;
    await recordAudit(sql, actor, {
      action: 'updated',
      entityType: 'discount',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    await announce(sql, { table: 'discounts', id, userId: null, action: 'updated' });
    return after;
  });
}

/** Turns a discount on or off; turning an automatic one on is refused while another is on. */
export async function setDiscountActive(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<AdminDiscount> {
  return deps.database.transaction(async (sql) => {
    if (isActive) await lockAutomatic(sql);
    const before = await readOne(sql, id, true);
    if (!before) throw notFound(DISCOUNT_MESSAGES.notFound);
    await checkOneAutomatic(sql, { ...before, isActive }, id);
    if (before.isActive === isActive) return before;
    await queries(sql)
      .updateTable('discounts')
      .set({ is_active: isActive, updated_at: pg<Date>`now()` })
      .where('id', '=', id)
      .returning('id')
      .execute();
    const after = (await readOne(sql, id))!;
    await recordAudit(sql, actor, {
      action: isActive ? 'activated' : 'deactivated',
      entityType: 'discount',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    await announce(sql, { table: 'discounts', id, userId: null, action: 'updated' });
    return after;
  });
}
