import type {
  AdminShippingMethod,
  ShippingMethodCreateRequest,
  ShippingMethodUpdateRequest,
} from '#shared/schemas/settings';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';

type Row = {
  id: string;
  code: string;
  name: string;
  fee_kobo: number | string;
  free_above_kobo: number | string | null;
  min_days: number;
  max_days: number;
  is_enabled: boolean;
  display_order: number;
  updated_at: Date | string;
};

const COLUMNS =
  'id, code, name, fee_kobo, free_above_kobo, min_days, max_days, is_enabled, display_order, updated_at';

const toDto = (row: Row): AdminShippingMethod => ({
  id: row.id,
  code: row.code,
  name: row.name,
  feeKobo: Number(row.fee_kobo),
  freeAboveKobo: row.free_above_kobo === null ? null : Number(row.free_above_kobo),
  minDays: row.min_days,
  maxDays: row.max_days,
  isActive: row.is_enabled,
  displayOrder: row.display_order,
  updatedAt: new Date(row.updated_at).toISOString(),
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
  const rows = await deps.database.sql.query<Row>(
    `SELECT ${COLUMNS} FROM shipping_methods ORDER BY display_order, name`,
  );
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
    const taken = await sql.query<{ code: string }>(
      `SELECT code FROM shipping_methods WHERE code = $1 OR code LIKE $1 || '-%'`,
      [base],
    );
    const codes = new Set(taken.map((row) => row.code));
    let code = base;
    for (let n = 2; codes.has(code); n++) code = `${base}-${n}`;
    const [row] = await sql.query<Row>(
      `INSERT INTO shipping_methods (code, name, fee_kobo, free_above_kobo, min_days, max_days, is_enabled, display_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT coalesce(max(display_order), 0) + 1 FROM shipping_methods))
       RETURNING ${COLUMNS}`,
      [code, input.name, input.feeKobo, input.freeAboveKobo, input.minDays, input.maxDays, input.isActive],
    );
    const created = toDto(row!);
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
  const rows = await sql.query<Row>(`SELECT ${COLUMNS} FROM shipping_methods ORDER BY id FOR UPDATE`);
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
    const [row] = await sql.query<Row>(
      `UPDATE shipping_methods SET name = $2, fee_kobo = $3, free_above_kobo = $4, min_days = $5,
              max_days = $6, is_enabled = $7, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, next.name, next.feeKobo, next.freeAboveKobo, next.minDays, next.maxDays, next.isActive],
    );
    const after = toDto(row!);
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
