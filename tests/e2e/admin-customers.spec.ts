import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { formatNaira } from '../../src/shared/money';
import type { Dashboard } from '../../src/shared/schemas/dashboard';
import { demoVariant } from './support/demo-products';
import { E2E_ADMIN, E2E_SUPER_ADMIN } from './support/e2e-admin';
import { waitForEmail } from './support/mail';
import { DESKTOP, keep, openPage, PHONE } from './support/screens';
import { createConfirmedShopper, placeOrderThroughApi, someIp } from './support/shoppers';

/**
 * Admin Customers and Dashboard: a shopper buys and pays (through the API and the payment
 * simulator); the admin finds them by email and sees that order in their details, sends them an
 * email, and reads the dashboard's real figures and chart, on a desktop and on a 390 px phone.
 */

const naira = (kobo: number) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 }).format(
    kobo / 100,
  );

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/** How a card says a figure changed, from the server's comparison (never a fixed '+12%'). */
function changeWords(comparison: Dashboard['sales']['month']): string {
  const { changePercent } = comparison;
  if (changePercent === null) return 'none in the same days last month';
  if (changePercent === 0) return 'same as the same days last month';
  return `${changePercent > 0 ? 'up' : 'down'} ${Math.abs(changePercent)}% vs the same days last month`;
}

/** A Lagos calendar day, '2026-11-27', as the dashboard names its days. */
const lagosDay = (epochMs: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(epochMs));

/**
 * Every Dashboard the page is given by the API from now on, in the order they arrive. The tests
 * running beside this one sign up, buy and refund all the time, and the page follows them live:
 * what it shows is the figures of one of these (the newest it has drawn), never a figure the test
 * read from the API at another moment.
 */
function dashboardsGiven(page: Page): Dashboard[] {
  const given: Dashboard[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/admin/dashboard' || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as Dashboard | null;
    if (body) given.push(body);
  });
  return given;
}

const cardOf = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Summary' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

const shows = async (locator: Locator) => (await locator.count()) > 0;

/** Whether the Total Sales card shows these figures' total. */
const salesTotalShown = (page: Page, figures: Dashboard) =>
  shows(cardOf(page, 'Total Sales').getByText(naira(figures.sales.totalKobo), { exact: true }));

/** Whether the Summary and the chart's table show every figure of this Dashboard. */
async function dashboardShown(page: Page, figures: Dashboard): Promise<boolean> {
  const sales = cardOf(page, 'Total Sales');
  const customers = cardOf(page, 'Customers');
  const inventory = cardOf(page, 'Inventory');
  const chart = page.getByRole('region', { name: 'Paid sales, last 30 days' });
  const checks = [
    () => salesTotalShown(page, figures),
    () => shows(sales.getByText(`${naira(figures.sales.month.current)} this month`)),
    () => shows(customers.getByText(figures.customers.total.toLocaleString('en-NG'), { exact: true })),
    () => shows(inventory.getByText(`${figures.inventory.products.toLocaleString('en-NG')} products`)),
    // Each change is the one computed from the shop's orders and sign-ups, as the API gives it.
    () => shows(sales.filter({ hasText: changeWords(figures.sales.month) })),
    () => shows(customers.filter({ hasText: changeWords(figures.customers.month) })),
    () => shows(inventory.filter({ hasText: changeWords(figures.inventory.unitsSold) })),
    // The chart's figures are readable: its table's last row is today's paid sales.
    () =>
      shows(
        chart
          .getByRole('table')
          .getByRole('row')
          .last()
          .filter({ hasText: naira(figures.salesByDay.at(-1)!.totalKobo) }),
      ),
  ];
  for (const check of checks) if (!(await check())) return false;
  return true;
}

/** A confirmed shopper with one paid order of an in-stock demo product; returns its id and total. */
async function shopperWithPaidOrder(request: APIRequestContext, firstName: string) {
  const shopper = await createConfirmedShopper(request, firstName);
  const signedIn = await request.post('/api/auth/sign-in', {
    headers: { 'x-forwarded-for': someIp() },
    data: { email: shopper.email, password: shopper.password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);

  const { product, variant } = await demoVariant(request, (v) => v.stock >= 2);
  const orderedAfter = Date.now();
  const added = await request.post('/api/cart/items', {
    data: { productId: product.id, variantId: variant.id, gender: product.gender, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const orderId = await placeOrderThroughApi(request, {
    fullName: `${firstName} Bello`,
    email: shopper.email,
  });
  // Paid in the simulator, as the pop-up's Succeed button does.
  const started = await request.post('/api/payments/initialize', { data: { orderId } });
  expect(started.ok(), await started.text()).toBe(true);
  const { authorizationUrl, amountKobo } = (await started.json()) as {
    authorizationUrl: string;
    amountKobo: number;
  };
  const paid = await request.post(new URL(authorizationUrl).pathname, {
    form: { outcome: 'success' },
    headers: { origin: new URL(authorizationUrl).origin },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/api/orders/${orderId}`)).json()) as {
        order?: { paymentStatus?: string };
      };
      return body.order?.paymentStatus;
    })
    .toBe('paid');
  const paidBy = Date.now();
  await request.post('/api/auth/sign-out');
  return { ...shopper, orderId, totalKobo: amountKobo, orderedAfter, paidBy };
}

async function signInAsAdmin(page: Page, admin: { email: string; password: string } = E2E_ADMIN) {
  // Hydrated first: a click on the server-rendered button before then does nothing.
  await openPage(page, '/admin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=dashboard$/);
}

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
});

for (const [label, size] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the admin finds a customer by email and sees their paid order in the details (${label})`, async ({
    page,
    request,
  }) => {
    const shopper = await shopperWithPaidOrder(request, label === 'desktop' ? 'Ngozi' : 'Femi');
    const shortId = shopper.orderId.slice(0, 8);
    await page.setViewportSize(size);
    await signInAsAdmin(page);
    await openPage(page, '/admin/dashboard?tab=customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search customers' }).fill(shopper.email.toUpperCase());
    const list =
      label === 'desktop'
        ? page.getByRole('table', { name: 'Customers' })
        : page.getByRole('list', { name: 'Customers' });
    const entries = label === 'desktop' ? list.getByRole('row') : list.getByRole('listitem');
    // One customer (and the table's header row).
    await expect(entries).toHaveCount(label === 'desktop' ? 2 : 1);
    await expect(list.getByText(shopper.email)).toBeVisible();
    await expect(list.getByText(naira(shopper.totalKobo))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keep(page, `admin-customers-search-${label}`);
    if (label === 'phone') {
      // The narrowest phones in use, too.
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoSidewaysScroll(page);
      await page.setViewportSize(size);
    }

    await list
      .getByRole('button', {
        name: `View details of ${label === 'desktop' ? 'Ngozi' : 'Femi'} Bello (${shopper.email})`,
      })
      .click();
    const details = page.getByRole('dialog', { name: `${label === 'desktop' ? 'Ngozi' : 'Femi'} Bello` });
    await expect(details).toBeVisible();
    const orderLink = new RegExp(`^Order ${shortId}`);
    const order = details.getByRole('link', { name: orderLink });
    await expect(order).toBeVisible();
    const line = details.getByRole('listitem').filter({ has: page.getByRole('link', { name: orderLink }) });
    await expect(line.getByText('Payment status: Paid')).toBeAttached();
    await expect(line.getByText(naira(shopper.totalKobo))).toBeVisible();
    await expect(details.getByText('Role: Customer')).toBeAttached();
    await expectNoSidewaysScroll(page);
    await keep(page, `admin-customer-details-${label}`);

    // The order's link opens it in the Orders section; Back closes it, and a reload keeps it open.
    await order.click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?tab=orders&order=${shopper.orderId}$`));
    const orderDialog = page.getByRole('dialog', { name: `Order #${shortId}` });
    await expect(orderDialog).toBeVisible();
    await expect(
      orderDialog.getByText(formatNaira(shopper.totalKobo)).filter({ visible: true }).first(),
    ).toBeVisible();
    await page.reload();
    await expect(orderDialog).toBeVisible();
    await orderDialog.getByRole('button', { name: /^Close/ }).click();
    await expect(orderDialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/dashboard\?tab=orders$/);
  });

  test(`the dashboard shows the shop's real figures and the 30-day chart (${label})`, async ({
    page,
    request,
  }) => {
    const shopper = await shopperWithPaidOrder(request, 'Kemi');
    await page.setViewportSize(size);
    const given = dashboardsGiven(page);
    await signInAsAdmin(page);

    // The page shows every figure of a Dashboard the API gave it, the newest it has drawn (the
    // tests beside this one change the shop's figures all the time: never compared with a read of
    // the API at another moment).
    let figures: Dashboard | undefined;
    await expect
      .poll(async () => {
        for (const candidate of [...given].reverse()) {
          if (await dashboardShown(page, candidate)) {
            figures = candidate;
            return 'shown';
          }
        }
        return `the page shows none of the ${given.length} dashboards it was given`;
      })
      .toBe('shown');
    const shown = figures!;
    await expect(
      page
        .getByRole('region', { name: 'Paid sales, last 30 days' })
        .locator('[data-testid="sales-chart"] canvas'),
    ).toHaveCount(1);

    // Those figures count the shopper's order (read after it was paid): in this month's sales
    // when the month had begun before it was ordered, and in the paid sales of its Lagos day.
    if (shopper.orderedAfter >= Date.parse(shown.periods.currentStart))
      expect(shown.sales.month.current).toBeGreaterThanOrEqual(shopper.totalKobo);
    const paidDays = new Set([lagosDay(shopper.orderedAfter), lagosDay(shopper.paidBy)]);
    const paidThen = shown.salesByDay.filter((day) => paidDays.has(day.date));
    expect(paidThen.length, `the chart has ${[...paidDays].join(', ')}`).toBeGreaterThan(0);
    expect(paidThen.reduce((sum, day) => sum + day.totalKobo, 0)).toBeGreaterThanOrEqual(shopper.totalKobo);

    // The shopper's order is among the newest, shown with the shopper's email (unless the tests
    // running beside this one placed as many orders as the list holds after it).
    const recent = page.getByRole('region', { name: 'Recent Orders' });
    const short = shopper.orderId.slice(0, 8);
    if (shown.recentOrders.some((order) => order.id === shopper.orderId)) {
      await expect(recent.getByRole('link').filter({ hasText: short })).toBeVisible();
      await expect(recent.getByRole('listitem').filter({ hasText: short })).toContainText(shopper.email);
    } else {
      const older = shown.recentOrders.filter((order) => Date.parse(order.createdAt) < shopper.orderedAfter);
      expect(older, 'orders older than the shopper’s listed without it').toEqual([]);
    }
    await expect(page.getByRole('region', { name: 'Low Stock Alert' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keep(page, `admin-dashboard-${label}`);
    if (label === 'phone') {
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoSidewaysScroll(page);
      await keep(page, 'admin-dashboard-360');
    }
  });
}

test('the admin sends a customer an email that arrives in the shop layout, as text', async ({
  page,
  request,
}) => {
  const shopper = await createConfirmedShopper(request, 'Tolu');
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await openPage(page, '/admin/dashboard?tab=customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(shopper.email);
  await page.getByRole('button', { name: `Send email to Tolu Bello (${shopper.email})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Tolu Bello' });
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send email' }).click();
  await expect(dialog.getByText('Please enter a subject.')).toBeVisible();
  await dialog.getByLabel('Subject').fill('About your <order>');
  // A field's message goes once it is corrected.
  await expect(dialog.getByText('Please enter a subject.')).toBeHidden();
  await expect(dialog.getByText('Please write a message.')).toBeVisible();
  await dialog.getByLabel('Message').fill('Hello Tolu,\nYour <b>hoodie</b> is ready.');
  await keep(page, 'admin-send-email-desktop');
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await keep(page, 'admin-send-email-phone');
  await dialog.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText('Email queued for delivery')).toBeVisible();
  await expect(dialog).toBeHidden();

  const email = await waitForEmail(shopper.email, { since, subject: /About your <order>/ });
  expect(email.text).toContain('Your <b>hoodie</b> is ready.');
  expect(email.html).toContain('Your &lt;b&gt;hoodie&lt;/b&gt; is ready.');

  // Its delivery is recorded on the customer.
  await page.getByRole('button', { name: `View details of Tolu Bello (${shopper.email})` }).click();
  const details = page.getByRole('dialog', { name: 'Tolu Bello' });
  await expect(details.getByText('About your <order>')).toBeVisible();
  await expect(details.getByText('Delivered to the mail server')).toBeVisible();
});

test('the dashboard follows a new paid order live, without a reload', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const given = dashboardsGiven(page);
  const following = page.waitForResponse((response) => response.url().includes('/api/live?topics='));
  await signInAsAdmin(page);
  // The page shows the total of a Dashboard the API gave it (the tests running beside this one pay
  // and refund orders too: the total is read from what the page was given, never assumed).
  await expect
    .poll(async () => {
      for (const figures of [...given].reverse()) if (await salesTotalShown(page, figures)) return 'shown';
      return `the page shows the total of none of the ${given.length} dashboards it was given`;
    })
    .toBe('shown');
  expect((await following).status()).toBe(200);
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'still here';
  });

  const shopper = await shopperWithPaidOrder(request, 'Live');
  const recent = page.getByRole('region', { name: 'Recent Orders' });
  await expect(recent).toContainText(shopper.orderId.slice(0, 8));
  // The figures follow: the page reads the Dashboard again by itself, and shows the total of one
  // that counts this order (read once the order was among the recent ones) or of a later one.
  await expect
    .poll(async () => {
      const since = given.findIndex((figures) =>
        figures.recentOrders.some((order) => order.id === shopper.orderId),
      );
      if (since === -1) return 'the page was given no dashboard with the order';
      for (const figures of given.slice(since).reverse())
        if (await salesTotalShown(page, figures)) return 'shown';
      return 'the page does not show the total of a dashboard given since the order';
    })
    .toBe('shown');
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');
});

test('the customers list shows a new sign-up live, without a reload', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  const following = page.waitForResponse((response) => response.url().includes('/api/live?topics='));
  await openPage(page, '/admin/dashboard?tab=customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('newcomer-');
  await expect(page.getByText('No customers match your search')).toBeVisible();
  expect((await following).status()).toBe(200);
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'still here';
  });

  const shopper = await createConfirmedShopper(request, 'Newcomer');
  const cards = page.getByRole('list', { name: 'Customers' });
  await expect(cards.getByText(shopper.email)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');
});

test('a super admin grants admin access after confirming, and revokes it (390 px phone)', async ({
  page,
  request,
}) => {
  const shopper = await createConfirmedShopper(request, 'Staff');
  const signedIn = await request.post('/api/auth/sign-in', {
    headers: { 'x-forwarded-for': someIp() },
    data: { email: shopper.email, password: shopper.password },
  });
  expect(signedIn.ok()).toBe(true);
  expect((await request.get('/api/admin/me')).status()).toBe(403);

  await page.setViewportSize(PHONE);
  await signInAsAdmin(page, E2E_SUPER_ADMIN);
  await openPage(page, '/admin/dashboard?tab=customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(shopper.email);
  await page.getByRole('button', { name: `View details of Staff Bello (${shopper.email})` }).click();
  const details = page.getByRole('dialog', { name: 'Staff Bello' });
  await details.getByRole('button', { name: 'Grant admin access' }).click();
  const confirm = page.getByRole('dialog', { name: 'Grant admin access?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await keep(page, 'admin-grant-admin-confirm-phone');
  await confirm.getByRole('button', { name: 'Grant admin access' }).click();
  await expect(page.getByText('Role updated')).toBeVisible();
  await expect(details.getByText('Role: Admin')).toBeAttached();
  // The shopper's own session is an admin's at once.
  expect((await request.get('/api/admin/me')).status()).toBe(200);

  await details.getByRole('button', { name: 'Revoke admin access' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke admin access?' });
  await revoke.getByRole('button', { name: 'Revoke admin access' }).click();
  await expect(details.getByText('Role: Customer')).toBeAttached();
  expect((await request.get('/api/admin/me')).status()).toBe(403);
  await details.getByRole('button', { name: 'Close customer details' }).click();

  // Their own access is not theirs to change.
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(E2E_SUPER_ADMIN.email);
  await page
    .getByRole('button', { name: new RegExp(`^View details of .*\\(${E2E_SUPER_ADMIN.email}\\)$`) })
    .click();
  await expect(page.getByText('You cannot change your own access.')).toBeVisible();
});
