import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { postedAnswerIn, postForm } from '../../../../tests/factories/html-forms';
import { addToCart } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The checkout page's fields as its form sends them: the ticked box as "on". */
const FORM = {
  fullName: 'Ada Obi',
  email: 'ada@example.test',
  phone: '0803 123 4567',
  address: '12 Admiralty Way, Lekki',
  city: 'Lagos',
  state: 'Lagos',
  sameAsShipping: 'on',
  notes: 'Call at the gate',
  shippingMethodCode: 'standard',
  paymentMethod: 'paystack',
};

async function ordersOf(userId: string) {
  return t.database.sql.query<{ id: string; shipping_address: unknown; notes: string | null }>(
    'SELECT id, shipping_address, notes FROM orders WHERE user_id = $1',
    [userId],
  );
}

describe('the checkout form posted before the page script runs (POST /checkout)', () => {
  it('places the order as POST /api/orders does, then on to its payment page', async () => {
    const { user, cookie } = await createSignedInUser(t);
    await addToCart(t, cookie, await createProduct(t));
    const response = await postForm(t, '/checkout', FORM, { cookie });
    expect(response.status).toBe(303);
    const [order] = await ordersOf(user.id);
    expect(response.location).toBe(`/payment/${order!.id}`);
    expect(order!.notes).toBe('Call at the gate');
    expect(JSON.stringify(order!.shipping_address)).toContain('12 Admiralty Way, Lekki');
    const cart = await t.request('/api/cart', { cookie });
    expect(cart.body.items).toEqual([]);
  });

  it('sends the shopper back to checkout with the reason, placing nothing', async () => {
    const { user, cookie } = await createSignedInUser(t);
    await addToCart(t, cookie, await createProduct(t));
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...FORM, phone: '' }, /phone/i],
      // Billing asked for (the box not ticked) but not given.
      [{ ...FORM, sameAsShipping: '' }, /required|billing|name/i],
      [{ ...FORM, state: 'Atlantis' }, /state/i],
    ];
    for (const [fields, reason] of cases) {
      const sent = new URLSearchParams(fields);
      if (!fields.sameAsShipping) sent.delete('sameAsShipping');
      const response = await postForm(t, '/checkout', sent, { cookie });
      expect(response.status).toBe(303);
      expect(response.location).toBe('/checkout');
      const answer = postedAnswerIn(response.setCookies);
      expect(answer).toMatchObject({ kind: 'refused', form: 'checkout' });
      expect(answer?.kind === 'refused' && answer.message).toMatch(reason);
    }
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('sends a guest to sign in first, and refuses a form from another website', async () => {
    const guest = await postForm(t, '/checkout', FORM);
    expect(guest.location).toBe('/login?redirect=%2Fcheckout');
    const { user, cookie } = await createSignedInUser(t);
    await addToCart(t, cookie, await createProduct(t));
    const forged = await postForm(t, '/checkout', FORM, {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await ordersOf(user.id)).toEqual([]);
  });
});
