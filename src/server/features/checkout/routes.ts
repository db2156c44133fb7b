import { Hono } from 'hono';
import { checkoutFormSchema } from '#shared/schemas/checkout';
import { applyDiscountSchema } from '#shared/schemas/promotions';
import type { AppEnv } from '../../context';
import { readJson } from '../../validate';
import { requireUser } from '../accounts/guards';
import { getCheckout, priceCheckoutCode } from './checkout';
import { placeOrder } from './place-order';

export function checkoutRoutes() {
  return new Hono<AppEnv>()
    .get('/checkout', async (c) => {
      const user = requireUser(c);
      return c.json(await getCheckout(c.get('deps'), user.id));
    })
    .post('/checkout/discount', async (c) => {
      const user = requireUser(c);
      const { code } = await readJson(c, applyDiscountSchema);
      return c.json({ pricing: await priceCheckoutCode(c.get('deps'), user.id, code) });
    })
    .post('/orders', async (c) => {
      const user = requireUser(c);
      const form = await readJson(c, checkoutFormSchema);
      return c.json(await placeOrder(c.get('deps'), user.id, form), 201);
    });
}
