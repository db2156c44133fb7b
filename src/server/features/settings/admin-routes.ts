import { Hono } from 'hono';
import { z } from 'zod';
import {
  outOfStockSettingsRequest,
  paymentSettingsRequest,
  pickupSettingsRequest,
  shippingMethodCreateRequest,
  shippingMethodUpdateRequest,
  shippingZoneCreateRequest,
  shippingZoneUpdateRequest,
  storeSettingsRequest,
} from '#shared/schemas/settings';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readJson } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import {
  getOutOfStockSettings,
  getPaymentSettings,
  getStoreSettings,
  updateOutOfStockSettings,
  updatePaymentSettings,
  updateStoreSettings,
} from './settings';
import {
  createShippingMethod,
  createShippingZone,
  deleteShippingZone,
  getPickupSettings,
  listAdminShippingZones,
  updatePickupSettings,
  updateShippingMethod,
  updateShippingZone,
} from './shipping-zones';

const uuid = z.uuid();

/** The zone named by the path: a malformed id names none, like a missing one. */
function zoneIdOf(id: string | undefined): string {
  const parsed = uuid.safeParse(id);
  if (!parsed.success) throw notFound('Shipping zone not found');
  return parsed.data;
}

/** Settings → Out of Stock, Store, Shipping (zones, their methods, pickup) and Payment. */
export function adminSettingsRoutes() {
  return new Hono<AppEnv>()
    .get('/settings/out-of-stock', async (c) => {
      requireAdmin(c);
      return c.json({ settings: await getOutOfStockSettings(c.get('deps')) });
    })
    .put('/settings/out-of-stock', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, outOfStockSettingsRequest);
      return c.json({ settings: await updateOutOfStockSettings(c.get('deps'), actorOf(admin), input) });
    })
    .get('/settings/store', async (c) => {
      requireAdmin(c);
      return c.json({ store: await getStoreSettings(c.get('deps')) });
    })
    .put('/settings/store', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, storeSettingsRequest);
      return c.json({ store: await updateStoreSettings(c.get('deps'), actorOf(admin), input) });
    })
    .get('/settings/payment', async (c) => {
      requireAdmin(c);
      return c.json(await getPaymentSettings(c.get('deps')));
    })
    .put('/settings/payment', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, paymentSettingsRequest);
      return c.json(await updatePaymentSettings(c.get('deps'), actorOf(admin), input));
    })
    .get('/settings/pickup', async (c) => {
      requireAdmin(c);
      return c.json({ pickup: await getPickupSettings(c.get('deps')) });
    })
    .put('/settings/pickup', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, pickupSettingsRequest);
      return c.json({ pickup: await updatePickupSettings(c.get('deps'), actorOf(admin), input) });
    })
    .get('/shipping-zones', async (c) => {
      requireAdmin(c);
      return c.json(await listAdminShippingZones(c.get('deps')));
    })
    .post('/shipping-zones', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, shippingZoneCreateRequest);
      return c.json({ zone: await createShippingZone(c.get('deps'), actorOf(admin), input) }, 201);
    })
    .patch('/shipping-zones/:id', async (c) => {
      const admin = requireAdmin(c);
      const id = zoneIdOf(c.req.param('id'));
      const changes = await readJson(c, shippingZoneUpdateRequest);
      return c.json({ zone: await updateShippingZone(c.get('deps'), actorOf(admin), id, changes) });
    })
    .delete('/shipping-zones/:id', async (c) => {
      const admin = requireAdmin(c);
      await deleteShippingZone(c.get('deps'), actorOf(admin), zoneIdOf(c.req.param('id')));
      return c.json({ deleted: true });
    })
    .post('/shipping-zones/:id/methods', async (c) => {
      const admin = requireAdmin(c);
      const zoneId = zoneIdOf(c.req.param('id'));
      const input = await readJson(c, shippingMethodCreateRequest);
      return c.json(
        { shippingMethod: await createShippingMethod(c.get('deps'), actorOf(admin), zoneId, input) },
        201,
      );
    })
    .patch('/shipping-methods/:id', async (c) => {
      const admin = requireAdmin(c);
      const id = uuid.safeParse(c.req.param('id'));
      if (!id.success) throw notFound('Shipping method not found');
      const changes = await readJson(c, shippingMethodUpdateRequest);
      return c.json({
        shippingMethod: await updateShippingMethod(c.get('deps'), actorOf(admin), id.data, changes),
      });
    });
}
