import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { getStoreSettings } from './settings';

/** What shoppers see of the store settings: the footer's shop name and contact details. */
export function storeRoutes() {
  return new Hono<AppEnv>().get('/store', async (c) => {
    return c.json({ store: await getStoreSettings(c.get('deps')) });
  });
}
