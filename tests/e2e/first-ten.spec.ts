import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatNaira } from '../../src/shared/money';
import type { ProductDetail, ProductListResponse } from '../../src/shared/schemas/catalog';
import { startShop } from '../process/support/shop-process';
import { E2E_ADMIN } from './support/e2e-admin';
import { linkIn, waitForEmail } from './support/mail';
import { createOwnProduct } from './support/products';
import { DESKTOP, keep, openPage, PHONE } from './support/screens';
import { createConfirmedShopper, someIp } from './support/shoppers';

/**
 * The first ten minutes (issue 13): what a newcomer, a shopper and a store owner meet first, each
 * on a 390 px phone and on a desktop. Screenshots of every screen go to the test output.
 */

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

async function productByName(request: APIRequestContext, name: string): Promise<ProductDetail> {
  const list = (await (await request.get('/api/products?limit=100')).json()) as ProductListResponse;
  const summary = list.products.find((product) => product.name === name);
  if (!summary) throw new Error(`no demo product ${name}`);
  return ((await (await request.get(`/api/products/${summary.id}`)).json()) as { product: ProductDetail })
    .product;
}

/** A variant with a colour and at least `minStock` units, on a product nobody else's test buys. */
async function sellable(request: APIRequestContext, names: string[], minStock: number) {
  for (const name of names) {
    const product = await productByName(request, name);
    const variant = product.variants.find((v) => v.color !== null && v.stock >= minStock);
    if (variant) return { product, variant };
  }
  throw new Error(`none of ${names.join(', ')} has ${minStock} in stock`);
}

async function signIn(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/auth/sign-in', {
    headers: { 'x-forwarded-for': someIp() },
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const SHIPPING = {
  fullName: 'Ada Obi',
  phone: '08031234567',
  address: '12 Admiralty Way',
  city: 'Lagos',
  state: 'Lagos',
};

/**
 * Other shoppers buy `quantity` of the variant through the API, leaving less for ours: ten units
 * each at most, since no account may hold more of one variant in unpaid orders.
 */
async function rivalBuys(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  pick: { product: ProductDetail; variant: ProductDetail['variants'][number] },
  quantity: number,
) {
  for (let left = quantity; left > 0; left -= 10) {
    const rival = await playwright.request.newContext({ baseURL });
    const account = await createConfirmedShopper(rival, 'Kemi');
    await signIn(rival, account);
    const added = await rival.post('/api/cart/items', {
      data: {
        productId: pick.product.id,
        variantId: pick.variant.id,
        gender: 'women',
        quantity: Math.min(10, left),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const order = await rival.post('/api/orders', { data: { ...SHIPPING, email: account.email } });
    expect(order.status(), await order.text()).toBe(201);
    await rival.dispose();
  }
}

const stockOf = async (request: APIRequestContext, productId: string, variantId: string) =>
  (
    (await (await request.get(`/api/products/${productId}`)).json()) as { product: ProductDetail }
  ).product.variants.find((variant) => variant.id === variantId)!.stock;

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
});

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`on a ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('checkout shows which line is short, offers no payment for it, and lets the shopper fix it', async ({
      page,
      playwright,
      baseURL,
    }) => {
      // A product of the test's own: no other test buys what the rival leaves.
      const product = await createOwnProduct(baseURL!, { name: `Short Line Crew ${label}`, stock: 3 });
      const pick = { product, variant: product.variants[0]! };
      const shopper = await createConfirmedShopper(page.request, 'Chidi');
      await signIn(page.request, shopper);
      await page.request.post('/api/cart/items', {
        data: { productId: pick.product.id, variantId: pick.variant.id, gender: 'men', quantity: 2 },
      });
      // Meanwhile: on the phone all but one sells; on the desktop every last one.
      const left = label === 'phone' ? 1 : 0;
      await rivalBuys(playwright, baseURL!, pick, pick.variant.stock - left);

      await openPage(page, '/checkout');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      const line = summary.getByRole('listitem').filter({ hasText: pick.product.name });
      await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Update your order to pay' })).toBeDisabled();
      await expect(summary).toContainText("One item can't be bought as it is: remove or reduce it above.");
      await expectNoSidewaysScroll(page);
      if (left === 1) {
        await expect(line).toContainText('Only 1 left in stock. Please reduce the quantity.');
        await keep(page, `first-ten-checkout-short-line-${label}`);
        await line.getByRole('button', { name: `Buy the 1 left of ${pick.product.name}` }).click();
        await expect(line).toContainText('Qty: 1');
        await expect(line).not.toContainText('left in stock');
        // Now the order can be bought: the Pay button is back, for the one left.
        await expect(summary).toContainText(formatNaira(pick.product.priceKobo));
        await expect(page.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
      } else {
        await expect(line).toContainText('Sold out. Please remove it to check out.');
        await expect(line.getByRole('button', { name: /^Buy the/ })).toHaveCount(0);
        await keep(page, `first-ten-checkout-sold-out-line-${label}`);
        await line.getByRole('button', { name: `Remove ${pick.product.name} from your order` }).click();
        // The only line gone: checkout has nothing to sell and sends the shopper to the cart.
        await expect(page).toHaveURL(/\/cart$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
      }
      await keep(page, `first-ten-checkout-fixed-${label}`);
    });

    test("'Return to Checkout' puts the order back in the cart and releases its stock", async ({
      page,
      baseURL,
    }) => {
      // A product of the test's own: its stock moves only with this test's order.
      const product = await createOwnProduct(baseURL!, { name: `Return Crew ${label}`, stock: 4 });
      const pick = { product, variant: product.variants[0]! };
      const shopper = await createConfirmedShopper(page.request, 'Bola');
      await signIn(page.request, shopper);
      await page.request.post('/api/cart/items', {
        data: { productId: pick.product.id, variantId: pick.variant.id, gender: 'women', quantity: 2 },
      });
      const placed = await page.request.post('/api/orders', { data: { ...SHIPPING, email: shopper.email } });
      expect(placed.status()).toBe(201);
      const { orderId } = (await placed.json()) as { orderId: string };
      const stockWhileOrdered = await stockOf(page.request, pick.product.id, pick.variant.id);
      expect(stockWhileOrdered).toBe(pick.variant.stock - 2);

      // The payment page names the simulator from its first paint: in the server's HTML already.
      const html = await (await page.request.get(`/payment/${orderId}`)).text();
      expect(html).toContain('Test payments: no real money moves.');
      expect(html).not.toContain('Card payments are processed securely by Paystack.');

      await openPage(page, `/payment/${orderId}`);
      await expect(page.getByText('Test payments: no real money moves.')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Cart, 0 items/ })).toBeVisible();
      await expect(
        page.getByText('Going back cancels this unpaid order and puts its items back in your cart.'),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await keep(page, `first-ten-payment-${label}`);
      await page.getByRole('button', { name: 'Return to Checkout' }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary.getByRole('listitem').filter({ hasText: pick.product.name })).toContainText(
        'Qty: 2',
      );
      await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
      expect(await stockOf(page.request, pick.product.id, pick.variant.id)).toBe(pick.variant.stock);
      const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
        order: { status: string };
      };
      expect(order.order.status).toBe('cancelled');
      await keep(page, `first-ten-return-to-checkout-${label}`);
    });

    test('the reset page checks its link with the server before showing the form', async ({ page }) => {
      const shopper = await createConfirmedShopper(page.request, 'Ngozi');
      // A link that does not work: said at once, no form to fill in first.
      await page.goto('/reset-password#token=not-a-real-token');
      await expect(page.getByRole('heading', { name: 'Invalid or expired reset link' })).toBeVisible();
      await expect(page.getByLabel('New Password')).toHaveCount(0);
      await keep(page, `first-ten-reset-invalid-${label}`);
      await expect(page).toHaveURL(/\/forgot-password$/);

      const since = Date.now();
      await page.request.post('/api/auth/forgot-password', { data: { email: shopper.email } });
      const link = linkIn(
        await waitForEmail(shopper.email, { since, subject: /[Rr]eset/ }),
        /\/reset-password/,
      );
      // The check is held until the verifying state has been seen; the token is not used up.
      let releaseCheck: () => void = () => {};
      const checkHeld = new Promise<void>((resolve) => {
        releaseCheck = resolve;
      });
      await page.route('**/api/auth/reset-password/check', async (route) => {
        await checkHeld;
        await route.continue();
      });
      await page.goto(link);
      await expect(page.getByText('Verifying your reset link...')).toBeVisible();
      releaseCheck();
      await expect(page.getByLabel('New Password')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('New Password')).toBeVisible();
      await page.getByLabel('New Password').fill('NewPassw0rd');
      await page.getByLabel('Confirm Password').fill('NewPassw0rd');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);

      // The same link, now used: refused before any typing.
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Invalid or expired reset link' })).toBeVisible();
      await expect(page.getByLabel('New Password')).toHaveCount(0);
    });

    test("a product id that does not exist shows the product page's error", async ({ page }) => {
      const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('alert')).toHaveText('Error loading product: Product not found');
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
      await expectNoSidewaysScroll(page);
      await keep(page, `first-ten-product-missing-${label}`);
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('the header: sign-out icon, categories bar on wide screens, menu on phones; toasts hide nothing', async ({
      page,
    }) => {
      const shopper = await createConfirmedShopper(page.request, 'Femi');
      await signIn(page.request, shopper);
      // Signing out needs the page's script: the page is opened until it has taken over.
      await openPage(page, '/');
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
      const bar = page.getByRole('navigation', { name: 'Categories' });
      if (label === 'desktop') {
        for (const name of ['NEW', 'MEN', 'WOMEN', 'HATS', 'ACCESSORIES']) {
          await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
        }
        await expect(bar.getByRole('link', { name: 'HATS', exact: true })).toHaveAttribute('href', '/hats');
        await bar.getByRole('link', { name: 'MEN', exact: true }).hover();
        const menCategories = bar.getByRole('list', { name: "Men's categories" });
        await expect(menCategories.getByRole('link', { name: 'TOPS / JERSEYS' })).toBeVisible();
        await keep(page, `first-ten-header-categories-${label}`);
        // Keyboard: the women's categories open as focus reaches them.
        await bar.getByRole('link', { name: 'WOMEN', exact: true }).focus();
        await page.keyboard.press('Tab');
        await expect(
          bar.getByRole('list', { name: "Women's categories" }).getByRole('link', { name: 'T-SHIRTS' }),
        ).toBeFocused();
        await bar.getByRole('link', { name: 'NEW', exact: true }).click();
        await expect(page).toHaveURL(/\/new$/);
      } else {
        await expect(bar).toBeHidden();
        await expectNoSidewaysScroll(page);
      }
      await keep(page, `first-ten-header-${label}`);

      // A toast (signing out) covers neither the logo nor the cart and account icons.
      await header.getByRole('button', { name: 'Sign out' }).click();
      const toast = page.getByText('Logged out successfully');
      await expect(toast).toBeVisible();
      const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
      const headerBox = (await header.boundingBox())!;
      expect(toastBox.y, 'the toast covers the header').toBeGreaterThanOrEqual(
        headerBox.y + headerBox.height,
      );
      await keep(page, `first-ten-toast-${label}`);
      await expect(header.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    });

    test('each kind of product has its own size guide', async ({ page }) => {
      const guides = [
        { name: 'Ojota Fleece Joggers', table: 'Joggers', row: /MEDIUM\s*30-34\s*34/ },
        { name: 'Yaba Essential Tee', table: 'Tops', row: /MEDIUM\s*38-40\s*28/ },
        { name: 'Naija Street Logo Cap', table: 'Hats', row: /L\/XL\s*22½-23¼\s*57-59/ },
      ];
      for (const guide of guides) {
        const product = await productByName(page.request, guide.name);
        await openPage(page, `/product/${product.id}`);
        await page.getByRole('button', { name: 'Size Guide' }).click();
        const dialog = page.getByRole('dialog', { name: 'Size Guide' });
        await expect(dialog.getByRole('table', { name: guide.table })).toBeVisible();
        await expect(dialog.getByRole('row').filter({ hasText: guide.row })).toHaveCount(1);
        if (guide.table === 'Joggers') await keep(page, `first-ten-size-guide-${label}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      const bag = await productByName(page.request, 'Mainland Sling Bag');
      await page.goto(`/product/${bag.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mainland Sling Bag');
      await expect(page.getByRole('button', { name: 'Size Guide' })).toHaveCount(0);
    });

    test("'Clear All' asks first; Cancel keeps the cart", async ({ page }) => {
      const pick = await sellable(page.request, ['Eko Dad Cap', 'Naija Street Logo Cap'], 1);
      await openPage(page, `/product/${pick.product.id}`);
      await page.evaluate(
        ([productId, variantId]) =>
          window.localStorage.setItem(
            'naija-street.guest-cart',
            JSON.stringify([{ productId, variantId, gender: 'men', quantity: 1 }]),
          ),
        [pick.product.id, pick.variant.id],
      );
      await openPage(page, '/cart');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart (1 item)');
      await page.getByRole('button', { name: 'Clear All' }).click();
      const dialog = page.getByRole('dialog', { name: 'Clear your cart?' });
      await expect(dialog).toContainText('This removes the 1 item in your cart.');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await keep(page, `first-ten-clear-all-${label}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart (1 item)');
      await page.getByRole('button', { name: 'Clear All' }).click();
      await dialog.getByRole('button', { name: 'Clear All' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
    });

    test('the home hero shows the featured artwork on wide screens only', async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/images/')) requested.push(request.url());
      });
      await page.goto('/');
      const art = page.getByRole('complementary', { name: 'From the featured drop' });
      if (label === 'desktop') {
        await expect(art).toBeVisible();
        const pieces = art.getByRole('link');
        await expect(pieces).toHaveCount(3);
        for (const image of await art.getByRole('img').all()) {
          await expect
            .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
            .toBeGreaterThan(0);
        }
      } else {
        await expect(art).toBeHidden();
        await page.waitForLoadState('load');
        const artSources = await art
          .getByRole('img')
          .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc));
        expect(artSources.filter(Boolean), 'a phone fetched the hero art').toEqual([]);
      }
      await expectNoSidewaysScroll(page);
      await keep(page, `first-ten-home-hero-${label}`, { fullPage: false });
    });
  });
}

const STOREFRONT_NAMES = [
  'new',
  'tshirts',
  'tops',
  'sweatshirts',
  'jackets',
  'knitwear',
  'bottoms',
  'denim',
  'hats',
  'bags',
  'accessories',
  'womens',
] as const;

const ADMIN_PATHS = [
  ['products', 'products', "the admin panel's Products"],
  ['orders', 'orders', "the admin panel's Orders"],
  ['inventory', 'products', "the admin panel's Products (stock)"],
  ['customers', 'customers', "the admin panel's Customers"],
  ['size-guide', 'settings', "the admin panel's Settings (size guides)"],
  ['shipping', 'settings', "the admin panel's Settings (shipping)"],
  ['notifications', 'settings', "the admin panel's Settings (notifications)"],
  ['settings', 'settings', "the admin panel's Settings"],
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`known names on a ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test("the spec's storefront names, mistyped, go once with a toast to their listing", async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      // Typed in capitals or with a trailing slash, a listing is simply shown, its canonical
      // address the lower-case one: the same page, nothing to redirect.
      for (const typed of ['/TSHIRTS', '/tshirts/']) {
        const response = await page.goto(typed);
        expect(response?.status(), typed).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('T-Shirts');
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tshirts$/);
      }
      // Mistyped so that no page answers: the not-found screen sends the visitor on, with a toast.
      const mistypings = [
        (name: string) => `/${name}%20`,
        (name: string) => `/${name[0]!.toUpperCase()}${name.slice(1)}.`,
        (name: string) => `//${name.toUpperCase()}`,
      ];
      for (const [index, name] of STOREFRONT_NAMES.entries()) {
        const typed = mistypings[index % mistypings.length]!(name);
        // An address with '//' is not resolved against the base URL: given whole.
        const response = await page.goto(`${baseURL}${typed}`);
        expect(response?.status(), typed).toBe(404);
        await expect(page, typed).toHaveURL(new RegExp(`${escapeRegExp(baseURL!)}/${name}$`));
        await expect(page.getByText(`Taking you to /${name}`, { exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
        if (name === 'hats') await keep(page, `first-ten-known-name-redirect-${label}`);
      }
      // A listing keeps its query string.
      await page.goto(`${baseURL}//new?sort=price-asc`);
      await expect(page).toHaveURL(/\/new\?sort=price-asc$/);
      // Once each visit, never again from where it lands: Back leaves the mistyped address out.
      await page.goto('/shipping-policy');
      await page.goto('/hats%20');
      await expect(page).toHaveURL(/\/hats$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/shipping-policy$/);
      await expectNoSidewaysScroll(page);
    });

    test("the spec's admin paths go once, with a toast, to the panel's matching tab", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page.request, E2E_ADMIN);
      for (const [name, tab, toast] of ADMIN_PATHS) {
        await page.goto(`/admin/${name}`);
        await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?tab=${tab}$`));
        await expect(page.getByText(`Taking you to ${toast}`, { exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
      }
      // Typed another way, and a second time in the same tab: taken there again.
      for (const typed of ['/ADMIN/ORDERS/', '/admin/orders']) {
        await page.goto(typed);
        await expect(page).toHaveURL(/\/admin\/dashboard\?tab=orders$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      }
      const toast = page
        .locator('[data-sonner-toast]')
        .filter({ hasText: "Taking you to the admin panel's Orders" });
      await expect(toast).toBeVisible();
      const strip = page.getByRole('navigation', { name: 'Admin sections' });
      if (label === 'phone') {
        // The toast sits above the panel's tab strip at the bottom of the screen, hiding none of it.
        await expect(strip).toBeVisible();
        // Measured once the toast has slid into place.
        const bottomOf = async (locator: typeof toast) => {
          const box = (await locator.boundingBox())!;
          return Math.round(box.y + box.height);
        };
        await expect
          .poll(() => bottomOf(toast), { message: 'the toast covers the tab strip' })
          .toBeLessThanOrEqual(Math.floor((await strip.boundingBox())!.y));
        expect(await bottomOf(toast), 'the toast is at the bottom').toBeGreaterThan(viewport.height / 2);
      } else {
        await expect(strip).toBeHidden();
      }
      await keep(page, `first-ten-admin-named-path-toast-${label}`);
    });
  });
}

/**
 * The README's "To try it" path on a fresh start, step by step: the printed block's admin sign-in
 * works in the admin panel; a new shopper signs up (confirmation from the mailbox), buys and pays
 * in the simulator; the order is then paid and its email in the mailbox; the admin finds it in the
 * Orders tab, ships and delivers it (emailing the shopper), refunds it, prints its packing slip and
 * exports the list as CSV.
 */
test("the README's steps, from the printed sign-in to a paid order and the admin's work on it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A fresh start draws the demo catalogue: slower while the other browser tests' shop runs too.
  const shop = await startShop(
    { NODE_ENV: 'development', DEMO_DATA: 'true', LOG_LEVEL: 'info' },
    { timeoutMs: 150_000 },
  );
  try {
    const out = shop.stdout();
    const block = out.slice(out.indexOf('Naija Street is ready.'));
    const field = (name: string) => new RegExp(`^ {2,4}${name} +(.+)$`, 'm').exec(block)?.[1] ?? '';
    const url = field('Shop');
    expect(url).toBe(`http://localhost:${shop.port}`);
    expect(field('Payments')).toMatch(/^simulated/);

    // 1. The admin signs in with the printed email and password.
    const admin = await browser.newPage({ baseURL: url, viewport: DESKTOP });
    await openPage(admin, field('Admin'));
    await admin.getByLabel('Email').fill(field('email'));
    await admin.getByLabel('Password').fill(field('password'));
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await expect(admin).toHaveURL(/\/admin\/dashboard\?tab=dashboard$/);
    await keep(admin, 'first-ten-readme-admin-desktop');

    // 2. A shopper on a phone signs up; the confirmation link is in the mailbox.
    const shopper = await browser.newPage({ baseURL: url, viewport: PHONE });
    const email = `newcomer-${randomUUID().slice(0, 8)}@example.test`;
    await openPage(shopper, '/register');
    await shopper.getByLabel('First Name').fill('Amaka');
    await shopper.getByLabel('Last Name').fill('Eze');
    await shopper.getByLabel('Email').fill(email);
    await shopper.getByLabel('Password', { exact: true }).fill('Passw0rd!');
    await shopper.getByLabel('Confirm Password').fill('Passw0rd!');
    await shopper.getByRole('button', { name: 'Create Account' }).click();
    await expect(shopper.getByText(/check your email/i).first()).toBeVisible();
    await shopper.goto(field('Mailbox').split(' ')[0]!);
    const confirmLink = shopper.getByRole('link', { name: /\/auth\/confirm\?/ }).first();
    await expect(confirmLink).toBeVisible();
    await shopper.goto((await confirmLink.getAttribute('href'))!);
    await expect(shopper.getByText('Email confirmed successfully! Redirecting...')).toBeVisible();
    await openPage(shopper, '/login');
    if (await shopper.getByLabel('Email').isVisible()) {
      await shopper.getByLabel('Email').fill(email);
      await shopper.getByLabel('Password', { exact: true }).fill('Passw0rd!');
      await shopper.getByRole('button', { name: 'Sign In' }).click();
      await expect(shopper).not.toHaveURL(/\/login/);
    }

    // 3. Picks a product and a size, adds it to the cart, checks out and pays in the simulator.
    const product = await productByName(shopper.request, 'Yaba Essential Tee');
    const variant = product.variants.find((v) => v.color !== null && v.stock > 0)!;
    await openPage(shopper, `/product/${product.id}`);
    await shopper.getByRole('radio', { name: 'Men', exact: true }).check();
    await shopper.getByRole('radio', { name: variant.size, exact: true }).check();
    await shopper.getByRole('radio', { name: variant.color!, exact: true }).check();
    await shopper.getByRole('button', { name: 'ADD TO CART' }).click();
    await shopper
      .getByRole('dialog', { name: /Your Cart/ })
      .getByRole('link', { name: 'Checkout' })
      .click();
    await expect(shopper).toHaveURL(/\/checkout$/);
    await shopper.getByLabel('Full name', { exact: true }).fill('Amaka Eze');
    await shopper.getByLabel('Phone', { exact: true }).fill('0803 123 4567');
    await shopper.getByLabel('Address', { exact: true }).fill('5 Broad Street');
    await shopper.getByLabel('City', { exact: true }).fill('Lagos');
    await shopper.getByLabel('State', { exact: true }).selectOption('Lagos');
    await shopper.getByRole('button', { name: /^Pay / }).click();
    await expect(shopper).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    const orderId = shopper.url().split('/').at(-1)!;
    const popupPromise = shopper.waitForEvent('popup');
    await shopper.getByRole('button', { name: 'Pay Now' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: 'Succeed' }).click({ noWaitAfter: true });
    await expect(shopper.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(shopper).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`), { timeout: 10_000 });
    await expect(shopper.getByText('Payment status: Paid')).toBeVisible();
    await keep(shopper, 'first-ten-readme-paid-order-phone');

    // The order's emails are in the mailbox.
    await shopper.goto(field('Mailbox').split(' ')[0]!);
    await expect(shopper.getByText(new RegExp(orderId.slice(0, 8), 'i')).first()).toBeVisible();
    // The log has a short line for each email with its link below it.
    expect(shop.stdout()).toMatch(new RegExp(`email to ${email.replace('.', '\\.')} .* kept in the mailbox`));

    // 4. In the admin panel's Orders tab the admin finds the order, ships it, delivers it (the
    // shopper is emailed each time), refunds it, prints its packing slip and exports the list.
    const short = orderId.slice(0, 8);
    const subjects = async () =>
      (
        (await (await admin.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
          emails: { subject: string }[];
        }
      ).emails.map((message) => message.subject);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await expect(admin).toHaveURL(/\/admin\/dashboard\?tab=orders$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await admin.getByLabel('Search orders').fill(short.toUpperCase());
    const open = admin.getByRole('button', { name: new RegExp(`^View order #?${short}`) });
    await open.click();
    const dialog = admin.getByRole('dialog', { name: `Order #${short}` });
    await expect(dialog.getByLabel('Order status')).toHaveValue('processing');
    for (const [status, word, subject] of [
      ['shipped', 'Shipped', /has been shipped/],
      ['delivered', 'Delivered', /has been delivered/],
    ] as const) {
      await dialog.getByLabel('Order status').selectOption(status);
      await expect(dialog.getByText(new RegExp(`→ ${word}$`))).toBeVisible();
      await expect.poll(subjects, { timeout: 15_000 }).toContainEqual(expect.stringMatching(subject));
    }
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await admin
      .getByRole('dialog', { name: 'Refund this payment?' })
      .getByRole('button', { name: /^Refund ₦/ })
      .click();
    await expect(dialog.getByText('The payment has been refunded in full.')).toBeVisible();
    await expect.poll(subjects, { timeout: 15_000 }).toContainEqual(expect.stringMatching(/^Refund of ₦/));
    await keep(admin, 'first-ten-readme-order-refunded-desktop');
    const [slip] = await Promise.all([
      admin.context().waitForEvent('page'),
      dialog.getByRole('link', { name: /Packing slip/ }).click(),
    ]);
    await expect(slip.getByText(`#${short.toUpperCase()}`)).toBeVisible();
    await expect(slip.getByText('Amaka Eze')).toBeVisible();
    await slip.close();
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const csvHref = await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await (await admin.request.get(csvHref!)).text();
    expect(csv).toContain(`${orderId},${short},`);
    expect(csv).toContain(',delivered,refunded,');
    // The shopper's confirmation says so too.
    await shopper.goto(`/order-confirmation/${orderId}`);
    await expect(shopper.getByText('Payment status: Refunded')).toBeVisible();
    await expect(shopper.getByText('Order status: Delivered')).toBeVisible();
    await admin.close();
    await shopper.close();
  } finally {
    await shop.stop();
  }
});
