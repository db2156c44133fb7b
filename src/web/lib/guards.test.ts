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

  it('never returns to the sign-in pages themselves', () => {
    for (const value of [
      '/login',
      '/login?redirect=/x',
      '/register',
      '/reset-password',
      '/auth/confirm?x=1',
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
