import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-admin';
import { linkIn, waitForEmail } from './support/mail';
import { DESKTOP, openPage, PHONE } from './support/screens';
import { SHOPPER_PASSWORD, someIp } from './support/shoppers';

/**
 * Stored XSS: markup written into every free-text field a person can fill (product names and
 * descriptions, notifications, addresses, order notes, customer names) comes back as text on every
 * screen that shows it, storefront and admin. No element is made from it, no script of it runs;
 * and each page's Content-Security-Policy would refuse an inline handler anyway.
 */

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=2</script>';
const tag = randomUUID().slice(0, 6);

const PRODUCT_NAME = `Tee ${tag} ${IMG}`;
const DESCRIPTION = `Soft cotton ${SCRIPT}`;
const NOTICE_TITLE = `Sale ${tag} ${IMG}`;
const NOTICE_BODY = `Everything ${SCRIPT}`;
const FIRST_NAME = `Ada${IMG}`.slice(0, 40);
const ADDRESS = `12 ${IMG} Street`;
const NOTES = `Leave at gate ${SCRIPT}`;

/** What the page did with the payloads: elements made from them, scripts run, CSP refusals. */
async function expectInert(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss ?? null,
    images: document.querySelectorAll('img[src="x"]').length,
    // A payload made into an element is a script holding only its code; the page's own state
    // carries the payload as an escaped JSON string, which is text.
    scripts: [...document.querySelectorAll('script')].filter((script) =>
      script.textContent?.trim().startsWith('window.__xss'),
    ).length,
  }));
  expect(found, where).toEqual({ ran: null, images: 0, scripts: 0 });
}

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const signedIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return admin;
}

let productId = '';
let orderId = '';
let noticeId = '';
let shopper = { email: '', password: SHOPPER_PASSWORD };

test.beforeAll(async ({ baseURL }) => {
  const admin = await adminApi(baseURL!);
  const created = await admin.post('/api/admin/products', {
    data: {
      name: PRODUCT_NAME,
      description: DESCRIPTION,
      price: '12500',
      category: 'tshirts',
      subcategory: '',
      gender: 'men',
      stock: '20',
      sizes: ['M'],
      colors: ['Black'],
      isActive: true,
      // Not featured: the home page's first featured card is the page's LCP image, which
      // catalog.spec.ts checks meanwhile; the home page shows it among all the products anyway.
      isFeatured: false,
      isMystery: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  productId = ((await created.json()) as { product: { id: string } }).product.id;
  const notice = await admin.post('/api/admin/notifications', {
    data: {
      title: NOTICE_TITLE,
      content: NOTICE_BODY,
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(notice.status(), await notice.text()).toBe(201);
  noticeId = ((await notice.json()) as { notification: { id: string } }).notification.id;
  await admin.dispose();

  // A shopper whose name, address and order notes carry markup.
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  shopper = { email: `xss-${tag}@example.test`, password: SHOPPER_PASSWORD };
  const since = Date.now();
  const registered = await api.post('/api/auth/register', {
    data: { firstName: FIRST_NAME, lastName: 'Bello', ...shopper, confirmPassword: SHOPPER_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(
    linkIn(await waitForEmail(shopper.email, { since, subject: /Confirm/ }), /\/auth\/confirm\?/),
  );
  await api.post('/api/auth/confirm', {
    data: { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') },
  });
  // Whatever the confirmation page asks for next, the password signs the shopper in.
  expect((await api.post('/api/auth/sign-in', { data: shopper })).status()).toBe(200);
  const address = {
    fullName: `Ada ${IMG}`.slice(0, 60),
    email: shopper.email,
    phone: '08031234567',
    address: ADDRESS,
    city: 'Lagos',
    state: 'Lagos',
  };
  expect((await api.post('/api/account/addresses', { data: address })).status()).toBe(201);
  const product = (await (await api.get(`/api/products/${productId}`)).json()) as {
    product: { variants: { id: string }[] };
  };
  const added = await api.post('/api/cart/items', {
    data: { productId, variantId: product.product.variants[0]!.id, gender: 'men', quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  const placed = await api.post('/api/orders', {
    data: { ...address, sameAsShipping: true, shippingMethodCode: 'standard', notes: NOTES },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  orderId = ((await placed.json()) as { orderId: string }).orderId;
  await api.dispose();
});

// Other browser tests count banners and products: take ours away again.
test.afterAll(async ({ baseURL }) => {
  const admin = await adminApi(baseURL!);
  if (noticeId) await admin.patch(`/api/admin/notifications/${noticeId}`, { data: { isActive: false } });
  if (productId) await admin.delete(`/api/admin/products/${productId}`);
  await admin.dispose();
});

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`markup typed into the shop shows as text everywhere, on a ${device}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    // The storefront, as a visitor: the banner, home, a listing, the product, search.
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy'] ?? '', 'the CSP').toMatch(/script-src[^;]*'nonce-/);
    await expect(page.getByText(NOTICE_TITLE).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'home');
    await page.goto('/tshirts');
    await expect(page.getByText(PRODUCT_NAME).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'listing');
    await page.goto(`/product/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeVisible();
    await expect(page.getByText(DESCRIPTION)).toBeVisible();
    await expectInert(page, 'product page');

    // The shopper's own pages.
    await openPage(page, '/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/order-confirmation/${orderId}`);
    await expect(page.getByText(PRODUCT_NAME).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'order confirmation');
    await page.goto('/account?tab=addresses');
    await expect(page.getByText(ADDRESS).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'account addresses');
    await page.goto('/account');
    await expectInert(page, 'account');
    await page.goto('/checkout');
    await expectInert(page, 'checkout');
    await page.context().clearCookies();

    // The admin panel: products, the order, the customer, notifications, the audit log.
    await openPage(page, '/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    await expectInert(page, 'admin dashboard');
    await page.goto('/admin/dashboard?tab=products');
    await expect(page.getByText(PRODUCT_NAME).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'admin products');
    await openPage(page, '/admin/dashboard?tab=orders');
    const short = orderId.slice(0, 8);
    await page.getByLabel('Search orders').fill(short.toUpperCase());
    await page
      .getByRole('button', { name: new RegExp(`^View order #?${short}`, 'i') })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: new RegExp(`Order #${short}`, 'i') })).toBeVisible();
    await expect(page.getByText(NOTES).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText(ADDRESS).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'admin order details');
    await page.goto('/admin/dashboard?tab=customers');
    await expect(page.getByText(shopper.email).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'admin customers');
    await page.goto('/admin/dashboard?tab=settings&section=notifications');
    await expect(page.getByText(NOTICE_TITLE).filter({ visible: true }).first()).toBeVisible();
    await expectInert(page, 'admin notifications');
    await page.goto('/admin/dashboard?tab=settings&section=audit');
    await expectInert(page, 'admin audit log');

    expect(dialogs).toEqual([]);
  });
}
