import { randomBytes } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './support/e2e-admin';
import { DESKTOP, PHONE } from './support/screens';
import { createConfirmedShopper, SHOPPER_PASSWORD, someIp } from './support/shoppers';

/**
 * The admin catalogue, end to end, on a desktop and on a 390 px phone: a product created with
 * three photos (their progress bars seen) and sizes x colours, seen in the shop with its price and
 * photos; one variant set to 0 and sold out on its page; a non-image named .png refused with the
 * message shown; deactivated and gone from the shop; deleted, its photo URLs answering 404.
 * Screenshots of each admin screen at both sizes go to the test output.
 */

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
});

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

/** A dialog scrolls inside the window: a tall window shows all of it in one picture. */
async function keepDialog(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize({ width: size.width, height: 2600 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await page.setViewportSize(size);
}

/** A photo-sized PNG of noise (about 1 MB, so the upload takes long enough to show progress). */
async function photo(seed: number) {
  const side = 600;
  const pixels = randomBytes(side * side * 3);
  pixels[0] = seed;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`an admin runs the catalogue on a ${label}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const name = `Eko Test Tee ${label} ${Date.now().toString(36)}`;

    await page.goto('/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.goto('/admin/dashboard?tab=products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keep(page, testInfo, `products-list-${label}`);

    // The form refuses an empty product with the spec's messages.
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Subcategory')).toBeDisabled();
    // A new product starts with Black, White and Gray chosen.
    for (const colour of ['Black', 'White', 'Gray'])
      await expect(dialog.getByRole('checkbox', { name: colour })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    for (const message of [
      'Product name is required',
      'Price must be positive',
      'Category is required',
      'Gender is required',
      'Please select at least one size',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await keepDialog(page, testInfo, `product-dialog-errors-${label}`);

    // A custom colour can be added once; a second time is refused.
    await dialog.getByRole('textbox', { name: 'Add a custom colour' }).fill('black');
    await dialog.getByRole('button', { name: 'Add colour' }).click();
    await expect(dialog.getByText('That colour is already in the list')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Heavy cotton, printed in Lagos.');
    await dialog.getByLabel('Price').fill('15000');
    await dialog.getByLabel('Gender').selectOption('men');
    await dialog.getByLabel('Category', { exact: true }).selectOption('tshirts');
    await expect(dialog.getByLabel('Subcategory')).toBeEnabled();
    await dialog.getByLabel('Subcategory').selectOption('graphic-tees');
    // Changing the category resets the subcategory.
    await dialog.getByLabel('Category', { exact: true }).selectOption('sweatshirts');
    await expect(dialog.getByLabel('Subcategory')).toHaveValue('');
    await dialog.getByLabel('Category', { exact: true }).selectOption('tshirts');
    await dialog.getByLabel('Subcategory').selectOption('graphic-tees');
    await dialog.getByLabel('Stock').fill('12');
    await dialog.getByText('S', { exact: true }).click();
    await dialog.getByText('M', { exact: true }).click();
    await dialog.getByText('Gray', { exact: true }).click();
    await expect(dialog.getByText('4 variants: each size in each colour.')).toBeVisible();

    // Three photos picked before saving wait, each with its progress bar, and upload after it.
    const files = await Promise.all(
      ['front', 'back', 'detail'].map(async (view, index) => ({
        name: `${view}.png`,
        mimeType: 'image/png',
        buffer: await photo(index),
      })),
    );
    await dialog.locator('input[type="file"]').setInputFiles(files);
    for (const file of files) {
      await expect(dialog.getByRole('progressbar', { name: `Uploading ${file.name}` })).toBeVisible();
    }
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const look = () => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          seen.push(Number(bar.getAttribute('aria-valuenow')));
        }
        requestAnimationFrame(look);
      };
      look();
    });
    await keepDialog(page, testInfo, `product-dialog-filled-${label}`);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added successfully')).toBeVisible();

    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit).toBeVisible();
    const photos = edit.getByRole('list', { name: 'Photos, the first is the main image' });
    await expect(photos.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
    await expect(edit.getByRole('progressbar')).toHaveCount(0);
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(
      progress.some((value) => value > 0),
      'an upload showed progress',
    ).toBe(true);
    await expect(edit.getByLabel('Alt text, photo 1')).toHaveValue(name);

    // Stock: 12 over 4 variants; S in Black set to 0 with a reason.
    await expect(edit.getByLabel('New stock for S / Black')).toHaveValue('3');
    await edit.getByLabel('New stock for S / Black').fill('0');
    await edit.getByLabel('Reason for S / Black').selectOption('correction');
    await edit.getByRole('button', { name: 'Save stock for S / Black' }).click();
    await expect(page.getByText('Stock updated')).toBeVisible();
    await expect(edit.getByText('Sold out')).toBeVisible();

    // A file that is not an image, named .png, is refused with the message shown.
    await edit.locator('input[type="file"]').setInputFiles({
      name: 'not-really.png',
      mimeType: 'image/png',
      buffer: Buffer.from('This is a text file, not a picture.'),
    });
    await expect(
      edit.getByText('This file is not a supported image. Please choose a JPEG, PNG, WebP or AVIF image.'),
    ).toBeVisible();
    await expect(photos.getByRole('listitem')).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    await keepDialog(page, testInfo, `product-dialog-edit-${label}`);
    await edit.getByRole('button', { name: 'Dismiss not-really.png' }).click();

    // The product's id and photo URLs, as the admin API gives them.
    const listed = await page.request.get(`/api/admin/products?q=${encodeURIComponent(name)}`);
    const row = ((await listed.json()) as { products: { id: string }[] }).products[0]!;
    const detail = await page.request.get(`/api/admin/products/${row.id}`);
    const imageIds = ((await detail.json()) as { product: { images: { id: string }[] } }).product.images.map(
      (image) => image.id,
    );
    expect(imageIds).toHaveLength(3);

    await edit.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(edit).toBeHidden();
    await page.getByRole('searchbox').fill(name);
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('₦15,000.00').filter({ visible: true })).toBeVisible();
    await expect(item.getByText('9 in stock').filter({ visible: true })).toBeVisible();
    await expect(item.getByText('Active', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(item.getByText('3 images')).toBeAttached();
    await expectNoSidewaysScroll(page);
    await keep(page, testInfo, `products-search-${label}`);

    // In the shop: its price and photos; S in Black sold out.
    const shop = await page.context().newPage();
    await shop.setViewportSize(viewport);
    await shop.goto(`/product/${row.id}`);
    await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(shop.getByText('₦15,000.00').first()).toBeVisible();
    for (const id of imageIds)
      await expect(shop.locator(`img[src*="${id}"], img[srcset*="${id}"]`).first()).toBeAttached();
    await shop.getByRole('radio', { name: 'Men', exact: true }).check();
    await shop.getByRole('radio', { name: 'S', exact: true }).check();
    await expect(shop.getByRole('radio', { name: /^Black/ })).toBeDisabled();
    await expect(shop.getByRole('radio', { name: 'White', exact: true })).toBeEnabled();

    // Deactivated: gone from the shop.
    await item.getByRole('button', { name: `Edit ${name}` }).click();
    const again = page.getByRole('dialog', { name: 'Edit Product' });
    await again.getByRole('checkbox', { name: /^Active/ }).uncheck();
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await again.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(item.getByText('Inactive', { exact: true }).filter({ visible: true })).toBeVisible();
    const gone = await shop.goto(`/product/${row.id}`);
    expect(gone?.status()).toBe(404);
    await expect(shop.getByText('Error loading product: Product not found')).toBeVisible();

    // Deleted after 'Are you sure?': its photo URLs answer 404.
    for (const id of imageIds)
      expect((await page.request.get(`/images/products/${id}/400.webp`)).status()).toBe(200);
    await item.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('permanently delete');
    await keep(page, testInfo, `product-delete-${label}`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await expect(page.getByText('No products match your search')).toBeVisible();
    await keep(page, testInfo, `products-empty-search-${label}`);
    for (const id of imageIds) {
      for (const file of ['400', '800', '1200', 'preview']) {
        expect((await page.request.get(`/images/products/${id}/${file}.webp`)).status()).toBe(404);
      }
    }
    await shop.close();
  });
}

test('a product that appears in an order is deactivated instead of deleted, and the dialog says so', async ({
  page,
  playwright,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const baseURL = testInfo.project.use.baseURL as string;
  const name = `Ordered Tee ${Date.now().toString(36)}`;
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  const created = await page.request.post('/api/admin/products', {
    headers: { origin: baseURL },
    data: {
      name,
      description: '',
      price: '9000',
      category: 'tshirts',
      subcategory: '',
      gender: 'men',
      stock: '5',
      sizes: ['M'],
      colors: ['Black'],
      isActive: true,
      isFeatured: false,
      isMystery: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = ((await created.json()) as { product: { id: string; variants: { id: string }[] } }).product;

  // A shopper buys one.
  const shopper = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': someIp() },
  });
  const { email } = await createConfirmedShopper(shopper, 'Chioma');
  expect(
    (await shopper.post('/api/auth/sign-in', { data: { email, password: SHOPPER_PASSWORD } })).ok(),
  ).toBe(true);
  const added = await shopper.post('/api/cart/items', {
    data: { productId: product.id, variantId: product.variants[0]!.id, gender: 'men', quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const ordered = await shopper.post('/api/orders', {
    data: {
      fullName: 'Chioma Bello',
      email,
      phone: '08031234567',
      address: '12 Admiralty Way, Lekki',
      city: 'Lagos',
      state: 'Lagos',
      sameAsShipping: true,
      shippingMethodCode: 'standard',
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  await shopper.dispose();

  await page.goto('/admin/dashboard?tab=products');
  await page.getByRole('searchbox').fill(name);
  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('appears in orders');
  await expect(confirm).toContainText('deactivated instead');
  await keep(page, testInfo, 'product-deactivate-instead-desktop');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Product deactivated')).toBeVisible();
  await expect(item.getByText('Inactive', { exact: true }).filter({ visible: true })).toBeVisible();
  expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(404);
});
