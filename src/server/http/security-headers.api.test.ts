import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { NON_PAGE_POLICY, pagePolicy } from './security-headers';

/** Issue 11, finding 7: security headers on every answer. */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createSignedInUser(t));
});
afterAll(() => t.close());

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

describe('the page policy', () => {
  const policy = directives(pagePolicy('abc123'));

  it('runs only our own scripts, Paystack’s, and inline code carrying the nonce', () => {
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'nonce-abc123'",
      'https://js.paystack.co',
      'https://checkout.paystack.com',
      'https://applepay.cdn-apple.com',
    ]);
    expect(policy.get('style-src-elem')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://checkout.paystack.com']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://api.paystack.co',
      'https://checkout.paystack.com',
    ]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, values] of policy) {
      if (name === 'style-src-attr') continue;
      expect(values, name).not.toContain("'unsafe-inline'");
      expect(values, name).not.toContain("'unsafe-eval'");
      expect(values, name).not.toContain('*');
    }
  });
});

describe('headers on answers', () => {
  it('JSON answers: nothing runs, nothing frames them, no sniffing', async () => {
    for (const path of ['/api/health', '/api/products', '/api/nope']) {
      const response = await t.request(path);
      expect(response.headers.get('content-security-policy'), path).toBe(NON_PAGE_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('private answers are never stored; public ones keep their caching', async () => {
    for (const path of [
      '/api/cart',
      '/api/orders',
      '/api/account/addresses',
      '/api/auth/session',
      '/api/admin/me',
    ]) {
      const response = await t.request(path, { cookie });
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    // Refused answers too (a guest's 401).
    expect((await t.request('/api/orders')).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/api/products')).headers.get('cache-control')).not.toBe('no-store');
  });

  it('HTML from the server carries a fresh nonce that its inline code uses', async () => {
    const first = await t.app.request('http://localhost:3000/simulator/paystack/pay/unknown');
    const second = await t.app.request('http://localhost:3000/simulator/paystack/pay/unknown');
    expect(first.status).toBe(404);
    const policy = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`<style nonce="${nonce}">`);
    expect(second.headers.get('content-security-policy')).not.toBe(policy);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('HSTS when the shop is public over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://shop.example.ng' });
    try {
      const response = await secure.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});
