// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '#shared/schemas/cart';
import { type Reply, startFakeApi } from '../../test/fake-api';
import { GUEST_CART_KEY, type GuestCartLine, readGuestLines } from './guest-cart';
import { mergeGuestCart } from './merge-guest-cart';

const line: GuestCartLine = {
  productId: '00000000-0000-4000-8000-000000000001',
  variantId: '00000000-0000-4000-8000-000000000002',
  gender: 'men',
  quantity: 2,
};
const merged: Cart = { items: [], totalItems: 2, subtotalKobo: 3_000_000, canCheckout: true, notices: [] };

// Only the network edge is replaced: the fake API answers as the server would.
const api = startFakeApi();
function serverAnswers(reply: Reply<'POST /api/cart/merge'>) {
  api.answer('POST /api/cart/merge', () => reply);
}

afterEach(() => {
  window.localStorage.clear();
});

describe('merging the guest cart at sign-in', () => {
  it('sends the lines once however many callers ask at the same time, then clears them', async () => {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify([line]));
    serverAnswers({ body: merged });
    const [first, second] = await Promise.all([mergeGuestCart(), mergeGuestCart()]);
    expect(api.requests).toEqual([{ method: 'POST', url: '/api/cart/merge', body: { items: [line] } }]);
    expect(first).toEqual(merged);
    expect(second).toEqual(merged);
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(await mergeGuestCart()).toBeNull();
    expect(api.requests).toHaveLength(1);
  });

  it('keeps the lines in the browser when the merge fails', async () => {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify([line]));
    serverAnswers({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } });
    await expect(mergeGuestCart()).rejects.toThrow();
    expect(readGuestLines()).toEqual([line]);
  });
});
