import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from './support/e2e-admin';
import { DESKTOP, expectNoSidewaysScroll, openPage, PHONE, SMALL_PHONE, snap } from './support/screens';
import { createConfirmedShopper, someIp } from './support/shoppers';

/**
 * The admin panel's shell: Admin Access, the sections in `?tab=`, the desktop sidebar, the
 * phone's tab strip and slide-in menu, Sign Out; every screen without sideways scrolling, on a
 * desktop and on a 390 px phone (and 360 px). Screenshots of each screen at both sizes go to
 * tests/e2e/screenshots/.
 */

const SECTIONS = [
  { tab: 'dashboard', label: 'Dashboard', short: 'Dash' },
  { tab: 'products', label: 'Products', short: 'Products' },
  { tab: 'orders', label: 'Orders', short: 'Orders' },
  { tab: 'payments', label: 'Payments', short: null },
  { tab: 'discounts', label: 'Discounts', short: null },
  { tab: 'customers', label: 'Customers', short: 'Customers' },
  { tab: 'settings', label: 'Settings', short: null },
] as const;
const section = (tab: (typeof SECTIONS)[number]['tab']) => SECTIONS.find((entry) => entry.tab === tab)!;

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
});

async function signInOnAdminAccess(page: Page, email: string, password: string) {
  await openPage(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The section shown: its one h1, its line, its address and the window's title. */
async function expectSection(page: Page, section: (typeof SECTIONS)[number]) {
  await expect(page).toHaveURL(new RegExp(`/admin/dashboard\\?tab=${section.tab}$`));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(section.label);
  await expect(heading).toHaveCount(1);
  await expect(page).toHaveTitle(`${section.label} | Admin | Naija Street`);
}

test('an admin signs in at /admin and moves through every section on a desktop', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-access');
  await signInOnAdminAccess(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectSection(page, SECTIONS[0]);

  const sidebar = page.getByRole('navigation', { name: 'Admin', exact: true });
  const aside = page.getByRole('complementary');
  await expect(aside.getByText(/^Welcome back, /)).toBeVisible();
  await expect(aside.getByText(E2E_ADMIN.email)).toBeVisible();
  // The phone's strip and menu are not drawn on a desktop.
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

  for (const section of SECTIONS) {
    const link = sidebar.getByRole('link', { name: section.label });
    await link.click();
    await expectSection(page, section);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current]')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await snap(page, `admin-${section.tab}`);
  }

  // The section is in the address: a reload (rendered by the server) and the back button keep it.
  await page.reload();
  await expectSection(page, section('settings'));
  await page.goBack();
  await expectSection(page, section('customers'));

  // Without ?tab= (or with an unknown one) the panel opens on the dashboard and says so in the address.
  await page.goto('/admin/dashboard');
  await expectSection(page, SECTIONS[0]);
  await page.goto('/admin/dashboard?tab=nonsense');
  await expectSection(page, SECTIONS[0]);

  // Signed in already: /admin goes straight to the dashboard.
  await openPage(page, '/admin');
  await expectSection(page, SECTIONS[0]);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await page.goto('/admin/dashboard?tab=orders');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard%3Ftab%3Dorders$/);
});

test('on a 390 px phone: the tab strip, the slide-in menu, and no sideways scrolling', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInOnAdminAccess(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectSection(page, SECTIONS[0]);
  await expect(page.getByRole('navigation', { name: 'Admin', exact: true })).toBeHidden();

  const strip = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(strip.getByRole('link')).toHaveCount(4);
  for (const section of SECTIONS.filter((candidate) => candidate.short !== null)) {
    const tab = strip.getByRole('link', { name: section.label });
    await expect(tab).toContainText(section.short ?? '');
    await tab.click();
    await expectSection(page, section);
    await expect(tab).toHaveAttribute('aria-current', 'page');
    await expect(strip.locator('[aria-current]')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
  }

  // The slide-in menu: every section, who is signed in, and Sign Out. Escape closes it and the
  // focus goes back to the menu button.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Admin menu' });
  await menuButton.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link')).toHaveCount(SECTIONS.length);
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByText(/^Welcome back, /)).toBeVisible();
  await expect(menu.getByText(E2E_ADMIN.email)).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The menu exists on a phone only.
  await snap(page, 'admin-menu', { sizes: ['phone'] });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Payments and Settings are reached through the menu (the strip holds the four daily sections).
  await menuButton.click();
  await menu.getByRole('link', { name: 'Payments' }).click();
  await expectSection(page, section('payments'));
  await expectNoSidewaysScroll(page);
  // Settings is reached through the menu too.
  await menuButton.click();
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(menu).toBeHidden();
  await expectSection(page, section('settings'));
  await expect(strip.locator('[aria-current]')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // At 360 px too, nothing scrolls sideways, the menu neither.
  await page.setViewportSize(SMALL_PHONE);
  for (const section of SECTIONS) {
    await openPage(page, `/admin/dashboard?tab=${section.tab}`);
    await expectSection(page, section);
    await expectNoSidewaysScroll(page);
  }
  await menuButton.click();
  await expect(menu).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');

  await menuButton.click();
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('a shopper signing in on Admin Access is told plainly that the account has no admin access', async ({
  page,
  request,
}) => {
  const shopper = await createConfirmedShopper(request, 'Ada');
  await page.setViewportSize(PHONE);
  await signInOnAdminAccess(page, shopper.email, shopper.password);

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This account has no admin access.');
  await expect(alert).toContainText(shopper.email);
  // Still on Admin Access, not sent to the shop.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-access-no-access');

  // Coming back later says so straight away; the panel itself sends a shopper to the shop.
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toContainText('This account has no admin access.');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/$/);

  // An admin can sign in over it.
  await signInOnAdminAccess(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectSection(page, SECTIONS[0]);
});
