import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import type { ProductDetailResponse, ProductListResponse } from '../../src/shared/schemas/catalog';
import { E2E_ADMIN } from './support/e2e-admin';
import { DESKTOP, PHONE } from './support/screens';

/**
 * Drops in the browser: an admin gives a product a release time a few seconds ahead (through the
 * admin API, as the e2e admin); the home page features it and its page says 'Coming soon' with a
 * ticking countdown, then offers the purchase choices by itself at the release, without a reload.
 */

const LEAD_MS = 15_000;

async function signedInAdmin(baseURL: string) {
  const admin = await request.newContext({ baseURL });
  const signedIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return admin;
}

/** An active demo product with stock in at least one size. */
async function productInStock(request: APIRequestContext): Promise<ProductDetailResponse['product']> {
  const list = (await (await request.get('/api/products?limit=100')).json()) as ProductListResponse;
  for (const summary of list.products) {
    if (summary.releaseAt || summary.stock < 5) continue;
    const { product } = (await (
      await request.get(`/api/products/${summary.id}`)
    ).json()) as ProductDetailResponse;
    if (product.variants.some((variant) => variant.stock > 0)) return product;
  }
  throw new Error('no demo product in stock');
}

async function setDrop(
  admin: APIRequestContext,
  productId: string,
  releaseAt: string | null,
  limit: number | null,
) {
  const response = await admin.put(`/api/admin/products/${productId}/drop`, {
    data: { releaseAt, limitPerCustomer: limit },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/drops-${name}.png`, fullPage: true });

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a drop counts down on its page and goes on sale by itself at the release (${label})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const admin = await signedInAdmin(baseURL!);
    const product = await productInStock(page.request);
    const releaseAt = new Date(Date.now() + LEAD_MS).toISOString();
    await setDrop(admin, product.id, releaseAt, 2);
    try {
      // The home page features the next drop, with its countdown.
      await page.goto('/');
      const featured = page.getByRole('region', { name: product.name });
      await expect(featured.getByText('NEXT DROP')).toBeVisible();
      await expect(featured.getByRole('timer', { name: 'Time until the drop' })).toBeVisible();
      await expect(featured.getByText(/^Drops .+ \(Lagos time\)$/)).toBeVisible();
      // Listed with the rest of the shop, marked 'Coming soon'.
      await expect(
        page
          .getByRole('list', { name: 'All products' })
          .getByRole('link', { name: new RegExp(product.name) }),
      ).toContainText('COMING SOON');
      await noSidewaysScroll(page);
      await shot(page, `home-${label}`);
      await featured.screenshot({ path: `test-results/screenshots/drops-home-section-${label}.png` });

      // Its page: 'Coming soon', the release time, a countdown that ticks, no way to buy.
      await featured.getByRole('link', { name: 'SEE THE DROP' }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByText('COMING SOON', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'COMING SOON' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'ADD TO CART' })).toHaveCount(0);
      await expect(page.getByText('Limited drop: 2 per customer.')).toBeVisible();
      const timer = page.getByRole('timer', { name: 'Time until the drop' });
      await expect(timer).toBeVisible();
      const first = await timer.innerText();
      await expect.poll(() => timer.innerText(), { timeout: 5_000 }).not.toBe(first);
      await noSidewaysScroll(page);
      await shot(page, `coming-soon-${label}`);

      // Open straight from the address bar too (server-rendered), then wait for the release.
      await page.goto(`/product/${product.id}`);
      await expect(page.getByRole('button', { name: 'COMING SOON' })).toBeDisabled();
      await expect(timer).toBeVisible();
      // A marker in the page's memory survives only if the page is never reloaded.
      await page.evaluate(() => {
        (window as unknown as { dropMarker: string }).dropMarker = 'same page';
      });
      const remaining = Date.parse(releaseAt) - Date.now();
      expect(remaining, 'the test reached the product page before the release').toBeGreaterThan(0);

      const addToCart = page.getByRole('button', { name: 'ADD TO CART' });
      await expect(addToCart).toBeVisible({ timeout: remaining + 10_000 });
      const switchedAt = Date.now();
      // Not before the release time (the shop's clock and this machine's are the same here).
      expect(switchedAt).toBeGreaterThanOrEqual(Date.parse(releaseAt));
      expect(switchedAt - Date.parse(releaseAt)).toBeLessThan(5_000);
      expect(await page.evaluate(() => (window as unknown as { dropMarker?: string }).dropMarker)).toBe(
        'same page',
      );
      await expect(page.getByRole('button', { name: 'COMING SOON' })).toHaveCount(0);
      await expect(page.getByText('Out now: choose your size and add it to your cart.')).toBeVisible();
      await expect(page.getByRole('group', { name: /GENDER/ })).toBeVisible();
      await noSidewaysScroll(page);
      await shot(page, `released-${label}`);

      // And the server sells it now.
      const variant = product.variants.find((v) => v.stock > 0)!;
      const added = await page.request.post('/api/cart/quote', {
        data: {
          items: [{ productId: product.id, variantId: variant.id, gender: product.gender, quantity: 1 }],
        },
      });
      expect(((await added.json()) as { items: { status: string }[] }).items[0]?.status).toBe('ok');
    } finally {
      await setDrop(admin, product.id, null, null);
      await admin.dispose();
    }
  });
}

test('before the release the server refuses the drop, whatever the page sends', async ({ page, baseURL }) => {
  const admin = await signedInAdmin(baseURL!);
  const product = await productInStock(page.request);
  await setDrop(admin, product.id, new Date(Date.now() + 3_600_000).toISOString(), null);
  try {
    const variant = product.variants.find((v) => v.stock > 0)!;
    const item = { productId: product.id, variantId: variant.id, gender: product.gender, quantity: 1 };
    const quote = await page.request.post('/api/cart/quote', { data: { items: [item] } });
    expect(await quote.json()).toMatchObject({ canCheckout: false, items: [{ status: 'coming_soon' }] });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('button', { name: 'COMING SOON' })).toBeDisabled();
    // A guest cart holding it anyway (written by hand into the browser's storage) says why it
    // cannot be bought.
    await page.evaluate(
      (line) => localStorage.setItem('naija-street.guest-cart', JSON.stringify([line])),
      item,
    );
    await page.goto('/cart');
    await expect(page.getByText('This drop is not out yet. Please remove it to check out.')).toBeVisible();
    await shot(page, 'guest-cart-coming-soon');
  } finally {
    await setDrop(admin, product.id, null, null);
    await admin.dispose();
  }
});
