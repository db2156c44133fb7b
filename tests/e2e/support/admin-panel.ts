import { type Browser, expect } from '@playwright/test';
import { E2E_ADMIN } from './e2e-admin';
import { openPage } from './screens';
import { someIp } from './shoppers';

/** The admin panel, signed in as the E2E admin through its own form, in a browser of its own. */
export async function adminPanel(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': someIp() } });
  const page = await context.newPage();
  await openPage(page, '/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}
