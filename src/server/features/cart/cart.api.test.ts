import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, setVariantStock } from '../../../../tests/factories/catalog';
import { addToCart } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Line = {
  id: string;
  name: string;
  priceKobo: number;
  imageId: string | null;
  size: string;
  color: string | null;
  gender: string;
  quantity: number;
  stockAvailable: number;
  status: string;
  lineTotalKobo: number;
};
type CartBody = {
  items: Line[];
  totalItems: number;
  subtotalKobo: number;
  canCheckout: boolean;
  notices: string[];
};

describe('signed-in cart', () => {
  it('is for signed-in users only', async () => {
    const response = await t.request('/api/cart');
    expect(response.status).toBe(401);
  });

  it('names and prices lines from the database and adds the same item up, capped by stock', async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, {
      name: 'Eko Tee',
      priceKobo: 1_250_000,
      images: 2,
      variants: [{ size: 'L', color: 'Black', stock: 4 }],
    });
    await addToCart(t, cookie, product, 2);
    const second = await addToCart(t, cookie, product, 1);
    let cart = second.body as unknown as CartBody;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      name: 'Eko Tee',
      priceKobo: 1_250_000,
      imageId: product.imageIds[0],
      size: 'L',
      color: 'Black',
      gender: 'men',
      quantity: 3,
      stockAvailable: 4,
      status: 'ok',
      lineTotalKobo: 3_750_000,
    });
    expect(cart.notices).toEqual([]);

    const capped = await addToCart(t, cookie, product, 5);
    cart = capped.body as unknown as CartBody;
    expect(cart.items[0]!.quantity).toBe(4);
    expect(cart.notices[0]).toContain('Only 4 of Eko Tee (L, Black) available');

    // Another gender is another line.
    const women = await addToCart(t, cookie, product, 1, { gender: 'women' });
    cart = women.body as unknown as CartBody;
    expect(cart.items.map((line) => [line.gender, line.quantity])).toEqual([
      ['men', 4],
      ['women', 1],
    ]);
    expect(cart.totalItems).toBe(5);
    expect(cart.subtotalKobo).toBe(5 * 1_250_000);
  });

  it('refuses a sold-out or inactive item, and an unknown one', async () => {
    const { cookie } = await createSignedInUser(t);
    const soldOut = await createProduct(t, { variants: [{ size: 'M', stock: 0 }] });
    const inactive = await createProduct(t, { isActive: false });
    const add = (productId: string, variantId: string) =>
      t.request('/api/cart/items', {
        method: 'POST',
        cookie,
        json: { productId, variantId, gender: 'men', quantity: 1 },
      });
    const a = await add(soldOut.id, soldOut.variants[0]!.id);
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ error: { code: 'out_of_stock' } });
    const b = await add(inactive.id, inactive.variants[0]!.id);
    expect(b.status).toBe(409);
    expect(b.body).toMatchObject({ error: { code: 'product_unavailable' } });
    // A variant of another product is not that product's variant.
    const c = await add(inactive.id, soldOut.variants[0]!.id);
    expect(c.status).toBe(404);
    expect(c.body).toMatchObject({ error: { code: 'not_found', message: 'Product not found' } });
  });

  it('updates quantities: below 1 removes, above stock is refused with a clear message', async () => {
    const { cookie } = await createSignedInUser(t);
    const product = await createProduct(t, { name: 'Yaba Cap', variants: [{ size: 'One Size', stock: 3 }] });
    const cart = (await addToCart(t, cookie, product, 1)).body as unknown as CartBody;
    const id = cart.items[0]!.id;

    const tooMany = await t.request(`/api/cart/items/${id}`, {
      method: 'PATCH',
      cookie,
      json: { quantity: 4 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({
      error: {
        code: 'insufficient_stock',
        message: 'Only 3 of Yaba Cap (One Size) left in stock.',
        available: 3,
      },
    });

    const three = await t.request(`/api/cart/items/${id}`, {
      method: 'PATCH',
      cookie,
      json: { quantity: 3 },
    });
    expect((three.body as unknown as CartBody).items[0]!.quantity).toBe(3);

    // Someone else cannot touch my line.
    const other = await createSignedInUser(t);
    const foreign = await t.request(`/api/cart/items/${id}`, {
      method: 'PATCH',
      cookie: other.cookie,
      json: { quantity: 1 },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await t.request(`/api/cart/items/${id}`, { method: 'DELETE', cookie: other.cookie })).status,
    ).toBe(404);

    const removed = await t.request(`/api/cart/items/${id}`, {
      method: 'PATCH',
      cookie,
      json: { quantity: 0 },
    });
    expect(removed.status).toBe(200);
    expect((removed.body as unknown as CartBody).items).toEqual([]);
  });

  it('shows each line status as stock and the catalogue change', async () => {
    const { cookie } = await createSignedInUser(t);
    const a = await createProduct(t, { name: 'A', variants: [{ size: 'M', stock: 5 }] });
    const b = await createProduct(t, { name: 'B', variants: [{ size: 'M', stock: 5 }] });
    const c = await createProduct(t, { name: 'C', variants: [{ size: 'M', stock: 5 }] });
    const d = await createProduct(t, { name: 'D', variants: [{ size: 'M', stock: 5 }] });
    for (const product of [a, b, c, d]) await addToCart(t, cookie, product, 3);
    await setVariantStock(t, b.variants[0]!.id, 0);
    await setVariantStock(t, c.variants[0]!.id, 2);
    await t.database.sql.query('UPDATE products SET is_active = false WHERE id = $1', [d.id]);

    const response = await t.request('/api/cart', { cookie });
    const cart = response.body as unknown as CartBody;
    expect(cart.items.map((line) => [line.name, line.status, line.stockAvailable])).toEqual([
      ['A', 'ok', 5],
      ['B', 'sold_out', 0],
      ['C', 'insufficient_stock', 2],
      ['D', 'inactive', 5],
    ]);
    expect(cart.canCheckout).toBe(false);
  });

  it('deletes a line and clears the cart', async () => {
    const { cookie } = await createSignedInUser(t);
    const a = await createProduct(t);
    const b = await createProduct(t);
    await addToCart(t, cookie, a);
    const cart = (await addToCart(t, cookie, b)).body as unknown as CartBody;
    const afterDelete = await t.request(`/api/cart/items/${cart.items[0]!.id}`, { method: 'DELETE', cookie });
    expect((afterDelete.body as unknown as CartBody).items.map((line) => line.id)).toEqual([
      cart.items[1]!.id,
    ]);
    const cleared = await t.request('/api/cart', { method: 'DELETE', cookie });
    expect(cleared.body).toMatchObject({ items: [], totalItems: 0, subtotalKobo: 0, canCheckout: false });
  });
});

describe('guest cart', () => {
  it('merges at sign-in: same item adds up, capped by stock; unknown and sold-out items are left out', async () => {
    const { cookie } = await createSignedInUser(t);
    const tee = await createProduct(t, {
      name: 'Surulere Tee',
      variants: [{ size: 'S', color: 'White', stock: 5 }],
    });
    const gone = await createProduct(t, { name: 'Gone', variants: [{ size: 'S', stock: 0 }] });
    await addToCart(t, cookie, tee, 2);
    const response = await t.request('/api/cart/merge', {
      method: 'POST',
      cookie,
      json: {
        items: [
          { productId: tee.id, variantId: tee.variants[0]!.id, gender: 'men', quantity: 2 },
          { productId: tee.id, variantId: tee.variants[0]!.id, gender: 'men', quantity: 2 },
          { productId: gone.id, variantId: gone.variants[0]!.id, gender: 'men', quantity: 1 },
          {
            productId: tee.id,
            variantId: '00000000-0000-4000-8000-000000000000',
            gender: 'women',
            quantity: 1,
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    const cart = response.body as unknown as CartBody;
    expect(cart.items.map((line) => [line.name, line.quantity])).toEqual([['Surulere Tee', 5]]);
    expect(cart.notices).toEqual([
      'Only 5 of Surulere Tee (S, White) available; your cart has 5.',
      'Gone (S) is sold out and was not added.',
      'An item in your cart is no longer available and was removed.',
    ]);
  });

  it('prices a guest cart from the database, ignoring any price sent', async () => {
    const tee = await createProduct(t, {
      name: 'Ikoyi Tee',
      priceKobo: 900_000,
      variants: [{ size: 'M', stock: 1 }],
    });
    const response = await t.request('/api/cart/quote', {
      method: 'POST',
      json: {
        items: [
          {
            productId: tee.id,
            variantId: tee.variants[0]!.id,
            gender: 'women',
            quantity: 2,
            priceKobo: 1,
            price: 1,
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      items: [
        {
          id: `temp_${tee.variants[0]!.id}_women`,
          name: 'Ikoyi Tee',
          priceKobo: 900_000,
          quantity: 2,
          status: 'insufficient_stock',
          stockAvailable: 1,
        },
      ],
      totalItems: 2,
      subtotalKobo: 1_800_000,
      canCheckout: false,
    });
  });

  it('rejects a malformed item with the field message', async () => {
    const response = await t.request('/api/cart/quote', {
      method: 'POST',
      json: { items: [{ productId: 'x', variantId: 'y', gender: 'kids', quantity: 1 }] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'bad_request' } });
  });
});
