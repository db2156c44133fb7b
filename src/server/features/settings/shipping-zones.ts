import { sql as pg, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { NIGERIAN_STATES } from '#shared/constants';
import type { PickupLocation } from '#shared/schemas/orders';
import type {
  AdminShippingMethod,
  AdminShippingZone,
  AdminShippingZonesResponse,
  PickupSettings,
  ShippingMethodCreateRequest,
  ShippingMethodUpdateRequest,
  ShippingZoneCreateRequest,
  ShippingZoneUpdateRequest,
} from '#shared/schemas/settings';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB, Json } from '../../platform/db/types';
import { iso } from '../../platform/db/values';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { inStateOrder, readPickupLocation } from '../catalog/shipping-zones';

const METHOD_COLUMNS = [
  'id',
  'zone_id',
  'code',
  'kind',
  'name',
  'fee_kobo',
  'free_above_kobo',
  'min_days',
  'max_days',
  'is_enabled',
  'display_order',
  'updated_at',
] as const;

/** A method's row, read as is or inside a zone's JSON (where its time is a string). */
type MethodRow = Omit<
  Pick<Selectable<DB['shipping_methods']>, (typeof METHOD_COLUMNS)[number]>,
  'updated_at'
> & {
  updated_at: Date | string;
};

const toMethod = (row: MethodRow): AdminShippingMethod => ({
  id: row.id,
  zoneId: row.zone_id,
  code: row.code,
  kind: row.kind,
  name: row.name,
  feeKobo: row.fee_kobo,
  freeAboveKobo: row.free_above_kobo,
  minDays: row.min_days,
  maxDays: row.max_days,
  isActive: row.is_enabled,
  displayOrder: row.display_order,
  updatedAt: iso(row.updated_at),
});

const auditedMethod = (method: AdminShippingMethod) => ({
  name: method.name,
  feeKobo: method.feeKobo,
  freeAboveKobo: method.freeAboveKobo,
  minDays: method.minDays,
  maxDays: method.maxDays,
  isActive: method.isActive,
});

const auditedZone = (zone: AdminShippingZone) => ({
  name: zone.name,
  states: zone.states,
  payOnDeliveryMaxKobo: zone.payOnDeliveryMaxKobo,
});

/** How the audit log names a zone and a method: readable, as the admin sees them. */
const zoneEntity = (name: string) => `shipping_zone:${name}`;
const methodEntity = (zoneName: string, code: string) => `${zoneName}/${code}`;

/** Every zone (or one), with its states and all its methods, active or not, in display order. */
async function readZones(sql: SqlRunner, id?: string): Promise<AdminShippingZone[]> {
  const rows = await queries(sql)
    .selectFrom('shipping_zones as z')
    .select((eb) => [
      'z.id',
      'z.name',
      'z.pay_on_delivery_max_kobo',
      'z.display_order',
      'z.updated_at',
      jsonArrayFrom(
        eb.selectFrom('shipping_zone_states as s').select('s.state').whereRef('s.zone_id', '=', 'z.id'),
      ).as('states'),
      jsonArrayFrom(
        eb
          .selectFrom('shipping_methods as m')
          .select(METHOD_COLUMNS.map((column) => `m.${column}` as const))
          .whereRef('m.zone_id', '=', 'z.id')
          .orderBy('m.display_order')
          .orderBy('m.name'),
      ).as('methods'),
    ])
    .$if(id !== undefined, (query) => query.where('z.id', '=', id!))
    .orderBy('z.display_order')
    .orderBy('z.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    states: inStateOrder(row.states.map((state) => state.state)),
    payOnDeliveryMaxKobo: row.pay_on_delivery_max_kobo,
    displayOrder: row.display_order,
    methods: row.methods.map(toMethod),
    updatedAt: iso(row.updated_at),
  }));
}

async function readZone(sql: SqlRunner, id: string): Promise<AdminShippingZone> {
  const [zone] = await readZones(sql, id);
  if (!zone) throw notFound('Shipping zone not found');
  return zone;
}

/**
 * Settings → Shipping: every zone with its states and methods, active or not, and the states in
 * no zone (they cannot be shipped to). Checkout and the shipping policy read the same rows on every
 * request (the policy's cached pages are cleared by each change's announcement).
 */
export async function listAdminShippingZones(
  deps: Pick<AppDeps, 'database'>,
): Promise<AdminShippingZonesResponse> {
  const zones = await readZones(deps.database.sql);
  const zoned = new Set(zones.flatMap((zone) => zone.states));
  return { zones, unzonedStates: NIGERIAN_STATES.filter((state) => !zoned.has(state)) };
}

/**
 * Zone changes one at a time: whether a state is free or a name taken is then decided on what the
 * others committed. Checkout's reads do not wait for it.
 */
const lockZones = (sql: SqlRunner) => sql.query('LOCK TABLE shipping_zones IN SHARE ROW EXCLUSIVE MODE');

/** Refuses a name another zone has, whatever its case. */
async function checkNameFree(sql: SqlRunner, name: string, id: string | null): Promise<void> {
  const taken = await queries(sql)
    .selectFrom('shipping_zones')
    .select('name')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(id !== null, (query) => query.where('id', '<>', id!))
    .executeTakeFirst();
  if (taken) {
    const message = `There is already a zone named ${taken.name}.`;
    throw conflict('duplicate_zone', message, { fields: { name: message } });
  }
}

/** Refuses states that are in another zone: a state has one fee, so it is in at most one zone. */
async function checkStatesFree(sql: SqlRunner, states: readonly string[], id: string | null): Promise<void> {
  const taken = await queries(sql)
    .selectFrom('shipping_zone_states as s')
    .innerJoin('shipping_zones as z', 'z.id', 's.zone_id')
    .select(['s.state', 'z.name'])
    .where((eb) => eb('s.state', '=', eb.fn.any(pg<string[]>`${states}::text[]`)))
    .$if(id !== null, (query) => query.where('s.zone_id', '<>', id!))
    .execute();
  if (taken.length === 0) return;
  const byState = new Map(taken.map((row) => [row.state, row.name]));
  const message = inStateOrder([...byState.keys()])
    .map((state) => `${state} is already in ${byState.get(state)}`)
    .join('; ');
  throw conflict('state_in_another_zone', `${message}.`, { fields: { states: `${message}.` } });
}

async function writeStates(sql: SqlRunner, zoneId: string, states: readonly string[]): Promise<void> {
  await queries(sql).deleteFrom('shipping_zone_states').where('zone_id', '=', zoneId).execute();
  await queries(sql)
    .insertInto('shipping_zone_states')
    .values(states.map((state) => ({ state, zone_id: zoneId })))
    .execute();
}

const announceZone = (sql: SqlRunner, id: string, action: string) =>
  announce(sql, { table: 'shipping_zones', id, userId: null, action });

/** A new zone, listed after the others, with no method yet (its states cannot be shipped to until it has one). */
export async function createShippingZone(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: Required<ShippingZoneCreateRequest>,
): Promise<AdminShippingZone> {
  return deps.database.transaction(async (sql) => {
    await lockZones(sql);
    await checkNameFree(sql, input.name, null);
    await checkStatesFree(sql, input.states, null);
    const row = await queries(sql)
      .insertInto('shipping_zones')
      .values((eb) => ({
        name: input.name,
        pay_on_delivery_max_kobo: input.payOnDeliveryMaxKobo,
        display_order: eb
          .selectFrom('shipping_zones')
          .select((all) =>
            all(all.fn.coalesce(all.fn.max('display_order'), all.lit(0)), '+', all.lit(1)).as('next'),
          )
          .$asScalar(),
      }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeStates(sql, row.id, input.states);
    const created = await readZone(sql, row.id);
    await recordAudit(sql, actor, {
      action: 'created',
      entityType: 'setting',
      entityId: zoneEntity(created.name),
      after: auditedZone(created),
    });
    await announceZone(sql, created.id, 'created');
    return created;
  });
}

/** Renames a zone, changes its states (each free of other zones) or its pay-on-delivery maximum. */
export async function updateShippingZone(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  changes: ShippingZoneUpdateRequest,
): Promise<AdminShippingZone> {
  return deps.database.transaction(async (sql) => {
    await lockZones(sql);
    const before = await readZone(sql, id);
    if (changes.name !== undefined) await checkNameFree(sql, changes.name, id);
    if (changes.states !== undefined) await checkStatesFree(sql, changes.states, id);
    await queries(sql)
      .updateTable('shipping_zones')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.payOnDeliveryMaxKobo !== undefined
          ? { pay_on_delivery_max_kobo: changes.payOnDeliveryMaxKobo }
          : {}),
        updated_at: pg<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    if (changes.states !== undefined) await writeStates(sql, id, changes.states);
    const after = await readZone(sql, id);
    await recordAudit(sql, actor, {
      action: 'updated',
      entityType: 'setting',
      entityId: zoneEntity(after.name),
      before: auditedZone(before),
      after: auditedZone(after),
    });
    await announceZone(sql, id, 'updated');
    return after;
  });
}

/**
 * Deletes a zone and its methods: its states can no longer be shipped to until they are put in
 * another zone. Orders placed in it keep what they were placed with.
 */
export async function deleteShippingZone(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.database.transaction(async (sql) => {
    await lockZones(sql);
    const before = await readZone(sql, id);
    await queries(sql).deleteFrom('shipping_zones').where('id', '=', id).execute();
    await recordAudit(sql, actor, {
      action: 'deleted',
      entityType: 'setting',
      entityId: zoneEntity(before.name),
      before: {
        ...auditedZone(before),
        methods: before.methods.map((method) => ({ code: method.code, ...auditedMethod(method) })),
      },
    });
    await announceZone(sql, id, 'deleted');
  });
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

const PICKUP_NO_FEE = 'Pickup in store has no fee';
const PICKUP_NEVER_FREE_ABOVE = 'Pickup in store has no free-above amount';

/** A pickup costs nothing: no fee, so no amount above which it is free. */
function checkPickupFree(method: { feeKobo: number; freeAboveKobo: number | null }): void {
  if (method.feeKobo !== 0) throw badRequest(PICKUP_NO_FEE, { fields: { feeKobo: PICKUP_NO_FEE } });
  if (method.freeAboveKobo !== null) {
    throw badRequest(PICKUP_NEVER_FREE_ABOVE, { fields: { freeAboveKobo: PICKUP_NEVER_FREE_ABOVE } });
  }
}

/**
 * A new method for a zone, listed after its others. A delivery method's code comes from its name
 * (made unique in the zone); pickup's code is 'pickup', one per zone.
 */
export async function createShippingMethod(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  zoneId: string,
  input: Required<ShippingMethodCreateRequest>,
): Promise<AdminShippingMethod> {
  return deps.database.transaction(async (sql) => {
    // The zone's row locked: two methods added to one zone at once get distinct codes.
    const zone = await queries(sql)
      .selectFrom('shipping_zones')
      .select(['id', 'name'])
      .where('id', '=', zoneId)
      .forUpdate()
      .executeTakeFirst();
    if (!zone) throw notFound('Shipping zone not found');
    const taken = await queries(sql)
      .selectFrom('shipping_methods')
      .select('code')
      .where('zone_id', '=', zoneId)
      .execute();
    const codes = new Set(taken.map((row) => row.code));
    let code = 'pickup';
    if (input.kind === 'pickup') {
      checkPickupFree(input);
      if (codes.has('pickup')) {
        throw conflict('pickup_exists', `${zone.name} already has pickup in store.`);
      }
    } else {
      // 'pickup' stays free for the zone's pickup method.
      codes.add('pickup');
      const base = codeFor(input.name);
      code = base;
      for (let n = 2; codes.has(code); n++) code = `${base}-${n}`;
    }
    const row = await queries(sql)
      .insertInto('shipping_methods')
      .values((eb) => ({
        zone_id: zoneId,
        code,
        kind: input.kind,
        name: input.name,
        fee_kobo: input.feeKobo,
        free_above_kobo: input.freeAboveKobo,
        min_days: input.minDays,
        max_days: input.maxDays,
        is_enabled: input.isActive,
        display_order: eb
          .selectFrom('shipping_methods')
          .select((all) =>
            all(all.fn.coalesce(all.fn.max('display_order'), all.lit(0)), '+', all.lit(1)).as('next'),
          )
          .where('zone_id', '=', zoneId)
          .$asScalar(),
      }))
      .returning(METHOD_COLUMNS)
      .executeTakeFirstOrThrow();
    const created = toMethod(row);
    await recordAudit(sql, actor, {
      action: 'created',
      entityType: 'shipping_method',
      entityId: methodEntity(zone.name, created.code),
      after: { kind: created.kind, ...auditedMethod(created) },
    });
    await announce(sql, { table: 'shipping_methods', id: created.id, userId: null, action: 'created' });
    return created;
  });
}

/**
 * Changes a method's name, fee, free-above amount, delivery days or whether it is offered (its zone,
 * code and kind stay). A zone whose every method is switched off is not offered: its states cannot
 * be shipped to until one is on again.
 */
export async function updateShippingMethod(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  id: string,
  changes: ShippingMethodUpdateRequest,
): Promise<AdminShippingMethod> {
  return deps.database.transaction(async (sql) => {
    const found = await queries(sql)
      .selectFrom('shipping_methods as m')
      .innerJoin('shipping_zones as z', 'z.id', 'm.zone_id')
      .select([...METHOD_COLUMNS.map((column) => `m.${column}` as const), 'z.name as zone_name'])
      .where('m.id', '=', id)
      .forUpdate('m')
      .executeTakeFirst();
    if (!found) throw notFound('Shipping method not found');
    const before = toMethod(found);
    const next = { ...auditedMethod(before), ...changes };
    if (next.maxDays < next.minDays) {
      throw badRequest('Longest delivery must be at least the shortest', {
        fields: { maxDays: 'Longest delivery must be at least the shortest' },
      });
    }
    if (before.kind === 'pickup') checkPickupFree(next);
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
      .returning(METHOD_COLUMNS)
      .executeTakeFirstOrThrow();
    const after = toMethod(row);
    await recordAudit(sql, actor, {
      action: 'updated',
      entityType: 'shipping_method',
      entityId: methodEntity(found.zone_name, after.code),
      before: auditedMethod(before),
      after: auditedMethod(after),
    });
    await announce(sql, { table: 'shipping_methods', id, userId: null, action: 'updated' });
    return after;
  });
}

/** Settings → Shipping → Pickup: where pickup orders are collected and when. */
export async function getPickupSettings(deps: Pick<AppDeps, 'database'>): Promise<PickupSettings> {
  return readPickupLocation(deps.database.sql);
}

/**
 * Saves the pickup address and opening hours shoppers see at checkout and on the policy page.
 * Orders already placed keep the ones they were placed with.
 */
export async function updatePickupSettings(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: PickupSettings,
): Promise<PickupSettings> {
  return deps.database.transaction(async (sql) => {
    await queries(sql).selectFrom('settings').select('key').where('key', '=', 'pickup').forUpdate().execute();
    const before = await readPickupLocation(sql);
    const after: PickupLocation = { address: input.address, openingHours: input.openingHours };
    await queries(sql)
      .insertInto('settings')
      .values({
        key: 'pickup',
        value: pg<Json>`${JSON.stringify(after)}::jsonb`,
        updated_by: actor.kind === 'user' ? actor.id : null,
        updated_at: pg<Date>`now()`,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updated_by: eb.ref('excluded.updated_by'),
          updated_at: pg<Date>`now()`,
        })),
      )
      .execute();
    await recordAudit(sql, actor, {
      action: 'updated',
      entityType: 'setting',
      entityId: 'pickup',
      before,
      after,
    });
    await announce(sql, { table: 'settings', id: 'pickup', userId: null, action: 'updated' });
    return after;
  });
}
