/**
 * Malformed ids answer like missing ones (404), on every route that takes an id in its path, read
 * from the app itself: admin routes as an admin, the others as an admin and as a shopper. The id
 * is checked before anything else the request carries (its body included), so the answer is the
 * same 404 whatever comes with it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../factories/accounts';
import { createTestApp } from '../setup/test-app';
import { apiRoutes, fillPath, routeName } from './support/routes';

const t = await createTestApp();
afterAll(() => t.close());

const admin = await createSignedInUser(t, { role: 'super_admin' });
const shopper = await createSignedInUser(t);

/** Ids as an attacker or a broken link would write them (percent-encoded where needed). */
const MALFORMED = [
  'not-a-uuid',
  '12',
  '-1',
  '%27%20OR%201%3D1--',
  '00000000-0000-0000-0000-00000000000g',
  `${randomUUID()}x`,
  '%20',
];

const isId = (param: string) => param === 'id' || param.endsWith('Id');
const routes = apiRoutes(t.app).filter((route) => route.params.some(isId));
let calls = 0;

describe('malformed ids answer like missing ones', () => {
  it('finds the routes that take ids, admin ones included', () => {
    expect(routes.map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/orders/:id',
        'PUT /api/admin/products/:id/variants/:variantId/stock',
        'DELETE /api/admin/products/:id/images/:imageId',
        'POST /api/admin/customers/:id/role',
      ]),
    );
  });

  for (const route of routes) {
    const admins = route.pattern.startsWith('/api/admin/');
    it(`${routeName(route)}: 404 for a malformed id, as ${admins ? 'an admin' : 'an admin and a shopper'}`, async () => {
      for (const param of route.params.filter(isId)) {
        for (const malformed of MALFORMED) {
          const path = fillPath(route, (name) => (name === param ? malformed : randomUUID()));
          for (const cookie of admins ? [admin.cookie] : [admin.cookie, shopper.cookie]) {
            const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
            // An empty body: a route that read its body before the id would answer 400.
            const answer = await t.request(path, {
              method: route.method,
              cookie,
              ...(hasBody ? { json: {} } : {}),
            });
            calls += 1;
            expect(
              { status: answer.status, code: (answer.body as { error?: { code?: string } })?.error?.code },
              `${route.method} ${path}`,
            ).toEqual({ status: 404, code: 'not_found' });
          }
        }
      }
    });
  }

  afterAll(() => {
    console.info(`malformed ids: ${routes.length} routes, ${calls} calls, each a 404`);
  });
});
