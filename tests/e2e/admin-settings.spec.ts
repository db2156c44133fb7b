import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatNaira } from '#shared/money';
import type { NotificationListResponse } from '#shared/schemas/settings';
import { demoProducts } from './support/demo-products';
import { E2E_ADMIN } from './support/e2e-admin';
import { DESKTOP, keep, openPage, PHONE } from './support/screens';
import { createConfirmedShopper, someIp } from './support/shoppers';
import { changingStandardFee } from './support/standard-fee';

/**
 * Settings in the admin panel, on a desktop and on a 390 px phone: a site-wide notification with
 * an end date reaches the storefront and leaves it when deactivated; a new Standard fee reaches
 * checkout and the shipping policy at once; the audit log shows all of it with the admin's email.
 * Every Settings page is screenshotted at both sizes and must not scroll sideways.
 *
 * The Standard fee is changed while no other browser test shows it, and put back at once; the
 * store's identity is put back at the end.
 */

const SETTINGS_PAGES = ['Notifications', 'Store', 'Shipping', 'Payment', 'Emails', 'Admin', 'Audit log'];

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

async function signInAsAdmin(page: Page) {
  await openPage(page, '/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=dashboard$/);
}

async function openSettingsPage(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Settings pages' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
}

/** Filters the audit log to this admin's changes of one kind of record (and one record, by id). */
async function filterAudit(page: Page, filter: { record: string; id: string }) {
  await page.getByLabel('Record').selectOption(filter.record);
  await page.getByLabel('Find by id').fill(filter.id);
  await page.getByLabel('Person').fill(E2E_ADMIN.email);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
}

/** '2026-11-25T18:30' in Lagos (UTC+1), `days` from now, for a datetime-local field. */
const lagosInput = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 3_600_000).toISOString().slice(0, 16);

/** A shopper, signed in in their own browser, with one item under ₦25,000 in the cart. */
async function shopperWithCart(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const page = await context.newPage();
  const account = await createConfirmedShopper(page.request, 'Kemi');
  const signedIn = await page.request.post('/api/auth/sign-in', { data: account });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  // A demo product: one another test made may be deactivated or deleted under this cart.
  const products = await demoProducts(page.request);
  let added = false;
  for (const product of products.sort((a, b) => a.priceKobo - b.priceKobo)) {
    if (product.priceKobo > 2_000_000) break;
    const variant = product.variants.find((v) => !v.soldOut && v.stock >= 1);
    if (!variant) continue;
    const response = await page.request.post('/api/cart/items', {
      data: { productId: product.id, variantId: variant.id, gender: 'men', quantity: 1 },
    });
    expect(response.ok(), await response.text()).toBe(true);
    added = true;
    break;
  }
  expect(added, 'a product under ₦20,000 with stock').toBe(true);
  return { page, close: () => context.close() };
}

/** The store's name and contacts as the shop starts with them, which emails and footers show. */
async function putBackStore(admin: Page) {
  const response = await admin.request.put('/api/admin/settings/store', {
    data: { name: 'Naija Street', supportEmail: 'support@naijastreet.ng', supportPhone: '+234 800 000 0000' },
  });
  expect(response.ok(), `putting the store settings back: ${await response.text()}`).toBe(true);
}

/** Lagos's Standard fee, through its method's dialog in Settings → Shipping. */
async function setStandardFee(admin: Page, naira: string) {
  await admin.getByRole('button', { name: 'Edit Standard Shipping in Lagos' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Standard Shipping' });
  await dialog.getByLabel('Fee', { exact: true }).fill(naira);
  await dialog.getByRole('button', { name: 'Save method' }).click();
  await expect(admin.getByText('Standard Shipping saved')).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const [label, size, feeNaira] of [
  ['desktop', DESKTOP, '3000'],
  ['phone', PHONE, '3500'],
] as const) {
  test(`on a ${label}: notifications, the Standard fee and the audit log`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
    await page.setViewportSize(size);
    const shopper = await shopperWithCart(browser);
    await shopper.page.setViewportSize(size);
    const banner = shopper.page.getByRole('region', { name: 'Site notifications' });
    const title = `Weekend drop ${randomUUID().slice(0, 6)}`;
    const feeKobo = Number(feeNaira) * 100;

    try {
      await signInAsAdmin(page);
      await page.goto('/admin/dashboard?tab=settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Site Notifications' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      // Every page of Settings: no sideways scroll, kept as a screenshot.
      for (const name of SETTINGS_PAGES) {
        await openSettingsPage(page, name);
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoSidewaysScroll(page, name);
        await keep(page, `admin-settings-settings-${name.toLowerCase().replace(' ', '-')}-${label}`);
      }
      await openSettingsPage(page, 'Notifications');
      await page.getByRole('link', { name: 'Out of Stock Settings' }).click();
      await expect(page.getByLabel('Low-stock threshold')).toHaveValue(/^\d+$/);
      await expectNoSidewaysScroll(page, 'Out of Stock Settings');
      await keep(page, `admin-settings-settings-out-of-stock-${label}`);
      await page.getByLabel('Low-stock threshold').fill('-1');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Threshold must be 0 or more')).toBeVisible();
      await page.getByRole('link', { name: 'Site Notifications' }).click();

      // A site-wide notification with an end date, checked and previewed before it is saved.
      await page.getByRole('button', { name: 'Add Notification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Notification' });
      await dialog.getByRole('button', { name: 'Create Notification' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      await expect(dialog.getByText('Content is required')).toBeVisible();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Content').fill('Half-price delivery on every order this weekend');
      await dialog.getByLabel('Type').selectOption('promotional');
      await dialog.getByLabel('Display location').selectOption('site_wide');
      await dialog.getByLabel('End date (optional)').fill(lagosInput(2));
      await expect(dialog.getByRole('region', { name: 'Site notifications' })).toContainText(title);
      await expectNoSidewaysScroll(page, 'the notification form');
      await keep(dialog, `admin-settings-notification-form-${label}`);
      await dialog.getByRole('button', { name: 'Create Notification' }).click();
      await expect(page.getByText('Notification created successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card).toContainText('Active');
      await expect(card).toContainText('Promotional');
      await keep(page, `admin-settings-notifications-list-${label}`);

      await openPage(shopper.page, '/');
      await expect(banner).toContainText(title);
      await keep(shopper.page, `admin-settings-storefront-with-notification-${label}`);

      // Edited: the storefront shows the new words.
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Notification' });
      await expect(edit.getByLabel('Title')).toHaveValue(title);
      await edit.getByLabel('Content').fill('Half-price delivery on every order until Sunday');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Notification updated successfully')).toBeVisible();
      await expect(card).toContainText('until Sunday');
      await shopper.page.reload();
      await expect(banner).toContainText('until Sunday');
      // Toasts close after 4 s, but wait while the pointer rests on them (on a phone it is still
      // where Save was, over the toasts): moved away, the next one checked is the deactivation's own.
      await page.mouse.move(0, 0);
      await expect(page.getByText('Notification updated successfully')).toHaveCount(0);

      await card.getByRole('button', { name: `Deactivate ${title}` }).click();
      await expect(page.getByText('Notification updated successfully')).toBeVisible();
      await expect(card).toContainText('Inactive');
      await shopper.page.reload();
      await expect(shopper.page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(shopper.page.getByText(title)).toHaveCount(0);

      // A new Standard fee: the policy page and checkout follow at once. Other browser tests show
      // the fee: it is changed, and put back, while none of them looks (support/standard-fee.ts).
      await openSettingsPage(page, 'Shipping');
      const { feeKoboBefore } = await changingStandardFee(page.request, async () => {
        await setStandardFee(page, feeNaira);
        await shopper.page.goto('/shipping-policy');
        await expect(
          shopper.page
            .getByRole('region', { name: 'Lagos', exact: true })
            .getByRole('row', { name: /Standard Shipping/ }),
        ).toContainText(formatNaira(feeKobo));
        await openPage(shopper.page, '/checkout');
        await shopper.page.getByLabel('State', { exact: true }).selectOption('Lagos');
        await expect(shopper.page.getByRole('radio', { name: /Standard Shipping/ })).toBeChecked();
        await expect(shopper.page.locator('label').filter({ hasText: 'Standard Shipping' })).toContainText(
          formatNaira(feeKobo),
        );
        await keep(shopper.page, `admin-settings-checkout-new-fee-${label}`);
      });

      // Store: the footer says the new name and support address.
      await openSettingsPage(page, 'Store');
      await page.getByLabel('Shop name').fill(`Naija Street ${label}`);
      await page.getByLabel('Support email').fill('help@naijastreet.ng');
      await page.getByRole('button', { name: 'Save Store Settings' }).click();
      await expect(page.getByText('Store settings saved')).toBeVisible();
      await shopper.page.goto('/shipping-policy');
      const footer = shopper.page.getByRole('contentinfo');
      await expect(footer).toContainText(
        `© ${new Date().getFullYear()} Naija Street ${label}. All rights reserved.`,
      );
      await expect(footer.getByRole('link', { name: 'help@naijastreet.ng' })).toHaveAttribute(
        'href',
        'mailto:help@naijastreet.ng',
      );

      // The admin status debugger.
      await openSettingsPage(page, 'Admin');
      await expect(page.getByText('You have admin privileges')).toBeVisible();
      await page.getByRole('button', { name: 'Refresh Session' }).click();
      await expect(page.getByText('Session refreshed successfully')).toBeVisible();

      // The audit log: each change, by this admin, before → after, in Lagos time. Each record is
      // found by its own id: the same admin's work in the tests running beside this one (orders,
      // products, refunds) never pushes it off the page.
      await openSettingsPage(page, 'Audit log');
      const entries = page.getByRole('list', { name: 'Audit log entries' });
      // The Standard fee, newest first: put back, after this test set it (no other test changes it
      // while this one holds it, support/standard-fee.ts).
      await filterAudit(page, { record: 'shipping_method', id: 'Lagos/standard' });
      const feeEntry = entries
        .getByRole('article', { name: `Shipping method updated by ${E2E_ADMIN.email}` })
        .first();
      await expect(feeEntry).toContainText('standard');
      await expect(feeEntry).toContainText(formatNaira(feeKoboBefore));
      await expect(feeEntry).toContainText(formatNaira(feeKobo));
      // This test's notification: created, then deactivated.
      const { notifications } = (await (
        await page.request.get('/api/admin/notifications')
      ).json()) as NotificationListResponse;
      const notice = notifications.find((candidate) => candidate.title === title);
      expect(notice, `the notification ${title}`).toBeDefined();
      await filterAudit(page, { record: 'notification', id: notice!.id });
      await expect(
        entries.getByRole('article', { name: `Notification deactivated by ${E2E_ADMIN.email}` }),
      ).toContainText(/Is activefrom Yes→ to No/);
      const created = entries
        .getByRole('article', { name: `Notification created by ${E2E_ADMIN.email}` })
        .filter({ hasText: title });
      await expect(created).toContainText('Site wide');
      await expect(created).toContainText(`By ${E2E_ADMIN.email}`);
      // The store's name, newest first (only this file changes it).
      await filterAudit(page, { record: 'setting', id: 'store' });
      await expect(
        entries.getByRole('article', { name: `Setting updated by ${E2E_ADMIN.email}` }).first(),
      ).toContainText(`Naija Street ${label}`);
      // The kind of record alone: notifications, and no shipping method among them.
      await filterAudit(page, { record: 'notification', id: '' });
      await expect(entries.getByRole('article', { name: /^Notification/ }).first()).toBeVisible();
      await expect(entries.getByRole('article', { name: /^Shipping method/ })).toHaveCount(0);
      await filterAudit(page, { record: '', id: '' });
      await expectNoSidewaysScroll(page, 'the audit log');
      await keep(page, `admin-settings-audit-log-${label}`);
    } catch (error) {
      // The test's own failure is the one to report; the store's identity still goes back if it can.
      await putBackStore(page).catch((putBackError: unknown) => console.error(putBackError));
      throw error;
    } finally {
      await shopper.close();
    }
    await putBackStore(page);
  });
}

test('an admin whose session ended elsewhere is told Permission Denied and nothing changes', async ({
  page,
}) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
  await page.setViewportSize(DESKTOP);
  // Without live updates: otherwise the ended session closes the live stream and the panel leaves
  // for Admin Access before the button can be pressed (what most admins would see).
  await page.route(/\/api\/live\?/, (route) => route.abort());
  await signInAsAdmin(page);
  await openPage(page, '/admin/dashboard?tab=settings&section=notifications');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Free delivery' }) });
  await expect(card).toContainText('Active');
  // Signed out from another tab: the panel still shows, the API refuses.
  await page.request.post('/api/auth/sign-out');
  await card.getByRole('button', { name: 'Deactivate Free delivery' }).click();
  await expect(page.getByText('Permission Denied')).toBeVisible();
  await expect(
    page.getByText(
      'You do not have permission to create/update/delete notifications. Please ensure you have admin privileges.',
    ),
  ).toBeVisible();
  // The panel notices the session is gone and goes back to Admin Access.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  const banner = await (await page.request.get('/api/notifications/active?path=/')).json();
  expect(JSON.stringify(banner)).toContain('Free delivery');
});
