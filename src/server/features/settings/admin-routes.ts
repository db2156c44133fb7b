import { Hono } from 'hono';
import { z } from 'zod';
import {
  outOfStockSettingsRequest,
  shippingMethodCreateRequest,
  shippingMethodUpdateRequest,
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
  updateStoreSettings,
} from './settings';
import { createShippingMethod, listAdminShippingMethods, updateShippingMethod } from './shipping-methods';

const methodId = z.uuid();

/** Settings → Out of Stock, Store, Shipping and Payment. */
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
    .get('/settings/payment', (c) => {
      requireAdmin(c);
      return c.json(getPaymentSettings(c.get('deps')));
    })
    .get('/shipping-methods', async (c) => {
      requireAdmin(c);
      return c.json({ shippingMethods: await listAdminShippingMethods(c.get('deps')) });
    })
    .post('/shipping-methods', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, shippingMethodCreateRequest);
      return c.json(
        { shippingMethod: await createShippingMethod(c.get('deps'), actorOf(admin), input) },
        201,
      );
    })
    .patch('/shipping-methods/:id', async (c) => {
      const admin = requireAdmin(c);
      const id = methodId.safeParse(c.req.param('id'));
      if (!id.success) throw notFound('Shipping method not found');
      const changes = await readJson(c, shippingMethodUpdateRequest);
      return c.json({
        shippingMethod: await updateShippingMethod(c.get('deps'), actorOf(admin), id.data, changes),
      });
    });
}
