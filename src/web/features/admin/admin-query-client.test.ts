// @vitest-environment happy-dom
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { createAdminQueryClient, getAdminQueryClient, prefetchAdminData } from './admin-query-client';
import { adminKeys } from './query-keys';

describe('the admin query client (in the browser)', () => {
  it('tries network and server failures twice more, never a 4xx answer', () => {
    const retry = createAdminQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('retry should be a policy');
    const serverError = new ApiError(500, 'internal', 'Something went wrong');
    const offline = new ApiError(0, 'network', 'Could not reach the shop.');
    expect(retry(0, serverError)).toBe(true);
    expect(retry(1, offline)).toBe(true);
    expect(retry(2, serverError)).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(retry(0, new ApiError(status, 'refused', 'No'))).toBe(false);
    }
  });

  it('is one per tab for an admin, and starts empty for another admin', () => {
    const first = getAdminQueryClient('admin-1');
    first.setQueryData(adminKeys.profile(), { user: { email: 'one@example.test' } });
    expect(getAdminQueryClient('admin-1')).toBe(first);
    const second = getAdminQueryClient('admin-2');
    expect(second).not.toBe(first);
    expect(second.getQueryData(adminKeys.profile())).toBeUndefined();
    expect(first.getQueryData(adminKeys.profile())).toBeUndefined();
  });

  it("prefetches into the tab's cache, with nothing to carry over", async () => {
    const queryFn = vi.fn(async () => ({ ok: true }));
    const state = await prefetchAdminData('admin-3', { queryKey: ['admin', 'test'], queryFn });
    expect(state).toBeNull();
    expect(getAdminQueryClient('admin-3').getQueryData(['admin', 'test'])).toEqual({ ok: true });
    // Fresh data is not fetched again by the next page load.
    await prefetchAdminData('admin-3', { queryKey: ['admin', 'test'], queryFn, staleTime: 60_000 });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  describe('a change made while a query waits for its first answer', () => {
    /**
     * A stand-in for the shop: each request reads the version at the moment it arrives and
     * answers when the test lets it.
     */
    function slowShop() {
      const shop = { version: 0, requests: 0, answers: [] as (() => void)[] };
      const queryFn = () => {
        shop.requests += 1;
        const read = shop.version;
        return new Promise<number>((resolve) => shop.answers.push(() => resolve(read)));
      };
      const answerAll = () => {
        for (const answer of shop.answers.splice(0)) answer();
      };
      return { shop, queryFn, answerAll };
    }

    it('is read again for the screen showing it, not left with the answer from before', async () => {
      const client = createAdminQueryClient();
      const { shop, queryFn, answerAll } = slowShop();
      const observer = new QueryObserver(client, { queryKey: ['admin', 'list', 'first'], queryFn });
      const shown: (number | undefined)[] = [];
      const stop = observer.subscribe((result) => shown.push(result.data));
      await vi.waitFor(() => expect(shop.requests).toBe(1));
      shop.version = 1;
      const refreshed = client.invalidateQueries({ queryKey: ['admin', 'list'] });
      answerAll();
      await vi.waitFor(() => expect(shop.requests).toBe(2));
      answerAll();
      await refreshed;
      expect(observer.getCurrentResult().data).toBe(1);
      expect(shown.filter((data) => data !== undefined)).toEqual([1]);
      expect(shop.requests).toBe(2);
      stop();
    });

    it("hands the new answer to a page's load awaiting the first", async () => {
      const client = createAdminQueryClient();
      const { shop, queryFn, answerAll } = slowShop();
      const loading = client.fetchQuery({ queryKey: ['admin', 'list', 'loader'], queryFn });
      await vi.waitFor(() => expect(shop.requests).toBe(1));
      shop.version = 1;
      void client.invalidateQueries({ queryKey: ['admin', 'list'] });
      answerAll();
      await vi.waitFor(() => expect(shop.requests).toBe(2));
      answerAll();
      await expect(loading).resolves.toBe(1);
    });

    it('is left alone when the change asks for no refetch', async () => {
      const client = createAdminQueryClient();
      const { shop, queryFn, answerAll } = slowShop();
      const loading = client.fetchQuery({ queryKey: ['admin', 'list', 'none'], queryFn });
      await vi.waitFor(() => expect(shop.requests).toBe(1));
      await client.invalidateQueries({ queryKey: ['admin', 'list'], refetchType: 'none' });
      answerAll();
      await expect(loading).resolves.toBe(0);
      expect(shop.requests).toBe(1);
    });
  });
});
