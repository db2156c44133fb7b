import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let shopper: string;
beforeAll(async () => {
  t = await createTestApp();
  shopper = (await createSignedInUser(t, { role: 'customer' })).cookie;
});
afterAll(() => t.close());

/** Every admin route the app has registered, read from the app itself, with ids filled in. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const route of t.app.routes) {
    if (!route.path.startsWith('/api/admin/') || route.path.endsWith('*')) continue;
    const methods = route.method === 'ALL' ? ['GET', 'POST'] : [route.method];
    for (const method of methods) {
      const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, randomUUID());
      const key = `${method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, path });
    }
  }
  return routes;
}

const call = (route: { method: string; path: string }, cookie?: string) =>
  t.request(route.path, {
    method: route.method,
    cookie,
    ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { json: {} }),
  });

describe('the admin area refuses everyone but admins, on every route', () => {
  it('finds the admin routes to check', () => {
    const listed = adminRoutes().map(
      (route) => `${route.method} ${route.path.replace(/[0-9a-f-]{36}/g, ':id')}`,
    );
    // Named one by one, so a route that stopped being registered fails here rather than going
    // unchecked by the tests below.
    for (const route of [
      'GET /api/admin/me',
      // Part 1: catalogue.
      'GET /api/admin/products',
      'PUT /api/admin/products/:id/variants/:id/stock',
      // Part 2: orders and refunds.
      'GET /api/admin/orders',
      'GET /api/admin/orders/export.csv',
      'GET /api/admin/orders/:id',
      'GET /api/admin/orders/:id/packing-slip',
      'PATCH /api/admin/orders/:id/status',
      'POST /api/admin/orders/:id/offline-payments',
      'POST /api/admin/orders/:id/offline-refunds',
      'POST /api/admin/orders/:id/refunds',
      'POST /api/admin/orders/:id/refunds/:id/retry',
      'POST /api/admin/orders/:id/refunds/:id/check',
      // Customers and the dashboard.
      'GET /api/admin/customers',
      'GET /api/admin/customers/:id',
      'POST /api/admin/customers/:id/email',
      'POST /api/admin/customers/:id/role',
      'GET /api/admin/dashboard',
      // Payments: money going back, reconciliation with Paystack.
      'GET /api/admin/payments/refunds',
      'GET /api/admin/payments/reconciliations',
      'POST /api/admin/payments/reconciliations',
      'GET /api/admin/payments/reconciliations/:id',
      // Settings: notifications, out of stock, store, delivery zones and pickup, payment, emails, the audit log.
      'GET /api/admin/notifications',
      'POST /api/admin/notifications',
      'PATCH /api/admin/notifications/:id',
      'DELETE /api/admin/notifications/:id',
      'GET /api/admin/settings/out-of-stock',
      'PUT /api/admin/settings/out-of-stock',
      'GET /api/admin/settings/store',
      'PUT /api/admin/settings/store',
      'GET /api/admin/settings/payment',
      'GET /api/admin/settings/pickup',
      'PUT /api/admin/settings/pickup',
      'GET /api/admin/shipping-zones',
      'POST /api/admin/shipping-zones',
      'PATCH /api/admin/shipping-zones/:id',
      'DELETE /api/admin/shipping-zones/:id',
      'POST /api/admin/shipping-zones/:id/methods',
      'PATCH /api/admin/shipping-methods/:id',
      'GET /api/admin/emails',
      'POST /api/admin/emails/:id/resend',
      'GET /api/admin/jobs/failed',
      'POST /api/admin/jobs/:id/retry',
      'GET /api/admin/audit',
    ]) {
      expect(listed).toContain(route);
    }
  });

  it('answers guests 401 on every admin route', async () => {
    for (const route of adminRoutes()) {
      const response = await call(route);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("answers shoppers 403 with the spec's message on every admin route", async () => {
    for (const route of adminRoutes()) {
      const response = await call(route, shopper);
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(response.body).toEqual({
        error: { code: 'forbidden', message: 'Access denied. Admin privileges required.' },
      });
    }
  });

  it('refuses admin paths that do not exist the same way, so nothing is learned from them', async () => {
    expect((await t.request('/api/admin/no-such-thing')).status).toBe(401);
    expect((await t.request('/api/admin/no-such-thing', { cookie: shopper })).status).toBe(403);
  });
});

describe('GET /api/admin/me', () => {
  it('answers admins and super admins, never cached', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const { user, cookie } = await createSignedInUser(t, { role });
      const response = await t.request('/api/admin/me', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toMatchObject({ isAdmin: true, user: { id: user.id, email: user.email, role } });
    }
  });
});
