import { Hono } from 'hono';
import { discountActiveRequest, discountIdParams, discountRequest } from '#shared/schemas/admin-discounts';
import { type AppEnv, actorOf } from '../../context';
import { readJson, readParams } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import {
  createDiscount,
  getDiscount,
  listDiscounts,
  setDiscountActive,
  updateDiscount,
} from './admin-discounts';

/** Admin → Discounts: discount codes and automatic discounts (mounted under /api/admin). */
export function adminPromotionRoutes() {
  return new Hono<AppEnv>()
    .get('/discounts', async (c) => {
      requireAdmin(c);
      return c.json({ discounts: await listDiscounts(c.get('deps')) });
    })
    .post('/discounts', async (c) => {
      const admin = requireAdmin(c);
      const input = await readJson(c, discountRequest);
      return c.json({ discount: await createDiscount(c.get('deps'), actorOf(admin), input) }, 201);
    })
    .get('/discounts/:id', async (c) => {
      requireAdmin(c);
      const { id } = readParams(c, discountIdParams);
      return c.json({ discount: await getDiscount(c.get('deps'), id) });
    })
    .put('/discounts/:id', async (c) => {
      const admin = requireAdmin(c);
      const { id } = readParams(c, discountIdParams);
      const input = await readJson(c, discountRequest);
      return c.json({ discount: await updateDiscount(c.get('deps'), actorOf(admin), id, input) });
    })
    .put('/discounts/:id/active', async (c) => {
      const admin = requireAdmin(c);
      const { id } = readParams(c, discountIdParams);
      const { isActive } = await readJson(c, discountActiveRequest);
      return c.json({ discount: await setDiscountActive(c.get('deps'), actorOf(admin), id, isActive) });
    });
}
