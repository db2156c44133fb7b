import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoVariant } from './support/demo-products';
import { DESKTOP, PHONE } from './support/screens';

/**
 * A page's first view on a slow phone: its own styles come inline in its HTML (the rest of the
 * stylesheet follows without holding up the first paint), its photo is in the HTML, and the script
 * and the rest of the stylesheet are asked for only once the photo has arrived.
 */

/** What every element of the page's markup looks like: its box and the styles that draw it. */
async function looks(page: Page) {
  return page.evaluate(() => {
    const properties = [
      'display',
      'position',
      'visibility',
      'opacity',
      'color',
      'background-color',
      'background-image',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'letter-spacing',
      'text-transform',
      'text-decoration-line',
      'border-top-width',
      'border-bottom-width',
      'border-top-color',
      'border-radius',
      'box-shadow',
      'transform',
      'filter',
      'object-fit',
      'overflow-x',
      'z-index',
    ];
    return [...document.querySelectorAll('#root *')].map((element, index) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const before = getComputedStyle(element, '::before');
      return [
        `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`,
        [box.x, box.y, box.width, box.height].map((n) => Math.round(n * 2) / 2).join(','),
        ...properties.map((name) => `${name}: ${style.getPropertyValue(name)}`),
        `::before ${before.getPropertyValue('content')} ${before.getPropertyValue('background-image')} ${before.getPropertyValue('filter')}`,
      ].join(' | ');
    });
  });
}

/** A page's document as the server sends it: its status, headers (as decoded) and HTML. */
type SentDocument = { status: number; headers: Record<string, string>; body: string };

async function serverDocument(request: APIRequestContext, path: string): Promise<SentDocument> {
  const response = await request.get(path);
  const headers = { ...response.headers() };
  // The body arrives decoded: it is handed on as it is.
  delete headers['content-encoding'];
  delete headers['content-length'];
  return { status: response.status(), headers, body: await response.text() };
}

/**
 * Opens a page from the document the server sent (the same document for each of a comparison's
 * pages: tests running beside this one add products that home and the listings show): no script
 * runs but the page's own inline code.
 */
async function openServerMarkup(
  page: Page,
  path: string,
  sent: SentDocument,
  { fullStylesheet }: { fullStylesheet: boolean },
) {
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  if (!fullStylesheet) await page.route(/\.css(\?|$)/, (route) => route.abort());
  await page.route(
    (url) => url.pathname + url.search === path,
    (route) => route.fulfill(sent),
  );
  await page.goto(path);
  if (fullStylesheet) {
    // Added once the photo has arrived: wait until the browser has it.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.sheet),
    );
  }
}

for (const [screen, size] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`on a ${screen}, home, a listing and a product page look the same with their inline styles alone as with the whole stylesheet`, async ({
    browser,
    request,
  }) => {
    const { product } = await demoVariant(request);
    for (const path of ['/', '/men/tshirts', `/product/${product.id}`]) {
      const inlineOnly = await browser.newPage({ viewport: size });
      const whole = await browser.newPage({ viewport: size });
      try {
        const sent = await serverDocument(request, path);
        await openServerMarkup(inlineOnly, path, sent, { fullStylesheet: false });
        await openServerMarkup(whole, path, sent, { fullStylesheet: true });
        // The inline styles are the page's own share of the stylesheet, not all of it.
        const [inline, full] = await Promise.all([
          inlineOnly.evaluate(() => document.querySelector('head style')?.textContent?.length ?? 0),
          whole.evaluate(() =>
            [...document.styleSheets]
              .filter((sheet) => sheet.href)
              .reduce(
                (sum, sheet) => sum + [...sheet.cssRules].reduce((n, rule) => n + rule.cssText.length, 0),
                0,
              ),
          ),
        ]);
        expect(inline, path).toBeGreaterThan(0);
        expect(inline, path).toBeLessThan(full * 0.7);
        const [withInline, withWhole] = await Promise.all([looks(inlineOnly), looks(whole)]);
        expect(withInline.length, path).toBeGreaterThan(50);
        const differences = withInline.filter((line, i) => line !== withWhole[i]);
        expect(differences, `${path}: elements drawn differently without the whole stylesheet`).toEqual([]);
      } finally {
        await inlineOnly.close();
        await whole.close();
      }
    }
  });
}

test('the product photo comes in the HTML and arrives before the script and the rest of the stylesheet are asked for', async ({
  page,
  request,
}) => {
  const { product } = await demoVariant(request);
  await page.setViewportSize(PHONE);
  const events: string[] = [];
  page.on('request', (sent) => {
    if (/\.(js|css)(\?|$)/.test(sent.url())) events.push(`asked ${new URL(sent.url()).pathname}`);
  });
  page.on('requestfinished', (done) => {
    if (done.resourceType() === 'image') events.push(`arrived ${done.url()}`);
  });
  const response = await page.goto(`/product/${product.id}`);
  const html = (await response?.text()) ?? '';
  // The photo is a real image of the server's HTML, asked for first.
  expect(html.match(/<img [^>]*fetchpriority="high"[^>]*>/i)?.[0]).toMatch(/srcset="[^"]*800\.webp 800w/i);
  // No stylesheet link to wait on before the first paint (only for browsers without scripts).
  expect(html.replace(/<noscript>.*?<\/noscript>/g, '')).not.toMatch(/<link rel="stylesheet"/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const photoUrl = await page
    .locator('img[fetchpriority="high"]')
    .evaluate((image: HTMLImageElement) => image.currentSrc);
  const photo = events.indexOf(`arrived ${photoUrl}`);
  const firstAsked = events.findIndex((event) => event.startsWith('asked'));
  expect(photo, events.join('\n')).toBeGreaterThanOrEqual(0);
  expect(firstAsked, events.join('\n')).toBeGreaterThan(photo);
  // The rest of the stylesheet is in use once the script runs.
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.sheet),
    ),
  ).toBe(true);
});
