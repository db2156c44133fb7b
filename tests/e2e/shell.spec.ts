import { expect, test } from '@playwright/test';
import { formatNaira } from '../../src/shared/money';
import { E2E_NOTIFICATIONS } from './support/prepare-data';
import { DESKTOP, expectNoSidewaysScroll, openPage, PHONE, resizeTo, snap } from './support/screens';
import { standardShipping, withStandardFee } from './support/standard-fee';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page arrives rendered from the server', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Streetwear with Naija soul.');
    await expect(page.getByRole('link', { name: 'SHOP NEW ARRIVALS' })).toHaveAttribute('href', '/new');
    await expect(page).toHaveTitle(/Naija Street/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Lagos/);
  });

  test('an unknown path answers 404 with the not-found screen', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toBeVisible();
  });
});

test('the menu opens MEN and WOMEN one at a time and links to the categories', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'LOGIN / REGISTER' })).toBeVisible();
  for (const name of ['ALL PRODUCTS', 'NEW', 'HATS', 'ACCESSORIES']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const men = menu.getByRole('button', { name: 'MEN', exact: true });
  const women = menu.getByRole('button', { name: 'WOMEN', exact: true });
  await men.click();
  await expect(men).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'TOPS / JERSEYS' })).toBeVisible();
  await snap(page, 'menu');
  await women.click();
  await expect(women).toHaveAttribute('aria-expanded', 'true');
  await expect(men).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'TOPS / JERSEYS' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'TOPS', exact: true })).toHaveAttribute('href', '/women/tops');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('a known name typed another way is redirected once, with a toast', async ({ page }) => {
  await page.goto('/Terms-Of-Service-Missing');
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  // The spec's admin paths go to the panel's matching tab (a guest then meets the admin sign-in;
  // first-ten.spec.ts covers each path signed in as an admin).
  await page.goto('/ADMIN/ORDERS');
  await expect(page.getByText("Taking you to the admin panel's Orders")).toBeVisible();
  await expect(page).not.toHaveURL(/ORDERS/);
});

test('the admin hint shows on admin paths that do not exist', async ({ page }) => {
  await page.goto('/admin/no-such-screen');
  await expect(page.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/admin');
  await expect(page.getByText('You may need to log in again')).toBeVisible();
});

test('the shipping policy shows the fees stored in the database', async ({ page }) => {
  await page.goto('/');
  const lagos = page.getByRole('region', { name: 'Lagos', exact: true });
  // Lagos's Standard fee as stored, and as shown, while no other test changes it.
  await withStandardFee(async () => {
    await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
    await expect(page).toHaveURL(/\/shipping-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
    const { feeKobo } = await standardShipping(page.request);
    await expect(lagos.getByRole('row', { name: /Standard Shipping/ })).toContainText(formatNaira(feeKobo));
  });
  const standard = lagos.getByRole('row', { name: /Standard Shipping/ });
  await expect(standard).toContainText('free on orders above ₦25,000.00');
  await expect(lagos.getByRole('row', { name: /Express Shipping/ })).toContainText('₦5,000.00');
  await expect(lagos.getByRole('row', { name: /Pick up in store/ })).toContainText('Free');
  // Each zone its own fee.
  await expect(
    page
      .getByRole('region', { name: 'South-West', exact: true })
      .getByRole('row', { name: /Standard Shipping/ }),
  ).toContainText('₦3,500.00');
  const rest = page.getByRole('region', { name: 'Rest of Nigeria', exact: true });
  await expect(rest).toContainText('Kano');
  await expect(rest.getByRole('row', { name: /Standard Shipping/ })).toContainText('₦4,500.00');
  await snap(page, 'shipping-policy');
});

test('the terms page has its 11 sections', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(11);
});

test('/collections goes home and the query-routing demo follows ?view= and ?section=', async ({ page }) => {
  await page.goto('/collections');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/query-routing-example');
  await expect(page.getByRole('heading', { name: 'Default view' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/view=settings/);
  await expect(page.getByText('Section: general')).toBeVisible();
  await page.getByRole('link', { name: 'notifications' }).click();
  await expect(page.getByText('Section: notifications')).toBeVisible();
});

test('home on a phone and a desktop: what a first-time visitor sees', async ({ page }) => {
  await openPage(page, '/');
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await resizeTo(page, size);
    // The header: home, search, account and an empty cart; the categories bar on wide screens,
    // the menu button on phones.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Naija Street home' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'Categories' });
    if (label === 'desktop') {
      for (const name of ['NEW', 'MEN', 'WOMEN', 'HATS', 'ACCESSORIES'])
        await expect(categories.getByRole('link', { name, exact: true })).toBeVisible();
    } else {
      await expect(categories).toBeHidden();
      await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
    }
    // The site-wide notification of this run, on every page.
    await expect(page.getByRole('region', { name: 'Site notifications' })).toContainText(
      E2E_NOTIFICATIONS.siteWide.title,
    );
    // The hero: one heading, its words and its two ways in; the featured artwork on wide screens only.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Streetwear with Naija soul.');
    await expect(page.getByText('Limited drops, delivered across Nigeria.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'SHOP NEW ARRIVALS' })).toHaveAttribute('href', '/new');
    await expect(page.getByRole('link', { name: 'VIEW COLLECTIONS' })).toBeVisible();
    const art = page.getByRole('complementary', { name: 'From the featured drop' });
    if (label === 'desktop') await expect(art.getByRole('link')).toHaveCount(3);
    else await expect(art).toBeHidden();
    // The featured products and all the others, each card a link to its product with its price.
    await expect(page.getByRole('heading', { level: 2, name: 'FEATURED' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'ALL PRODUCTS' })).toBeVisible();
    for (const name of ['Featured products', 'All products']) {
      const first = page.getByRole('list', { name }).getByRole('listitem').first();
      await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/product\/[0-9a-f-]{36}$/);
      await expect(first).toContainText('₦');
    }
    // The footer, with the shop's policies.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Shipping Policy' })).toBeVisible();
    await expect(footer).toContainText('All rights reserved.');
    await expectNoSidewaysScroll(page);
    await snap(page, 'home', { sizes: [label] });
  }
});
