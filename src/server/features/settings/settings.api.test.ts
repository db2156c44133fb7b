import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '#shared/live';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, createPendingOrder, emailsOfKind } from '../../../../tests/factories/orders';
import { readSse } from '../../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: { cookie: string; email: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await createSignedInUser(t, { role: 'admin', email: 'settings-admin@example.test' });
  admin = { cookie: signedIn.cookie, email: signedIn.user.email, id: signedIn.user.id };
});
afterAll(() => t.close());

const put = (path: string, json: unknown) => t.request(path, { method: 'PUT', cookie: admin.cookie, json });

async function lastAudit(entityType: string, entityId: string) {
  const [row] = await t.database.sql.query<{
    actor_id: string | null;
    actor_label: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `SELECT actor_id, actor_label, action, before, after FROM audit_log
      WHERE entity_type = $1 AND entity_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [entityType, entityId],
  );
  return row;
}

const DEFAULTS = {
  enabled: true,
  threshold: 5,
  notify_admin: true,
  auto_hide_product: false,
  show_customer_notification: true,
  notification_text: 'This item is currently out of stock.',
};

describe('Out of Stock Settings', () => {
  it("starts with the spec's defaults", async () => {
    const response = await t.request('/api/admin/settings/out-of-stock', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ settings: DEFAULTS });
  });

  it('refuses a threshold that is not a whole number of 0 or more, and an empty text', async () => {
    for (const [threshold, message] of [
      [-1, 'Threshold must be 0 or more'],
      [2.5, 'Threshold must be a whole number'],
      ['5', 'Threshold must be a number'],
    ] as const) {
      const response = await put('/api/admin/settings/out-of-stock', { ...DEFAULTS, threshold });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { fields: { threshold: message } } });
    }
    const empty = await put('/api/admin/settings/out-of-stock', { ...DEFAULTS, notification_text: ' ' });
    expect(empty.body).toMatchObject({
      error: { fields: { notification_text: 'Notification text is required' } },
    });
  });

  it('changes what the storefront does: hidden sold-out products, the sold-out text, the low-stock line', async () => {
    const soldOut = await createProduct(t, {
      name: 'Gone Tee',
      variants: [{ size: 'M', color: 'Black', stock: 0 }],
    });
    const listed = async () =>
      ((await t.request('/api/products?limit=100')).body as { products: { id: string }[] }).products.map(
        (p) => p.id,
      );
    expect(await listed()).toContain(soldOut.id);

    const saved = await put('/api/admin/settings/out-of-stock', {
      ...DEFAULTS,
      threshold: 3,
      auto_hide_product: true,
      notification_text: 'Sold out, back soon.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ settings: { threshold: 3, auto_hide_product: true } });
    expect(await listed()).not.toContain(soldOut.id);
    const page = (await t.request(`/api/products/${soldOut.id}`)).body as {
      product: { outOfStock: { enabled: boolean; text: string } };
    };
    expect(page.product.outOfStock).toEqual({ enabled: true, text: 'Sold out, back soon.' });
    await put('/api/admin/settings/out-of-stock', {
      ...DEFAULTS,
      threshold: 3,
      auto_hide_product: true,
      notification_text: 'Sold out, back soon.',
      show_customer_notification: false,
    });
    const plain = (await t.request(`/api/products/${soldOut.id}`)).body as typeof page;
    expect(plain.product.outOfStock).toEqual({ enabled: true, text: 'Sold out' });

    // Threshold 3: a sale taking a variant from 4 to 3 emails the admins.
    const before = (await emailsOfKind(t, 'low_stock', admin.email)).length;
    await createPendingOrder(t, {
      product: { name: 'Line Tee', priceKobo: 500_000, variants: [{ size: 'M', color: 'Black', stock: 4 }] },
    });
    expect((await emailsOfKind(t, 'low_stock', admin.email)).length).toBe(before + 1);

    // Threshold 2: the same sale is above the line, no email.
    await put('/api/admin/settings/out-of-stock', { ...DEFAULTS, threshold: 2 });
    await createPendingOrder(t, {
      product: { name: 'Quiet Tee', priceKobo: 500_000, variants: [{ size: 'M', color: 'Black', stock: 4 }] },
    });
    expect((await emailsOfKind(t, 'low_stock', admin.email)).length).toBe(before + 1);

    const audit = await lastAudit('setting', 'out_of_stock');
    expect(audit).toMatchObject({
      actor_id: admin.id,
      actor_label: admin.email,
      action: 'updated',
      before: {
        threshold: 3,
        auto_hide_product: true,
        notification_text: 'Sold out, back soon.',
        show_customer_notification: false,
      },
      after: {
        threshold: 2,
        auto_hide_product: false,
        notification_text: DEFAULTS.notification_text,
        show_customer_notification: true,
      },
    });
  });
});

describe('Shipping', () => {
  type Method = {
    id: string;
    code: string;
    feeKobo: number;
    isActive: boolean;
    freeAboveKobo: number | null;
  };
  type Zone = { id: string; name: string; methods: Method[] };
  const lagos = async () =>
    (
      (await t.request('/api/admin/shipping-zones', { cookie: admin.cookie })).body as { zones: Zone[] }
    ).zones.find((zone) => zone.name === 'Lagos')!;
  const methods = async () => (await lagos()).methods;
  const patch = (id: string, json: unknown) =>
    t.request(`/api/admin/shipping-methods/${id}`, { method: 'PATCH', cookie: admin.cookie, json });
  type PricedZone = { name: string; methods: { code: string; costKobo: number; feeKobo: number }[] };
  const lagosMethods = (body: unknown) =>
    (body as { zones: PricedZone[] }).zones.find((zone) => zone.name === 'Lagos')?.methods ?? [];

  it("changes Lagos's Standard fee: the checkout quote, the policy figures and the order follow at once, audited", async () => {
    const standard = (await methods()).find((method) => method.code === 'standard')!;
    expect(standard).toMatchObject({ feeKobo: 250_000, freeAboveKobo: 2_500_000, isActive: true });
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'L', stock: 5 }] });
    await addToCart(t, cookie, product, 1);
    const quote = async () =>
      lagosMethods((await t.request('/api/checkout', { cookie })).body).find(
        (method) => method.code === 'standard',
      )?.costKobo;
    const policy = async () =>
      lagosMethods((await t.request('/api/shipping-zones')).body).find((method) => method.code === 'standard')
        ?.feeKobo;
    expect(await quote()).toBe(250_000);
    expect(await policy()).toBe(250_000);

    const response = await patch(standard.id, { feeKobo: 300_000 });
    expect(response.status).toBe(200);
    expect(await quote()).toBe(300_000);
    expect(await policy()).toBe(300_000);
    const order = await t.request('/api/orders', {
      method: 'POST',
      cookie,
      json: {
        fullName: 'Ada Obi',
        email: 'ada@example.test',
        phone: '08031234567',
        address: '12 Admiralty Way',
        city: 'Lagos',
        state: 'Lagos',
        sameAsShipping: true,
        shippingMethodCode: 'standard',
      },
    });
    expect(order.status).toBe(201);
    const [row] = await t.database.sql.query<{ shipping_cost_kobo: string | number }>(
      'SELECT shipping_cost_kobo FROM orders WHERE id = $1',
      [(order.body as { orderId: string }).orderId],
    );
    expect(Number(row!.shipping_cost_kobo)).toBe(300_000);
    expect(await lastAudit('shipping_method', 'Lagos/standard')).toMatchObject({
      actor_label: admin.email,
      before: { feeKobo: 250_000 },
      after: { feeKobo: 300_000 },
    });
  });

  it('validates fees and days, and a deactivated method leaves checkout and the policy page', async () => {
    const express = (await methods()).find((method) => method.code === 'express')!;
    const negative = await patch(express.id, { feeKobo: -1 });
    expect(negative.body).toMatchObject({ error: { fields: { feeKobo: 'Fee must be 0 or more' } } });
    const days = await patch(express.id, { minDays: 5, maxDays: 2 });
    expect(days.body).toMatchObject({
      error: { fields: { maxDays: 'Longest delivery must be at least the shortest' } },
    });
    // Only one side sent: checked against the stored other side.
    const oneSide = await patch(express.id, { minDays: 9 });
    expect(oneSide.status).toBe(400);
    // Pickup stays free.
    const pickup = (await methods()).find((method) => method.code === 'pickup')!;
    expect((await patch(pickup.id, { feeKobo: 100_000 })).body).toMatchObject({
      error: { fields: { feeKobo: 'Pickup in store has no fee' } },
    });

    expect((await patch(express.id, { isActive: false })).status).toBe(200);
    const policy = await t.request('/api/shipping-zones');
    expect(lagosMethods(policy.body).map((method) => method.code)).toEqual(['standard', 'pickup']);
    expect((await patch(express.id, { isActive: true })).status).toBe(200);
  });

  it("adds a method to a zone that checkout offers at once in that zone's states", async () => {
    const zone = await lagos();
    const created = await t.request(`/api/admin/shipping-zones/${zone.id}/methods`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { name: 'Same-day Lagos', feeKobo: 700_000, freeAboveKobo: null, minDays: 0, maxDays: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      shippingMethod: { code: 'same-day-lagos', kind: 'delivery', zoneId: zone.id, isActive: true },
    });
    const policy = await t.request('/api/shipping-zones');
    expect(lagosMethods(policy.body).map((method) => method.code)).toContain('same-day-lagos');
    expect(await lastAudit('shipping_method', 'Lagos/same-day-lagos')).toMatchObject({
      action: 'created',
      before: null,
    });
  });
});

describe('Store', () => {
  it('validates, saves, keeps other keys, and the footer and emails use it', async () => {
    const bad = await put('/api/admin/settings/store', {
      name: '',
      supportEmail: 'nope',
      supportPhone: 'call me',
    });
    expect(bad.body).toMatchObject({
      error: {
        fields: {
          name: 'Shop name is required',
          supportEmail: 'Please enter a valid email',
          supportPhone: 'Please enter a valid phone number',
        },
      },
    });
    const saved = await put('/api/admin/settings/store', {
      name: 'Naija Street Lagos',
      supportEmail: 'help@naijastreet.ng',
      supportPhone: '+234 801 234 5678',
    });
    expect(saved.status).toBe(200);
    expect((await t.request('/api/store')).body).toEqual({
      store: {
        name: 'Naija Street Lagos',
        supportEmail: 'help@naijastreet.ng',
        supportPhone: '+234 801 234 5678',
      },
    });
    const [row] = await t.database.sql.query<{ value: Record<string, unknown> }>(
      `SELECT value FROM settings WHERE key = 'store'`,
    );
    expect(row!.value.instagram).toBe('https://instagram.com/naijastreet');
    expect(await lastAudit('setting', 'store')).toMatchObject({
      actor_label: admin.email,
      before: { name: 'Naija Street', supportEmail: 'support@naijastreet.ng' },
      after: { name: 'Naija Street Lagos', supportEmail: 'help@naijastreet.ng' },
    });
    // The next email carries the new name.
    const { user } = await createPendingOrder(t);
    const [email] = await t.database.sql.query<{ text_body: string }>(
      `SELECT text_body FROM emails WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`,
      [user.email],
    );
    expect(email!.text_body).toContain('Naija Street Lagos');
  });
});

describe('Payment', () => {
  it('shows the simulator mode and the webhook address, never a secret key', async () => {
    const response = await t.request('/api/admin/settings/payment', { cookie: admin.cookie });
    expect(response.body).toEqual({
      mode: 'simulator',
      publicKey: null,
      webhookUrl: 'http://localhost:3000/api/payments/webhook',
      channels: ['card', 'bank_transfer', 'ussd'],
      payOnDelivery: false,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/sk_/);
  });
});

describe('live updates', () => {
  const openLive = async (topics: string[], cookie: string) => {
    const response = await t.app.request(
      `http://localhost:3000/api/live?topics=${encodeURIComponent(topics.join(','))}`,
      { headers: { accept: 'text/event-stream', cookie } },
    );
    return { status: response.status, stream: response.status === 200 ? readSse(response) : null };
  };

  it('tell admins following admin:settings and admin:notifications of each change; shoppers may not follow', async () => {
    const shopper = await createSignedInUser(t);
    expect((await openLive([liveTopics.adminSettings], shopper.cookie)).status).toBe(403);

    const { stream } = await openLive(
      [liveTopics.adminSettings, liveTopics.adminNotifications],
      admin.cookie,
    );
    try {
      await stream!.next((event) => event.event === 'ready');
      await put('/api/admin/settings/store', {
        name: 'Live Shop',
        supportEmail: 'live@example.test',
        supportPhone: '',
      });
      await stream!.next((event) => event.data.includes('"settings"') && event.data.includes('"store"'));
      const created = await t.request('/api/admin/notifications', {
        method: 'POST',
        cookie: admin.cookie,
        json: { title: 'Live', content: 'Now', startDate: new Date().toISOString() },
      });
      const id = (created.body as { notification: { id: string } }).notification.id;
      await stream!.next((event) => event.data.includes(id));
    } finally {
      await stream!.close();
    }
  });
});
