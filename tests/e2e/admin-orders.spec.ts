import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import type { ProductDetail, ProductListResponse } from '../../src/shared/schemas/catalog';
import { E2E_ADMIN } from './support/e2e-admin';
import { waitForEmail } from './support/mail';
import { DESKTOP, PHONE } from './support/screens';
import { createConfirmedShopper, someIp } from './support/shoppers';

/**
 * The admin's Orders tab end to end, on a desktop and on a 390 px phone: a shopper buys and pays
 * through the payment simulator; the admin finds the order by its short id and moves it to shipped
 * and delivered, and the shopper's open confirmation page follows each click within a second, with
 * no reload (issue 10), while each email reaches the shopper through the test SMTP server; the
 * admin refunds it and the shopper sees 'Refunded'.
 */

async function signIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/sign-in', {
    headers: { 'x-forwarded-for': someIp() },
    data: { email, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** One unit of an in-stock demo product, ordered through the API as the checkout page does. */
async function placeOrder(request: APIRequestContext, email: string): Promise<string> {
  const list = (await (await request.get('/api/products?limit=100')).json()) as ProductListResponse;
  for (const summary of list.products) {
    const { product } = (await (await request.get(`/api/products/${summary.id}`)).json()) as {
      product: ProductDetail;
    };
    const variant = product.variants.find((v) => !v.soldOut && v.stock >= 2);
    if (!variant) continue;
    const added = await request.post('/api/cart/items', {
      data: { productId: product.id, variantId: variant.id, gender: product.gender, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const placed = await request.post('/api/orders', {
      data: {
        fullName: 'Tunde Bello',
        email,
        phone: '08031234567',
        address: '12 Admiralty Way, Lekki',
        city: 'Lagos',
        state: 'Lagos',
        sameAsShipping: true,
        shippingMethodCode: 'standard',
        notes: 'Call on arrival',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { orderId: string }).orderId;
  }
  throw new Error('the demo catalogue has nothing in stock');
}

/**
 * The shopper pays in the simulator's window. It is opened in a browsing context of its own, as
 * the provider's page would be: its redirect back to the shop must not keep connections of the
 * shopper's own pages busy.
 */
async function pay(page: Page, orderId: string) {
  const started = await page.request.post('/api/payments/initialize', { data: { orderId } });
  expect(started.ok(), await started.text()).toBe(true);
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  const provider = await page.context().browser()!.newContext();
  const popup = await provider.newPage();
  await popup.goto(authorizationUrl);
  const paid = popup.waitForResponse(
    (response) =>
      response.url().includes('/simulator/paystack/pay/') && response.request().method() === 'POST',
  );
  await popup.getByRole('button', { name: 'Succeed' }).click({ noWaitAfter: true });
  expect((await paid).ok()).toBe(true);
  await provider.close();
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

async function keep(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Marks the page so a reload (which would drop the mark) can be told apart from a live update. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'still here';
  });
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark ?? 'reloaded');

async function adminPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`an admin follows a paid order up to delivery and refunds it (${label})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The shopper, on their own browser.
    // No made-up client address here: the payment simulator answers only to this machine.
    const shopperContext = await browser.newContext({ viewport });
    const shopper = await shopperContext.newPage();
    const { email, password } = await createConfirmedShopper(shopper.request);
    await signIn(shopper.request, email, password);
    const orderId = await placeOrder(shopper.request, email);
    const short = orderId.slice(0, 8);
    const since = Date.now();
    await pay(shopper, orderId);
    await waitForEmail(email, {
      subject: new RegExp(`Payment received for order ${short.toUpperCase()}`),
      since,
    });

    const following = shopper.waitForResponse((response) => response.url().includes('/api/live?topics='));
    await shopper.goto(`/order-confirmation/${orderId}`);
    const progress = shopper.getByRole('progressbar', { name: 'Order progress' });
    await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(shopper.getByText('Order status: Processing')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect((await following).status()).toBe(200);
    await markPage(shopper);

    // The admin, on theirs: the Orders tab, the order found by its short id.
    const admin = await adminPage(browser, viewport);
    await admin.goto('/admin/dashboard?tab=orders');
    await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await admin.getByLabel('Search orders').fill('no-such-order-zzz');
    await expect(admin.getByText('No orders match your search criteria')).toBeVisible();
    await admin.getByLabel('Search orders').fill(short.toUpperCase());
    const open = admin.getByRole('button', { name: new RegExp(`^View order #?${short}`) });
    await expect(open).toBeVisible();
    await expect(admin.getByText('Showing 1–1 of 1 order')).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await keep(admin, testInfo, `orders-list-${label}`);

    await open.click();
    const dialog = admin.getByRole('dialog', { name: `Order #${short}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Call on arrival')).toBeVisible();
    await expect(dialog.getByText('Payment received', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Order status')).toHaveValue('processing');
    await keep(admin, testInfo, `order-dialog-${label}`);

    for (const [status, headline, progressValue, subject] of [
      ['shipped', 'Order Shipped!', '75', 'has been shipped'],
      ['delivered', 'Order Delivered!', '100', 'has been delivered'],
    ] as const) {
      const sent = Date.now();
      await dialog.getByLabel('Order status').selectOption(status);
      const clicked = Date.now();
      // The shopper's page follows within a second of the admin's change, without a reload.
      const word = status === 'shipped' ? 'Shipped' : 'Delivered';
      await expect(shopper.getByRole('heading', { level: 1, name: headline })).toBeVisible({
        timeout: 1_000,
      });
      await expect(shopper.getByText(`Order status: ${word}`)).toBeVisible({ timeout: 100 });
      await expect(progress).toHaveAttribute('aria-valuenow', progressValue, { timeout: 100 });
      const followedAfter = Date.now() - clicked;
      expect(followedAfter, 'the shopper saw the change this many ms after the click').toBeLessThan(1_000);
      testInfo.annotations.push({ type: 'live update', description: `${status}: ${followedAfter} ms` });
      console.log(
        `[${label}] ${status}: the shopper's page changed ${followedAfter} ms after the admin's change`,
      );
      await expect(admin.getByText('Order status updated').last()).toBeVisible();
      expect(await stillMarked(shopper)).toBe('still here');
      const message = await waitForEmail(email, { subject: new RegExp(subject), since: sent - 1_000 });
      expect(message.text).toContain(`Status: ${status === 'shipped' ? 'Shipped' : 'Delivered'}`);
      expect(message.links.some((link) => link.endsWith(`/order-confirmation/${orderId}`))).toBe(true);
      // The open dialog follows too: its timeline names who changed the status.
      await expect(
        dialog.getByText(new RegExp(`→ ${status === 'shipped' ? 'Shipped' : 'Delivered'}$`)),
      ).toBeVisible();
    }
    await keep(shopper, testInfo, `shopper-delivered-${label}`);

    // The refund: the whole payment, after a confirmation.
    const refundSent = Date.now();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Refund this payment?' });
    await expect(confirm).toBeVisible();
    await keep(admin, testInfo, `refund-confirm-${label}`);
    await confirm.getByRole('button', { name: /^Refund ₦/ }).click();
    await expect(admin.getByText('Refund issued')).toBeVisible();
    await expect(dialog.getByText('The payment has been refunded in full.')).toBeVisible();
    await expect(shopper.getByText('Payment status: Refunded')).toBeVisible({ timeout: 1_000 });
    expect(await stillMarked(shopper)).toBe('still here');
    await waitForEmail(email, { subject: /^Refund of ₦/, since: refundSent - 1_000 });
    await expectNoSidewaysScroll(admin);
    await keep(admin, testInfo, `order-refunded-${label}`);
    await keep(shopper, testInfo, `shopper-refunded-${label}`);

    // The list shows it refunded, live.
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('Payment status: Refunded').filter({ visible: true })).toBeVisible();

    // The packing slip prints what goes in the parcel and where; the CSV holds the filtered list.
    const [slip] = await Promise.all([
      admin.context().waitForEvent('page'),
      (async () => {
        await open.click();
        await dialog.getByRole('link', { name: /Packing slip/ }).click();
      })(),
    ]);
    await expect(slip.getByText(`#${short.toUpperCase()}`)).toBeVisible();
    await expect(slip.getByText('Tunde Bello')).toBeVisible();
    await expect(slip.getByText('Call on arrival')).toBeVisible();
    await expectNoSidewaysScroll(slip);
    await keep(slip, testInfo, `packing-slip-${label}`);
    await slip.close();
    const csvHref = await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const csv = await (await admin.request.get(csvHref ?? '')).text();
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(csv).toContain(`${orderId},${short},`);
    expect(csv).toContain(',delivered,refunded,');

    if (label === 'phone') {
      // The narrowest phones too.
      await admin.setViewportSize({ width: 360, height: 740 });
      await expectNoSidewaysScroll(admin);
      await keep(admin, testInfo, 'order-dialog-360');
    }

    await shopperContext.close();
    await admin.context().close();
  });
}
