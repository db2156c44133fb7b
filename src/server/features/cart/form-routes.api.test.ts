import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct, type TestProduct } from '../../../../tests/factories/catalog';
import { postedAnswerIn, postForm } from '../../../../tests/factories/html-forms';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let product: TestProduct;
beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t, {
    variants: [
      { size: 'M', color: 'Black', stock: 5 },
      { size: 'M', color: 'White', stock: 0 },
      { size: 'L', color: 'White', stock: 5 },
    ],
  });
});
afterAll(() => t.close());

const variant = (size: string, color: string) =>
  product.variants.find((each) => each.size === size && each.color === color)!;

async function cartLines(cookie: string) {
  const cart = await t.request('/api/cart', { cookie });
  return (cart.body.items as { variantId: string; gender: string; quantity: number }[]).map((line) => [
    line.variantId,
    line.gender,
    line.quantity,
  ]);
}

async function countCartLines() {
  const [row] = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM cart_items');
  return row!.n;
}

describe('the product form posted before the page script runs (POST /cart/add)', () => {
  it("hands a guest's line to the page (their cart is in their browser) and sends them back as they left", async () => {
    const before = await countCartLines();
    const response = await postForm(t, '/cart/add', {
      productId: product.id,
      gender: 'women',
      size: 'L',
      'color:L': 'White',
      // A colour ticked for another size before switching: not the one sent for L.
      'color:M': 'Black',
    });
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/product/${product.id}?gender=women&size=L&color=White`);
    expect(postedAnswerIn(response.setCookies)).toEqual({
      kind: 'guest-line',
      line: { productId: product.id, variantId: variant('L', 'White').id, gender: 'women', quantity: 1 },
    });
    expect(response.setCookies.find((line) => line.startsWith('shop_posted='))).toMatch(
      /Path=\/; Max-Age=600; SameSite=Lax/,
    );
    expect(await countCartLines()).toBe(before);
  });

  it("adds a signed-in shopper's line to their cart with the API's rules", async () => {
    const { cookie } = await createSignedInUser(t);
    const response = await postForm(
      t,
      '/cart/add',
      { productId: product.id, gender: 'men', size: 'M', 'color:M': 'Black' },
      { cookie },
    );
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/product/${product.id}?gender=men&size=M&color=Black`);
    expect(postedAnswerIn(response.setCookies)).toEqual({ kind: 'cart-added' });
    expect(await cartLines(cookie)).toEqual([[variant('M', 'Black').id, 'men', 1]]);
  });

  it('sends the shopper back to the choice that is missing, with what they had ticked', async () => {
    const before = await countCartLines();
    const cases: [Record<string, string>, string][] = [
      [{}, '?choose=gender'],
      [{ gender: 'men' }, '?gender=men&choose=size'],
      [{ gender: 'men', size: 'M' }, '?gender=men&size=M&choose=color'],
      // A size or colour the product does not have is no choice.
      [{ gender: 'men', size: 'XXL' }, '?gender=men&choose=size'],
      [{ gender: 'men', size: 'L', 'color:L': 'Pink' }, '?gender=men&size=L&choose=color'],
      // Sold out since the page was drawn.
      [{ gender: 'men', size: 'M', 'color:M': 'White' }, '?gender=men&size=M&color=White&choose=stock'],
    ];
    for (const [fields, search] of cases) {
      const response = await postForm(t, '/cart/add', { productId: product.id, ...fields });
      expect(response.status, search).toBe(303);
      expect(response.location, search).toBe(`/product/${product.id}${search}#purchase`);
      expect(postedAnswerIn(response.setCookies), search).toBeNull();
    }
    expect(await countCartLines()).toBe(before);
  });

  it("tells the page why the server refused a signed-in shopper's line, and adds nothing", async () => {
    const drop = await createProduct(t, { variants: [{ size: 'M', color: 'Black', stock: 5 }] });
    await t.database.sql.query(`UPDATE products SET release_at = now() + interval '1 day' WHERE id = $1`, [
      drop.id,
    ]);
    const { cookie } = await createSignedInUser(t);
    const response = await postForm(
      t,
      '/cart/add',
      { productId: drop.id, gender: 'men', size: 'M', 'color:M': 'Black' },
      { cookie },
    );
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/product/${drop.id}?gender=men&size=M&color=Black`);
    const answer = postedAnswerIn(response.setCookies);
    expect(answer).toMatchObject({ kind: 'refused', form: 'cart' });
    expect(answer?.kind === 'refused' && answer.message).toMatch(/not out yet|coming soon|releases/i);
    expect(await cartLines(cookie)).toEqual([]);
  });

  it('sends an unknown or withdrawn product to its page, which says so', async () => {
    const gone = await createProduct(t, { isActive: false });
    expect((await postForm(t, '/cart/add', { productId: gone.id, gender: 'men' })).location).toBe(
      `/product/${gone.id}`,
    );
    expect((await postForm(t, '/cart/add', { productId: 'not-an-id', gender: 'men' })).location).toBe('/');
  });

  it('refuses a form from another website, or with no sign of where it comes from', async () => {
    const before = await countCartLines();
    const { cookie } = await createSignedInUser(t);
    const fields = { productId: product.id, gender: 'men', size: 'M', 'color:M': 'Black' };
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const response = await postForm(t, '/cart/add', fields, { cookie, headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.text).toContain('another website');
    }
    expect(await countCartLines()).toBe(before);
  });

  it('refuses what a plain form does not send: JSON, unusual characters', async () => {
    const json = await t.app.request('http://localhost:3000/cart/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ productId: product.id }),
    });
    expect(json.status).toBe(415);
    const nul = await postForm(t, '/cart/add', { productId: product.id, gender: 'men\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.text).not.toContain('\u0000');
  });
});
