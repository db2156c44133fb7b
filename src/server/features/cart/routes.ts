import { Hono } from 'hono';
import { z } from 'zod';
import { cartItemInputSchema, cartItemQuantitySchema, guestCartSchema } from '#shared/schemas/cart';
import type { AppEnv } from '../../context';
import { readJson, readParams } from '../../validate';
import { requireUser } from '../accounts/guards';
import {
  addCartItem,
  clearCart,
  getCart,
  mergeCart,
  quoteCart,
  removeCartItem,
  updateCartItem,
} from './cart';

const itemParams = z.object({ id: z.uuid('Cart item not found') });

export function cartRoutes() {
  return new Hono<AppEnv>()
    .get('/cart', async (c) => {
      const user = requireUser(c);
      return c.json(await getCart(c.get('deps'), user.id));
    })
    .post('/cart/items', async (c) => {
      const user = requireUser(c);
      const item = await readJson(c, cartItemInputSchema);
      return c.json(await addCartItem(c.get('deps'), user.id, item));
    })
    .patch('/cart/items/:id', async (c) => {
      const user = requireUser(c);
      const { id } = readParams(c, itemParams);
      const { quantity } = await readJson(c, cartItemQuantitySchema);
      return c.json(await updateCartItem(c.get('deps'), user.id, id, quantity));
    })
    .delete('/cart/items/:id', async (c) => {
      const user = requireUser(c);
      const { id } = readParams(c, itemParams);
      return c.json(await removeCartItem(c.get('deps'), user.id, id));
    })
    .delete('/cart', async (c) => {
      const user = requireUser(c);
      return c.json(await clearCart(c.get('deps'), user.id));
    })
    .post('/cart/merge', async (c) => {
      const user = requireUser(c);
      const { items } = await readJson(c, guestCartSchema);
      return c.json(await mergeCart(c.get('deps'), user.id, items));
    })
    .post('/cart/quote', async (c) => {
      const { items } = await readJson(c, guestCartSchema);
      return c.json(await quoteCart(c.get('deps'), items));
    });
}
