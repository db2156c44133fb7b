import { type APIRequestContext, type Browser, expect, request, test } from '@playwright/test';
import { formatNaira } from '../../src/shared/money';
import { E2E_ADMIN } from './support/e2e-admin';
import { DESKTOP, expectNoSidewaysScroll, keep, openPage, PHONE } from './support/screens';
import { createConfirmedShopper, placeOrderThroughApi, someIp } from './support/shoppers';

/**
 * Money you can audit, in the browser. A shopper on a phone buys a limited drop (1 per customer),
 * leaves its payment window open, goes back to checkout and pays a second order for the same
 * item; then pays the first window too. The shop keeps one payment: the late one is refunded in
 * full by itself, the shopper's order page says so in plain words, and the admin sees it on the
 * order and among the refunds made automatically. Then the admin reconciles with Paystack (the
 * built-in simulator) from the Payments page.
 */

async function signedInAdmin(baseURL: string) {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const signedIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return admin;
}

/** A drop of the test's own: ₦15,000, in stock, one per customer. */
async function limitedDrop(admin: APIRequestContext, baseURL: string) {
  const name = `Eko Numbered Tee ${Date.now().toString(36)}`;
  const created = await admin.post('/api/admin/products', {
    headers: { origin: baseURL },
    data: {
      name,
      description: 'One per customer.',
      price: '15000',
      category: 'tshirts',
      subcategory: '',
      gender: 'men',
      stock: '10',
      sizes: ['M'],
      colors: ['Black'],
      isActive: true,
      isFeatured: false,
      isMystery: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = (await created.json()) as { product: { id: string } };
  const drop = await admin.put(`/api/admin/products/${product.id}/drop`, {
    data: { releaseAt: null, limitPerCustomer: 1 },
  });
  expect(drop.status(), await drop.text()).toBe(200);
  const read = (await (await admin.get(`/api/products/${product.id}`)).json()) as {
    product: { id: string; name: string; variants: { id: string }[] };
  };
  return read.product;
}

async function adminPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const page = await context.newPage();
  await openPage(page, '/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}

test('a late payment past a drop’s limit is refunded by itself, and both the shopper and the admin see it (phone)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAdmin(baseURL!);
  const product = await limitedDrop(admin, baseURL!);
  // No proxy header on the shopper's browser: the simulator answers only to this machine.
  const shopperContext = await browser.newContext({ viewport: PHONE });
  const page = await shopperContext.newPage();
  const account = await createConfirmedShopper(page.request, 'Kemi');
  const signedIn = await page.request.post('/api/auth/sign-in', {
    data: account,
    headers: { 'x-forwarded-for': someIp() },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const addToCart = async () => {
    const added = await page.request.post('/api/cart/items', {
      data: { productId: product.id, variantId: product.variants[0]!.id, gender: 'men', quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(200);
  };

  // Order A: its Paystack window is opened, then left open in another tab.
  await addToCart();
  const first = await placeOrderThroughApi(page.request, { fullName: 'Kemi Bello', email: account.email });
  await openPage(page, `/payment/${first}`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('Test payment — no money moves')).toBeVisible();
  const leftOpen = await shopperContext.newPage();
  await leftOpen.goto(popup.url());
  await popup.close();

  // 'Return to Checkout', then order B of the same item, paid.
  await page.getByRole('button', { name: 'Return to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const second = await placeOrderThroughApi(page.request, { fullName: 'Kemi Bello', email: account.email });
  await openPage(page, `/payment/${second}`);
  const secondPopupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const secondPopup = await secondPopupOpened;
  await secondPopup.getByRole('button', { name: 'Succeed' }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${second}$`), { timeout: 10_000 });
  await expect(page.getByText('Payment status: Paid')).toBeVisible();

  // Then the window left open is paid too.
  await expect(leftOpen.getByText('Test payment — no money moves')).toBeVisible();
  await leftOpen.getByRole('button', { name: 'Succeed' }).click();
  // The simulator sends that tab back to order A's payment page, which says what happened.
  await expect(leftOpen).toHaveURL(new RegExp(`/payment/${first}\\?`));
  await expect(leftOpen.getByRole('heading', { name: 'We could not use this payment' })).toBeVisible();
  await expect(leftOpen.getByText(/limited drop of 1 per customer/).first()).toBeVisible();
  await keep(leftOpen, 'money-shopper-late-payment-not-used-phone');
  await leftOpen.close();

  // The shopper's first order: still cancelled, and its payment on its way back, in plain words.
  const read = await page.request.get(`/api/orders/${first}`);
  const total = formatNaira(
    ((await read.json()) as { order: { totalAmountKobo: number } }).order.totalAmountKobo,
  );
  await openPage(page, `/order-confirmation/${first}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Cancelled');
  const payment = page.getByRole('region', { name: 'Payment', exact: true });
  await expect(payment).toContainText(`Your payment of ${total}`);
  await expect(payment).toContainText(`${product.name} is a limited drop of 1 per customer`);
  // The simulator settles the refund a moment later; the page follows by itself.
  await expect(payment).toContainText('has been refunded in full', { timeout: 15_000 });
  await expectNoSidewaysScroll(page);
  await keep(page, 'money-shopper-late-payment-refunded-phone');

  // The admin, on a phone: the order shows the payment not kept and its automatic refund.
  const panel = await adminPage(browser, PHONE);
  await openPage(panel, `/admin/dashboard?tab=orders&order=${first}`);
  const dialog = panel.getByRole('dialog', { name: `Order #${first.slice(0, 8)}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`REFUND DUE: payment of ${total} not kept`)).toBeVisible();
  await expect(dialog.getByText(/limited drop of 1 per customer/).first()).toBeVisible();
  await expect(dialog.getByText(/automatic/i).first()).toBeVisible();
  await expectNoSidewaysScroll(panel);
  await dialog.getByText(`REFUND DUE: payment of ${total} not kept`).scrollIntoViewIfNeeded();
  await keep(panel, 'money-admin-late-payment-timeline-phone', { fullPage: false });
  await dialog.getByRole('heading', { name: 'Payment', exact: true }).scrollIntoViewIfNeeded();
  await keep(panel, 'money-admin-late-payment-order-phone', { fullPage: false });
  await panel.keyboard.press('Escape');

  // Payments → Refunds, made automatically: the order is there.
  await openPage(panel, '/admin/dashboard?tab=payments');
  await expect(panel.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await panel.getByLabel('Show').selectOption({ label: 'Made automatically' });
  await expect(panel.getByRole('link', { name: new RegExp(first.slice(0, 8), 'i') }).first()).toBeVisible();
  await expectNoSidewaysScroll(panel);
  await keep(panel, 'money-admin-refunds-automatic-phone');

  await panel.context().close();
  await shopperContext.close();
  await admin.dispose();
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the admin reconciles the last days with Paystack from the Payments page (${label})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const panel = await adminPage(browser, viewport);
    await openPage(panel, '/admin/dashboard?tab=payments');
    const section = panel.getByRole('region', { name: /Reconciliation with Paystack/ });
    await expect(section).toBeVisible();
    const started = panel.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/admin/payments/reconciliations' &&
        response.request().method() === 'POST',
    );
    await section.getByRole('button', { name: 'Reconcile' }).click();
    const { run } = (await (await started).json()) as { run: { id: string } };
    // The run works in the background; the page follows it until it is done. It is this run's own
    // details (the runs asked for earlier, by this test on the other screen size, are listed too).
    const details = section.getByRole('article').filter({ has: panel.locator(`[id="run-${run.id}"]`) });
    await expect(details).toBeVisible();
    await expect(details).toContainText(`Asked by ${E2E_ADMIN.email}`);
    await expect(details.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(details.getByText('Running', { exact: true })).toHaveCount(0);
    await expect(details).toContainText('Successful charges');
    await expect(details).toContainText('Net');
    await expectNoSidewaysScroll(panel);
    await keep(panel, `money-admin-reconciliation-${label}`);
    await panel.context().close();
  });
}
