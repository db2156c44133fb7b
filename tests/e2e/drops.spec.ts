import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { formatDateTime } from '../../src/shared/dates';
import type { ProductDetailResponse } from '../../src/shared/schemas/catalog';
import { fromShopLocalInput, toShopLocalInput } from '../../src/shared/shop-time-input';
import { E2E_ADMIN } from './support/e2e-admin';
import { DESKTOP, expectNoSidewaysScroll, keep, openPage, PHONE, snap } from './support/screens';
import { someIp } from './support/shoppers';

/**
 * Drops in the browser: an admin gives a product a release time and a limit per customer in the
 * panel's product dialog; the list marks it 'Coming soon' and its page says so, with the limit.
 * Then the release is moved nearer (by another admin, through the API): the home page features
 * the drop and its page counts down; moved again to a few seconds ahead, the page opened from the
 * address bar offers the purchase choices by itself at the release, without a reload, and the
 * open dialog has followed.
 */

/**
 * How far ahead the release is put for the page that waits for it: enough for a slow machine to
 * open the page before it (the test then waits for the release).
 */
const LEAD_MS = 15_000;

/** Waits until this machine's clock (the shop's too, here) reaches `epochMs`. */
const untilClock = (epochMs: number) =>
  expect
    .poll(() => Date.now(), { timeout: Math.max(0, epochMs - Date.now()) + 5_000, intervals: [50] })
    .toBeGreaterThanOrEqual(epochMs);

async function signedInAdmin(baseURL: string) {
  const admin = await request.newContext({ baseURL });
  const signedIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return admin;
}

/**
 * A product of the test's own, in stock, made through the admin API: a drop is no longer on sale,
 * so a demo product other tests are buying at the same time must not become one.
 */
async function productForTheDrop(
  admin: APIRequestContext,
  baseURL: string,
  label: string,
): Promise<ProductDetailResponse['product']> {
  const created = await admin.post('/api/admin/products', {
    headers: { origin: baseURL },
    data: {
      name: `Lekki Drop Tee ${label} ${Date.now().toString(36)}`,
      description: 'Numbered run, printed in Lagos.',
      price: '18000',
      category: 'tshirts',
      subcategory: '',
      gender: 'men',
      stock: '10',
      sizes: ['M', 'L'],
      colors: ['Black'],
      isActive: true,
      isFeatured: false,
      isMystery: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string } };
  const read = await admin.get(`/api/products/${product.id}`);
  return ((await read.json()) as ProductDetailResponse).product;
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

/** The admin panel in its own browser, signed in, on Products, with the product's dialog open. */
async function openInPanel(
  browser: Browser,
  viewport: { width: number; height: number },
  productName: string,
) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const panel = await context.newPage();
  await openPage(panel, '/admin');
  await panel.getByLabel('Email').fill(E2E_ADMIN.email);
  await panel.getByLabel('Password').fill(E2E_ADMIN.password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  await expect(panel).toHaveURL(/\/admin\/dashboard/);
  await openPage(panel, '/admin/dashboard?tab=products');
  await panel.getByRole('searchbox').fill(productName);
  const item = panel.getByRole('listitem').filter({ has: panel.getByText(productName, { exact: true }) });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: `Edit ${productName}` }).click();
  const dialog = panel.getByRole('dialog', { name: 'Edit Product' });
  const drop = dialog.getByRole('form', { name: 'Drop' });
  await expect(drop).toBeVisible();
  return { context, panel, item, dialog, drop };
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a drop set in the panel is 'Coming soon', then goes on sale by itself at the release (${label})`, async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const admin = await signedInAdmin(baseURL!);
    const product = await productForTheDrop(admin, baseURL!, label);
    const { context, panel, item, dialog, drop } = await openInPanel(browser, viewport, product.name);
    try {
      // In the panel: a release the day after tomorrow, typed on the Lagos clock, 2 per customer.
      const typed = toShopLocalInput(new Date(Date.now() + 2 * 86_400_000));
      const later = fromShopLocalInput(typed)!;
      await drop.getByLabel('Release time (Lagos time)').fill(typed);
      await drop.getByLabel('Limit per customer').fill('2');
      await drop.getByRole('button', { name: 'Save drop' }).click();
      await expect(panel.getByText('Drop settings saved')).toBeVisible();
      await expectNoSidewaysScroll(panel);
      await snap(panel, 'admin-product-drop', { dialog: true });
      const saved = (await (
        await page.request.get(`/api/products/${product.id}`)
      ).json()) as ProductDetailResponse;
      expect(saved.product.releaseAt).toBe(later);
      // The list marks it.
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(dialog).toBeHidden();
      await expect(item.getByText('Coming soon', { exact: true })).toBeVisible();
      await expect(
        item.getByText(`Drop: ${formatDateTime(later)} (Lagos time), 2 per customer`),
      ).toBeVisible();
      await expectNoSidewaysScroll(panel);
      await snap(panel, 'admin-products-drop');

      // The shop: 'Coming soon', no way to buy, the limit said.
      await openPage(page, `/product/${product.id}`);
      await expect(page.getByRole('button', { name: 'COMING SOON' })).toBeDisabled();
      await expect(page.getByText('Limited drop: 2 per customer.')).toBeVisible();

      // Another admin moves the release nearer while the dialog is open again (it follows:
      // checked below, after the release).
      await item.getByRole('button', { name: `Edit ${product.name}` }).click();
      await expect(drop.getByLabel('Release time (Lagos time)')).toHaveValue(typed);
      await setDrop(admin, product.id, new Date(Date.now() + 10 * 60_000).toISOString(), 2);

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
      await keep(page, `drops-home-${label}`);
      await keep(featured, `drops-home-section-${label}`);

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
      await expect.poll(() => timer.innerText()).not.toBe(first);
      await noSidewaysScroll(page);
      await keep(page, `drops-coming-soon-${label}`);

      // Then a few seconds ahead: opened straight from the address bar (server-rendered), the
      // page waits for the release.
      const releaseAt = new Date(Date.now() + LEAD_MS).toISOString();
      await setDrop(admin, product.id, releaseAt, 2);
      await page.goto(`/product/${product.id}`);
      await expect(page.getByRole('button', { name: 'COMING SOON' })).toBeDisabled();
      await expect(timer).toBeVisible();
      // A marker in the page's memory survives only if the page is never reloaded; the page notes
      // the moment the purchase choices are drawn (an observer in the page, so the time is not
      // rounded up to the test runner's polling steps).
      await page.evaluate(() => {
        const seen = window as unknown as { dropMarker: string; addToCartAt?: number };
        seen.dropMarker = 'same page';
        const look = () => {
          const shown = [...document.querySelectorAll('button')].some((button) =>
            button.textContent?.includes('ADD TO CART'),
          );
          if (!shown) return;
          seen.addToCartAt = Date.now();
          observer.disconnect();
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      expect(
        Date.parse(releaseAt) - Date.now(),
        'the test reached the product page before the release',
      ).toBeGreaterThan(2_000);
      // Two seconds before the release another visitor reads the product: the shop keeps that
      // answer for a few seconds for everyone signed out, but never past the release, which no
      // change announces (the page asks again when its countdown ends).
      await untilClock(Date.parse(releaseAt) - 2_000);
      const early = await page.request.get(`/api/products/${product.id}`);
      expect(Date.parse(((await early.json()) as ProductDetailResponse).now)).toBeLessThan(
        Date.parse(releaseAt),
      );
      const remaining = Date.parse(releaseAt) - Date.now();

      const addToCart = page.getByRole('button', { name: 'ADD TO CART' });
      await expect(addToCart).toBeVisible({ timeout: remaining + 10_000 });
      const switchedAt = await page.evaluate(
        () => (window as unknown as { addToCartAt?: number }).addToCartAt ?? Number.NaN,
      );
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
      await keep(page, `drops-released-${label}`);

      // The panel's open dialog shows the new release time, read again without closing it.
      await expect(drop.getByLabel('Release time (Lagos time)')).toHaveValue(toShopLocalInput(releaseAt));
      await expect(drop.getByLabel('Limit per customer')).toHaveValue('2');

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
      await context.close();
    }
  });
}

test('before the release the server refuses the drop, whatever the page sends', async ({ page, baseURL }) => {
  const admin = await signedInAdmin(baseURL!);
  const product = await productForTheDrop(admin, baseURL!, 'refused');
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
    await keep(page, 'drops-guest-cart-coming-soon');
  } finally {
    await setDrop(admin, product.id, null, null);
    await admin.dispose();
  }
});
