import { expect, test } from '@playwright/test';

test.describe('server rendering', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page arrives as HTML, readable without JavaScript', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Naija Street/);
  });
});
