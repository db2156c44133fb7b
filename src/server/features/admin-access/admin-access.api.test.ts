import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/me', () => {
  it('refuses guests with 401', async () => {
    const response = await t.request('/api/admin/me');
    expect(response.status).toBe(401);
  });

  it('refuses a shopper with the spec message', async () => {
    const { cookie } = await createSignedInUser(t, { role: 'customer' });
    const response = await t.request('/api/admin/me', { cookie });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: { code: 'forbidden', message: 'Access denied. Admin privileges required.' },
    });
  });

  it('answers admins and super admins', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const { user, cookie } = await createSignedInUser(t, { role });
      const response = await t.request('/api/admin/me', { cookie });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ isAdmin: true, user: { id: user.id, email: user.email, role } });
    }
  });
});
