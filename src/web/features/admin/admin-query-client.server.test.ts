import { hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getAdminQueryClient, prefetchAdminData } from './admin-query-client';

describe('the admin query client (on the server)', () => {
  it('is a new one for every render, so no admin data crosses requests', () => {
    expect(getAdminQueryClient('admin-1')).not.toBe(getAdminQueryClient('admin-1'));
  });

  it("returns what it prefetched for the page's state, ready for the browser's cache", async () => {
    const state = await prefetchAdminData(
      'admin-1',
      { queryKey: ['admin', 'profile'], queryFn: async () => ({ user: { email: 'a@example.test' } }) },
      {
        queryKey: ['admin', 'broken'],
        queryFn: async () => {
          throw new Error('down');
        },
        retry: false,
      },
    );
    if (!state) throw new Error('the server should return the prefetched data');
    // Only what succeeded travels; the browser fetches the rest itself.
    expect(state.queries.map((query) => query.queryKey)).toEqual([['admin', 'profile']]);
    const browser = new QueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(state)));
    expect(browser.getQueryData(['admin', 'profile'])).toEqual({ user: { email: 'a@example.test' } });
  });
});
