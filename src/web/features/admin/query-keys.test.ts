import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys } from './query-keys';

const AREAS = ['dashboard', 'products', 'orders', 'payments', 'customers', 'settings'] as const;

describe('adminKeys', () => {
  it('starts every key with the admin root, and every area key with its area', () => {
    expect(adminKeys.profile().slice(0, 1)).toEqual(adminKeys.all());
    for (const area of AREAS) expect(adminKeys[area].all()).toEqual([...adminKeys.all(), area]);
    expect(new Set(AREAS.map((area) => JSON.stringify(adminKeys[area].all()))).size).toBe(AREAS.length);
  });

  it("invalidating an area refreshes that area's queries only; the root refreshes all", async () => {
    const client = new QueryClient();
    const productList = [...adminKeys.products.all(), 'list', { page: 1 }];
    client.setQueryData(productList, ['tee']);
    client.setQueryData(adminKeys.orders.all(), ['order']);
    client.setQueryData(adminKeys.profile(), { email: 'a@example.test' });
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.isStale())
        .map((query) => query.queryKey[1]);

    await client.invalidateQueries({ queryKey: adminKeys.products.all() });
    expect(stale()).toEqual(['products']);
    await client.invalidateQueries({ queryKey: adminKeys.all() });
    expect(stale().sort()).toEqual(['orders', 'products', 'profile']);
  });
});
