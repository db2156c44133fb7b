import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTopics } from '#shared/live';
import type { ShippingZonesResponse } from '#shared/schemas/catalog';
import type { AdminShippingZone, AdminShippingZonesResponse } from '#shared/schemas/settings';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { readSse } from '../../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: { cookie: string; email: string };
beforeAll(async () => {
  // The caches on, as in production: the shipping policy's answer is kept until a change is announced.
  t = await createTestApp({}, { caches: true });
  await t.deps.pageCache!.ready;
  const signedIn = await createSignedInUser(t, { role: 'admin', email: 'zones-admin@example.test' });
  admin = { cookie: signedIn.cookie, email: signedIn.user.email };
});
afterAll(() => t.close());

const adminCall = (method: string, path: string, json?: unknown) =>
  t.request(`/api/admin${path}`, { method, cookie: admin.cookie, ...(json === undefined ? {} : { json }) });
const zones = async () =>
  ((await adminCall('GET', '/shipping-zones')).body as AdminShippingZonesResponse).zones;
const zoneNamed = async (name: string) => (await zones()).find((zone) => zone.name === name)!;
const policy = async () => (await t.request('/api/shipping-zones')).body as ShippingZonesResponse;

async function auditOf(entityType: string, entityId: string) {
  return t.database.sql.query<{
    action: string;
    actor_label: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `SELECT action, actor_label, before, after FROM audit_log
      WHERE entity_type = $1 AND entity_id = $2 ORDER BY created_at, id`,
    [entityType, entityId],
  );
}

describe('Settings → Shipping: delivery zones', () => {
  it("lists the product's zones with every state in one of them", async () => {
    const response = await adminCall('GET', '/shipping-zones');
    expect(response.status).toBe(200);
    const body = response.body as AdminShippingZonesResponse;
    expect(body.unzonedStates).toEqual([]);
    expect(body.zones.map((zone) => [zone.name, zone.states.length, zone.payOnDeliveryMaxKobo])).toEqual([
      ['Lagos', 1, 10_000_000],
      ['South-West', 5, null],
      ['Rest of Nigeria', 31, null],
    ]);
    expect(body.zones[0]!.methods.map((method) => [method.code, method.kind, method.isActive])).toEqual([
      ['standard', 'delivery', true],
      ['express', 'delivery', true],
      ['pickup', 'pickup', true],
    ]);
  });

  it('refuses a state that is already in another zone, naming that zone', async () => {
    const response = await adminCall('POST', '/shipping-zones', { name: 'North', states: ['Kano'] });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: {
        code: 'state_in_another_zone',
        message: 'Kano is already in Rest of Nigeria.',
        fields: { states: 'Kano is already in Rest of Nigeria.' },
      },
    });
    const two = await adminCall('POST', '/shipping-zones', { name: 'Mixed', states: ['Oyo', 'Kano'] });
    expect(two.body).toMatchObject({
      error: { message: 'Kano is already in Rest of Nigeria; Oyo is already in South-West.' },
    });
    const lagos = await zoneNamed('Lagos');
    const moved = await adminCall('PATCH', `/shipping-zones/${lagos.id}`, { states: ['Lagos', 'Ogun'] });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ error: { message: 'Ogun is already in South-West.' } });
    expect((await zones()).map((zone) => zone.name)).toEqual(['Lagos', 'South-West', 'Rest of Nigeria']);
    expect((await zoneNamed('Lagos')).states).toEqual(['Lagos']);
  });

  it('refuses a name another zone has, whatever its case', async () => {
    const response = await adminCall('POST', '/shipping-zones', { name: 'south-west', states: ['FCT'] });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: {
        code: 'duplicate_zone',
        message: 'There is already a zone named South-West.',
        fields: { name: 'There is already a zone named South-West.' },
      },
    });
    const rest = await zoneNamed('Rest of Nigeria');
    const rename = await adminCall('PATCH', `/shipping-zones/${rest.id}`, { name: 'LAGOS' });
    expect(rename.status).toBe(409);
    // Its own name in another case is no clash.
    expect((await adminCall('PATCH', `/shipping-zones/${rest.id}`, { name: 'Rest of nigeria' })).status).toBe(
      200,
    );
    expect((await adminCall('PATCH', `/shipping-zones/${rest.id}`, { name: 'Rest of Nigeria' })).status).toBe(
      200,
    );
  });

  it('validates a zone: a name, states from the list, each once, and a maximum in kobo', async () => {
    const response = await adminCall('POST', '/shipping-zones', {
      name: ' ',
      states: ['Atlantis'],
      payOnDeliveryMaxKobo: 1.5,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: {
        fields: {
          name: 'Zone name is required',
          'states.0': 'Choose states from the list',
          payOnDeliveryMaxKobo: 'Maximum must be in whole kobo',
        },
      },
    });
    const empty = await adminCall('POST', '/shipping-zones', { name: 'Nowhere', states: [] });
    expect(empty.body).toMatchObject({ error: { fields: { states: 'Choose at least one state' } } });
    const missing = await adminCall('PATCH', '/shipping-zones/00000000-0000-4000-8000-000000000000', {
      name: 'Ghost',
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'not_found', message: 'Shipping zone not found' } });
    expect((await adminCall('DELETE', '/shipping-zones/not-an-id')).status).toBe(404);
  });

  it('moves a state to a new zone with its own method: audited, announced, and the cached policy and checkout follow', async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 10 }] });
    await addToCart(t, cookie, product, 1);
    const kanoFee = async () =>
      (await policy()).zones.find((zone) => zone.states.includes('Kano'))?.methods[0]?.feeKobo ?? null;
    // Read once, so the answer is kept by the cache: the second read is served from it.
    expect(await kanoFee()).toBe(450_000);
    const hits = t.deps.pageCache!.stats.hits;
    expect(await kanoFee()).toBe(450_000);
    expect(t.deps.pageCache!.stats.hits).toBe(hits + 1);

    const stream = readSse(
      await t.app.request(
        `http://localhost:3000/api/live?topics=${encodeURIComponent(liveTopics.adminSettings)}`,
        { headers: { accept: 'text/event-stream', cookie: admin.cookie } },
      ),
    );
    try {
      await stream.next((event) => event.event === 'ready');
      const rest = await zoneNamed('Rest of Nigeria');
      const without = rest.states.filter((state) => state !== 'Kano');
      const shrunk = await adminCall('PATCH', `/shipping-zones/${rest.id}`, { states: without });
      expect(shrunk.status).toBe(200);
      await stream.next((event) => event.data.includes('"shipping_zones"') && event.data.includes(rest.id));
      // Kano is in no zone now: it cannot be shipped to, and the policy says so.
      expect(
        ((await adminCall('GET', '/shipping-zones')).body as AdminShippingZonesResponse).unzonedStates,
      ).toEqual(['Kano']);
      await vi.waitFor(async () => expect(await kanoFee()).toBeNull());
      const refused = await placeOrder(t, cookie, { state: 'Kano', city: 'Kano' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { fields: { state: "We don't deliver to Kano yet." } } });

      const created = await adminCall('POST', '/shipping-zones', {
        name: 'North',
        states: ['Kano'],
        payOnDeliveryMaxKobo: 5_000_000,
      });
      expect(created.status).toBe(201);
      const north = (created.body as { zone: AdminShippingZone }).zone;
      expect(north).toMatchObject({
        name: 'North',
        states: ['Kano'],
        payOnDeliveryMaxKobo: 5_000_000,
        methods: [],
      });
      // A zone with no method yet offers nothing.
      expect((await policy()).zones.map((zone) => zone.name)).not.toContain('North');

      const method = await adminCall('POST', `/shipping-zones/${north.id}/methods`, {
        name: 'Standard',
        feeKobo: 600_000,
        freeAboveKobo: null,
        minDays: 2,
        maxDays: 5,
      });
      expect(method.status).toBe(201);
      expect(method.body).toMatchObject({
        shippingMethod: { code: 'standard', zoneId: north.id, displayOrder: 1 },
      });
      await stream.next((event) => event.data.includes('"shipping_methods"'));
      await vi.waitFor(async () => expect(await kanoFee()).toBe(600_000));

      const order = await placeOrder(t, cookie, { state: 'Kano', city: 'Kano' });
      expect(order.status).toBe(201);
      const [row] = await t.database.sql.query<{ shipping_zone: string; shipping_cost_kobo: number }>(
        'SELECT shipping_zone, shipping_cost_kobo FROM orders WHERE id = $1',
        [(order.body as { orderId: string }).orderId],
      );
      expect(row).toEqual({ shipping_zone: 'North', shipping_cost_kobo: 600_000 });

      expect(await auditOf('setting', 'shipping_zone:Rest of Nigeria')).toContainEqual(
        expect.objectContaining({
          action: 'updated',
          actor_label: admin.email,
          before: { states: rest.states },
          after: { states: without },
        }),
      );
      expect(await auditOf('setting', 'shipping_zone:North')).toEqual([
        expect.objectContaining({
          action: 'created',
          before: null,
          after: { name: 'North', states: ['Kano'], payOnDeliveryMaxKobo: 5_000_000 },
        }),
      ]);
      expect(await auditOf('shipping_method', 'North/standard')).toEqual([
        expect.objectContaining({ action: 'created', after: expect.objectContaining({ feeKobo: 600_000 }) }),
      ]);

      // Deleting the zone takes its methods; the order keeps what it was placed with.
      const deleted = await adminCall('DELETE', `/shipping-zones/${north.id}`);
      expect(deleted.status).toBe(200);
      await stream.next((event) => event.data.includes('"deleted"') && event.data.includes(north.id));
      const [left] = await t.database.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM shipping_methods WHERE zone_id = $1',
        [north.id],
      );
      expect(left!.n).toBe(0);
      expect(await auditOf('setting', 'shipping_zone:North')).toMatchObject([
        { action: 'created' },
        { action: 'deleted', after: null, before: { name: 'North', methods: [{ code: 'standard' }] } },
      ]);
      await vi.waitFor(async () => expect(await kanoFee()).toBeNull());
      const [kept] = await t.database.sql.query<{ shipping_zone: string; shipping_method_code: string }>(
        'SELECT shipping_zone, shipping_method_code FROM orders WHERE id = $1',
        [(order.body as { orderId: string }).orderId],
      );
      expect(kept).toEqual({ shipping_zone: 'North', shipping_method_code: 'standard' });
    } finally {
      await stream.close();
    }
    // Kano back where it was, for the tests after this one.
    const rest = await zoneNamed('Rest of Nigeria');
    await adminCall('PATCH', `/shipping-zones/${rest.id}`, { states: [...rest.states, 'Kano'] });
  });

  it('keeps method codes unique in their zone, and pickup free and one per zone', async () => {
    const southWest = await zoneNamed('South-West');
    const add = (json: Record<string, unknown>) =>
      adminCall('POST', `/shipping-zones/${southWest.id}/methods`, {
        freeAboveKobo: null,
        minDays: 1,
        maxDays: 2,
        ...json,
      });
    // 'standard' is Lagos's too: a code is unique only in its zone.
    const again = await add({ name: 'Standard', feeKobo: 400_000 });
    expect(again.body).toMatchObject({ shippingMethod: { code: 'standard-2' } });
    const paid = await add({ name: 'Pick up in Ibadan', kind: 'pickup', feeKobo: 50_000 });
    expect(paid.status).toBe(400);
    expect(paid.body).toMatchObject({ error: { fields: { feeKobo: 'Pickup in store has no fee' } } });
    const freeAbove = await add({
      name: 'Pick up in Ibadan',
      kind: 'pickup',
      feeKobo: 0,
      freeAboveKobo: 100,
    });
    expect(freeAbove.body).toMatchObject({
      error: { fields: { freeAboveKobo: 'Pickup in store has no free-above amount' } },
    });
    const pickup = await add({ name: 'Pick up in Ibadan', kind: 'pickup', feeKobo: 0 });
    expect(pickup.status).toBe(201);
    expect(pickup.body).toMatchObject({ shippingMethod: { code: 'pickup', kind: 'pickup', feeKobo: 0 } });
    const second = await add({ name: 'Pick up in Abeokuta', kind: 'pickup', feeKobo: 0 });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { message: 'South-West already has pickup in store.' } });
    // A delivery method named like pickup does not take pickup's code.
    const named = await add({ name: 'Pickup', feeKobo: 100_000 });
    expect(named.body).toMatchObject({ shippingMethod: { code: 'pickup-2', kind: 'delivery' } });

    // Every method of a zone switched off: the zone is not offered.
    for (const method of (await zoneNamed('South-West')).methods) {
      expect((await adminCall('PATCH', `/shipping-methods/${method.id}`, { isActive: false })).status).toBe(
        200,
      );
    }
    await vi.waitFor(async () =>
      expect((await policy()).zones.map((zone) => zone.name)).toEqual(['Lagos', 'Rest of Nigeria']),
    );
  });
});

describe('Settings → Shipping: pickup', () => {
  it('validates and saves the address and hours shoppers see, audited; orders keep theirs', async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { priceKobo: 500_000, variants: [{ size: 'S', stock: 5 }] });
    await addToCart(t, cookie, product, 1);
    const before = await placeOrder(t, cookie, { shippingMethodCode: 'pickup' });
    expect(before.status).toBe(201);

    expect((await adminCall('GET', '/settings/pickup')).body).toEqual({
      pickup: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
    });
    const bad = await adminCall('PUT', '/settings/pickup', { address: '', openingHours: 'x'.repeat(121) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: {
        fields: {
          address: 'Pickup address is required',
          openingHours: 'Opening hours must be 120 characters or fewer',
        },
      },
    });
    const next = { address: '4 Bourdillon Road, Ikoyi, Lagos', openingHours: 'Every day, 9am–7pm' };
    const saved = await adminCall('PUT', '/settings/pickup', next);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ pickup: next });
    expect(await auditOf('setting', 'pickup')).toEqual([
      expect.objectContaining({
        action: 'updated',
        actor_label: admin.email,
        before: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
        after: next,
      }),
    ]);
    await vi.waitFor(async () => expect((await policy()).pickup).toEqual(next));
    expect(((await t.request('/api/checkout', { cookie })).body as { pickup: unknown }).pickup).toEqual(next);
    const [kept] = await t.database.sql.query<{ pickup_location: unknown }>(
      'SELECT pickup_location FROM orders WHERE id = $1',
      [(before.body as { orderId: string }).orderId],
    );
    expect(kept!.pickup_location).toEqual({
      address: '12 Admiralty Way, Lekki Phase 1, Lagos',
      openingHours: 'Mon–Sat, 10am–6pm',
    });
  });
});
