import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { notificationsQuerySchema, productListQuerySchema, searchQuerySchema } from '#shared/schemas/catalog';
import type { AppEnv } from '../../context';
import type { CountMemo } from '../../platform/count-memo';
import { notFound } from '../../platform/errors';
import {
  earliestFreshUntil,
  FRESH_UNTIL_HEADER,
  SERVER_TIME_HEADER,
} from '../../platform/http/cache-headers';
import { readQuery } from '../../validate';
import { findActiveNotifications } from './active-notifications';
import { listCategories } from './categories';
import { findProduct, findProducts } from './products';
import { searchCatalog } from './search';
import { listShippingZones } from './shipping-zones';

const productId = z.uuid();

/**
 * An answer showing drops before their release says 'Coming soon' until the first of those
 * releases, which no change announces: kept answers must not outlive it (page-cache.ts).
 */
function freshUntilRelease(c: Context<AppEnv>, products: { releaseAt: string | null }[], now: Date) {
  const upcoming = products
    .map((product) => product.releaseAt)
    .filter((at) => at && Date.parse(at) > now.getTime());
  const until = earliestFreshUntil(upcoming);
  if (until !== null) c.header(FRESH_UNTIL_HEADER, String(until));
}

/**
 * The shop's read-only catalogue: products, categories, search, banner notifications, delivery
 * zones. `counts` keeps the listings' totals between catalogue changes (the server's; tests may
 * leave it out and count every time).
 */
export function catalogRoutes(options: { counts?: CountMemo } = {}) {
  return new Hono<AppEnv>()
    .get('/products', async (c) => {
      const query = readQuery(c, productListQuerySchema);
      const list = await findProducts(c.get('deps').database.sql, query, options.counts);
      const now = new Date();
      freshUntilRelease(c, list.products, now);
      return c.json({ ...list, now: now.toISOString() });
    })
    .get('/products/:id', async (c) => {
      // A malformed id cannot name a product: same answer as a missing one.
      const id = productId.safeParse(c.req.param('id'));
      const product = id.success ? await findProduct(c.get('deps').database.sql, id.data) : null;
      if (!product) throw notFound('Product not found');
      // The clock a drop's countdown runs on: the server's, not the phone's.
      const now = new Date();
      freshUntilRelease(c, [product], now);
      c.header(SERVER_TIME_HEADER, now.toISOString());
      return c.json({ product, now: now.toISOString() });
    })
    .get('/categories', async (c) => {
      return c.json({ categories: await listCategories(c.get('deps').database.sql) });
    })
    .get('/search', async (c) => {
      const { q } = readQuery(c, searchQuerySchema);
      return c.json(await searchCatalog(c.get('deps').database.sql, q));
    })
    .get('/notifications/active', async (c) => {
      const { path } = readQuery(c, notificationsQuerySchema);
      const notifications = await findActiveNotifications(c.get('deps').database.sql, {
        path,
        userId: c.get('user')?.id ?? null,
      });
      return c.json({ notifications });
    })
    .get('/shipping-zones', async (c) => {
      return c.json(await listShippingZones(c.get('deps').database.sql));
    });
}
