import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '#shared/live';
import { createSignedInUser, createUser, lastEmailTo } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { createPendingOrder } from '../../../../tests/factories/orders';
import { changeMessages, eventually, readSse, type SseReader } from '../../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createApp } from '../../app';
import { actorOf, systemActor } from '../../context';
import { announce, CHANGES_CHANNEL, type Change } from '../../platform/db/announce';
import { changeVariantStock } from '../inventory/change-stock';
import { cancelOrder } from '../orders/cancel-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const open: SseReader[] = [];
afterAll(async () => {
  for (const stream of open) await stream.close();
});

/** Opens /api/live in-process, as the page's EventSource would. */
async function live(
  topics: string[],
  options: {
    cookie?: string;
    headers?: Record<string, string>;
    app?: { request: TestApp['app']['request'] };
  } = {},
): Promise<SseReader> {
  const headers = new Headers(options.headers);
  headers.set('accept', 'text/event-stream');
  if (options.cookie) headers.set('cookie', options.cookie);
  const response = await (options.app ?? t.app).request(
    `http://localhost:3000/api/live?topics=${encodeURIComponent(topics.join(','))}`,
    { headers },
  );
  const stream = readSse(response);
  open.push(stream);
  if (response.status === 200) await stream.next((event) => event.event === 'ready');
  return stream;
}

const ready = async (stream: SseReader) => stream.next((event) => event.event === 'ready');

describe('who may follow what', () => {
  it('refuses guests, shoppers on admin topics, other people’s orders and unknown topics', async () => {
    const { orderId } = await createPendingOrder(t);
    const { cookie } = await createSignedInUser(t);
    expect((await live([liveTopics.myOrders])).status).toBe(401);
    expect((await live([liveTopics.order(orderId)])).status).toBe(401);
    expect((await live([liveTopics.adminOrders], { cookie })).status).toBe(403);
    expect((await live([liveTopics.order(orderId)], { cookie })).status).toBe(404);
    expect((await live([liveTopics.order(randomUUID())], { cookie })).status).toBe(404);
    expect((await live([liveTopics.product(randomUUID())])).status).toBe(404);
    expect((await live(['orders:everything'], { cookie })).status).toBe(400);
    expect((await live([], { cookie })).status).toBe(400);
  });

  it('streams uncached and uncompressed', async () => {
    const { cookie } = await createSignedInUser(t);
    const stream = await live([liveTopics.myOrders], {
      cookie,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await stream.close();
  });
});

describe('a shopper’s stream', () => {
  it('never carries another shopper’s order, not even its id', async () => {
    const ada = await createPendingOrder(t);
    const bola = await createPendingOrder(t);
    const [admin] = [await createSignedInUser(t, { role: 'admin' })];
    const adasStream = await live([liveTopics.myOrders, liveTopics.order(ada.orderId)], {
      cookie: ada.cookie,
    });
    const bolasStream = await live([liveTopics.myOrders], { cookie: bola.cookie });
    const adminStream = await live([liveTopics.adminOrders], { cookie: admin.cookie });

    await cancelOrder(t.deps, systemActor('script'), bola.orderId);
    await cancelOrder(t.deps, actorOf({ ...admin.user, role: 'admin' }), ada.orderId);
    await createPendingOrder(t);

    await adasStream.next((event) => event.data.includes(ada.orderId));
    await bolasStream.next((event) => event.data.includes(bola.orderId));
    await eventually(
      () => adminStream.raw().includes(bola.orderId) && adminStream.raw().includes(ada.orderId),
      3_000,
      'the admin hears of both',
    );
    await adasStream.collect(500);

    const adas = changeMessages(adasStream.events);
    expect(adas.flatMap((message) => message.changes).filter((change) => change.table === 'orders')).toEqual(
      expect.arrayContaining([
        { topic: liveTopics.myOrders, table: 'orders', id: ada.orderId, action: 'cancelled' },
        { topic: liveTopics.order(ada.orderId), table: 'orders', id: ada.orderId, action: 'cancelled' },
      ]),
    );
    expect(adasStream.raw()).not.toContain(bola.orderId);
    expect(adasStream.raw()).not.toContain(bola.user.id);
    expect(bolasStream.raw()).not.toContain(ada.orderId);
    expect(bolasStream.raw()).not.toContain(ada.user.id);
    // Only what changed is said, never the data: no names, addresses or amounts.
    expect(adasStream.raw()).not.toContain(ada.user.email);
    for (const stream of [adasStream, bolasStream, adminStream]) await stream.close();
  });

  it('hears nothing of a change that was rolled back', async () => {
    const ada = await createPendingOrder(t);
    const stream = await live([liveTopics.myOrders], { cookie: ada.cookie });
    const ghost = randomUUID();
    await expect(
      t.database.transaction(async (sql) => {
        await announce(sql, { table: 'orders', id: ghost, userId: ada.user.id, action: 'created' });
        throw new Error('out of stock after all');
      }),
    ).rejects.toThrow();
    await t.database.transaction((sql) =>
      announce(sql, { table: 'orders', id: ada.orderId, userId: ada.user.id, action: 'updated' }),
    );
    await stream.next((event) => event.data.includes(ada.orderId));
    expect(stream.raw()).not.toContain(ghost);
    await stream.close();
  });

  it('stops once the session has ended', async () => {
    const ada = await createPendingOrder(t);
    const stream = await live([liveTopics.myOrders], { cookie: ada.cookie });
    const signedOut = await t.request('/api/auth/sign-out', { method: 'POST', cookie: ada.cookie });
    expect(signedOut.status).toBe(200);
    await cancelOrder(t.deps, systemActor('script'), ada.orderId);
    const end = await stream.next((event) => event.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'signed-out' });
    await stream.ended;
    expect(stream.raw()).not.toContain(ada.orderId);
  });

  it('tells an admin who lost the role that the admin topics are closed', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const stream = await live([liveTopics.adminOrders], { cookie: admin.cookie });
    await t.database.sql.query(`UPDATE users SET role = 'customer' WHERE id = $1`, [admin.user.id]);
    const order = await createPendingOrder(t);
    const end = await stream.next((event) => event.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'forbidden' });
    expect(stream.raw()).not.toContain(order.orderId);
  });
});

describe('an admin’s streams', () => {
  it('hear sign-ups and profile edits (never their data), and stock taken and given back by orders', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const profiles = await live([liveTopics.adminProfiles], { cookie: admin.cookie });
    const stock = await live([liveTopics.adminStock], { cookie: admin.cookie });

    const email = `new-${randomUUID().slice(0, 8)}@example.test`;
    const registered = await t.request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.77' },
      json: {
        firstName: 'Chioma',
        lastName: 'Eze',
        email,
        password: 'secret12',
        confirmPassword: 'secret12',
      },
    });
    expect(registered.status).toBe(201);
    const [created] = await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    await profiles.next((event) => event.data.includes(created!.id) && event.data.includes('"created"'));

    const shopper = await createSignedInUser(t);
    const edited = await t.request('/api/account/profile', {
      method: 'PATCH',
      cookie: shopper.cookie,
      json: { firstName: 'Ada', lastName: 'Okafor' },
    });
    expect(edited.status).toBe(200);
    await profiles.next((event) => event.data.includes(shopper.user.id) && event.data.includes('"updated"'));
    expect(profiles.raw()).not.toContain('Okafor');

    const order = await createPendingOrder(t);
    await stock.next(
      (event) => event.data.includes(order.product.variants[0]!.id) && event.data.includes('reserved'),
    );
    await cancelOrder(t.deps, systemActor('script'), order.orderId);
    await stock.next(
      (event) => event.data.includes(order.product.variants[0]!.id) && event.data.includes('released'),
    );
    await profiles.close();
    await stock.close();
  });
});

/**
 * Every announcement this process hears, in commit order. `settle()` announces a marker and waits
 * for it: whatever was committed before has been heard by then.
 */
async function announcements() {
  const heard: Change[] = [];
  const stop = await t.database.listen(CHANGES_CHANNEL, {
    onNotify: (payload) => heard.push(JSON.parse(payload) as Change),
  });
  return {
    of: (id: string) => heard.filter((change) => change.id === id),
    async settle() {
      const marker = randomUUID();
      await t.database.transaction((sql) =>
        announce(sql, { table: 'settings', id: marker, userId: null, action: 'marker' }),
      );
      await eventually(() => heard.some((change) => change.id === marker), 3_000, 'the marker');
    },
    stop,
  };
}

describe('profiles', () => {
  const home = {
    fullName: 'Ada Obi',
    email: 'ada@example.ng',
    phone: '08012345678',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
  };

  it('a customer’s saved addresses reach the admins’ customer screens when added, edited or deleted', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const profiles = await live([liveTopics.adminProfiles], { cookie: admin.cookie });
    const shopper = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const heard = await announcements();
    const changed = (action: string) =>
      profiles.next((event) => event.data.includes(shopper.user.id) && event.data.includes(`"${action}"`));

    const added = await t.request('/api/account/addresses', {
      method: 'POST',
      cookie: shopper.cookie,
      json: home,
    });
    expect(added.status).toBe(201);
    const addressId = (added.body as { address: { id: string } }).address.id;
    await changed('address_added');

    const edited = await t.request(`/api/account/addresses/${addressId}`, {
      method: 'PATCH',
      cookie: shopper.cookie,
      json: { city: 'Yaba' },
    });
    expect(edited.status).toBe(200);
    await changed('address_updated');

    const deleted = await t.request(`/api/account/addresses/${addressId}`, {
      method: 'DELETE',
      cookie: shopper.cookie,
    });
    expect(deleted.status).toBe(200);
    await changed('address_deleted');

    // Someone else's address is neither changed nor announced.
    const refused = await t.request(`/api/account/addresses/${addressId}`, {
      method: 'PATCH',
      cookie: stranger.cookie,
      json: { city: 'Yaba' },
    });
    expect(refused.status).toBe(404);
    await heard.settle();
    expect(heard.of(shopper.user.id).map((change) => change.action)).toEqual([
      'address_added',
      'address_updated',
      'address_deleted',
    ]);
    expect(heard.of(stranger.user.id)).toEqual([]);
    // What changed, never the address itself.
    expect(profiles.raw()).not.toContain('Allen Avenue');
    expect(profiles.raw()).not.toContain(addressId);
    await heard.stop();
    await profiles.close();
  });

  it('a confirmation is announced once, by the link or by a password reset', async () => {
    const heard = await announcements();
    const email = `confirm-${randomUUID().slice(0, 8)}@example.test`;
    const registered = await t.request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.78' },
      json: {
        firstName: 'Chioma',
        lastName: 'Eze',
        email,
        password: 'secret12',
        confirmPassword: 'secret12',
      },
    });
    expect(registered.status).toBe(201);
    const [user] = await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    const link = (await lastEmailTo(t, email, 'confirm_email'))!.links.find((l) =>
      l.includes('/auth/confirm'),
    )!;
    const confirmed = await t.request('/api/auth/confirm', {
      method: 'POST',
      json: { token_hash: new URL(link).searchParams.get('token_hash'), type: 'signup' },
    });
    expect(confirmed.status).toBe(200);
    await heard.settle();
    expect(heard.of(user!.id).map((change) => change.action)).toEqual(['created', 'updated']);

    // A reset link proves the address too: the account is confirmed and announced once.
    const unconfirmed = await createUser(t, { confirmed: false });
    const forgot = await t.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.79' },
      json: { email: unconfirmed.email },
    });
    expect(forgot.status).toBe(200);
    const resetLink = (await lastEmailTo(t, unconfirmed.email, 'password_reset'))!.links[0]!;
    const token = new URLSearchParams(new URL(resetLink).hash.slice(1)).get('token');
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, password: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' },
    });
    expect(reset.status).toBe(200);
    await heard.settle();
    expect(heard.of(unconfirmed.id).map((change) => change.action)).toEqual(['created', 'confirmed']);
    await heard.stop();
  });
});

describe('pace', () => {
  it('merges a burst of 100 changes into at most 10 messages a second, losing none', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const product = await createProduct(t, {
      variants: Array.from({ length: 100 }, (_, i) => ({ size: `S${i}`, stock: 5 })),
    });
    const stream = await live([liveTopics.adminStock, liveTopics.product(product.id)], {
      cookie: admin.cookie,
    });
    const started = Date.now();
    // 100 separate transactions over about two seconds: 50 changes a second.
    for (const variant of product.variants) {
      await changeVariantStock(t.database.sql, systemActor('script'), {
        variantId: variant.id,
        to: 7,
        reason: 'restock',
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const last = product.variants.at(-1)!.id;
    await stream.next((event) => event.event === 'change' && event.data.includes(last), 3_000);
    const messages = stream.events.filter((event) => event.event === 'change');
    const ids = new Set(
      changeMessages(messages).flatMap((message) => message.changes.map((change) => change.id)),
    );
    expect(ids).toEqual(new Set(product.variants.map((variant) => variant.id)));
    for (const message of messages) {
      const inTheSecond = messages.filter((other) => other.at >= message.at && other.at < message.at + 1_000);
      expect(inTheSecond.length).toBeLessThanOrEqual(10);
    }
    // It streams as it goes rather than waiting for the burst to end.
    expect(Date.now() - started).toBeGreaterThan(1_500);
    expect(messages.length).toBeGreaterThanOrEqual(10);
    expect(messages.length).toBeLessThan(100);
    await stream.close();
  });

  it('keeps idle connections alive with heartbeats and asks a reconnecting page to read again', async () => {
    const app = createApp(t.deps, { live: { heartbeatMs: 50 } });
    const ada = await createPendingOrder(t);
    const stream = await live([liveTopics.myOrders], { cookie: ada.cookie, app });
    await eventually(() => stream.comments.includes('keep-alive'), 2_000, 'heartbeat');
    expect(changeMessages(stream.events)).toEqual([]);
    await stream.close();

    const resumed = await live([liveTopics.myOrders, liveTopics.order(ada.orderId)], {
      cookie: ada.cookie,
      headers: { 'last-event-id': '1' },
    });
    const resync = await resumed.next((event) => event.event === 'change');
    expect(JSON.parse(resync.data)).toEqual({
      topics: [liveTopics.myOrders, liveTopics.order(ada.orderId)],
      changes: [],
      resync: true,
    });
    await resumed.close();
  });
});

describe('a closed tab', () => {
  it('frees its listener, over a real connection', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const ada = await createPendingOrder(t);
      const before = { feed: t.deps.events.subscribers, database: t.database.listeners };
      const tabs = await Promise.all(
        [1, 2, 3].map(async () => {
          const abort = new AbortController();
          const response = await fetch(`http://127.0.0.1:${port}/api/live?topics=my-orders`, {
            headers: { cookie: ada.cookie },
            signal: abort.signal,
          });
          const stream = readSse(response, () => abort.abort());
          await ready(stream);
          return stream;
        }),
      );
      expect(t.deps.events.subscribers).toBe(before.feed + 3);
      expect(t.database.listeners).toBe(before.database + 3);
      await cancelOrder(t.deps, systemActor('script'), ada.orderId);
      await Promise.all(tabs.map((tab) => tab.next((event) => event.data.includes(ada.orderId))));

      for (const tab of tabs) await tab.close();
      await eventually(() => t.deps.events.subscribers === before.feed, 3_000, 'feed subscribers released');
      expect(t.database.listeners).toBe(before.database);
    } finally {
      server.close();
    }
  });

  it('ends every stream when the server shuts down, so pages reconnect elsewhere', async () => {
    const ada = await createPendingOrder(t);
    const stream = await live([liveTopics.myOrders], { cookie: ada.cookie });
    expect(t.deps.events.subscribers).toBeGreaterThan(0);
    t.deps.events.close();
    await stream.ended;
    await eventually(() => t.deps.events.subscribers === 0, 2_000, 'subscribers released');
    expect(stream.events.some((event) => event.event === 'end')).toBe(false);
  });
});
