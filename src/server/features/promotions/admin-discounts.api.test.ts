import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminDiscount } from '#shared/schemas/admin-discounts';
import type { Dashboard } from '#shared/schemas/dashboard';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createCategory, createProduct, type TestProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { payOrder } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { CHANGES_CHANNEL, type Change } from '../../platform/db/announce';

let t: TestApp;
let admin: { cookie: string; email: string; id: string };
let shopper: string;
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await createSignedInUser(t, { role: 'admin', email: 'discounts-admin@example.test' });
  admin = { cookie: signedIn.cookie, email: signedIn.user.email, id: signedIn.user.id };
  shopper = (await createSignedInUser(t)).cookie;
});
afterAll(() => t.close());

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

type Answer<T> = {
  status: number;
  body: T & { error?: { code: string; message: string; fields?: Record<string, string> } };
};

type DiscountAnswer = Answer<{ discount: AdminDiscount }>;
const send = async (path: string, method: string, json: unknown, cookie: string): Promise<DiscountAnswer> => {
  const response = await t.request(path, { method, cookie, json });
  return { status: response.status, body: response.body as unknown as DiscountAnswer['body'] };
};
const create = (json: Record<string, unknown>, cookie = admin.cookie) =>
  send('/api/admin/discounts', 'POST', json, cookie);
const update = (id: string, json: Record<string, unknown>, cookie = admin.cookie) =>
  send(`/api/admin/discounts/${id}`, 'PUT', json, cookie);
const setActive = (id: string, isActive: boolean, cookie = admin.cookie) =>
  send(`/api/admin/discounts/${id}/active`, 'PUT', { isActive }, cookie);
const list = async () =>
  ((await t.request('/api/admin/discounts', { cookie: admin.cookie })).body as { discounts: AdminDiscount[] })
    .discounts;
const dashboard = async () =>
  (await t.request('/api/admin/dashboard', { cookie: admin.cookie })).body as Dashboard;

let codeCounter = 0;
/** A code discount's request, unique to the caller. */
function codeDiscount(overrides: Record<string, unknown> = {}) {
  codeCounter += 1;
  return {
    kind: 'code',
    code: `TEST-${codeCounter}`,
    title: `Test offer ${codeCounter}`,
    type: 'percentage',
    percentOff: 10,
    startsAt: hourAgo(),
    ...overrides,
  };
}

/** An automatic discount on one product of its own, so no other test's prices move. */
async function automaticDiscount(overrides: Record<string, unknown> = {}) {
  const product = await createProduct(t);
  return {
    kind: 'automatic',
    title: 'Automatic offer',
    type: 'percentage',
    percentOff: 15,
    appliesTo: 'products',
    productIds: [product.id],
    startsAt: hourAgo(),
    ...overrides,
  };
}

async function auditOf(entityId: string) {
  return t.database.sql.query<{
    actor_id: string | null;
    actor_label: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    `SELECT actor_id, actor_label, action, before, after FROM audit_log
      WHERE entity_type = 'discount' AND entity_id = $1 ORDER BY created_at, id`,
    [entityId],
  );
}

/**
 * A paid order of one product, with the discount the checkout would have written on it: the code's
 * amount off the items, the delivery fee it waived, and what a sale or an automatic offer took off
 * the unit price (the product's own price kept as the list price).
 */
async function paidOrder(options: {
  priceKobo: number;
  quantity?: number;
  discount?: { id: string; code: string; title: string; amountKobo: number; waiveDelivery?: boolean };
  loweredByKobo?: number;
}) {
  const { user, cookie } = await createSignedInUser(t);
  const product: TestProduct = await createProduct(t, {
    priceKobo: options.priceKobo,
    variants: [{ size: 'M', color: 'Black', stock: 20 }],
  });
  await addToCart(t, cookie, product, options.quantity ?? 1);
  const placed = await placeOrder(t, cookie, { email: user.email });
  if (placed.status !== 201) throw new Error(`order failed: ${JSON.stringify(placed.body)}`);
  const orderId = (placed.body as { orderId: string }).orderId;
  if (options.loweredByKobo) {
    await t.database.sql.query(
      'UPDATE order_items SET list_price_kobo = unit_price_kobo + $2 WHERE order_id = $1',
      [orderId, options.loweredByKobo],
    );
  }
  const discount = options.discount;
  if (discount) {
    await t.database.transaction(async (sql) => {
      await sql.query(
        `UPDATE orders
            SET discount_id = $2, discount_code = $3, discount_title = $4, discount_kobo = $5,
                shipping_discount_kobo = CASE WHEN $6::boolean THEN shipping_cost_kobo ELSE 0 END,
                shipping_cost_kobo = CASE WHEN $6::boolean THEN 0 ELSE shipping_cost_kobo END,
                total_amount_kobo = subtotal_kobo - $5
                                    + CASE WHEN $6::boolean THEN 0 ELSE shipping_cost_kobo END
          WHERE id = $1`,
        [
          orderId,
          discount.id,
          discount.code,
          discount.title,
          discount.amountKobo,
          discount.waiveDelivery ?? false,
        ],
      );
      await sql.query('INSERT INTO discount_uses (discount_id, order_id, user_id) VALUES ($1, $2, $3)', [
        discount.id,
        orderId,
        user.id,
      ]);
      await sql.query('UPDATE discounts SET uses = uses + 1 WHERE id = $1', [discount.id]);
    });
  }
  await payOrder(t, cookie, orderId);
  const [order] = await t.database.sql.query<{
    total_amount_kobo: number;
    shipping_discount_kobo: number;
  }>('SELECT total_amount_kobo, shipping_discount_kobo FROM orders WHERE id = $1', [orderId]);
  return { orderId, totalKobo: order!.total_amount_kobo, shippingWaivedKobo: order!.shipping_discount_kobo };
}

describe('discounts for admins', () => {
  it("refuses what cannot be a discount, in the shop's words, writing nothing", async () => {
    const before = await t.database.sql.query('SELECT id FROM discounts');
    const badCode = await create(codeDiscount({ code: 'no spaces please' }));
    expect(badCode.status).toBe(400);
    expect(badCode.body.error?.fields).toEqual({
      code: 'Use 3 to 40 letters, numbers, - or _, without spaces',
    });

    const missing = await create({
      kind: 'code',
      code: '',
      title: ' ',
      type: 'percentage',
      startsAt: hourAgo(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toMatchObject({ title: 'Please enter a title' });

    const noPercent = await create(codeDiscount({ percentOff: null }));
    expect(noPercent.body.error?.fields).toEqual({ percentOff: 'Enter a percentage from 1 to 90' });
    const tooMuch = await create(codeDiscount({ percentOff: 91 }));
    expect(tooMuch.body.error?.fields).toEqual({ percentOff: 'Enter a percentage from 1 to 90' });
    const noAmount = await create(codeDiscount({ type: 'fixed', percentOff: null }));
    expect(noAmount.body.error?.fields).toEqual({ amountOffKobo: 'Enter the amount off' });
    const noCategories = await create(codeDiscount({ appliesTo: 'categories', categoryIds: [] }));
    expect(noCategories.body.error?.fields).toEqual({ categoryIds: 'Choose at least one category' });
    const noProducts = await create(codeDiscount({ appliesTo: 'products' }));
    expect(noProducts.body.error?.fields).toEqual({ productIds: 'Choose at least one product' });
    const backwards = await create(codeDiscount({ startsAt: inDays(2), endsAt: inDays(1) }));
    expect(backwards.body.error?.fields).toEqual({ endsAt: 'The end must be after the start' });
    const unknownProduct = await create(
      codeDiscount({ appliesTo: 'products', productIds: ['6f1c1f0e-3a4b-4c5d-8e9f-0a1b2c3d4e5f'] }),
    );
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.body.error?.fields).toEqual({
      productIds: 'Some of the chosen products no longer exist. Please choose again.',
    });

    const automaticFixed = await create(await automaticDiscount({ type: 'fixed', amountOffKobo: 50_000 }));
    expect(automaticFixed.status).toBe(400);
    expect(automaticFixed.body.error?.fields).toEqual({
      type: 'An automatic discount must be a percentage off',
    });
    const automaticLimited = await create(await automaticDiscount({ usageLimit: 10 }));
    expect(automaticLimited.body.error?.fields).toEqual({
      usageLimit: 'An automatic discount has no usage limit',
    });

    expect(await t.database.sql.query('SELECT id FROM discounts')).toHaveLength(before.length);
  });

  it('creates a code upper-cased and trimmed, active now, audited and announced', async () => {
    const heard: Change[] = [];
    const stop = await t.database.listen(CHANGES_CHANNEL, {
      onNotify: (payload) => heard.push(JSON.parse(payload) as Change),
      onGap: () => undefined,
    });
    try {
      const response = await create(
        codeDiscount({
          code: '  welcome-10 ',
          title: 'Welcome, 10% off',
          minSubtotalKobo: 500_000,
          usageLimit: 100,
          perCustomerLimit: 1,
          // Dropped: a percentage has no amount.
          amountOffKobo: 99,
        }),
      );
      expect(response.status).toBe(201);
      const { discount } = response.body;
      expect(discount).toMatchObject({
        kind: 'code',
        code: 'WELCOME-10',
        title: 'Welcome, 10% off',
        type: 'percentage',
        percentOff: 10,
        amountOffKobo: null,
        appliesTo: 'all',
        minSubtotalKobo: 500_000,
        usageLimit: 100,
        perCustomerLimit: 1,
        uses: 0,
        isActive: true,
        status: 'active',
        revenueKobo: 0,
        discountGivenKobo: 0,
        endsAt: null,
      });
      expect((await list()).map((d) => d.id)).toContain(discount.id);
      expect((await t.request(`/api/admin/discounts/${discount.id}`, { cookie: admin.cookie })).body).toEqual(
        {
          discount,
        },
      );

      const [audit] = await auditOf(discount.id);
      expect(audit).toMatchObject({
        actor_id: admin.id,
        actor_label: admin.email,
        action: 'created',
        before: null,
        after: { code: 'WELCOME-10', percentOff: 10, usageLimit: 100, isActive: true },
      });
      await vi.waitFor(() =>
        expect(heard).toContainEqual({
          table: 'discounts',
          id: discount.id,
          userId: null,
          action: 'created',
        }),
      );
    } finally {
      await stop();
    }
  });

  it('refuses a code another discount has, whatever its case, on create and on edit', async () => {
    await create(codeDiscount({ code: 'BLACKFRIDAY' }));
    const again = await create(codeDiscount({ code: 'blackFriday' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'duplicate_code',
      message: 'There is already a discount with the code BLACKFRIDAY.',
      fields: { code: 'There is already a discount with the code BLACKFRIDAY.' },
    });
    const other = (await create(codeDiscount({ code: 'CYBERMONDAY' }))).body.discount;
    const renamed = await update(other.id, codeDiscount({ code: 'blackfriday' }));
    expect(renamed.status).toBe(409);
    expect(renamed.body.error?.message).toBe('There is already a discount with the code BLACKFRIDAY.');
    // Its own code is no clash.
    expect(
      (await update(other.id, codeDiscount({ code: 'cybermonday', title: 'Cyber Monday' }))).status,
    ).toBe(200);
  });

  it('edits, deactivates and activates, each audited with before and after', async () => {
    const { discount } = (await create(codeDiscount({ code: 'EDIT-ME', percentOff: 20 }))).body;
    const edited = await update(discount.id, {
      kind: 'code',
      code: 'EDIT-ME',
      title: 'Now a fixed ₦5,000 off',
      type: 'fixed',
      amountOffKobo: 500_000,
      startsAt: discount.startsAt,
      endsAt: inDays(7),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.discount).toMatchObject({
      type: 'fixed',
      percentOff: null,
      amountOffKobo: 500_000,
      title: 'Now a fixed ₦5,000 off',
      status: 'active',
    });

    const off = await setActive(discount.id, false);
    expect(off.body.discount).toMatchObject({ isActive: false, status: 'inactive' });
    expect((await setActive(discount.id, true)).body.discount).toMatchObject({
      isActive: true,
      status: 'active',
    });

    const entries = await auditOf(discount.id);
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'updated', 'deactivated', 'activated']);
    expect(entries[1]).toMatchObject({
      actor_label: admin.email,
      before: { type: 'percentage', percentOff: 20, amountOffKobo: null, endsAt: null },
      after: { type: 'fixed', percentOff: null, amountOffKobo: 500_000 },
    });
    expect(entries[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

    const changeKind = await update(discount.id, { ...(await automaticDiscount()), title: 'x' });
    expect(changeKind.status).toBe(400);
    expect(changeKind.body.error?.fields).toEqual({
      kind: "A discount's kind cannot be changed. Create a new discount instead.",
    });
    expect((await update('0b5f1c7e-1111-4222-8333-944455556666', codeDiscount())).status).toBe(404);
    expect((await setActive('not-a-uuid', false)).status).toBe(404);
  });

  it('covers chosen categories or products, named in the answer; the others are dropped', async () => {
    const ankara = await createCategory(t, { slug: 'ankara-prints', name: 'Ankara prints' });
    const product = await createProduct(t, { name: 'Eko Hoodie' });
    const byCategory = await create(
      codeDiscount({
        appliesTo: 'categories',
        categoryIds: [ankara.id, ankara.id],
        productIds: [product.id],
      }),
    );
    expect(byCategory.status).toBe(201);
    expect(byCategory.body.discount).toMatchObject({
      appliesTo: 'categories',
      categories: [{ id: ankara.id, name: 'Ankara prints' }],
      products: [],
    });
    const byProduct = await update(
      byCategory.body.discount.id,
      codeDiscount({
        code: byCategory.body.discount.code,
        appliesTo: 'products',
        productIds: [product.id],
        categoryIds: [ankara.id],
      }),
    );
    expect(byProduct.body.discount).toMatchObject({
      appliesTo: 'products',
      categories: [],
      products: [{ id: product.id, name: 'Eko Hoodie' }],
    });
    const [row] = await t.database.sql.query<{ category_ids: string[]; product_ids: string[] }>(
      'SELECT category_ids, product_ids FROM discounts WHERE id = $1',
      [byCategory.body.discount.id],
    );
    expect(row).toEqual({ category_ids: [], product_ids: [product.id] });
  });

  it("computes each discount's status on the database's clock", async () => {
    const scheduled = (await create(codeDiscount({ startsAt: inDays(1) }))).body.discount;
    expect(scheduled.status).toBe('scheduled');
    const [expired] = await t.database.sql.query<{ id: string }>(
      `INSERT INTO discounts (kind, code, title, type, percent_off, starts_at, ends_at)
       VALUES ('code', 'LAST-YEAR', 'Gone', 'percentage', 10, now() - interval '2 days', now() - interval '1 day')
       RETURNING id`,
    );
    const usedUp = (await create(codeDiscount({ usageLimit: 2 }))).body.discount;
    await t.database.sql.query('UPDATE discounts SET uses = 2 WHERE id = $1', [usedUp.id]);
    const off = (await create(codeDiscount({ isActive: false, startsAt: inDays(1) }))).body.discount;

    const statuses = new Map((await list()).map((d) => [d.id, d.status]));
    expect(statuses.get(scheduled.id)).toBe('scheduled');
    expect(statuses.get(expired!.id)).toBe('expired');
    expect(statuses.get(usedUp.id)).toBe('used_up');
    expect(statuses.get(off.id)).toBe('inactive');
  });

  it('will not set a usage limit below the uses already made', async () => {
    const { discount } = (await create(codeDiscount({ usageLimit: 50 }))).body;
    await t.database.sql.query('UPDATE discounts SET uses = 12 WHERE id = $1', [discount.id]);
    const request = { ...codeDiscount({ code: discount.code, title: discount.title }) };
    const lower = await update(discount.id, { ...request, usageLimit: 11 });
    expect(lower.status).toBe(400);
    expect(lower.body.error?.fields).toEqual({
      usageLimit: 'It has been used 12 times already: the usage limit cannot be lower.',
    });
    const same = await update(discount.id, { ...request, usageLimit: 12 });
    expect(same.body.discount).toMatchObject({ usageLimit: 12, uses: 12, status: 'used_up' });
  });

  it('keeps one automatic discount on at a time: an overlapping one is refused, naming the other', async () => {
    const first = await create(await automaticDiscount({ title: 'Harmattan sale', endsAt: inDays(7) }));
    expect(first.status).toBe(201);
    expect(first.body.discount).toMatchObject({
      kind: 'automatic',
      code: null,
      revenueKobo: null,
      status: 'active',
    });

    const overlapping = await create(
      await automaticDiscount({ title: 'Weekend sale', startsAt: inDays(3), endsAt: inDays(10) }),
    );
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toMatchObject({
      code: 'automatic_overlap',
      message:
        'The automatic discount "Harmattan sale" is on at the same time. Only one automatic discount can be on at once: change the dates or deactivate the other one first.',
    });
    // Without an end, it overlaps everything after its start.
    expect((await create(await automaticDiscount({ startsAt: inDays(30) }))).status).toBe(201);
    const between = await create(await automaticDiscount({ startsAt: inDays(8), endsAt: inDays(9) }));
    expect(between.status).toBe(201);
    // Off, it may overlap; turned on, it is refused.
    const later = await create(
      await automaticDiscount({
        title: 'Off for now',
        startsAt: inDays(1),
        endsAt: inDays(2),
        isActive: false,
      }),
    );
    expect(later.status).toBe(201);
    const on = await setActive(later.body.discount.id, true);
    expect(on.status).toBe(409);
    expect(on.body.error?.message).toContain('"Harmattan sale"');
    // Moving an automatic discount onto another's days is refused too.
    const moved = await update(
      between.body.discount.id,
      await automaticDiscount({ startsAt: inDays(6), endsAt: inDays(9) }),
    );
    expect(moved.status).toBe(409);
    // Once the first is off, the second may go on.
    await setActive(first.body.discount.id, false);
    expect((await setActive(later.body.discount.id, true)).body.discount.status).toBe('scheduled');
  });

  it('refuses shoppers and guests, writing nothing', async () => {
    const before = await t.database.sql.query('SELECT id FROM discounts');
    const asShopper = await create(codeDiscount(), shopper);
    expect(asShopper.status).toBe(403);
    expect(asShopper.body).toEqual({
      error: { code: 'forbidden', message: 'Access denied. Admin privileges required.' },
    });
    expect((await t.request('/api/admin/discounts', { cookie: shopper })).status).toBe(403);
    const asGuest = await t.request('/api/admin/discounts', { method: 'POST', json: codeDiscount() });
    expect(asGuest.status).toBe(401);
    const some = (await list())[0]!;
    expect((await setActive(some.id, !some.isActive, shopper)).status).toBe(403);
    expect(await t.database.sql.query('SELECT id FROM discounts')).toHaveLength(before.length);
    expect((await list()).find((d) => d.id === some.id)?.isActive).toBe(some.isActive);
  });

  it("counts what each code's paid orders kept and what it gave, not unpaid orders", async () => {
    const { discount } = (
      await create(codeDiscount({ code: 'TAKINGS', type: 'fixed', amountOffKobo: 100_000 }))
    ).body;
    const ref = { id: discount.id, code: 'TAKINGS', title: discount.title };
    const first = await paidOrder({ priceKobo: 1_000_000, discount: { ...ref, amountKobo: 100_000 } });
    const second = await paidOrder({
      priceKobo: 2_000_000,
      discount: { ...ref, amountKobo: 100_000, waiveDelivery: true },
    });
    // A paid order without the code, and an unpaid one with it, change nothing.
    await paidOrder({ priceKobo: 3_000_000 });
    const { user, cookie } = await createSignedInUser(t);
    await addToCart(t, cookie, await createProduct(t, { priceKobo: 700_000 }));
    const unpaid = (await placeOrder(t, cookie, { email: user.email })).body as { orderId: string };
    await t.database.sql.query(
      `UPDATE orders SET discount_id = $2, discount_code = 'TAKINGS', discount_title = 'x', discount_kobo = 100000,
              total_amount_kobo = total_amount_kobo - 100000 WHERE id = $1`,
      [unpaid.orderId, discount.id],
    );

    // Standard delivery (₦2,500) is charged under ₦25,000: the code waived it.
    expect(second.shippingWaivedKobo).toBe(250_000);
    const listed = (await list()).find((d) => d.id === discount.id)!;
    expect(listed.revenueKobo).toBe(first.totalKobo + second.totalKobo);
    expect(listed.discountGivenKobo).toBe(200_000 + second.shippingWaivedKobo);
    expect(listed.paidOrders).toBe(2);
    expect(listed.uses).toBe(2);
  });

  it("adds the discounts given to this month's revenue on the dashboard: before and after", async () => {
    const before = await dashboard();
    const { discount } = (await create(codeDiscount({ code: 'DASH-10' }))).body;
    // A code's ₦1,000 off, and the free delivery of another order.
    const coded = await paidOrder({
      priceKobo: 1_000_000,
      discount: { id: discount.id, code: 'DASH-10', title: discount.title, amountKobo: 100_000 },
    });
    const waived = await paidOrder({
      priceKobo: 1_500_000,
      discount: {
        id: discount.id,
        code: 'DASH-10',
        title: discount.title,
        amountKobo: 0,
        waiveDelivery: true,
      },
    });
    // Two units sold ₦2,500 under their own price (a sale or an automatic offer).
    const lowered = await paidOrder({ priceKobo: 2_000_000, quantity: 2, loweredByKobo: 250_000 });
    // And one with no discount at all.
    const plain = await paidOrder({ priceKobo: 500_000 });
    const after = await dashboard();

    const revenue = coded.totalKobo + waived.totalKobo + lowered.totalKobo + plain.totalKobo;
    const given = 100_000 + waived.shippingWaivedKobo + 2 * 250_000;
    expect(after.discounts.revenueKobo - before.discounts.revenueKobo).toBe(revenue);
    expect(after.discounts.discountsGivenKobo - before.discounts.discountsGivenKobo).toBe(given);
    expect(after.discounts.beforeDiscountsKobo - before.discounts.beforeDiscountsKobo).toBe(revenue + given);
    expect(after.discounts.discountedOrders - before.discounts.discountedOrders).toBe(3);
    expect(after.discounts.revenueKobo).toBe(after.sales.month.current);
    expect(after.discounts.beforeDiscountsKobo).toBe(
      after.discounts.revenueKobo + after.discounts.discountsGivenKobo,
    );
  });
});
