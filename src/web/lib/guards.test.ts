import { describe, expect, it } from 'vitest';
import { loginPathFor, requireAdmin, requireUser, returnPathAfterSignIn, safeRedirectPath } from './guards';
import { Redirect } from './route-module';

describe('safeRedirectPath', () => {
  it('keeps paths on this site with their query and fragment', () => {
    expect(safeRedirectPath('/checkout')).toBe('/checkout');
    expect(safeRedirectPath('/account?tab=addresses')).toBe('/account?tab=addresses');
    expect(safeRedirectPath('/product/abc#reviews')).toBe('/product/abc#reviews');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'checkout',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });

  it('refuses every spelling that normalises to another site or carries control characters', () => {
    const spellings = [
      '/..//evil.example',
      '/../\\evil.example',
      '/.//evil.example',
      '/a/../..//evil.example/x',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/\\/evil.example',
      '/\\\\evil.example',
      '\\\\evil.example',
      '/%5Cevil.example',
      '/%5C%5Cevil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/%00/evil.example',
      '/%0d%0aSet-Cookie:x=1',
      '/\u007f/evil.example',
      ' //evil.example',
      '\t//evil.example',
      '/ /evil.example'.replace(' ', '\u0009'),
      'http:/evil.example',
      'http:evil.example',
      '///evil.example',
      '////evil.example',
      '/%ZZ',
      `/${'a'.repeat(3000)}`,
    ];
    for (const value of spellings) {
      const result = safeRedirectPath(value);
      expect(result, JSON.stringify(value)).toBeNull();
    }
  });

  it('never returns a value that a browser would read as another origin', () => {
    // Whatever survives must stay on the site when resolved against a real origin.
    const origin = 'https://shop.example';
    for (const value of ['/checkout', '/a/../b', '/./new', '/men/tshirts?page=2#top', '/product/%C3%A9']) {
      const result = safeRedirectPath(value);
      expect(result).not.toBeNull();
      expect(new URL(result as string, origin).origin).toBe(origin);
      expect(result?.startsWith('//')).toBe(false);
    }
    expect(safeRedirectPath('/a/../b')).toBe('/b');
  });

  it('never returns to the sign-in pages themselves', () => {
    for (const value of [
      '/login',
      '/login?redirect=/x',
      '/register',
      '/reset-password',
      '/auth/confirm?x=1',
      '/LOGIN',
      '/login/',
      '/Login//',
      '/%6Cogin',
      '/x/../login',
      '/%2e%2e/register',
      '/api/auth/session',
      '/auth',
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});

describe('loginPathFor', () => {
  it('remembers the page in ?redirect=', () => {
    expect(loginPathFor({ pathname: '/account', search: '?tab=password' })).toBe(
      '/login?redirect=%2Faccount%3Ftab%3Dpassword',
    );
  });
});

describe('returnPathAfterSignIn', () => {
  const origin = 'https://shop.example';

  it('prefers ?redirect=, then the page the visitor came from, then the home page', () => {
    expect(returnPathAfterSignIn({ redirectParam: '/checkout', from: '/cart', origin })).toBe('/checkout');
    expect(returnPathAfterSignIn({ redirectParam: null, from: '/new', origin })).toBe('/new');
    expect(returnPathAfterSignIn({ redirectParam: null, referrer: `${origin}/product/1?x=2`, origin })).toBe(
      '/product/1?x=2',
    );
    expect(returnPathAfterSignIn({ redirectParam: null, origin })).toBe('/');
  });

  it('ignores other sites and unsafe values', () => {
    expect(returnPathAfterSignIn({ redirectParam: '//evil.example', origin })).toBe('/');
    expect(returnPathAfterSignIn({ redirectParam: null, referrer: 'https://evil.example/x', origin })).toBe(
      '/',
    );
    expect(returnPathAfterSignIn({ redirectParam: null, referrer: `${origin}/register`, origin })).toBe('/');
    expect(returnPathAfterSignIn({ redirectParam: null, from: { pathname: '/x' }, origin })).toBe('/');
  });
});

/** A stand-in for the shop's GET /api/auth/session answer (the network edge of these helpers). */
const sessionApi = (user: Record<string, unknown> | null) => async () =>
  new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } });

const shopper = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.ng',
  firstName: 'Ada',
  lastName: 'Obi',
  displayName: null,
  phone: null,
  role: 'customer',
  isAdmin: false,
  idleTimeoutMinutes: 30,
};

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a redirect');
}

describe('requireUser and requireAdmin', () => {
  const url = new URL('https://shop.example/account?tab=orders');

  it('send a guest to the login page, remembering where they were', async () => {
    const error = await thrown(requireUser({ api: sessionApi(null), url }));
    expect(error).toBeInstanceOf(Redirect);
    expect((error as Redirect).to).toBe('/login?redirect=%2Faccount%3Ftab%3Dorders');
  });

  it('let a signed-in shopper through requireUser but send them home from admin pages', async () => {
    await expect(requireUser({ api: sessionApi(shopper), url })).resolves.toMatchObject({ id: shopper.id });
    const error = await thrown(requireAdmin({ api: sessionApi(shopper), url }));
    expect((error as Redirect).to).toBe('/');
  });

  it('let an admin through', async () => {
    const admin = { ...shopper, role: 'admin', isAdmin: true, idleTimeoutMinutes: 15 };
    await expect(requireAdmin({ api: sessionApi(admin), url })).resolves.toMatchObject({ role: 'admin' });
  });
});
