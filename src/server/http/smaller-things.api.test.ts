import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSignedInUser, createUser } from '../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

/** Issue 11, finding 10: CSRF from PUBLIC_URL, login CSRF, wording, ids, content types, simulator. */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createSignedInUser(t));
});
afterAll(() => t.close());

describe('CSRF', () => {
  it('takes the allowed origin from PUBLIC_URL, never from the Host header', async () => {
    // Before: a request for http://evil.example with Origin http://evil.example matched itself.
    const response = await t.app.request('http://evil.example/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'http://evil.example', host: 'evil.example' },
    });
    expect(response.status).toBe(403);
    const own = await t.app.request('http://evil.example/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', host: 'evil.example' },
    });
    expect(own.status).toBe(200);
  });

  it('the payment simulator’s form refuses posts from other sites', async () => {
    const response = await t.app.request('http://localhost:3000/simulator/paystack/pay/abc', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    expect(response.status).toBe(403);
    const crossSite = await t.app.request('http://localhost:3000/simulator/paystack/pay/abc', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    expect(crossSite.status).toBe(403);
    const own = await t.app.request('http://localhost:3000/simulator/paystack/pay/abc', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
    });
    expect(own.status).toBe(404);
  });
});

describe('malformed ids answer like missing ones', () => {
  const cases: [string, string][] = [
    ['GET', '/api/orders/not-a-uuid'],
    ['GET', '/api/orders/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/products/not-a-uuid'],
    ['PATCH', '/api/account/addresses/not-a-uuid'],
    ['POST', '/api/account/addresses/12/default'],
    ['DELETE', '/api/account/addresses/%27%20OR%201=1'],
    ['DELETE', '/api/cart/items/not-a-uuid'],
    ['PATCH', '/api/cart/items/not-a-uuid'],
  ];
  for (const [method, url] of cases) {
    it(`${method} ${url}`, async () => {
      const response = await t.request(url, {
        method,
        cookie,
        json: method === 'PATCH' ? { quantity: 1 } : undefined,
      });
      expect(response.status).toBe(404);
    });
  }
});

describe('content types', () => {
  it('JSON routes refuse other content types with 415', async () => {
    const user = await createUser(t);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ]) {
      const headers: Record<string, string> = { origin: 'http://localhost:3000' };
      if (type) headers['content-type'] = type;
      const response = await t.app.request('http://localhost:3000/api/auth/sign-in', {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    }
    const json = await t.app.request('http://localhost:3000/api/auth/sign-in', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(json.status).toBe(200);
  });
});

describe('validation messages', () => {
  const LIBRARY_WORDING =
    /Invalid input|expected \w+, received|Too (big|small)|Invalid (string|option|enum|uuid|email|UUID)|Unrecognized key|must match pattern|Invalid element/i;

  it('over every shared schema, with every kind of wrong value, are in the product’s voice', async () => {
    const folder = path.resolve(__dirname, '../../shared/schemas');
    const values: unknown[] = [
      undefined,
      null,
      12,
      -1,
      1.5,
      Number.NaN,
      'x',
      '',
      'a'.repeat(5000),
      {},
      [],
      [1],
      true,
      { a: 1 },
    ];
    let checked = 0;
    for (const file of readdirSync(folder).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    )) {
      const module = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const [name, schema] of Object.entries(module)) {
        if (!(schema instanceof z.ZodType)) continue;
        for (const value of values) {
          const samples = [value];
          if (schema instanceof z.ZodObject) {
            for (const key of Object.keys(schema.shape))
              samples.push({ [key]: value }, { [key]: value, extra: 1 });
          }
          for (const sample of samples) {
            const result = schema.safeParse(sample);
            if (result.success) continue;
            for (const issue of result.error.issues) {
              checked++;
              expect(issue.message, `${file} ${name} ${JSON.stringify(sample)?.slice(0, 80)}`).not.toMatch(
                LIBRARY_WORDING,
              );
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a quantity that is not a number is answered in the product’s voice', async () => {
    const response = await t.request('/api/cart/items', {
      method: 'POST',
      cookie,
      json: {
        productId: '00000000-0000-4000-8000-000000000000',
        variantId: '00000000-0000-4000-8000-000000000000',
        gender: 'men',
        quantity: 'lots',
      },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(LIBRARY_WORDING);
    expect(response.body).toMatchObject({ error: { fields: { quantity: 'Please enter a number.' } } });
  });
});
