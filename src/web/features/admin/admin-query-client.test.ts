// @vitest-environment happy-dom
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
});
