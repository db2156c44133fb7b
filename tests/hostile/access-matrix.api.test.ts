/**
 * The access matrix: every API route (read from the app) called as a guest, shopper A, shopper B
 * and an admin, with ids that belong to shopper A. What B learns about A's things must be exactly
 * what B learns about things that do not exist; B's calls change nothing of A's; no list B can
 * read carries A's ids or address; the admin area answers only admins.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../factories/accounts';
import { createProduct } from '../factories/catalog';
import { addToCart, createPendingOrder } from '../factories/orders';
import { createTestApp } from '../setup/test-app';
import { databaseFingerprint } from './support/fingerprint';
import { type ApiRoute, apiRoutes, fillPath, routeName } from './support/routes';

const t = await createTestApp();
afterAll(() => t.close());

// Shopper A: an order, a saved address and a cart line. Shopper B: an account of their own.
const a = await createPendingOrder(t, {
  form: { fullName: 'Adaeze Private-Name', address: '7 Secret Close' },
});
const product = await createProduct(t, { variants: [{ size: 'L', color: 'White', stock: 20 }] });
await addToCart(t, a.cookie, product, 1);
const cartLine = await t.request('/api/cart', { cookie: a.cookie });
const cartItemId = (cartLine.body as { items: { id: string }[] }).items[0]!.id;
const address = await t.request('/api/account/addresses', {
  method: 'POST',
  cookie: a.cookie,
  json: {
    fullName: 'Adaeze Private-Name',
    email: 'adaeze@example.test',
    phone: '08031234567',
    address: '7 Secret Close',
    city: 'Lagos',
    state: 'Lagos',
  },
});
if (address.status !== 201) throw new Error(`address: ${JSON.stringify(address.body)}`);
const addressId = (address.body as { address: { id: string } }).address.id;
const payment = await t.request('/api/payments/initialize', {
  method: 'POST',
  cookie: a.cookie,
  json: { orderId: a.orderId },
});
if (payment.status !== 200) throw new Error(`payment: ${JSON.stringify(payment.body)}`);
const paymentReference = (payment.body as { reference: string }).reference;
const b = await createSignedInUser(t);
const admin = await createSignedInUser(t, { role: 'admin' });

/** Everything of A's that an id can name. */
const A_IDS = {
  order: a.orderId,
  address: addressId,
  cartItem: cartItemId,
  user: a.user.id,
  payment: paymentReference,
};
/** An id of the same shape as A's `kind` of id that names nothing (references are not UUIDs). */
const missingLike = (kind: string) =>
  kind === 'payment' ? `${randomUUID()}-${Date.now()}-${randomUUID().slice(0, 4)}` : randomUUID();
/** What must never appear in an answer to B. */
const A_SECRETS = [...Object.values(A_IDS), a.user.email, 'Adaeze Private-Name', '7 Secret Close'];

/** Bodies that pass validation, so a call reaches the ownership check rather than stopping at 400. */
const VALID_BODIES: Record<string, (id: string) => unknown> = {
  'PATCH /api/account/addresses/:id': () => ({
    fullName: 'B Was Here',
    email: 'b@example.test',
    phone: '08031234567',
    address: '1 Intruder Road',
    city: 'Abuja',
    state: 'FCT',
  }),
  'PATCH /api/cart/items/:id': () => ({ quantity: 3 }),
  'POST /api/payments/initialize': (id) => ({ orderId: id }),
  'POST /api/payments/verify': (id) => ({ reference: id }),
};

const routes = apiRoutes(t.app);
const fingerprint = await databaseFingerprint(t.database);

async function call(route: ApiRoute, id: string, cookie?: string) {
  const body = VALID_BODIES[routeName(route)]?.(id) ?? {};
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const response = await t.request(
    fillPath(route, () => id),
    { method: route.method, cookie, ...(hasBody ? { json: body } : {}) },
  );
  // Streams (live updates) answer with headers only; their content is checked in the live tests.
  const text = JSON.stringify(response.body ?? '');
  return { status: response.status, text };
}

/** The same answer with the id it was asked about (and request ids) taken out. */
const normalised = (text: string, id: string) =>
  text.replaceAll(id, '<id>').replace(/"requestId":"[^"]+"/g, '"requestId":"<request>"');

const byId = routes.filter((route) => route.params.length > 0 || VALID_BODIES[routeName(route)]);
/**
 * The shopper-facing routes. The development mailbox shows every email by design and answers only
 * to this machine (tests/process/exposure.test.ts); live streams are checked in the live tests.
 */
const shopperRoutes = routes.filter(
  (route) => !['/api/admin/', '/api/live', '/api/dev/'].some((prefix) => route.pattern.startsWith(prefix)),
);

let calls = 0;

describe("another shopper's things are indistinguishable from missing ones", () => {
  it('finds routes that take ids', () => {
    expect(byId.map(routeName)).toEqual(
      expect.arrayContaining(['GET /api/orders/:id', 'DELETE /api/account/addresses/:id']),
    );
  });

  for (const route of byId) {
    it(`${routeName(route)}: B with A's ids answers like a missing id and changes nothing`, async () => {
      for (const [kind, id] of Object.entries(A_IDS)) {
        const missing = missingLike(kind);
        const before = await fingerprint();
        const asB = await call(route, id, b.cookie);
        calls += 1;
        expect(await fingerprint(), `${routeName(route)} with A's ${kind} id changed data`).toBe(before);
        const asMissing = await call(route, missing, b.cookie);
        calls += 1;
        expect(asB.status, `${routeName(route)} with A's ${kind} id`).toBeLessThan(500);
        expect(
          { status: asB.status, body: normalised(asB.text, id) },
          `${routeName(route)} with A's ${kind} id`,
        ).toEqual({
          status: asMissing.status,
          body: normalised(asMissing.text, missing),
        });
        for (const secret of A_SECRETS) expect(asB.text).not.toContain(secret);
      }
    });
  }

  it('A reaches their own order, address, cart line and payment through the same routes (the ids are real)', async () => {
    expect((await t.request(`/api/orders/${a.orderId}`, { cookie: a.cookie })).status).toBe(200);
    const verified = await t.request('/api/payments/verify', {
      method: 'POST',
      cookie: a.cookie,
      json: { reference: paymentReference },
    });
    expect(verified.status).toBe(200);
    const patch = await t.request(`/api/cart/items/${cartItemId}`, {
      method: 'PATCH',
      cookie: a.cookie,
      json: { quantity: 2 },
    });
    expect(patch.status).toBe(200);
    const addresses = await t.request('/api/account/addresses', { cookie: a.cookie });
    expect(JSON.stringify(addresses.body)).toContain(addressId);
  });
});

describe('nothing B or a guest can read carries A', () => {
  for (const route of shopperRoutes.filter((r) => r.method === 'GET' && r.params.length === 0)) {
    it(`${routeName(route)} as B and as a guest`, async () => {
      for (const cookie of [b.cookie, undefined]) {
        const answer = await call(route, randomUUID(), cookie);
        calls += 1;
        expect(answer.status, routeName(route)).toBeLessThan(500);
        for (const secret of A_SECRETS)
          expect(answer.text, `${routeName(route)} leaked ${secret}`).not.toContain(secret);
      }
    });
  }
});

describe('roles on every route', () => {
  it('guests get 401 and shoppers 403 on every admin route; admins get past the door', async () => {
    for (const route of routes.filter((r) => r.pattern.startsWith('/api/admin/'))) {
      const id = randomUUID();
      expect((await call(route, id)).status, routeName(route)).toBe(401);
      expect((await call(route, id, a.cookie)).status, routeName(route)).toBe(403);
      expect((await call(route, id, b.cookie)).status, routeName(route)).toBe(403);
      const asAdmin = await call(route, id, admin.cookie);
      expect([401, 403], routeName(route)).not.toContain(asAdmin.status);
      expect(asAdmin.status, routeName(route)).toBeLessThan(500);
      calls += 4;
    }
  });

  it('guests are asked to sign in on every shopper route that needs an account, never shown data', async () => {
    for (const route of shopperRoutes) {
      const answer = await call(route, randomUUID());
      calls += 1;
      expect(answer.status, routeName(route)).toBeLessThan(500);
      for (const secret of A_SECRETS) expect(answer.text).not.toContain(secret);
    }
  });

  afterAll(() => {
    console.info(`access matrix: ${routes.length} routes × 4 roles, ${calls} calls, no leak`);
  });
});
