import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readParams } from '../../validate';
import { requireUser } from '../accounts/guards';
import { getOrder, listOrders } from './orders';
import { returnOrderToCart } from './return-to-cart';

const orderParams = z.object({ id: z.string() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export function orderRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/orders', async (c) => {
        const user = requireUser(c);
        return c.json({ orders: await listOrders(c.get('deps'), user.id) });
      })
      .get('/orders/:id', async (c) => {
        const user = requireUser(c);
        const { id } = readParams(c, orderParams);
        // A malformed id is just another order that is not there.
        if (!isUuid(id)) throw notFound('Order not found');
        return c.json({ order: await getOrder(c.get('deps'), user.id, id) });
      })
      // The payment page's 'Return to Checkout': cancels the unpaid order, its items back in the cart.
      .post('/orders/:id/return-to-cart', async (c) => {
        const user = requireUser(c);
        const { id } = readParams(c, orderParams);
        if (!isUuid(id)) throw notFound('Order not found');
        return c.json(await returnOrderToCart(c.get('deps'), actorOf(user), id));
      })
  );
}
