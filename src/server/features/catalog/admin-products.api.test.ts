import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminProduct, PRODUCT_MESSAGES, type ProductFormValues } from '#shared/schemas/admin-products';
import { IMAGE_MESSAGES } from '#shared/schemas/images';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createProduct as createTestProduct } from '../../../../tests/factories/catalog';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { baseSku, combinations, splitStock } from './admin-products';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await createSignedInUser(t, { role: 'admin', email: 'catalogue-admin@example.test' });
  admin = signedIn.cookie;
  adminId = signedIn.user.id;
});
afterAll(() => t.close());

const form = (overrides: Partial<ProductFormValues> = {}): ProductFormValues => ({
  name: 'Lagos Sun Tee',
  description: 'Heavy cotton tee with a sun print',
  price: '12,500.50',
  category: 'tshirts',
  subcategory: 'graphic-tees',
  gender: 'men',
  stock: '20',
  sizes: ['S', 'M', 'L'],
  colors: ['Black', 'White', 'Gray'],
  isActive: true,
  isFeatured: false,
  isMystery: false,
  ...overrides,
});

async function create(overrides: Partial<ProductFormValues> = {}): Promise<AdminProduct> {
  const response = await t.request('/api/admin/products', {
    method: 'POST',
    cookie: admin,
    json: form(overrides),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { product: AdminProduct }).product;
}

const auditRows = (entityId: string) =>
  t.database.sql.query<{
    action: string;
    actor_id: string;
    before: unknown;
    after: unknown;
    details: unknown;
  }>(
    'SELECT action, actor_id, before, after, details FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [entityId],
  );

/** Uploads files as the panel does (multipart, field "files"). */
async function upload(
  productId: string,
  files: { name: string; data: Buffer; type?: string }[],
  cookie = admin,
) {
  const body = new FormData();
  for (const file of files) {
    body.append(
      'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  }
  const response = await t.app.request(`http://localhost:3000/api/admin/products/${productId}/images`, {
    method: 'POST',
    headers: { cookie, origin: 'http://localhost:3000' },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const photo = (colour = '#c33', size = 900) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .jpeg()
    .toBuffer();

const status = async (path: string) => (await t.app.request(`http://localhost:3000${path}`)).status;

describe('variant generation (the spec rule)', () => {
  it('makes each size x colour, or each size alone without colours', () => {
    expect(combinations(['S', 'M'], ['Black', 'White'])).toEqual([
      { size: 'S', color: 'Black' },
      { size: 'S', color: 'White' },
      { size: 'M', color: 'Black' },
      { size: 'M', color: 'White' },
    ]);
    expect(combinations(['One Size'], [])).toEqual([{ size: 'One Size', color: null }]);
  });

  it('splits stock evenly, the remainder to the first variants, never losing a unit', () => {
    expect(splitStock(20, 9)).toEqual([3, 3, 2, 2, 2, 2, 2, 2, 2]);
    expect(splitStock(9, 3)).toEqual([3, 3, 3]);
    expect(splitStock(0, 2)).toEqual([0, 0]);
  });

  it('builds the SKU from the id, the colour and the size, upper-cased', () => {
    expect(baseSku('a1b2c3d4-0000-4000-8000-000000000000', { size: 'M', color: 'Black' })).toBe('A1B-BLA-M');
    expect(baseSku('a1b2c3d4-0000-4000-8000-000000000000', { size: 'One Size', color: null })).toBe(
      'A1B-ONESIZE',
    );
  });
});

describe('POST /api/admin/products', () => {
  it('creates the product with its variants, stock split and unique SKUs, audited', async () => {
    const product = await create();
    expect(product).toMatchObject({
      name: 'Lagos Sun Tee',
      priceKobo: 1_250_050,
      category: 'tshirts',
      subcategory: 'graphic-tees',
      gender: 'men',
      isActive: true,
      stock: 20,
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'White', 'Gray'],
      inOrders: false,
    });
    expect(product.variants).toHaveLength(9);
    expect(product.variants.reduce((sum, v) => sum + v.stock, 0)).toBe(20);
    const prefix = product.id.slice(0, 3).toUpperCase();
    expect(product.variants.find((v) => v.size === 'M' && v.color === 'Gray')?.sku).toBe(`${prefix}-GRA-M`);
    expect(new Set(product.variants.map((v) => v.sku)).size).toBe(9);

    const audit = await auditRows(product.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'created', actor_id: adminId, before: null });
    expect(audit[0]!.after).toMatchObject({ name: 'Lagos Sun Tee', priceKobo: 1_250_050 });
    const [initial] = await t.database.sql.query<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, sum(delta)::int AS total FROM inventory_adjustments
        WHERE product_id = $1 AND reason = 'initial'`,
      [product.id],
    );
    expect(initial).toEqual({ n: 9, total: 20 });

    // It is on the storefront at once.
    const shop = await t.request(`/api/products/${product.id}`);
    expect(shop.status).toBe(200);
    expect(shop.body).toMatchObject({ product: { name: 'Lagos Sun Tee', priceKobo: 1_250_050, stock: 20 } });
  });

  it('gives a taken SKU the next free suffix', async () => {
    // 'Black' and 'Black Wash' share their first three letters.
    const product = await create({ sizes: ['M'], colors: ['Black', 'Black Wash'], stock: '2' });
    const prefix = product.id.slice(0, 3).toUpperCase();
    expect(product.variants.map((v) => v.sku).sort()).toEqual([`${prefix}-BLA-M`, `${prefix}-BLA-M-2`]);
  });

  it("refuses invalid forms with the spec's messages, field by field", async () => {
    const response = await t.request('/api/admin/products', {
      method: 'POST',
      cookie: admin,
      json: form({ name: '  ', price: '-5', category: '', gender: '', stock: '2.5', sizes: [] }),
    });
    expect(response.status).toBe(400);
    const fields = (response.body as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields).toMatchObject({
      name: PRODUCT_MESSAGES.nameRequired,
      price: PRODUCT_MESSAGES.pricePositive,
      category: PRODUCT_MESSAGES.categoryRequired,
      gender: PRODUCT_MESSAGES.genderRequired,
      stock: PRODUCT_MESSAGES.stockNonNegative,
      sizes: PRODUCT_MESSAGES.sizeRequired,
    });
    for (const bad of [
      form({ price: '0' }),
      form({ subcategory: 'hoodies' }),
      form({ sizes: ['M', 'm'] }),
      form({ category: 'no-such-category', subcategory: '' }),
    ]) {
      const refused = await t.request('/api/admin/products', { method: 'POST', cookie: admin, json: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('keeps custom sizes and colours, and a product without colours gets one variant a size', async () => {
    const product = await create({ sizes: ['One Size', '42'], colors: [], stock: '7' });
    expect(product.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ['One Size', null, 4],
      ['42', null, 3],
    ]);
    const custom = await create({ sizes: ['M'], colors: ['Ankara Blue'], stock: '3' });
    expect(custom.variants[0]).toMatchObject({ size: 'M', color: 'Ankara Blue', stock: 3 });
  });
});

describe('GET /api/admin/products', () => {
  it('pages the catalogue, searches name and description on the server, with stock and image counts', async () => {
    const marker = `zq${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      await createTestProduct(t, {
        name: `Paging ${marker} ${i}`,
        variants: [
          { size: 'M', color: 'Black', stock: i },
          { size: 'L', color: 'Black', stock: 10 },
        ],
        images: i % 3,
      });
    }
    await createTestProduct(t, { name: 'Described elsewhere', description: `contains ${marker} in text` });

    const first = await t.request(`/api/admin/products?q=${marker}&pageSize=4`, { cookie: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    const rows = (first.body as { products: { name: string; stock: number; imageCount: number }[] }).products;
    expect(rows.map((row) => row.name)).toEqual([
      'Described elsewhere',
      `Paging ${marker} 4`,
      `Paging ${marker} 3`,
      `Paging ${marker} 2`,
    ]);
    expect(rows[1]).toMatchObject({ stock: 14, imageCount: 1 });
    expect(rows[3]).toMatchObject({ stock: 12, imageCount: 2 });
    const second = await t.request(`/api/admin/products?q=${marker.toUpperCase()}&pageSize=4&page=2`, {
      cookie: admin,
    });
    expect((second.body as { products: unknown[] }).products).toHaveLength(2);

    const none = await t.request('/api/admin/products?q=%25_nothing-matches', { cookie: admin });
    expect(none.body).toMatchObject({ products: [], total: 0 });
  });
});

describe('GET /api/admin/products: drops', () => {
  it("lists a drop's release time, whether it is still coming (the database's clock), and its limit", async () => {
    const product = await create({ name: 'Listed Drop Tee' });
    const listed = async () => {
      const response = await t.request(`/api/admin/products?q=${encodeURIComponent('Listed Drop Tee')}`, {
        cookie: admin,
      });
      return (response.body as { products: Record<string, unknown>[] }).products[0];
    };
    expect(await listed()).toMatchObject({ releaseAt: null, comingSoon: false, limitPerCustomer: null });

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const drop = await t.request(`/api/admin/products/${product.id}/drop`, {
      method: 'PUT',
      cookie: admin,
      json: { releaseAt: future, limitPerCustomer: 2 },
    });
    expect(drop.status).toBe(200);
    expect(await listed()).toMatchObject({ releaseAt: future, comingSoon: true, limitPerCustomer: 2 });

    const past = new Date(Date.now() - 60_000).toISOString();
    await t.request(`/api/admin/products/${product.id}/drop`, {
      method: 'PUT',
      cookie: admin,
      json: { releaseAt: past, limitPerCustomer: null },
    });
    expect(await listed()).toMatchObject({ releaseAt: past, comingSoon: false, limitPerCustomer: null });
  });
});

describe('PUT /api/admin/products/:id', () => {
  it('saves the form; variants follow the sizes and colours; existing orders keep their lines', async () => {
    const product = await create({ sizes: ['S', 'M'], colors: ['Black'], stock: '10' });
    const shopper = await createSignedInUser(t);
    expect(product.variants[0]).toMatchObject({ size: 'S', color: 'Black' });
    await addToCart(t, shopper.cookie, product as never, 2);
    const placed = await placeOrder(t, shopper.cookie);
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { orderId: string }).orderId;

    const response = await t.request(`/api/admin/products/${product.id}`, {
      method: 'PUT',
      cookie: admin,
      json: form({ name: 'Renamed Tee', price: '9000', sizes: ['M', 'L'], colors: ['Black'], stock: '0' }),
    });
    expect(response.status).toBe(200);
    const updated = (response.body as { product: AdminProduct }).product;
    expect(updated).toMatchObject({ name: 'Renamed Tee', priceKobo: 900_000, inOrders: true });
    expect(updated.variants.map((v) => [v.size, v.color])).toEqual([
      ['M', 'Black'],
      ['L', 'Black'],
    ]);
    // M kept its stock and SKU; L is new with no stock.
    const before = product.variants.find((v) => v.size === 'M')!;
    expect(updated.variants[0]).toMatchObject({ id: before.id, sku: before.sku, stock: before.stock });
    expect(updated.variants[1]!.stock).toBe(0);

    // The order still reads as it was bought.
    const order = await t.request(`/api/orders/${orderId}`, { cookie: shopper.cookie });
    expect(order.status).toBe(200);
    const items = (order.body as { order: { items: Record<string, unknown>[] } }).order.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Lagos Sun Tee', size: 'S', color: 'Black', quantity: 2 });
    expect(JSON.stringify(items[0])).toContain('1250050');

    const audit = await auditRows(product.id);
    const update = audit.find((row) => row.action === 'updated')!;
    expect(update.before).toMatchObject({ name: 'Lagos Sun Tee', priceKobo: 1_250_050 });
    expect(update.after).toMatchObject({ name: 'Renamed Tee', priceKobo: 900_000 });
    expect(update.before).not.toHaveProperty('gender');
  });

  it('records the stock of a removed size or colour as an adjustment, never losing it silently', async () => {
    const product = await create({ sizes: ['S', 'M'], colors: ['Black', 'White'], stock: '8' });
    const gone = product.variants.filter((v) => v.size === 'S' || v.color === 'White');
    expect(gone.map((v) => v.stock)).toEqual([2, 2, 2]);
    const response = await t.request(`/api/admin/products/${product.id}`, {
      method: 'PUT',
      cookie: admin,
      json: form({ sizes: ['M'], colors: ['Black'] }),
    });
    expect(response.status).toBe(200);
    expect((response.body as { product: AdminProduct }).product.stock).toBe(2);

    const adjustments = await t.database.sql.query<{
      sku: string;
      variant_id: string | null;
      delta: number;
      quantity_after: number;
      reason: string;
      note: string;
      actor_id: string;
    }>(
      `SELECT sku, variant_id, delta, quantity_after, reason, note, actor_id FROM inventory_adjustments
        WHERE product_id = $1 AND reason <> 'initial' ORDER BY sku`,
      [product.id],
    );
    expect(adjustments).toEqual(
      gone
        .map((variant) => ({
          sku: variant.sku,
          variant_id: null,
          delta: -2,
          quantity_after: 0,
          reason: 'correction',
          note: `Option removed from the product (size ${variant.size}, colour ${variant.color}): its stock was discarded with it.`,
          actor_id: adminId,
        }))
        .sort((a, b) => a.sku.localeCompare(b.sku)),
    );
    for (const variant of gone) {
      expect((await auditRows(variant.id)).map((row) => [row.action, row.before, row.after])).toEqual([
        ['stock_adjusted', { stock: 2 }, { stock: 0 }],
      ]);
    }
  });

  it('answers 404 for a missing or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await t.request(`/api/admin/products/${id}`, {
        method: 'PUT',
        cookie: admin,
        json: form(),
      });
      expect(response.status).toBe(404);
    }
  });
});

describe('PUT /api/admin/products/:id/variants/:variantId/stock', () => {
  it('is an inventory adjustment with a reason; a stale expected value is refused with 409', async () => {
    const product = await create({ sizes: ['M'], colors: ['Black', 'White'], stock: '8' });
    const variant = product.variants[0]!;
    const url = `/api/admin/products/${product.id}/variants/${variant.id}/stock`;

    const ok = await t.request(url, {
      method: 'PUT',
      cookie: admin,
      json: { stock: 0, expected: 4, reason: 'damaged', note: 'Water damage' },
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { product: AdminProduct }).product.stock).toBe(4);

    const stale = await t.request(url, {
      method: 'PUT',
      cookie: admin,
      json: { stock: 9, expected: 4, reason: 'restock' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'stock_changed', stock: 0 } });

    const badReason = await t.request(url, {
      method: 'PUT',
      cookie: admin,
      json: { stock: 9, expected: 0, reason: 'gift' },
    });
    expect(badReason.status).toBe(400);
    const negative = await t.request(url, {
      method: 'PUT',
      cookie: admin,
      json: { stock: -1, expected: 0, reason: 'correction' },
    });
    expect(negative.body).toMatchObject({ error: { message: PRODUCT_MESSAGES.stockNonNegative } });

    const [adjustment] = await t.database.sql.query<{
      delta: number;
      reason: string;
      note: string;
      actor_id: string;
    }>(
      `SELECT delta, reason, note, actor_id FROM inventory_adjustments WHERE variant_id = $1 AND reason <> 'initial'`,
      [variant.id],
    );
    expect(adjustment).toEqual({ delta: -4, reason: 'damaged', note: 'Water damage', actor_id: adminId });

    // A variant of another product is not reachable through this one.
    const other = await create({ sizes: ['S'], colors: [], stock: '1' });
    const wrong = await t.request(`/api/admin/products/${other.id}/variants/${variant.id}/stock`, {
      method: 'PUT',
      cookie: admin,
      json: { stock: 3, expected: 0, reason: 'restock' },
    });
    expect(wrong.status).toBe(404);

    // A malformed id is 404 before the body is read (a bad body too).
    for (const path of [
      `/api/admin/products/${product.id}/variants/not-a-uuid/stock`,
      `/api/admin/products/not-a-uuid/variants/${variant.id}/stock`,
    ]) {
      const response = await t.request(path, { method: 'PUT', cookie: admin, json: { stock: 'lots' } });
      expect(response.status, path).toBe(404);
    }

    // Sold out on the product page.
    const shop = await t.request(`/api/products/${product.id}`);
    const soldOut = (shop.body as { product: { variants: { id: string; soldOut: boolean }[] } }).product
      .variants;
    expect(soldOut.find((v) => v.id === variant.id)?.soldOut).toBe(true);
  });
});

describe('product images', () => {
  it('uploads several photos, re-encoded without metadata, alt text the product name; reorders; deletes', async () => {
    const product = await create({ name: 'Photo Tee' });
    const response = await upload(product.id, [
      { name: 'front.jpg', data: await photo('#c33') },
      { name: 'back.jpg', data: await photo('#33c') },
      { name: 'detail.jpg', data: await photo('#3c3') },
    ]);
    expect(response.status).toBe(201);
    const images = (
      response.body as unknown as { images: { id: string; altText: string; displayOrder: number }[] }
    ).images;
    expect(images.map((image) => [image.altText, image.displayOrder])).toEqual([
      ['Photo Tee', 1],
      ['Photo Tee', 2],
      ['Photo Tee', 3],
    ]);
    const served = await t.app.request(`http://localhost:3000/images/products/${images[0]!.id}/800.webp`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 800 });
    expect(meta.exif).toBeUndefined();

    const [a, b, c] = images.map((image) => image.id) as [string, string, string];
    const arranged = await t.request(`/api/admin/products/${product.id}/images`, {
      method: 'PUT',
      cookie: admin,
      json: {
        images: [
          { id: c, altText: 'Detail of the print' },
          { id: a, altText: '' },
          { id: b, altText: 'Back' },
        ],
      },
    });
    expect(arranged.status).toBe(200);
    expect((arranged.body as { images: unknown[] }).images).toEqual([
      { id: c, altText: 'Detail of the print', displayOrder: 1 },
      { id: a, altText: 'Photo Tee', displayOrder: 2 },
      { id: b, altText: 'Back', displayOrder: 3 },
    ]);
    const shop = await t.request(`/api/products/${product.id}`);
    expect((shop.body as { product: { images: { id: string }[] } }).product.images[0]!.id).toBe(c);

    const missing = await t.request(`/api/admin/products/${product.id}/images`, {
      method: 'PUT',
      cookie: admin,
      json: { images: [{ id: c, altText: '' }] },
    });
    expect(missing.status).toBe(409);

    const removed = await t.request(`/api/admin/products/${product.id}/images/${c}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(removed.status).toBe(200);
    expect((removed.body as { images: { id: string; displayOrder: number }[] }).images).toEqual([
      { id: a, altText: 'Photo Tee', displayOrder: 1 },
      { id: b, altText: 'Back', displayOrder: 2 },
    ]);
    expect(await status(`/images/products/${c}/400.webp`)).toBe(404);
    const actions = (await auditRows(c)).map((row) => row.action);
    expect(actions).toEqual(['uploaded', 'deleted']);
  });

  it('refuses attacks by content, whatever the name, with clear messages, storing nothing', async () => {
    const product = await create({ name: 'Attack Tee' });
    const attempt = (name: string, data: Buffer, type?: string) => upload(product.id, [{ name, data, type }]);

    const script = await attempt('holiday.jpg', Buffer.from('<script>alert(document.cookie)</script>'));
    expect(script).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_image', message: IMAGE_MESSAGES.notAnImage } },
    });

    const svg = await attempt(
      'logo.png',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
      ),
      'image/png',
    );
    expect(svg).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_image', message: IMAGE_MESSAGES.notAnImage } },
    });

    // 81 million pixels (just over the limit) and 900 million: both refused from the header alone.
    for (const side of [9_000, 30_000]) {
      const bomb = pngBomb(side, side);
      expect(bomb.byteLength).toBeLessThan(200 * 1024);
      const rssBefore = process.memoryUsage().rss;
      const exploded = await attempt('bomb.png', bomb, 'image/png');
      expect(exploded).toMatchObject({
        status: 400,
        body: { error: { message: IMAGE_MESSAGES.tooManyPixels } },
      });
      // The pixels were never decoded (that would take from 81 MB to gigabytes).
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(60 * 1024 * 1024);
    }

    const huge = await attempt('huge.jpg', Buffer.alloc(10 * 1024 * 1024, 1));
    expect(huge).toMatchObject({ status: 413, body: { error: { message: IMAGE_MESSAGES.tooLarge } } });

    const justOver = await attempt(
      'big.jpg',
      Buffer.concat([await photo('#999', 200), Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(justOver).toMatchObject({
      status: 413,
      body: { error: { code: 'image_too_large', message: IMAGE_MESSAGES.tooLarge } },
    });

    // One bad file among good ones names itself, and none of them is kept.
    const mixed = await upload(product.id, [
      { name: 'good.jpg', data: await photo() },
      { name: 'notes.png', data: Buffer.from('plain text') },
    ]);
    expect(mixed).toMatchObject({
      status: 400,
      body: { error: { message: `notes.png: ${IMAGE_MESSAGES.notAnImage}` } },
    });

    const [count] = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_images WHERE product_id = $1',
      [product.id],
    );
    expect(count?.n).toBe(0);
    expect(await t.deps.storage.exists('product-images', `products/${product.id}`)).toBe(false);
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('deletes the product, its variants, image rows and files; its image URLs answer 404', async () => {
    const product = await create({ name: 'Short-lived Tee' });
    const uploaded = await upload(product.id, [{ name: 'a.jpg', data: await photo() }]);
    const imageId = (uploaded.body as { images: { id: string }[] }).images[0]!.id;
    expect(await status(`/images/products/${imageId}/400.webp`)).toBe(200);

    const response = await t.request(`/api/admin/products/${product.id}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(response.body).toEqual({ outcome: 'deleted', message: PRODUCT_MESSAGES.deleted });
    for (const variant of ['400', '800', '1200', 'preview']) {
      expect(await status(`/images/products/${imageId}/${variant}.webp`)).toBe(404);
    }
    const [left] = await t.database.sql.query<{ products: number; variants: number; images: number }>(
      `SELECT (SELECT count(*)::int FROM products WHERE id = $1) AS products,
              (SELECT count(*)::int FROM product_variants WHERE product_id = $1) AS variants,
              (SELECT count(*)::int FROM product_images WHERE product_id = $1) AS images`,
      [product.id],
    );
    expect(left).toEqual({ products: 0, variants: 0, images: 0 });
    expect(await t.deps.storage.exists('product-images', `products/${product.id}`)).toBe(false);
    expect((await auditRows(product.id)).at(-1)).toMatchObject({ action: 'deleted', after: null });
    expect((await t.request(`/api/admin/products/${product.id}`, { cookie: admin })).status).toBe(404);
  });

  it('deactivates a product that appears in orders instead, and says so', async () => {
    const product = await create({ name: 'Ordered Tee', sizes: ['M'], colors: ['Black'], stock: '3' });
    const shopper = await createSignedInUser(t);
    await addToCart(t, shopper.cookie, product as never, 1);
    expect((await placeOrder(t, shopper.cookie)).status).toBe(201);
    const listed = await t.request('/api/admin/products?q=ordered%20tee', { cookie: admin });
    expect(listed.body).toMatchObject({ products: [{ id: product.id, inOrders: true }] });

    const response = await t.request(`/api/admin/products/${product.id}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(response.body).toEqual({ outcome: 'deactivated', message: PRODUCT_MESSAGES.deactivated });
    const kept = await t.request(`/api/admin/products/${product.id}`, { cookie: admin });
    expect(kept.body).toMatchObject({ product: { isActive: false, inOrders: true } });
    expect((await t.request(`/api/products/${product.id}`)).status).toBe(404);
    expect((await auditRows(product.id)).at(-1)).toMatchObject({
      action: 'deactivated',
      before: { isActive: true },
      after: { isActive: false },
    });
  });
});

/**
 * A real decompression bomb: a valid 1-bit grey PNG of width x height pixels, all black, that
 * deflates to almost nothing (30000 x 30000 is about 110 KB on disk, 900 million pixels decoded).
 */
function pngBomb(width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * height);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
