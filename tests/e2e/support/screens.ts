import { expect, type Locator, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
/** The narrowest phone the shop is made for. */
export const SMALL_PHONE = { width: 360, height: 740 };

const SIZES = { phone: PHONE, desktop: DESKTOP } as const;

/**
 * Screenshots are kept for people to look at, in tests/e2e/screenshots/. They check nothing, and
 * drawing them is a good part of the browsers' work: E2E_SCREENSHOTS=off (CI) skips them.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * Keeps a screenshot as tests/e2e/screenshots/{name}.png: of a page (the whole page from its top,
 * unless `fullPage: false`: the window only), or of one element.
 */
export async function keep(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS) return;
  const path = `tests/e2e/screenshots/${name}.png`;
  if ('goto' in target) {
    const fullPage = options.fullPage ?? true;
    if (fullPage) await target.evaluate(() => window.scrollTo(0, 0));
    await target.screenshot({ path, fullPage });
  } else {
    await target.screenshot({ path });
  }
}

/**
 * Resizes the window and waits until the page is drawn at the new size: the window reports it,
 * then two animation frames pass (the first runs the layout and the re-render the resize caused,
 * the second begins once that has been painted).
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction(
    ({ width, height }) => window.innerWidth === width && window.innerHeight === height,
    size,
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Keeps a full-page screenshot of the current screen, from its top, on a phone and on a desktop
 * viewport, in tests/e2e/screenshots/{name}-{phone|desktop}.png. `dialog`: a dialog is open, and it
 * scrolls inside the window, so the window is made tall enough to show all of it. `window`: what
 * the window shows only (a dialog fixed to it). `sizes`: a screen that exists at one size only
 * (the phone's menu).
 */
export async function snap(
  page: Page,
  name: string,
  options: { dialog?: boolean; window?: boolean; sizes?: readonly (keyof typeof SIZES)[] } = {},
) {
  if (!SCREENSHOTS) return;
  const original = page.viewportSize();
  // A full-page shot of a scrolled page draws the sticky navbar mid-page.
  if (!options.window) await page.evaluate(() => window.scrollTo(0, 0));
  for (const label of options.sizes ?? (['phone', 'desktop'] as const)) {
    const size = SIZES[label];
    await resizeTo(page, options.dialog ? { width: size.width, height: 2600 } : size);
    await page.screenshot({ path: `tests/e2e/screenshots/${name}-${label}.png`, fullPage: !options.window });
  }
  if (original) await resizeTo(page, original);
}

/**
 * Nothing scrolls sideways: not the page, and not an open dialog, whose body scrolls up and down
 * inside the window (it is never allowed to scroll sideways, so content wider than it would be
 * cut off: its scroll width says so).
 */
export async function expectNoSidewaysScroll(page: Page) {
  const overflows = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (!root || root.scrollWidth > window.innerWidth)
      found.push(`the page: ${root?.scrollWidth} px in ${window.innerWidth}`);
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      const label = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent;
      for (const box of [dialog, ...dialog.children]) {
        if (box.scrollWidth > box.clientWidth)
          found.push(
            `dialog "${label}" (${box.tagName.toLowerCase()}): ${box.scrollWidth} px in ${box.clientWidth}`,
          );
      }
    }
    return found;
  });
  expect(overflows, 'something scrolls sideways').toEqual([]);
}

/** The same check at the narrowest phone width, then back to the viewport the test uses. */
export async function expectNoSidewaysScrollOnSmallPhone(page: Page) {
  const original = page.viewportSize();
  await resizeTo(page, SMALL_PHONE);
  await expectNoSidewaysScroll(page);
  if (original) await resizeTo(page, original);
}

/**
 * Opens a page and waits until React has hydrated it (the app marks `<html data-hydrated>`):
 * a click on a server-rendered button before then does nothing, which a slow machine shows.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}
