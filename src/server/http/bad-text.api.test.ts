import { APIError } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/schemas/accounts';
import { SAVED_ADDRESSES_MAX, TEXT_MAX, TEXT_MESSAGES } from '#shared/schemas/text';
import { createSignedInUser } from '../../../tests/factories/accounts';
import { createProduct } from '../../../tests/factories/catalog';
import { addToCart, checkoutForm, placeOrder } from '../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

/**
 * Hostile text (issue 11, findings 5 and 8): NUL characters, lone UTF-16 surrogates and control
 * characters in any field, path or query are a 400 from the schema, never a 500 from the
 * database; every text field is bounded, and so is the number of saved addresses.
 */

let t: TestApp;
let cookie: string;
let ip = 0;
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createSignedInUser(t));
});
afterAll(() => t.close());

const NUL = 'Ada\u0000Obi';
const SURROGATE = 'Ada\ud800Obi';
const TRAILING_SURROGATE = 'Ada\udfff';
const BAD = [NUL, SURROGATE, TRAILING_SURROGATE];

const send = (method: string, path: string, json?: unknown, withCookie = true) =>
  t.request(path, {
    method,
    json,
    cookie: withCookie ? cookie : undefined,
    headers: { 'x-forwarded-for': nextIp() },
  });

const register = (overrides: Record<string, unknown>) => ({
  firstName: 'Ada',
  lastName: 'Obi',
  email: `bad-${++ip}@example.test`,
  password: 'Passw0rd!',
  confirmPassword: 'Passw0rd!',
  ...overrides,
});

describe('NUL and lone surrogates in bodies', () => {
  const cases: [string, string, (bad: string) => unknown, boolean][] = [
    ['POST', '/api/auth/register', (bad) => register({ firstName: bad }), false],
    ['POST', '/api/auth/register', (bad) => register({ lastName: bad }), false],
    [
      'POST',
      '/api/auth/register',
      (bad) => register({ password: `Passw0rd!${bad}`, confirmPassword: `Passw0rd!${bad}` }),
      false,
    ],
    ['POST', '/api/auth/sign-in', (bad) => ({ email: `a${bad}@example.test`, password: bad }), false],
    ['POST', '/api/auth/forgot-password', (bad) => ({ email: `a${bad}@example.test` }), false],
    ['POST', '/api/auth/resend-confirmation', (bad) => ({ email: `a${bad}@example.test` }), false],
    ['POST', '/api/auth/confirm', (bad) => ({ token_hash: bad, type: 'signup' }), false],
    ['POST', '/api/auth/confirm', (bad) => ({ token_hash: 'abc', type: bad }), false],
    [
      'POST',
      '/api/auth/reset-password',
      (bad) => ({ token: bad, password: 'Passw0rd!', confirmPassword: 'Passw0rd!' }),
      false,
    ],
    ['PATCH', '/api/account/profile', (bad) => ({ firstName: bad, lastName: 'Obi' }), true],
    [
      'PATCH',
      '/api/account/profile',
      (bad) => ({ firstName: 'Ada', lastName: 'Obi', displayName: bad }),
      true,
    ],
    [
      'PATCH',
      '/api/account/profile',
      (bad) => ({ firstName: 'Ada', lastName: 'Obi', phone: `0803123456${bad}` }),
      true,
    ],
    [
      'POST',
      '/api/account/password',
      (bad) => ({ currentPassword: bad, newPassword: 'Passw0rd!', confirmPassword: 'Passw0rd!' }),
      true,
    ],
    ['POST', '/api/account/addresses', (bad) => ({ ...checkoutForm(), fullName: bad }), true],
    ['POST', '/api/account/addresses', (bad) => ({ ...checkoutForm(), address: `12 Marina ${bad}` }), true],
    ['POST', '/api/account/addresses', (bad) => ({ ...checkoutForm(), city: bad }), true],
    ['POST', '/api/orders', (bad) => checkoutForm({ fullName: bad }), true],
    ['POST', '/api/orders', (bad) => checkoutForm({ notes: bad }), true],
    ['POST', '/api/orders', (bad) => checkoutForm({ sameAsShipping: false, billingAddress: bad }), true],
    ['POST', '/api/orders', (bad) => ({ ...checkoutForm(), [bad]: 'x' }), true],
    ['POST', '/api/payments/verify', (bad) => ({ reference: bad }), true],
    ['POST', '/api/cart/items', (bad) => ({ productId: bad, variantId: bad, gender: 'men' }), true],
  ];
  for (const [method, path, body, signedIn] of cases) {
    it(`${method} ${path} ${JSON.stringify(body('<bad>'))}`, async () => {
      for (const bad of BAD) {
        const response = await send(method, path, body(bad), signedIn);
        expect(response.status, `${JSON.stringify(bad)} → ${JSON.stringify(response.body)}`).toBe(400);
        expect(JSON.stringify(response.body)).not.toContain('Something went wrong');
      }
    });
  }

  it('creates no account and no order from a refused request', async () => {
    const [{ count }] = (await t.database.sql.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM users WHERE first_name LIKE 'Ada%Obi' OR email LIKE 'bad-%'",
    )) as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe('NUL, lone surrogates and broken escapes in paths and queries', () => {
  const paths = [
    '/api/orders/%00',
    '/api/orders/abc%00def',
    '/api/products/%ED%A0%80',
    '/api/products/%E0%A4%A',
    '/api/products?q=%00',
    '/api/search?q=%ED%B0%80',
    '/api/notifications?path=%00',
    '/api/products?%00=1',
    '/api/account/addresses/%00/default',
    '/simulator/paystack/pay/%00',
    '/simulator/paystack/transaction/verify/%ED%A0%80',
    '/images/products/%00/400.webp',
    '/product/%00',
  ];
  for (const path of paths) {
    it(`GET ${path}`, async () => {
      const response = await send('GET', path);
      expect(response.status).toBe(400);
    });
  }

  it('the simulator refuses NUL in what it is sent', async () => {
    const response = await t.request('/simulator/paystack/pay/abc', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBeLessThan(500);
  });
});

describe('lengths', () => {
  const long = (n: number) => 'a'.repeat(n);

  it('names are bounded at registration and in the profile, with the product’s message', async () => {
    const tooLong = await send(
      'POST',
      '/api/auth/register',
      register({ firstName: long(TEXT_MAX.name + 1) }),
      false,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: { message: MESSAGES.nameTooLong, fields: { firstName: MESSAGES.nameTooLong } },
    });
    const fits = await send(
      'POST',
      '/api/auth/register',
      register({ firstName: long(TEXT_MAX.name) }),
      false,
    );
    expect(fits.status).toBe(201);

    const profile = await send('PATCH', '/api/account/profile', {
      firstName: 'Ada',
      lastName: long(TEXT_MAX.name + 1),
    });
    expect(profile.status).toBe(400);
    expect(profile.body).toMatchObject({ error: { fields: { lastName: MESSAGES.nameTooLong } } });
    const display = await send('PATCH', '/api/account/profile', {
      firstName: 'Ada',
      lastName: 'Obi',
      displayName: long(TEXT_MAX.displayName + 1),
    });
    expect(display.status).toBe(400);
    expect(display.body).toMatchObject({
      error: { fields: { displayName: TEXT_MESSAGES.tooLong('Display name', TEXT_MAX.displayName) } },
    });
  });

  it('control characters in a name are refused; line breaks only in notes', async () => {
    const tab = await send('POST', '/api/auth/register', register({ firstName: 'Ada\u0007' }), false);
    expect(tab.status).toBe(400);
    expect(tab.body).toMatchObject({ error: { fields: { firstName: TEXT_MESSAGES.unusualCharacters } } });
    const address = await send('POST', '/api/account/addresses', {
      ...checkoutForm(),
      city: 'Lagos\nIsland',
    });
    expect(address.body).toMatchObject({ error: { fields: { city: TEXT_MESSAGES.unusualCharacters } } });
  });

  it('checkout fields are bounded; an order with the longest allowed text goes through', async () => {
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 10 }] });
    await addToCart(t, cookie, product, 1);
    const over: [string, Record<string, unknown>, string][] = [
      [
        'fullName',
        { fullName: long(TEXT_MAX.fullName + 1) },
        TEXT_MESSAGES.tooLong('Full name', TEXT_MAX.fullName),
      ],
      [
        'address',
        { address: long(TEXT_MAX.address + 1) },
        TEXT_MESSAGES.tooLong('Address', TEXT_MAX.address),
      ],
      ['city', { city: long(TEXT_MAX.city + 1) }, TEXT_MESSAGES.tooLong('City', TEXT_MAX.city)],
      ['notes', { notes: long(TEXT_MAX.notes + 1) }, TEXT_MESSAGES.tooLong('Notes', TEXT_MAX.notes)],
      ['email', { email: `${long(250)}@example.test` }, 'Please enter a valid email'],
      ['phone', { phone: '0'.repeat(21) }, 'Please enter a valid phone number'],
      [
        'billingFullName',
        { sameAsShipping: false, billingFullName: long(TEXT_MAX.address + 1) },
        TEXT_MESSAGES.tooLong('This field', TEXT_MAX.address),
      ],
    ];
    for (const [field, overrides, message] of over) {
      const response = await placeOrder(t, cookie, overrides as never);
      expect(response.status, field).toBe(400);
      expect((response.body.error as { fields: Record<string, string> }).fields[field]).toBe(message);
    }
    const [{ count }] = (await t.database.sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM orders',
    )) as [{ count: number }];
    expect(count).toBe(0);
    const longest = await placeOrder(t, cookie, {
      fullName: long(TEXT_MAX.fullName),
      address: long(TEXT_MAX.address),
      city: long(TEXT_MAX.city),
      notes: `${long(TEXT_MAX.notes - 2)}\r\n`,
    });
    expect(longest.status, JSON.stringify(longest.body)).toBe(201);
  });

  it(`an account keeps at most ${SAVED_ADDRESSES_MAX} saved addresses`, async () => {
    const { cookie: own } = await createSignedInUser(t);
    const add = () =>
      t.request('/api/account/addresses', {
        method: 'POST',
        cookie: own,
        json: { ...checkoutForm(), isDefault: false },
      });
    for (let index = 0; index < SAVED_ADDRESSES_MAX; index++) expect((await add()).status).toBe(201);
    const refused = await add();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: 'too_many_addresses', message: MESSAGES.tooManyAddresses },
    });
    const listed = await t.request('/api/account/addresses', { cookie: own });
    expect((listed.body.addresses as unknown[]).length).toBe(SAVED_ADDRESSES_MAX);
  });
});

describe('a registration that creates no account', () => {
  it('does not answer "Registration successful!"', async () => {
    const api = t.deps.auth.api as { signUpEmail: unknown };
    const original = api.signUpEmail;
    api.signUpEmail = (async () => {
      throw new APIError('UNPROCESSABLE_ENTITY', {
        code: 'FAILED_TO_CREATE_USER',
        message: 'Failed to create user',
      });
    }) as never;
    try {
      const response = await send('POST', '/api/auth/register', register({}), false);
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({
        error: {
          code: 'registration_failed',
          message: 'We could not create your account. Please try again.',
        },
      });
      expect(JSON.stringify(response.body)).not.toContain(MESSAGES.registered);
    } finally {
      api.signUpEmail = original;
    }
  });
});
