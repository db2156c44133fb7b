import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatNaira } from '../../src/shared/money';
import type { ProductListResponse, ProductSummary } from '../../src/shared/schemas/catalog';
import { E2E_NOTIFICATIONS } from './support/prepare-data';
import { openPage, PHONE, snap } from './support/screens';
import { standardShipping, withStandardFee } from './support/standard-fee';
import { checkWhileSteady } from './support/steady';

const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://localhost:${port}`;

async function activeProducts(request: APIRequestContext): Promise<Map<string, ProductSummary>> {
  const response = await request.get('/api/products?limit=100');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as ProductListResponse;
  return new Map(body.products.map((product) => [product.name, product]));
}

async function productId(request: APIRequestContext, name: string): Promise<string> {
  const product = (await activeProducts(request)).get(name);
  if (!product) throw new Error(`demo product ${name} is not listed`);
  return product.id;
}

/** The demo seed stores each product's images under its id: the one not listed is the inactive one. */
async function inactiveProductIds(request: APIRequestContext): Promise<string[]> {
  const folder = path.resolve('.tmp', `e2e-${port}`, 'data', 'uploads', 'product-images', 'products');
  const stored = await readdir(folder);
  const active = new Set([...(await activeProducts(request)).values()].map((product) => product.id));
  // The demo catalogue's own products keep the drawings they were made from (original.svg);
  // products other browser tests create and deactivate have uploaded photos only.
  const demo = await Promise.all(
    stored.map(async (id) => {
      const images = await readdir(path.join(folder, id)).catch(() => [] as string[]);
      const drawn = await Promise.all(
        images.map((image) =>
          readdir(path.join(folder, id, image)).then(
            (files) => files.includes('original.svg'),
            () => false,
          ),
        ),
      );
      return drawn.some(Boolean);
    }),
  );
  return stored.filter((id, index) => demo[index] && !active.has(id));
}

const addButton = (page: Page) => page.getByRole('button', { name: 'ADD TO CART' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page arrives with its title, sharing tags and JSON-LD in the HTML', async ({
    page,
    request,
  }) => {
    const id = await productId(request, 'Eko Oni Baje Graphic Tee');
    const response = await page.goto(`/product/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eko Oni Baje Graphic Tee');
    await expect(page.getByText(formatNaira(1_500_000)).first()).toBeVisible();
    await expect(page).toHaveTitle('Eko Oni Baje Graphic Tee | Naija Street');

    const meta = (selector: string) => page.locator(`head ${selector}`);
    await expect(meta('meta[name="description"]')).toHaveAttribute('content', /puff-printed Lagos sunrise/);
    await expect(meta('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/product/${id}`);
    await expect(meta('meta[property="og:title"]')).toHaveAttribute('content', 'Eko Oni Baje Graphic Tee');
    await expect(meta('meta[property="og:description"]')).toHaveAttribute('content', /Heavyweight 240 gsm/);
    await expect(meta('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(meta('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/product/${id}`);
    await expect(meta('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`^${origin}/images/products/[0-9a-f-]{36}/1200\\.webp$`),
    );
    await expect(meta('meta[property="product:price:amount"]')).toHaveAttribute('content', '15000.00');
    await expect(meta('meta[property="product:price:currency"]')).toHaveAttribute('content', 'NGN');
    await expect(meta('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(meta('meta[name="twitter:title"]')).toHaveAttribute('content', 'Eko Oni Baje Graphic Tee');

    // The og:image really is an image the shop serves.
    const image = await request.get((await meta('meta[property="og:image"]').getAttribute('content'))!);
    expect(image.headers()['content-type']).toBe('image/webp');

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Eko Oni Baje Graphic Tee',
      url: `${origin}/product/${id}`,
      offers: {
        '@type': 'Offer',
        price: '15000.00',
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(jsonLd.image).toHaveLength(3);
  });

  test('a sold-out product says OutOfStock in its JSON-LD', async ({ page, request }) => {
    await page.goto(`/product/${await productId(request, 'Harmattan Windbreaker')}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd.offers.availability).toBe('https://schema.org/OutOfStock');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  });

  test('a listing arrives with its title, canonical URL and product links', async ({ page }) => {
    const response = await page.goto('/men/tshirts');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Men's T-Shirts");
    await expect(page).toHaveTitle("Men's T-Shirts | Naija Street");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/men/tshirts`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/1200\.webp$/);
    await expect(page.getByRole('link', { name: /Eko Oni Baje Graphic Tee/ })).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd['@type']).toBe('ItemList');
  });

  test("an inactive product is not reachable: 404 with the product page's error", async ({
    page,
    request,
  }) => {
    const inactive = await inactiveProductIds(request);
    expect(inactive).toHaveLength(1);
    const response = await page.goto(`/product/${inactive[0]}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Error loading product: Product not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
    expect((await request.get(`/api/products/${inactive[0]}`)).status()).toBe(404);
    const search = await (await request.get('/api/search?q=Archive%20Leather')).json();
    expect(search.products).toEqual([]);
  });

  test('/product without an id goes home; an unknown id is a 404', async ({ page }) => {
    await page.goto('/product');
    await expect(page).toHaveURL(`${origin}/`);
    const response = await page.goto('/product/not-a-product');
    expect(response?.status()).toBe(404);
  });
});

test('home → SHOP NEW ARRIVALS → a product: choose gender, size and colour, then add it', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const featured = page.getByRole('list', { name: 'Featured products' });
  // Up to 8 of the featured products (other browser tests feature products of their own now and
  // then: counted again if that happened while the page was read).
  await checkWhileSteady(
    async () => [...(await activeProducts(request)).values()].filter((p) => p.isFeatured).length,
    async (featuredCount) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'FEATURED' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'ALL PRODUCTS' })).toBeVisible();
      await expect(featured.getByRole('listitem')).toHaveCount(Math.min(featuredCount, 8));
    },
  );
  // The first card's image is the page's LCP image; cards further down load lazily.
  const firstImage = featured.getByRole('listitem').first().locator('img');
  await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
  await expect(firstImage).toHaveAttribute('loading', 'eager');
  await expect(page.getByRole('list', { name: 'All products' }).locator('img').last()).toHaveAttribute(
    'loading',
    'lazy',
  );
  await expect(firstImage).toHaveJSProperty('complete', true);
  await snap(page, 'catalog-home');

  await page.getByRole('link', { name: 'SHOP NEW ARRIVALS' }).click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Arrivals');
  await expect(page).toHaveTitle('New Arrivals | Naija Street');
  await snap(page, 'catalog-new-arrivals');

  await page
    .getByRole('list', { name: 'New Arrivals' })
    .getByRole('link', { name: /Ojota Fleece Joggers/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ojota Fleece Joggers');
  await expect(page).toHaveTitle('Ojota Fleece Joggers | Naija Street');

  // Each missing choice is named in the spec's order when the shopper presses too early.
  const add = addButton(page);
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await add.click({ force: true });
  await expect(page.getByRole('alert')).toHaveText('Please select a gender');
  await expect(page.getByRole('radio', { name: 'Men', exact: true })).toBeFocused();
  await page.getByRole('radio', { name: 'Men', exact: true }).check();

  await add.click({ force: true });
  await expect(page.getByRole('alert')).toHaveText('Please select a size');
  await page.getByRole('radio', { name: 'S', exact: true }).check();

  await add.click({ force: true });
  await expect(page.getByRole('alert')).toHaveText('Please select a color');
  // Size S in Black is sold out in the demo shop: shown, disabled, with the out-of-stock text.
  await expect(page.getByRole('radio', { name: /^Black/ })).toBeDisabled();
  await expect(page.getByText('This item is currently out of stock.')).toBeVisible();
  await page.getByRole('radio', { name: 'Gray', exact: true }).check();

  // Choosing another size resets the colour.
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await expect(page.getByRole('radio', { name: 'Gray', exact: true })).not.toBeChecked();
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('radio', { name: 'Black', exact: true }).check();
  await expect(add).not.toHaveAttribute('aria-disabled');
  await snap(page, 'catalog-product');

  await add.click();
  // The cart drawer opens and says so; the navbar's cart button counts the item.
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem('naija-street.guest-cart'));
  expect(JSON.parse(stored!)).toEqual([
    expect.objectContaining({
      gender: 'men',
      quantity: 1,
      productId: expect.any(String),
      variantId: expect.any(String),
    }),
  ]);
  await page.keyboard.press('Escape');
  await add.click();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
});

test('the size guide, shipping policy and gallery overlays', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await openPage(page, `/product/${await productId(request, 'Lekki Heavyweight Hoodie')}`);

  const sizeGuideButton = page.getByRole('button', { name: 'Size Guide' });
  await sizeGuideButton.click();
  const sizeGuide = page.getByRole('dialog', { name: 'Size Guide' });
  await expect(sizeGuide).toBeVisible();
  // A hoodie is a top: its own guide (first-ten.spec.ts checks joggers and hats too).
  await expect(sizeGuide.getByRole('table', { name: 'Tops' })).toBeVisible();
  await expect(sizeGuide.getByRole('row', { name: /MEDIUM/ })).toHaveText(/MEDIUM\s*38-40\s*28/);
  await snap(page, 'catalog-size-guide', { window: true });
  await page.keyboard.press('Escape');
  await expect(sizeGuide).toBeHidden();
  await expect(sizeGuideButton).toBeFocused();

  // The Standard fee as stored, and as shown, while no other test changes it.
  const shipping = page.getByRole('dialog', { name: 'Shipping Policy' });
  await withStandardFee(async () => {
    await page.getByRole('button', { name: 'Shipping Policy' }).click();
    const { feeKobo } = await standardShipping(request);
    await expect(shipping.getByText(formatNaira(feeKobo))).toBeVisible();
  });
  await expect(shipping.getByText('Express Shipping')).toBeVisible();
  await snap(page, 'catalog-shipping-overlay', { window: true });
  await shipping.getByRole('button', { name: 'Close Shipping Policy' }).click();
  await expect(shipping).toBeHidden();

  // Thumbnails switch the main image; the main image opens the full-screen gallery there.
  await page.getByRole('button', { name: 'Show image 2 of 3' }).click();
  await expect(page.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: /Open full-screen gallery, image 2 of 3/ }).click();
  const gallery = page.getByRole('dialog', { name: 'Lekki Heavyweight Hoodie gallery' });
  await expect(gallery).toBeVisible();
  await expect(gallery.getByText('2 / 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText('3 / 3')).toBeVisible();
  const big = gallery.locator('img').first();
  await expect(big).toHaveAttribute('alt', /close-up/);
  await expect(big).toHaveJSProperty('complete', true);
  expect(await big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'catalog-gallery', { window: true });
  await gallery.getByRole('button', { name: 'Next image' }).click();
  await expect(gallery.getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a mystery item shows its two notes', async ({ page, request }) => {
  await page.goto(`/product/${await productId(request, 'Mystery Scratchcard Tee')}`);
  const notes = page.getByRole('complementary', { name: 'About mystery items' });
  await expect(notes).toContainText('Ordering 5 or more will likely give you duplicates.');
  await expect(notes).toContainText('An unused scratchcard must be returned for a refund.');
});

test('a sold-out product shows every size disabled with the out-of-stock text', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await openPage(page, `/product/${await productId(request, 'Harmattan Windbreaker')}`);
  await page.getByRole('radio', { name: 'Women' }).check();
  const sizes = page.getByRole('group', { name: /SIZE/ }).getByRole('radio');
  await expect(sizes).toHaveCount(5);
  for (const size of await sizes.all()) await expect(size).toBeDisabled();
  await expect(page.getByText('This item is currently out of stock.').first()).toBeVisible();
  await expect(addButton(page)).toHaveAttribute('aria-disabled', 'true');
  await snap(page, 'catalog-product-sold-out');
});

test('gendered listing titles, and the menu leads to them', async ({ page, request }) => {
  // Every men's T-shirt, counted (other browser tests make T-shirts of their own: counted again if
  // that happened while the page was read).
  await checkWhileSteady(
    async () =>
      [...(await activeProducts(request)).values()].filter(
        (p) => p.gender === 'men' && p.category.slug === 'tshirts',
      ).length,
    async (menTees) => {
      await openPage(page, '/men/tshirts');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Men's T-Shirts");
      await expect(page.getByText(`${menTees} products`)).toBeVisible();
      await expect(page.getByRole('list', { name: "Men's T-Shirts" }).getByRole('listitem')).toHaveCount(
        menTees,
      );
    },
  );
  await snap(page, 'catalog-men-tshirts');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: 'WOMEN', exact: true })
    .click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'JACKETS' }).click();
  await expect(page).toHaveURL(/\/women\/jackets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Women's Jackets");
  await expect(page).toHaveTitle("Women's Jackets | Naija Street");
  await expect(page.getByRole('link', { name: /Ikoyi Satin Bomber/ })).toBeVisible();

  await page.goto('/men/tops');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Men's TOPS / JERSEYS");
  await page.goto('/hats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hats');
  await page.goto('/knitwear');
  await expect(page.getByRole('link', { name: /Festac Ribbed Knit Sweater/ })).toContainText('SOLD OUT');
  expect((await page.goto('/men/knitwear'))?.status()).toBe(404);
});

test('skeletons while a listing loads, and the API error on the page', async ({ page }) => {
  // The app's own navigation shows the skeleton: a click before it takes over loads the next
  // page from the server, listing and all.
  await openPage(page, '/');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/products',
    async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'The catalogue is resting.' } }),
      });
    },
  );
  await page.getByRole('link', { name: 'SHOP NEW ARRIVALS' }).click();
  await expect(page.getByTestId('grid-skeleton').getByRole('listitem', { includeHidden: true })).toHaveCount(
    8,
  );
  await snap(page, 'catalog-listing-skeleton');
  release();
  await expect(page.getByRole('alert')).toHaveText('Error loading products: The catalogue is resting.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Arrivals');
  await snap(page, 'catalog-listing-error');
});

test('a product that fails to load offers the way home', async ({ page, request }) => {
  const id = await productId(request, 'Yaba Essential Tee');
  // The app's own navigation reads the product: a click before it takes over loads it from the server.
  await openPage(page, '/');
  await page.route(`**/api/products/${id}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'internal', message: 'Something went wrong. Please try again.' },
      }),
    }),
  );
  await page
    .getByRole('list', { name: 'All products' })
    .getByRole('link', { name: /Yaba Essential Tee/ })
    .click();
  await expect(page.getByRole('alert')).toHaveText(
    'Error loading product: Something went wrong. Please try again.',
  );
  await snap(page, 'catalog-product-error');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${origin}/`);
});

test('search with the keyboard: by part of a description, and by category', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Search' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('combobox', { name: 'Search products and categories' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'Search products and categories...');
  for (const heading of ['MAIN MENU', "MEN'S", "WOMEN'S", 'OTHER']) {
    await expect(dialog.getByText(heading, { exact: true })).toBeVisible();
  }
  await snap(page, 'catalog-search-empty', { window: true });

  // Part of a description: "puff-printed Lagos sunrise" is only in the Eko Oni Baje tee's.
  await page.keyboard.type('lagos sunrise');
  await expect(dialog.getByText('Loading results...')).toBeVisible();
  const option = dialog.getByRole('option', { name: /Eko Oni Baje Graphic Tee/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText("Men's · T-Shirts");
  await expect(option).toContainText(formatNaira(1_500_000));
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'catalog-search-results', { window: true });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eko Oni Baje Graphic Tee');

  // By category: the Jackets category comes first; arrows move, Enter opens.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.type('jacket');
  await expect(dialog.getByRole('option', { name: /^Track Jackets/ })).toBeVisible();
  await expect(dialog.getByRole('option', { name: 'Jackets', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', { name: /^Track Jackets/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/jackets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jackets');

  // Broad text: at most 5 products and the hint; nonsense: nothing; Escape closes.
  await page.getByRole('button', { name: 'Search' }).click();
  await page.keyboard.type('cotton');
  await expect(
    dialog.getByText('More results available. Refine your search for better results.'),
  ).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'PRODUCTS' }).getByRole('option')).toHaveCount(5);
  await input.fill('zzzz-nothing');
  await expect(dialog.getByText('No results found.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
});

test.describe('site notifications', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Site notifications' });

  test('site-wide shows everywhere, product-page only on products; dismissing hides it until reload', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(banner(page)).toContainText(E2E_NOTIFICATIONS.siteWide.content);
    await expect(banner(page)).not.toContainText(E2E_NOTIFICATIONS.productPage.title);
    await page.goto('/new');
    await expect(banner(page)).toContainText(E2E_NOTIFICATIONS.siteWide.title);
    await expect(banner(page)).not.toContainText(E2E_NOTIFICATIONS.productPage.title);

    await page.goto(`/product/${await productId(request, 'Danfo Yellow Graphic Tee')}`);
    await expect(banner(page).getByTestId('notification-marquee')).toBeVisible();
    await expect(banner(page)).toContainText(E2E_NOTIFICATIONS.productPage.content);
    await expect(banner(page)).toContainText(E2E_NOTIFICATIONS.siteWide.content);
    await snap(page, 'catalog-banner-marquee');

    // Back to a page without product notifications, by a client-side navigation.
    await page.getByRole('link', { name: 'Naija Street home' }).click();
    await expect(banner(page)).not.toContainText(E2E_NOTIFICATIONS.productPage.title);
    await expect(banner(page)).toContainText(E2E_NOTIFICATIONS.siteWide.title);

    await banner(page).getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(banner(page)).toBeHidden();
    await page.getByRole('link', { name: 'SHOP NEW ARRIVALS' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Arrivals');
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test('with reduced motion several notifications are a static list', async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(PHONE);
    await page.goto(`/product/${await productId(request, 'Danfo Yellow Graphic Tee')}`);
    // Both of this run's notifications, each an item of a static list (other browser tests may be
    // showing notifications of their own at the same time).
    const items = banner(page).getByRole('listitem');
    await expect(items.filter({ hasText: E2E_NOTIFICATIONS.siteWide.title })).toHaveCount(1);
    await expect(items.filter({ hasText: E2E_NOTIFICATIONS.productPage.title })).toHaveCount(1);
    await expect(banner(page).getByTestId('notification-marquee')).toBeHidden();
    await snap(page, 'catalog-banner-static');
  });
});
