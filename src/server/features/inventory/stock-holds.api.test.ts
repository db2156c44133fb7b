import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder, variantStock } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { holdStock, releaseHolds, releaseStaleHoldsJob, STALE_HOLD_MINUTES } from './stock-holds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const holdsOf = async (variantId: string) =>
  (
    await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_holds WHERE variant_id = $1',
      [variantId],
    )
  )[0]!.n;

/** A promise and what settles it: a transaction holding a lock and the test wait on each other. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const sweep = () =>
  releaseStaleHoldsJob.run(
    {},
    { deps: t.deps, jobId: 'test', attempt: 1, isLastAttempt: true, log: t.deps.logger },
  );

describe('stock held while an order is placed', () => {
  it('becomes the order’s when it is placed: no hold is left behind', async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 5 }] });
    await addToCart(t, cookie, product, 2);
    expect((await placeOrder(t, cookie)).status).toBe(201);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(3);
    expect(await holdsOf(product.variants[0]!.id)).toBe(0);
  });

  it('goes back on the shelf when the order is refused after the stock was held', async () => {
    const { user, cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 5 }] });
    // A limited drop: 2 per customer, and this account already has 2 on an order.
    await addToCart(t, cookie, product, 2);
    await t.database.sql.query('UPDATE products SET limit_per_customer = 2 WHERE id = $1', [product.id]);
    expect((await placeOrder(t, cookie)).status).toBe(201);
    await t.database.sql.query(
      `INSERT INTO cart_items (cart_id, product_id, variant_id, gender, quantity)
       SELECT c.id, $2, $3, 'men', 1 FROM carts c WHERE c.user_id = $1`,
      [user.id, product.id, product.variants[0]!.id],
    );

    const refused = await placeOrder(t, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'limit_reached' } });
    // Held before the account's limit was counted, and given back when it was.
    expect(await variantStock(t, product.variants[0]!.id)).toBe(3);
    expect(await holdsOf(product.variants[0]!.id)).toBe(0);
  });

  it('takes every line or none: a cart with one item short holds nothing', async () => {
    const first = await createProduct(t, { name: 'First Tee', variants: [{ size: 'M', stock: 5 }] });
    const second = await createProduct(t, { name: 'Second Tee', variants: [{ size: 'M', stock: 5 }] });
    // Held in variant id order: the one held first has plenty, the one after it is short, so the
    // first hold is taken and must be given back.
    const [plenty, scarce] = [first, second].sort((a, b) =>
      a.variants[0]!.id < b.variants[0]!.id ? -1 : 1,
    ) as [typeof first, typeof second];
    const claims = [
      { variantId: scarce.variants[0]!.id, quantity: 6, label: `${scarce.name} (M)` },
      { variantId: plenty.variants[0]!.id, quantity: 1, label: `${plenty.name} (M)` },
    ];
    await expect(
      holdStock(t.deps, 'a0000000-0000-4000-8000-000000000000', claims, null),
    ).rejects.toMatchObject({
      code: 'out_of_stock',
      message: `Sorry, only 5 of ${scarce.name} (M) left in stock.`,
    });
    expect(await variantStock(t, plenty.variants[0]!.id)).toBe(5);
    expect(await variantStock(t, scarce.variants[0]!.id)).toBe(5);
    expect(await holdsOf(plenty.variants[0]!.id)).toBe(0);
  });

  it('keeps the low-stock alert it raised when its order is refused: the admins are told once', async () => {
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 6 }] });
    const variantId = product.variants[0]!.id;
    const claims = [{ variantId, quantity: 2, label: 'Tee (M)' }];
    // At or below 5 is low: the hold takes it to 4 and claims the alert.
    const [held] = await holdStock(t.deps, 'c0000000-0000-4000-8000-000000000000', claims, 5);
    const stamped = async () =>
      (
        await t.database.sql.query<{ at: Date | null }>(
          'SELECT low_stock_alerted_at AS at FROM product_variants WHERE id = $1',
          [variantId],
        )
      )[0]!.at;
    expect(await stamped()).not.toBeNull();
    await releaseHolds(t.deps, [held!]);
    expect(await variantStock(t, variantId)).toBe(6);
    expect(await stamped()).not.toBeNull();
  });

  it('is given back by the sweep once stale, and only then', async () => {
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 10 }] });
    const variantId = product.variants[0]!.id;
    const claims = [{ variantId, quantity: 3, label: 'Tee (M)' }];
    const userId = 'b0000000-0000-4000-8000-000000000000';
    // Two holds left behind by a process that died: one stale, one young.
    const [stale] = await holdStock(t.deps, userId, claims, null);
    await holdStock(t.deps, userId, claims, null);
    expect(await variantStock(t, variantId)).toBe(4);
    await t.database.sql.query(
      `UPDATE stock_holds SET created_at = now() - make_interval(mins => $2) WHERE id = $1`,
      [stale, STALE_HOLD_MINUTES + 1],
    );

    await sweep();
    expect(await variantStock(t, variantId)).toBe(7);
    expect(await holdsOf(variantId)).toBe(1);
    // Once given back, never twice.
    await sweep();
    expect(await variantStock(t, variantId)).toBe(7);
  });

  it('two submits of one cart place one order and take its stock once', async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 5 }] });
    await addToCart(t, cookie, product, 2);
    const [a, b] = await Promise.all([placeOrder(t, cookie), placeOrder(t, cookie)]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(await variantStock(t, product.variants[0]!.id)).toBe(3);
    expect(await holdsOf(product.variants[0]!.id)).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('an order slower than its holds live (PostgreSQL)', () => {
  it('is refused without committing once the sweep gave its stock back, and the stock goes back once', async () => {
    const { user, cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { variants: [{ size: 'M', stock: 4 }] });
    const variantId = product.variants[0]!.id;
    await addToCart(t, cookie, product, 1);
    // Another transaction keeps the shopper's cart locked, so the order's transaction waits with
    // the stock held; meanwhile its hold turns stale and the sweep gives it back.
    const unlocked = signal();
    const locked = signal();
    const blocker = t.database.transaction(async (sql) => {
      await sql.query('SELECT id FROM carts WHERE user_id = $1 FOR UPDATE', [user.id]);
      locked.resolve();
      await unlocked.promise;
    });
    await locked.promise;
    const placing = placeOrder(t, cookie);
    await expect.poll(() => holdsOf(variantId), { timeout: 10_000 }).toBe(1);
    expect(await variantStock(t, variantId)).toBe(3);
    await t.database.sql.query(
      `UPDATE stock_holds SET created_at = now() - make_interval(mins => $2) WHERE variant_id = $1`,
      [variantId, STALE_HOLD_MINUTES + 1],
    );
    await sweep();
    expect(await variantStock(t, variantId)).toBe(4);
    unlocked.resolve();
    await blocker;

    const refused = await placing;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'out_of_stock' } });
    expect(await variantStock(t, variantId)).toBe(4);
    const [orders] = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_items WHERE variant_id = $1',
      [variantId],
    );
    expect(orders!.n).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a hold that waited for the row (PostgreSQL)', () => {
  it('tells the buyer what the sale it waited for left, not what its statement saw first', async () => {
    const product = await createProduct(t, { name: 'Waiting Tee', variants: [{ size: 'M', stock: 3 }] });
    const variantId = product.variants[0]!.id;
    // Another sale has the row: the hold's statement sees 3 (enough for 2), waits, and then finds 1.
    const released = signal();
    const locked = signal();
    const sale = t.database.transaction(async (sql) => {
      await sql.query('UPDATE product_variants SET stock_quantity = 1 WHERE id = $1', [variantId]);
      locked.resolve();
      await released.promise;
    });
    await locked.promise;
    const holding = holdStock(
      t.deps,
      'a0000000-0000-4000-8000-000000000000',
      [{ variantId, quantity: 2, label: 'Waiting Tee (M)' }],
      null,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    // This file's database: only the hold's statement can be waiting for a lock in it.
    await expect
      .poll(
        async () =>
          (
            await t.database.sql.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(1);
    released.resolve();
    await sale;
    expect(await holding).toMatchObject({
      code: 'out_of_stock',
      message: 'Sorry, only 1 of Waiting Tee (M) left in stock.',
    });
    expect(await variantStock(t, variantId)).toBe(1);
    expect(await holdsOf(variantId)).toBe(0);
  });
});
