// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '#shared/schemas/cart';
import { GUEST_CART_KEY, type GuestCartLine, readGuestLines } from './guest-cart';
import { mergeGuestCart } from './merge-guest-cart';

const line: GuestCartLine = {
  productId: '00000000-0000-4000-8000-000000000001',
  variantId: '00000000-0000-4000-8000-000000000002',
  gender: 'men',
  quantity: 2,
};
const merged: Cart = { items: [], totalItems: 2, subtotalKobo: 3_000_000, canCheckout: true, notices: [] };

// Only the network edge is replaced: the browser's fetch answers as the server would.
function serverAnswers(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_path: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('merging the guest cart at sign-in', () => {
  it('sends the lines once however many callers ask at the same time, then clears them', async () => {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify([line]));
    const fetch = serverAnswers(200, merged);
    const [first, second] = await Promise.all([mergeGuestCart(), mergeGuestCart()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/cart/merge', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ items: [line] });
    expect(first).toEqual(merged);
    expect(second).toEqual(merged);
    expect(window.localStorage.getItem(GUEST_CART_KEY)).toBeNull();
    expect(await mergeGuestCart()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the lines in the browser when the merge fails', async () => {
    window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify([line]));
    serverAnswers(500, { error: { code: 'internal', message: 'Something went wrong' } });
    await expect(mergeGuestCart()).rejects.toThrow();
    expect(readGuestLines()).toEqual([line]);
  });
});
