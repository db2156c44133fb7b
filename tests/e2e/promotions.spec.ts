import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from '@playwright/test';
import { formatNaira } from '../../src/shared/money';
import { minusNaira } from '../../src/shared/price-breakdown';
import type { AdminProductRow } from '../../src/shared/schemas/admin-products';
import type { ProductDetail } from '../../src/shared/schemas/catalog';
import { adminPanel } from './support/admin-panel';
import { E2E_ADMIN } from './support/e2e-admin';
import { waitForEmail } from './support/mail';
import { createOwnProduct } from './support/products';
import { DESKTOP, expectNoSidewaysScroll, openPage, PHONE, snap } from './support/screens';
import { createConfirmedShopper, someIp } from './support/shoppers';
import { lockStandardFee, standardShipping, unlockStandardFee } from './support/standard-fee';

/**
 * Black Friday in the browser, on a phone and on a desktop. An admin creates a discount code in
 * the Discounts section (20 % off T-shirts, over ₦20,000, 100 uses); a shopper types it in lower
 * case at checkout, is refused below the minimum, applies it above, pays, and the checkout, the
 * payment page, the confirmation, the account's orders and both emails show the same breakdown.
 * The admin sees one use, the order's breakdown and the code and amount in the CSV. Then a
 * product's sale, its window set in the data: before it, during it and after it.
 */

// A test that failed while holding the Standard fee (support/standard-fee.ts) lets it go.
test.afterEach(() => unlockStandardFee());

const TEE_PRICE_KOBO = 1_500_000;
const PERCENT_OFF = 20;
const MINIMUM_KOBO = 2_000_000;
const USAGE_LIMIT = 100;
const SALE_PRICE_KOBO = 1_200_000;

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
type Label = (typeof VIEWPORTS)[number][0];

/** The E2E admin's API, signed in, from an address of its own. */
async function adminApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': someIp() },
  });
  const signedIn = await admin.post('/api/auth/sign-in', { data: E2E_ADMIN });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return admin;
}

/** A T-shirt of the test's own, ₦15,000, in stock: the code covers it, and only this test buys it. */
async function ownTee(admin: APIRequestContext, baseURL: string, suffix: string): Promise<ProductDetail> {
  const created = await admin.post('/api/admin/products', {
    headers: { origin: baseURL },
    data: {
      name: `Black Friday Tee ${suffix}`,
      description: 'Made for the promotions browser test.',
      price: String(TEE_PRICE_KOBO / 100),
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
  const read = await admin.get(`/api/products/${product.id}`);
  expect(read.status(), await read.text()).toBe(200);
  return ((await read.json()) as { product: ProductDetail }).product;
}

/** The price breakdown (Subtotal, Discount, Delivery, Total) inside `scope`: its one <dl>. */
const breakdownIn = (scope: Locator) =>
  scope.locator('dl').filter({
    has: scope
      .page()
      .locator('dt')
      .filter({ hasText: /^Subtotal$/ }),
  });

/**
 * The rows of a breakdown as 'Label: value', as the emails write them. Delivery's method, named
 * on some screens and not on others ('Delivery (Standard Shipping)'), is left out to compare.
 */
const sameLabels = (row: string) => row.replace(/^Delivery \([^)]*\):/, 'Delivery:');
async function rowsOf(list: Locator): Promise<string[]> {
  const rows = await list
    .locator(':scope > div')
    .evaluateAll((divs) =>
      divs.map(
        (div) =>
          `${div.querySelector('dt')?.textContent?.trim() ?? ''}: ${div.querySelector('dd')?.textContent?.trim() ?? ''}`,
      ),
    );
  return rows.map(sameLabels);
}

/** The breakdown's rows in an email's plain text. */
function emailRows(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^(Subtotal|Discount( \([^)]*\))?|Delivery( \([^)]*\))?|Total): /.test(line))
    .map(sameLabels);
}

/** One CSV text as rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function fillShipping(page: Page) {
  await page.getByLabel('Phone', { exact: true }).fill('0803 123 4567');
  await page.getByLabel('Address', { exact: true }).fill('12 Admiralty Way, Lekki Phase 1');
  await page.getByLabel('City', { exact: true }).fill('Lagos');
  await page.getByLabel('State', { exact: true }).selectOption('Lagos');
}

/** The admin's Discounts list: the code's row (desktop table) or card (phone). */
function discountEntry(panel: Page, label: Label, code: string) {
  return label === 'desktop'
    ? panel.getByRole('table', { name: 'Discounts' }).getByRole('row').filter({ hasText: code })
    : panel.getByRole('list', { name: 'Discounts' }).getByRole('listitem').filter({ hasText: code });
}

/** The figure under a heading of the Discounts list ('Uses', 'Revenue'), on either layout. */
async function expectDiscountFigure(entry: Locator, label: Label, name: 'Uses' | 'Revenue', value: string) {
  if (label === 'desktop') {
    await expect(entry.getByRole('cell').nth(name === 'Uses' ? 2 : 3)).toHaveText(value);
  } else {
    const figure = entry.locator('dl > div').filter({ has: entry.page().getByText(name, { exact: true }) });
    await expect(figure.locator('dd')).toHaveText(value);
  }
}

for (const [label, viewport] of VIEWPORTS) {
  test(`Black Friday: the admin's code, refused below its minimum, applied above it, paid; the same breakdown everywhere (${label})`, async ({
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const code = `BLACKFRIDAY20-${suffix}`;
    const title = `20% off T-shirts ${suffix}`;

    // The admin's API makes the test's own T-shirt; the admin's panel makes the code.
    const admin = await adminApi(playwright, baseURL!);
    const tee = await ownTee(admin, baseURL!, suffix);
    const variant = tee.variants[0]!;

    const panel = await adminPanel(browser, viewport);
    await openPage(panel, '/admin/dashboard?tab=discounts');
    await expect(panel.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
    await panel.getByRole('button', { name: 'Add discount' }).click();
    const form = panel.getByRole('dialog', { name: 'Add discount' });
    await expect(form.getByRole('radio', { name: /^Discount code/ })).toBeChecked();
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Title', { exact: true }).fill(title);
    await expect(form.getByLabel('Type', { exact: true })).toHaveValue('percentage');
    await form.getByLabel('Percentage off', { exact: true }).fill(String(PERCENT_OFF));
    await form.getByLabel('Products covered', { exact: true }).selectOption({ label: 'Some categories' });
    await form.getByRole('checkbox', { name: 'T-Shirts', exact: true }).check();
    await form.getByLabel('Minimum spend', { exact: true }).fill(String(MINIMUM_KOBO / 100));
    await form.getByLabel('Usage limit', { exact: true }).fill(String(USAGE_LIMIT));
    await expectNoSidewaysScroll(panel);
    // The whole form from its top (typing scrolled the dialog's body down to the last field).
    await form.evaluate((dialog) => {
      for (const box of [dialog, ...dialog.querySelectorAll('*')]) box.scrollTop = 0;
    });
    await snap(panel, 'promotions-admin-discount-form', { dialog: true, sizes: [label] });
    await form.getByRole('button', { name: 'Add discount' }).click();
    await expect(form).toBeHidden();
    const entry = discountEntry(panel, label, code);
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(title);
    await expect(entry).toContainText(`${PERCENT_OFF}% off · 1 category · over ${formatNaira(MINIMUM_KOBO)}`);
    await expect(entry.getByText('Status: Active')).toBeVisible();
    await expectDiscountFigure(entry, label, 'Uses', `0 / ${USAGE_LIMIT}`);

    // The shopper, signed in, adds one T-shirt from its page. No proxy header on this browser:
    // the payment simulator answers only to this machine.
    const shopperContext = await browser.newContext({ viewport });
    const page = await shopperContext.newPage();
    const account = await createConfirmedShopper(page.request, 'Tunde');
    const signedIn = await page.request.post('/api/auth/sign-in', {
      data: account,
      headers: { 'x-forwarded-for': someIp() },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    await openPage(page, `/product/${tee.id}`);
    await page.getByRole('radio', { name: 'Men', exact: true }).check();
    await page.getByRole('radio', { name: variant.size, exact: true }).check();
    await page.getByRole('radio', { name: variant.color!, exact: true }).check();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const drawer = page.getByRole('dialog', { name: /Your Cart/ });
    await expect(drawer.getByRole('heading', { name: 'Your Cart (1)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // From here until the order is placed, no other test changes the Standard fee it charges.
    await lockStandardFee();
    const standard = await standardShipping(page.request);
    const deliveryOn = (itemsKobo: number) =>
      standard.freeAboveKobo !== null && itemsKobo > standard.freeAboveKobo ? 0 : standard.feeKobo;
    const deliveryText = (kobo: number) => (kobo > 0 ? formatNaira(kobo) : 'Free');

    await openPage(page, '/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
    await fillShipping(page);
    await expect(page.getByRole('radio', { name: /Standard Shipping/ })).toBeChecked();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toContainText('Qty: 1');

    // Below the minimum: one T-shirt (₦15,000) of the ₦20,000 needed. Typed in lower case.
    await summary.getByRole('button', { name: 'Have a discount code?' }).click();
    const field = summary.getByLabel('Discount code', { exact: true });
    await expect(field).toBeFocused();
    await field.fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply', exact: true }).click();
    const refused = summary.getByRole('alert');
    await expect(refused).toHaveText(
      `${code} needs ${formatNaira(MINIMUM_KOBO)} of eligible items in your cart. Add ${formatNaira(MINIMUM_KOBO - TEE_PRICE_KOBO)} more to use it.`,
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const oneFee = deliveryOn(TEE_PRICE_KOBO);
    await expect
      .poll(() => rowsOf(breakdownIn(summary)))
      .toEqual([
        `Subtotal: ${formatNaira(TEE_PRICE_KOBO)}`,
        `Delivery: ${deliveryText(oneFee)}`,
        `Total: ${formatNaira(TEE_PRICE_KOBO + oneFee)}`,
      ]);
    await expectNoSidewaysScroll(page);
    await snap(page, 'promotions-checkout-code-refused', { sizes: [label] });

    // A second T-shirt, from the cart drawer on the checkout page; then the code applies.
    await page.getByRole('button', { name: /^Cart, / }).click();
    await drawer.getByRole('button', { name: `Increase quantity of ${tee.name}` }).click();
    await expect(drawer.getByRole('heading', { name: 'Your Cart (2)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(summary).toContainText('Qty: 2');
    await expect(field).toHaveValue(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply', exact: true }).click();

    const subtotal = 2 * TEE_PRICE_KOBO;
    const discount = Math.floor((subtotal * PERCENT_OFF) / 100);
    const fee = deliveryOn(subtotal - discount);
    const total = subtotal - discount + fee;
    expect(discount).toBe(600_000);
    const expected = [
      `Subtotal: ${formatNaira(subtotal)}`,
      `Discount (${code}): ${minusNaira(discount)}`,
      `Delivery: ${deliveryText(fee)}`,
      `Total: ${formatNaira(total)}`,
    ];
    await expect(summary.getByText(`Code ${code} applied`)).toBeVisible();
    await expect(summary.getByText(title, { exact: true })).toBeVisible();
    await expect(summary.getByText(`You save ${formatNaira(discount)}.`)).toBeVisible();
    await expect(summary.getByRole('button', { name: `Remove code ${code}` })).toBeVisible();
    await expect(summary.getByRole('alert')).toHaveCount(0);
    // The line's share of the discount, beside it.
    await expect(
      summary
        .getByRole('list', { name: 'Items in your order' })
        .getByText(`${minusNaira(discount)} with ${code}`),
    ).toBeVisible();
    await expect.poll(() => rowsOf(breakdownIn(summary))).toEqual(expected);
    await expect(breakdownIn(summary).getByText('Delivery (Standard Shipping)')).toBeVisible();
    const payButton = page.getByRole('button', { name: `Pay ${formatNaira(total)}` });
    await expect(payButton).toBeVisible();
    const shown: Record<string, string[]> = { checkout: await rowsOf(breakdownIn(summary)) };
    await expectNoSidewaysScroll(page);
    await snap(page, 'promotions-checkout-code-applied', { sizes: [label] });
    await summary.scrollIntoViewIfNeeded();
    await snap(page, 'promotions-checkout-summary', { window: true, sizes: [label] });

    // Placed: the payment page shows the order's breakdown, the same.
    const placedAt = Date.now();
    await payButton.click();
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    await unlockStandardFee();
    const orderId = page.url().split('/').at(-1)!;
    const short = orderId.slice(0, 8);
    const toPay = page.getByRole('region', { name: 'Order to pay' });
    await expect(toPay).toContainText(`#${short}`);
    await expect.poll(() => rowsOf(breakdownIn(toPay))).toEqual(expected);
    shown.payment = await rowsOf(breakdownIn(toPay));
    await expectNoSidewaysScroll(page);
    await snap(page, 'promotions-payment', { sizes: [label] });

    // Paid through the simulator's pop-up; the confirmation shows the same again.
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const popup = await popupOpened;
    await expect(popup.getByText('Test payment — no money moves')).toBeVisible();
    await popup.getByRole('button', { name: 'Succeed' }).click({ noWaitAfter: true });
    await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Confirmed!');
    await expect(page.getByText('Payment status: Paid')).toBeVisible();
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items.getByText(`${minusNaira(discount)} with ${code}`)).toBeVisible();
    await expect.poll(() => rowsOf(breakdownIn(items))).toEqual(expected);
    shown.confirmation = await rowsOf(breakdownIn(items));
    await expectNoSidewaysScroll(page);
    await snap(page, 'promotions-confirmation', { sizes: [label] });

    // The account's orders: the code named on the row, the breakdown folded under it.
    await page.getByRole('link', { name: 'View All Orders' }).click();
    await expect(page).toHaveURL(/\/account/);
    const row = page.getByRole('listitem').filter({ hasText: `#${short}` });
    await expect(row.getByText('Payment status: Paid')).toBeVisible();
    const prices = row.getByText(`Price breakdown of order #${short}`);
    await expect(row).toContainText(`${minusNaira(discount)} with ${code}`);
    await prices.click();
    await expect(breakdownIn(row)).toBeVisible();
    await expect.poll(() => rowsOf(breakdownIn(row))).toEqual(expected);
    shown.account = await rowsOf(breakdownIn(row));
    await expectNoSidewaysScroll(page);
    await snap(page, 'promotions-account-orders', { sizes: [label] });

    // The emails: the order placed, and the payment's receipt.
    const placedMail = await waitForEmail(account.email, {
      subject: new RegExp(`^Order ${short.toUpperCase()} received$`),
      since: placedAt - 1_000,
    });
    shown.orderPlacedEmail = emailRows(placedMail.text);
    expect(shown.orderPlacedEmail, 'the "order received" email').toEqual(expected);
    expect(placedMail.text).toContain(`${minusNaira(discount)} with ${code}`);
    expect(placedMail.html).toContain(`Discount (${code})`);
    const paidMail = await waitForEmail(account.email, {
      subject: new RegExp(`^Payment received for order ${short.toUpperCase()}$`),
      since: placedAt - 1_000,
    });
    shown.paymentReceivedEmail = emailRows(paidMail.text);
    expect(shown.paymentReceivedEmail, 'the "payment received" email').toEqual(expected);
    expect(paidMail.text).toContain(`We received your payment of ${formatNaira(total)}`);
    expect(paidMail.html).toContain(`Discount (${code})`);

    // Every screen and email, the same rows.
    for (const [where, rows] of Object.entries(shown)) expect(rows, where).toEqual(expected);

    // The admin: one use of 100, and what the code brought in.
    await openPage(panel, '/admin/dashboard?tab=discounts');
    await expect(entry).toBeVisible();
    await expectDiscountFigure(entry, label, 'Uses', `1 / ${USAGE_LIMIT}`);
    await expectDiscountFigure(entry, label, 'Revenue', formatNaira(total));
    await expectNoSidewaysScroll(panel);
    await snap(panel, 'promotions-admin-discounts', { sizes: [label] });

    // The order's dialog: the same breakdown, and the code named.
    await openPage(panel, `/admin/dashboard?tab=orders&order=${orderId}`);
    const dialog = panel.getByRole('dialog', { name: `Order #${short}` });
    await expect(dialog).toBeVisible();
    await expect.poll(() => rowsOf(breakdownIn(dialog))).toEqual(expected);
    await expect(dialog.getByText(`Code ${code}: ${title}`)).toBeVisible();
    await expect(dialog.getByText(`${minusNaira(discount)} with ${code}`)).toBeVisible();
    await expectNoSidewaysScroll(panel);
    await dialog.getByText(`Code ${code}: ${title}`).scrollIntoViewIfNeeded();
    await snap(panel, 'promotions-admin-order', { window: true, sizes: [label] });

    // The CSV: the order's row has the code, the discount and the same figures.
    const csvResponse = await panel.request.get(`/api/admin/orders/export.csv?q=${orderId}`);
    expect(csvResponse.status(), await csvResponse.text()).toBe(200);
    const [header, ...lines] = parseCsv(await csvResponse.text());
    const line = lines.find((cells) => cells[0] === orderId);
    expect(line, `the CSV has no row for ${orderId}`).toBeDefined();
    const column = (name: string) => {
      const index = header!.indexOf(name);
      expect(index, `the CSV has no column "${name}"`).toBeGreaterThanOrEqual(0);
      return line![index];
    };
    const naira = (kobo: number) => (kobo / 100).toFixed(2);
    expect({
      subtotal: column('Subtotal (NGN)'),
      code: column('Discount code'),
      discount: column('Discount (NGN)'),
      waived: column('Shipping waived (NGN)'),
      shipping: column('Shipping (NGN)'),
      total: column('Total (NGN)'),
      paid: column('Paid (NGN)'),
    }).toEqual({
      subtotal: naira(subtotal),
      code,
      discount: naira(discount),
      waived: naira(0),
      shipping: naira(fee),
      total: naira(total),
      paid: naira(total),
    });

    await panel.context().close();
    await shopperContext.close();
    await admin.dispose();
  });

  test(`a sale's price shows only in its window, set in the data: before, during and after it (${label})`, async ({
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const product = await createOwnProduct(baseURL!, {
      name: 'Harmattan Sale Sweatshirt',
      stock: 4,
      priceNaira: TEE_PRICE_KOBO / 100,
    });
    const admin = await adminApi(playwright, baseURL!);
    const hour = 60 * 60 * 1000;
    const day = 24 * hour;
    /** Sets the product's sale to ₦12,000 from `startsAt` to `endsAt`, through the admin API. */
    const setSale = async (startsAt: number, endsAt: number) => {
      const saved = await admin.put(`/api/admin/products/${product.id}`, {
        headers: { origin: baseURL! },
        data: {
          name: product.name,
          description: product.description,
          price: String(TEE_PRICE_KOBO / 100),
          category: 'sweatshirts',
          subcategory: '',
          gender: 'men',
          stock: '4',
          sizes: ['M'],
          colors: ['Black'],
          isActive: true,
          isFeatured: false,
          isMystery: false,
          salePrice: String(SALE_PRICE_KOBO / 100),
          saleStartsAt: new Date(startsAt).toISOString(),
          saleEndsAt: new Date(endsAt).toISOString(),
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    /** Where the admin's product list says the sale stands, on the database's clock. */
    const saleStatus = async () => {
      const list = await admin.get(`/api/admin/products?q=${encodeURIComponent(product.name)}`);
      const { products } = (await list.json()) as { products: AdminProductRow[] };
      const row = products.find((candidate) => candidate.id === product.id);
      return { salePriceKobo: row?.salePriceKobo, saleStatus: row?.saleStatus };
    };

    // An anonymous visitor: the catalogue's pages come from the page cache, which the change of
    // the product clears a moment after it is saved; each check reads the page again until then.
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const was = `Was ${formatNaira(TEE_PRICE_KOBO)}`;
    const now = `Now ${formatNaira(SALE_PRICE_KOBO)}`;
    const percent = Math.round(100 - (SALE_PRICE_KOBO * 100) / TEE_PRICE_KOBO);
    expect(percent).toBe(20);
    const card = page.getByRole('list', { name: 'New Arrivals' }).getByRole('listitem').filter({
      hasText: product.name,
    });

    const expectOnSale = async (when: string) => {
      await expect(async () => {
        await openPage(page, `/product/${product.id}`);
        const price = page.locator('h1 + p');
        await expect(price.locator('s')).toHaveText(was, { timeout: 1_000 });
        await expect(price).toContainText(now, { timeout: 1_000 });
        await expect(price.getByText(`-${percent}%`)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expectNoSidewaysScroll(page);
      await snap(page, `promotions-sale-${when}-product`, { sizes: [label] });
      await expect(async () => {
        await openPage(page, '/new');
        await expect(card.locator('s')).toHaveText(was, { timeout: 1_000 });
        await expect(card).toContainText(now, { timeout: 1_000 });
        await expect(card.getByText(`-${percent}%`)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await card.scrollIntoViewIfNeeded();
      await snap(page, `promotions-sale-${when}-card`, { window: true, sizes: [label] });
    };
    const expectNoSale = async (when: string) => {
      await expect(async () => {
        await openPage(page, `/product/${product.id}`);
        const price = page.locator('h1 + p');
        await expect(price).toHaveText(formatNaira(TEE_PRICE_KOBO), { timeout: 1_000 });
        await expect(price.locator('s')).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await snap(page, `promotions-sale-${when}-product`, { sizes: [label] });
      await expect(async () => {
        await openPage(page, '/new');
        await expect(card).toContainText(formatNaira(TEE_PRICE_KOBO), { timeout: 1_000 });
        await expect(card.locator('s')).toHaveCount(0, { timeout: 1_000 });
        await expect(card.getByText(`-${percent}%`)).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    };

    // Before: the sale starts tomorrow. The data has it; the storefront shows none of it yet.
    await setSale(Date.now() + day, Date.now() + 2 * day);
    expect(await saleStatus()).toEqual({ salePriceKobo: SALE_PRICE_KOBO, saleStatus: 'scheduled' });
    await expectNoSale('before');

    // During: it started an hour ago and ends tomorrow.
    await setSale(Date.now() - hour, Date.now() + day);
    expect(await saleStatus()).toEqual({ salePriceKobo: SALE_PRICE_KOBO, saleStatus: 'on_sale' });
    await expectOnSale('during');
    // The search finds it at its sale price too.
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('combobox', { name: 'Search products and categories' }).fill(product.name);
    const option = search.getByRole('option', { name: new RegExp(product.name) });
    await expect(option.locator('s')).toHaveText(was);
    await expect(option).toContainText(now);
    await snap(page, 'promotions-sale-during-search', { window: true, sizes: [label] });
    await page.keyboard.press('Escape');

    // After: it ended yesterday. The data still has it; the storefront shows none of it.
    await setSale(Date.now() - 2 * day, Date.now() - day);
    expect(await saleStatus()).toEqual({ salePriceKobo: SALE_PRICE_KOBO, saleStatus: null });
    await expectNoSale('after');

    await context.close();
    await admin.dispose();
  });
}
