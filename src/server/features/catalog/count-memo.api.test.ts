import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createApp } from '../../app';
import { createCountMemo } from '../../platform/count-memo';
import { announce, type Change } from '../../platform/db/announce';

/**
 * The listings' totals kept between catalogue changes, on the real change feed: changes are
 * announced from real transactions and heard through Database.listen, as in the server.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false });
});
afterAll(async () => {
  t.deps.events.close();
  await t.close();
});

/**
 * Listens to the change feed (resolves once listening, so anything committed afterwards is heard);
 * `heard` resolves with the change with this id, handed out after every subscriber before this one
 * (the memo, subscribed first, has it by then).
 */
async function hearing(id: string): Promise<{ heard: Promise<Change> }> {
  let heard: (change: Change) => void = () => {};
  const change = new Promise<Change>((resolve) => {
    heard = resolve;
  });
  const stop = await t.deps.events.subscribe({
    change: (candidate) => {
      if (candidate.id === id) heard(candidate);
    },
    gap: () => {},
    close: () => {},
  });
  return { heard: change.finally(stop) };
}

/** Announces a change from a committed transaction and waits until it has been heard. */
async function announced(change: Omit<Change, 'userId'>) {
  const { heard } = await hearing(change.id);
  await t.database.transaction((sql) => announce(sql, { userId: null, ...change }));
  await heard;
}

const products = async (app: ReturnType<typeof createApp>) => {
  const response = await app.request('http://localhost:3000/api/products?limit=1');
  expect(response.status).toBe(200);
  return ((await response.json()) as { total: number }).total;
};

describe('the listings’ totals', () => {
  it('are counted once per filter until a product or its stock changes, then counted again', async () => {
    const counts = createCountMemo(t.deps.events);
    await counts.ready;
    const app = createApp({ ...t.deps, counts });
    const before = await products(app);

    // Written without an announcement: the kept total does not see it (what is kept is used).
    const quiet = await createProduct(t, { name: 'Unannounced Tee' });
    expect(await products(app)).toBe(before);

    // A stock change of that product is announced: the next listing counts again.
    await announced({
      table: 'product_variants',
      id: quiet.variants[0]!.id,
      productId: quiet.id,
      action: 'adjusted',
    });
    expect(await products(app)).toBe(before + 1);

    // A product change does the same.
    const another = await createProduct(t, { name: 'Another Tee' });
    expect(await products(app)).toBe(before + 1);
    await announced({ table: 'products', id: another.id, action: 'created' });
    expect(await products(app)).toBe(before + 2);

    // The server without the memo counts every time.
    await createProduct(t, { name: 'Third Tee' });
    expect(await products(createApp({ ...t.deps, counts: null }))).toBe(before + 3);
  });

  it('keep a count only when no change was heard while it was being made', async () => {
    const counts = createCountMemo(t.deps.events);
    await counts.ready;
    let finish: (total: number) => void = () => {};
    const slow = counts.get('k', () => new Promise<number>((resolve) => (finish = resolve)));
    await announced({ table: 'products', id: crypto.randomUUID(), action: 'updated' });
    finish(1);
    expect(await slow).toBe(1);
    // Not kept: the next ask counts again.
    expect(await counts.get('k', async () => 2)).toBe(2);
    expect(await counts.get('k', async () => 3)).toBe(2);
  });

  it('ignore changes no listing counts (orders); a settings change drops them', async () => {
    const counts = createCountMemo(t.deps.events);
    await counts.ready;
    expect(await counts.get('k', async () => 1)).toBe(1);
    await announced({ table: 'orders', id: crypto.randomUUID(), action: 'created' });
    expect(await counts.get('k', async () => 2)).toBe(1);
    await announced({ table: 'settings', id: 'out_of_stock', action: 'updated' });
    expect(await counts.get('k', async () => 3)).toBe(3);
  });

  it('last at most maxAgeMs without a change (what changes with the clock alone)', async () => {
    let now = 1_000_000;
    const counts = createCountMemo(t.deps.events, { maxAgeMs: 10_000, now: () => now });
    await counts.ready;
    expect(await counts.get('k', async () => 1)).toBe(1);
    now += 9_999;
    expect(await counts.get('k', async () => 2)).toBe(1);
    now += 2;
    expect(await counts.get('k', async () => 3)).toBe(3);
  });

  it('keep at most maxEntries filters, the oldest out first', async () => {
    const counts = createCountMemo(t.deps.events, { maxEntries: 2 });
    await counts.ready;
    await counts.get('a', async () => 1);
    await counts.get('b', async () => 2);
    await counts.get('c', async () => 3);
    expect(await counts.get('b', async () => 20)).toBe(2);
    expect(await counts.get('c', async () => 30)).toBe(3);
    expect(await counts.get('a', async () => 10)).toBe(10);
  });
});

describe('a memo whose feed has closed', () => {
  it('counts every time', async () => {
    const other = await createTestApp({}, { startJobs: false });
    try {
      const counts = createCountMemo(other.deps.events);
      await counts.ready;
      other.deps.events.close();
      expect(await counts.get('k', async () => 1)).toBe(1);
      expect(await counts.get('k', async () => 2)).toBe(2);
    } finally {
      await other.close();
    }
  });
});
