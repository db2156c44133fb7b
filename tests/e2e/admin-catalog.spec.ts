import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './support/e2e-admin';
import {
  DESKTOP,
  expectNoSidewaysScroll,
  expectNoSidewaysScrollOnSmallPhone,
  openPage,
  PHONE,
  snap,
} from './support/screens';
import { createConfirmedShopper, placeOrderThroughApi, SHOPPER_PASSWORD, someIp } from './support/shoppers';

/**
 * The admin catalogue, end to end, on a desktop and on a 390 px phone: a product created with
 * three photos (their progress bars seen moving) and sizes x colours; its photos reordered, one
 * made the main image, an alt text written; seen in the shop with its price and photos; one
 * variant set to 0 and sold out on its page; a non-image named .png refused with the message
 * shown; deactivated and gone from its page, the listing and the search; deleted, its photo URLs
 * answering 404. Screenshots of each admin screen at both sizes go to tests/e2e/screenshots/.
 */

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
});

/**
 * Uploads as a slow phone connection sends them (Chromium's own network throttling), so an
 * upload lasts long enough for its progress bar to be seen between empty and full. The throttle
 * lasts as long as its DevTools session: call the returned function to end it.
 */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** The product's photos as the admin API lists them, in their order. */
async function photosOf(page: Page, productId: string) {
  const response = await page.request.get(`/api/admin/products/${productId}`);
  return ((await response.json()) as { product: { images: { id: string; altText: string }[] } }).product
    .images;
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
  test(`an admin runs the catalogue on a ${label}`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const name = `Eko Test Tee ${label} ${Date.now().toString(36)}`;

    await openPage(page, '/admin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await openPage(page, '/admin/dashboard?tab=products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, 'admin-products-list');

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
    await expectNoSidewaysScrollOnSmallPhone(page);
    await snap(page, 'admin-product-dialog-errors', { dialog: true });

    // A custom colour can be added once; a second time is refused.
    await dialog.getByRole('textbox', { name: 'Add a custom colour' }).fill('black');
    await dialog.getByRole('button', { name: 'Add colour' }).click();
    await expect(dialog.getByText('That colour is already in the list')).toBeVisible();

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Heavy cotton, printed in Lagos.');
    await dialog.getByLabel('Price', { exact: true }).fill('15000');
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
    // Every value the progress bars show while the photos go up.
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
    await snap(page, 'admin-product-dialog-filled', { dialog: true });
    const unthrottle = await throttleUploads(page, 512 * 1024);
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added successfully')).toBeVisible();

    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit).toBeVisible();
    const photos = edit.getByRole('list', { name: 'Photos, the first is the main image' });
    await expect(photos.getByRole('listitem')).toHaveCount(3, { timeout: 60_000 });
    await expect(edit.getByRole('progressbar')).toHaveCount(0);
    await unthrottle();
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(
      progress.filter((value) => value > 0 && value < 100),
      'a progress bar was seen part-way',
    ).not.toEqual([]);
    await expect(edit.getByLabel('Alt text, photo 1')).toHaveValue(name);

    // The product's id, as the admin API gives it.
    const listed = await page.request.get(`/api/admin/products?q=${encodeURIComponent(name)}`);
    const productId = ((await listed.json()) as { products: { id: string }[] }).products[0]!.id;
    const [front, back, detail] = (await photosOf(page, productId)).map((image) => image.id);

    // The photos arranged: the third made the main image, the first moved down, an alt text.
    await photos.getByRole('button', { name: 'Make main image: photo 3' }).click();
    await expect
      .poll(async () => (await photosOf(page, productId)).map((image) => image.id))
      .toEqual([detail, front, back]);
    // The screen shows the order saved before the admin goes on from it.
    await expect(photos.getByRole('listitem').first().getByText('Main')).toBeVisible();
    await expect(photos.getByRole('listitem').first().locator('img')).toHaveAttribute(
      'src',
      new RegExp(detail!),
    );
    await photos.getByRole('button', { name: 'Move photo 1 down' }).click();
    await expect
      .poll(async () => (await photosOf(page, productId)).map((image) => image.id))
      .toEqual([front, detail, back]);
    await expect(photos.getByRole('listitem').nth(1).locator('img')).toHaveAttribute(
      'src',
      new RegExp(detail!),
    );
    await photos.getByLabel('Alt text, photo 2').fill('Detail of the puff print');
    await photos.getByLabel('Alt text, photo 2').press('Tab');
    await expect
      .poll(async () => (await photosOf(page, productId)).map((image) => image.altText))
      .toEqual([name, 'Detail of the puff print', name]);

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
    await expectNoSidewaysScrollOnSmallPhone(page);
    await snap(page, 'admin-product-dialog-edit', { dialog: true });
    await edit.getByRole('button', { name: 'Dismiss not-really.png' }).click();
    const imageIds = [front!, detail!, back!];

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
    await snap(page, 'admin-products-search');

    // In the shop: its price and photos in their order, the alt text; S in Black sold out; listed
    // with its category, and found by the search.
    const shop = await page.context().newPage();
    await shop.setViewportSize(viewport);
    await openPage(shop, `/product/${productId}`);
    await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(shop.getByText('₦15,000.00').first()).toBeVisible();
    for (const [index, id] of imageIds.entries()) {
      const thumbnail = shop.getByRole('button', { name: `Show image ${index + 1} of 3` });
      await expect(thumbnail.locator(`img[src*="${id}"], img[srcset*="${id}"]`)).toBeAttached();
    }
    await expect(shop.getByRole('img', { name })).toBeVisible();
    await shop.getByRole('button', { name: 'Show image 2 of 3' }).click();
    await expect(shop.getByRole('img', { name: 'Detail of the puff print' })).toBeVisible();
    await shop.getByRole('radio', { name: 'Men', exact: true }).check();
    await shop.getByRole('radio', { name: 'S', exact: true }).check();
    await expect(shop.getByRole('radio', { name: /^Black/ })).toBeDisabled();
    await expect(shop.getByRole('radio', { name: 'White', exact: true })).toBeEnabled();
    const inListing = () => shop.getByRole('link', { name: new RegExp(name) });
    await openPage(shop, '/men/tshirts');
    await expect(inListing().first()).toBeVisible();
    const search = async () => {
      await shop.getByRole('button', { name: 'Search' }).click();
      const searchDialog = shop.getByRole('dialog', { name: 'Search' });
      await searchDialog.getByRole('combobox', { name: 'Search products and categories' }).fill(name);
      return searchDialog;
    };
    const found = await search();
    await expect(found.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await shop.keyboard.press('Escape');
    await expect(found).toBeHidden();

    // Deactivated: gone from its page, the listing and the search.
    await item.getByRole('button', { name: `Edit ${name}` }).click();
    const again = page.getByRole('dialog', { name: 'Edit Product' });
    await again.getByRole('checkbox', { name: /^Active/ }).uncheck();
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await again.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(item.getByText('Inactive', { exact: true }).filter({ visible: true })).toBeVisible();
    const gone = await shop.goto(`/product/${productId}`);
    expect(gone?.status()).toBe(404);
    await expect(shop.getByText('Error loading product: Product not found')).toBeVisible();
    await openPage(shop, '/men/tshirts');
    await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
    // The listing is there (other T-shirts), without it.
    await expect(shop.locator('a[href^="/product/"]').first()).toBeVisible();
    await expect(inListing()).toHaveCount(0);
    const notFound = await search();
    await expect(notFound.getByText('No results found.')).toBeVisible();
    await expect(notFound.getByRole('option', { name: new RegExp(name) })).toHaveCount(0);
    await shop.keyboard.press('Escape');

    // Deleted after 'Are you sure?': its photo URLs answer 404.
    for (const id of imageIds)
      expect((await page.request.get(`/images/products/${id}/400.webp`)).status()).toBe(200);
    await item.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('permanently delete');
    await expectNoSidewaysScroll(page);
    await snap(page, 'admin-product-delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await expect(page.getByText('No products match your search')).toBeVisible();
    await snap(page, 'admin-products-empty-search');
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
  await openPage(page, '/admin');
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
  await placeOrderThroughApi(shopper, { fullName: 'Chioma Bello', email });
  await shopper.dispose();

  await openPage(page, '/admin/dashboard?tab=products');
  await page.getByRole('searchbox').fill(name);
  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('appears in orders');
  await expect(confirm).toContainText('deactivated instead');
  await expectNoSidewaysScroll(page);
  await snap(page, 'admin-product-deactivate-instead');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Product deactivated')).toBeVisible();
  await expect(item.getByText('Inactive', { exact: true }).filter({ visible: true })).toBeVisible();
  expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(404);
});
