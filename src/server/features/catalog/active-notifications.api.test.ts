import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeNotificationsResponseSchema } from '#shared/schemas/catalog';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createNotification } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.sql.exec('DELETE FROM site_notifications');
});

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);

async function bannerTitles(path?: string): Promise<string[]> {
  const query = path === undefined ? '' : `?path=${encodeURIComponent(path)}`;
  const response = await t.request(`/api/notifications/active${query}`);
  expect(response.status).toBe(200);
  return activeNotificationsResponseSchema.parse(response.body).notifications.map((n) => n.title);
}

async function createOrder(userId: string, paymentStatus: 'pending' | 'paid' | 'failed'): Promise<void> {
  const address = JSON.stringify({
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    phone: '08012345678',
    address: '1 Marina',
    city: 'Lagos',
    state: 'Lagos',
  });
  await t.database.sql.query(
    `INSERT INTO orders (user_id, email, payment_status, subtotal_kobo, shipping_cost_kobo, total_amount_kobo,
                         shipping_address, billing_address)
     VALUES ($1, 'ada@example.com', $2, 100000, 0, 100000, $3, $3)`,
    [userId, paymentStatus, address],
  );
}

describe('GET /api/notifications/active', () => {
  it('returns active notifications with their fields, newest first', async () => {
    const older = await createNotification(t, {
      title: 'Older',
      content: 'Old news',
      type: 'warning',
      createdAt: ago(2 * HOUR),
    });
    await createNotification(t, { title: 'Newer', type: 'promotional', createdAt: ago(HOUR) });
    const response = await t.request('/api/notifications/active?path=/');
    expect(response.status).toBe(200);
    const { notifications } = activeNotificationsResponseSchema.parse(response.body);
    expect(notifications.map((n) => n.title)).toEqual(['Newer', 'Older']);
    expect(notifications[1]).toEqual({
      id: older.id,
      title: 'Older',
      content: 'Old news',
      type: 'warning',
      displayLocation: 'site_wide',
    });
  });

  it('shows only notifications that are switched on, started and not ended', async () => {
    await createNotification(t, { title: 'Running', startDate: ago(HOUR), endDate: later(HOUR) });
    await createNotification(t, { title: 'Open-ended', startDate: ago(HOUR), endDate: null });
    await createNotification(t, { title: 'Switched off', isActive: false });
    await createNotification(t, { title: 'Not started', startDate: later(HOUR) });
    await createNotification(t, { title: 'Ended', startDate: ago(2 * HOUR), endDate: ago(1000) });
    expect((await bannerTitles('/')).sort()).toEqual(['Open-ended', 'Running']);
  });

  it('shows each display location on its pages only; site_wide everywhere', async () => {
    await createNotification(t, { title: 'Everywhere', displayLocation: 'site_wide' });
    await createNotification(t, { title: 'Product', displayLocation: 'product_page' });
    await createNotification(t, { title: 'Cart', displayLocation: 'cart' });
    await createNotification(t, { title: 'Checkout', displayLocation: 'checkout' });

    expect(await bannerTitles()).toEqual(['Everywhere']);
    expect(await bannerTitles('/')).toEqual(['Everywhere']);
    expect((await bannerTitles('/product/7f1f0c2e-3c4b-4a5d-8e6f-708192a3b4c5')).sort()).toEqual([
      'Everywhere',
      'Product',
    ]);
    expect((await bannerTitles('/cart')).sort()).toEqual(['Cart', 'Everywhere']);
    expect((await bannerTitles('/checkout')).sort()).toEqual(['Checkout', 'Everywhere']);
    expect(await bannerTitles('/cartoons')).toEqual(['Everywhere']);
    expect(await bannerTitles('/new')).toEqual(['Everywhere']);
  });

  it('shows guests the notifications for everyone and for new users', async () => {
    await createNotification(t, { title: 'All', targetAudience: 'all' });
    await createNotification(t, { title: 'New', targetAudience: 'new_users' });
    await createNotification(t, { title: 'Returning', targetAudience: 'returning_users' });
    expect((await bannerTitles('/')).sort()).toEqual(['All', 'New']);
  });
});

describe('GET /api/notifications/active for signed-in shoppers', () => {
  it('treats accounts without a paid order as new users and with one as returning users', async () => {
    await createNotification(t, { title: 'All', targetAudience: 'all' });
    await createNotification(t, { title: 'New', targetAudience: 'new_users' });
    await createNotification(t, { title: 'Returning', targetAudience: 'returning_users' });
    const titles = async (cookie: string) => {
      const response = await t.request('/api/notifications/active?path=/', { cookie });
      expect(response.status).toBe(200);
      return activeNotificationsResponseSchema
        .parse(response.body)
        .notifications.map((n) => n.title)
        .sort();
    };

    const fresh = await createSignedInUser(t);
    expect(await titles(fresh.cookie)).toEqual(['All', 'New']);

    const unpaid = await createSignedInUser(t);
    await createOrder(unpaid.user.id, 'pending');
    await createOrder(unpaid.user.id, 'failed');
    expect(await titles(unpaid.cookie)).toEqual(['All', 'New']);

    const buyer = await createSignedInUser(t);
    await createOrder(buyer.user.id, 'pending');
    await createOrder(buyer.user.id, 'paid');
    expect(await titles(buyer.cookie)).toEqual(['All', 'Returning']);
  });
});
