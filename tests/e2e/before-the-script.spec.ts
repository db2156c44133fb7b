import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { Cart } from '../../src/shared/schemas/cart';
import type { ProductDetail } from '../../src/shared/schemas/catalog';
import { E2E_ADMIN } from './support/e2e-admin';
import { createOwnProduct } from './support/products';
import { keep, PHONE } from './support/screens';
import { createConfirmedShopper, someIp } from './support/shoppers';

/**
 * A mid-range phone on a slow mobile network: the page shows its controls a while before its
 * script takes over. Every tap and every key press a shopper makes in that while must count.
 *
 * Each run opens the page on the slow profile (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up,
 * the processor four times slower) and holds the page's script back until the test lets it go,
 * so "before the script" is certain, however fast this machine is: the shopper taps each control
 * as soon as it shows, then the script is let go, and what they chose, typed or asked for is
 * still there, or done.
 */

type Gate = { release(): void; held(): number };

/** The slow phone of the Lighthouse profile the shop is measured on. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Holds every script file of the build until `release()`; `held()` counts those that were held. */
async function holdTheScript(page: Page): Promise<Gate> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(/\/assets\/[^?#]+\.js(?:[?#]|$)/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release: () => release(), held: () => held };
}

/** A phone of its own for one run: its own cookies and cart, its own address (the shop's rate limits). */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page; gate: Gate }> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': someIp() },
  });
  const page = await context.newPage();
  await slowPhone(page);
  const gate = await holdTheScript(page);
  return { context, page, gate };
}

const takenOver = (page: Page) => page.locator('html[data-hydrated]');

/** The script has not taken the page over: what the shopper does now happens before it. */
async function expectBeforeTheScript(page: Page) {
  await expect(takenOver(page)).toHaveCount(0);
}

/**
 * Once the page has asked for its script (the gate holds it: the page cannot have run it), lets
 * it go and waits until it has taken the page over.
 */
async function letTheScriptRun(page: Page, gate: Gate) {
  await expect
    .poll(gate.held, { message: 'the page asks for its script, and it is held' })
    .toBeGreaterThan(0);
  await expectBeforeTheScript(page);
  gate.release();
  await takenOver(page).waitFor({ state: 'attached' });
}

/** Opens a page as a tap on a link would, without waiting for what the held script would load. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

/** A chip of the product's form: the one of that name the shopper can see (ticked by a tap). */
const chip = (page: Page, name: string) =>
  page.getByRole('radio', { name, exact: true }).filter({ visible: true });

const drawer = (page: Page) => page.getByRole('dialog', { name: /Your Cart/ });

let product: ProductDetail;
let shopper: { email: string; password: string };

test.beforeAll(async ({ baseURL, request }) => {
  product = await createOwnProduct(baseURL!, {
    name: 'Slow Phone Hoodie',
    stock: 200,
    sizes: ['M', 'L'],
    colors: ['Black', 'White'],
  });
  shopper = await createConfirmedShopper(request, 'Kemi');
});

async function signIn(context: BrowserContext) {
  const signedIn = await context.request.post('/api/auth/sign-in', { data: shopper });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const cleared = await context.request.delete('/api/cart');
  expect(cleared.ok(), await cleared.text()).toBe(true);
}

/**
 * 10 runs of the product page: a guest or a signed-in shopper ticks Women, L and White and
 * presses ADD TO CART, each as soon as it shows, and the script takes over after 0, 1, 2, 3 or all
 * 4 of those taps. Every run ends with the one line in the cart, as chosen.
 */
test('the product choices and ADD TO CART count from the first tap (10 runs)', async ({ browser }) => {
  test.setTimeout(300_000);
  for (let run = 0; run < 10; run += 1) {
    const before = run % 5;
    const signedIn = run >= 5;
    const label = `run ${run + 1}: ${before} of 4 taps before the script, ${signedIn ? 'signed in' : 'guest'}`;
    await test.step(label, async () => {
      const { context, page, gate } = await phone(browser);
      if (signedIn) await signIn(context);
      await open(page, `/product/${product.id}`);
      const taps = [
        () => chip(page, 'Women').check(),
        () => chip(page, 'L').check(),
        () => chip(page, 'White').check(),
        // Posted to the server as a plain form: the shopper comes back to the page as they left it.
        async () => {
          await page.getByRole('button', { name: 'ADD TO CART' }).click({ noWaitAfter: true });
          await page.waitForURL(/[?&]color=White/, { waitUntil: 'commit' });
        },
      ];
      for (const tap of taps.slice(0, before)) {
        await expectBeforeTheScript(page);
        await tap();
      }
      await letTheScriptRun(page, gate);
      // What was ticked before is still ticked, and the rest is done on the page.
      for (const [index, name] of ['Women', 'L', 'White'].entries()) {
        if (index < before) await expect(chip(page, name), `${label}: ${name}`).toBeChecked();
      }
      for (const tap of taps.slice(before, 3)) await tap();
      if (before < 4) await page.getByRole('button', { name: 'ADD TO CART' }).click();

      await expect(drawer(page).getByRole('heading', { name: 'Your Cart (1)' }), label).toBeVisible();
      await expect(drawer(page).getByText('L · White · Women'), label).toBeVisible();
      if (signedIn) {
        const cart = (await (await context.request.get('/api/cart')).json()) as Cart;
        expect(
          cart.items.map((line) => [line.size, line.color, line.gender, line.quantity]),
          label,
        ).toEqual([['L', 'White', 'women', 1]]);
      }
      await context.close();
    });
  }
});

test('the product form looks the same before the script and after it has taken over', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const gate = await holdTheScript(page);
  await open(page, `/product/${product.id}`);
  const form = page.locator('form#purchase');
  await form.getByRole('button', { name: 'ADD TO CART' }).waitFor();
  await form.scrollIntoViewIfNeeded();
  const before = await form.screenshot({ animations: 'disabled' });
  await keep(page, 'before-the-script-product-before');
  await letTheScriptRun(page, gate);
  const after = await form.screenshot({ animations: 'disabled' });
  await keep(page, 'before-the-script-product-after');
  expect(after.equals(before), 'the form drawn by the server and by the page differ').toBe(true);
  await context.close();
});

/** Choices the server finds incomplete: the shopper is back on the page with what they ticked. */
test('ADD TO CART pressed before the script with no colour points to the colour, keeping the rest', async ({
  browser,
}) => {
  const { context, page, gate } = await phone(browser);
  await open(page, `/product/${product.id}`);
  await expectBeforeTheScript(page);
  await chip(page, 'Men').check();
  await chip(page, 'M').check();
  await page.getByRole('button', { name: 'ADD TO CART' }).click({ noWaitAfter: true });
  await page.waitForURL(/choose=color/, { waitUntil: 'commit' });
  await expect(page.getByRole('alert')).toHaveText('Please select a color');
  await expect(chip(page, 'Men')).toBeChecked();
  await expect(chip(page, 'M')).toBeChecked();
  await letTheScriptRun(page, gate);
  await expect(chip(page, 'Men')).toBeChecked();
  await expect(chip(page, 'M')).toBeChecked();
  await chip(page, 'Black').check();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(drawer(page).getByText('M · Black · Men')).toBeVisible();
  await context.close();
});

test('the menu, search and cart buttons count before the script', async ({ browser }) => {
  test.setTimeout(120_000);
  await test.step('menu: opens, and is the sliding menu once the script runs', async () => {
    const { context, page, gate } = await phone(browser);
    await open(page, '/');
    await expectBeforeTheScript(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'ALL PRODUCTS' })).toBeVisible();
    await keep(page, 'before-the-script-menu', { fullPage: false });
    await letTheScriptRun(page, gate);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'WOMEN', exact: true }).click();
    await menu.getByRole('link', { name: 'JACKETS' }).click();
    await expect(page).toHaveURL(/\/women\/jackets$/);
    await context.close();
  });

  await test.step('search: opens the search page, keeps what is typed there, searches', async () => {
    const { context, page, gate } = await phone(browser);
    await open(page, '/');
    await expectBeforeTheScript(page);
    await page.getByRole('button', { name: 'Search' }).click({ noWaitAfter: true });
    await page.waitForURL(/\/search/, { waitUntil: 'commit' });
    const field = page.getByRole('searchbox', { name: 'Search products and categories' });
    await field.fill('hoodie');
    await expectBeforeTheScript(page);
    await letTheScriptRun(page, gate);
    await expect(field).toHaveValue('hoodie');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=hoodie$/);
    await expect(page.getByRole('link', { name: /Slow Phone Hoodie/ }).first()).toBeVisible();
    await context.close();
  });

  await test.step('search: a search sent before the script lists its results', async () => {
    const { context, page, gate } = await phone(browser);
    await open(page, '/search');
    await expectBeforeTheScript(page);
    await page.getByRole('searchbox', { name: 'Search products and categories' }).fill('Slow Phone');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click({ noWaitAfter: true });
    await page.waitForURL(/\/search\?q=Slow\+Phone$/, { waitUntil: 'commit' });
    await expect(page.getByRole('link', { name: /Slow Phone Hoodie/ }).first()).toBeVisible();
    await letTheScriptRun(page, gate);
    await expect(page.getByRole('searchbox', { name: 'Search products and categories' })).toHaveValue(
      'Slow Phone',
    );
    await context.close();
  });

  await test.step('cart: opens the cart page', async () => {
    const { context, page, gate } = await phone(browser);
    await open(page, `/product/${product.id}`);
    await expectBeforeTheScript(page);
    await page.getByRole('button', { name: /^Cart, / }).click({ noWaitAfter: true });
    await page.waitForURL(/\/cart/, { waitUntil: 'commit' });
    await letTheScriptRun(page, gate);
    // A guest's empty cart, read from the phone once the script runs.
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
    await context.close();
  });
});

test('Sign out counts before the script, from the header and from the menu', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const where of ['header', 'menu'] as const) {
    await test.step(`from the ${where}`, async () => {
      const { context, page, gate } = await phone(browser);
      await signIn(context);
      await open(page, '/new');
      await expectBeforeTheScript(page);
      if (where === 'header') {
        await page.getByRole('button', { name: 'Sign out', exact: true }).click({ noWaitAfter: true });
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await keep(page, 'before-the-script-menu-signed-in', { fullPage: false });
        await page.getByRole('button', { name: 'SIGN OUT', exact: true }).click({ noWaitAfter: true });
      }
      // The server signed the shopper out and sent them home, which its HTML draws signed out.
      await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
      const session = await context.request.get('/api/auth/session');
      expect(await session.json()).toMatchObject({ user: null });
      // Once the script runs, the page says so.
      await letTheScriptRun(page, gate);
      await expect(page.getByText('Logged out successfully')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
      await context.close();
    });
  }
});

const newEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`;

test.describe('text typed before the script is kept', () => {
  test.setTimeout(120_000);

  test('sign-in: typed, then signed in; or typed and sent before the script', async ({ browser }) => {
    for (const send of ['after', 'before'] as const) {
      await test.step(`Sign In pressed ${send} the script takes over`, async () => {
        const { context, page, gate } = await phone(browser);
        await open(page, '/login?redirect=%2Faccount');
        await expectBeforeTheScript(page);
        await page.getByLabel('Email').fill(shopper.email);
        await page.getByLabel('Password').fill(shopper.password);
        if (send === 'before') {
          await page.getByRole('button', { name: 'Sign In' }).click({ noWaitAfter: true });
          // The server signs the shopper in and the login page sends them on.
          await page.waitForURL(/\/account$/, { waitUntil: 'commit' });
          await letTheScriptRun(page, gate);
        } else {
          await letTheScriptRun(page, gate);
          await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
          await expect(page.getByLabel('Password')).toHaveValue(shopper.password);
          await page.getByRole('button', { name: 'Sign In' }).click();
          await expect(page).toHaveURL(/\/account$/);
        }
        await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
        await context.close();
      });
    }
  });

  test('Admin Access: typed and sent before the script signs the admin in, or says why not', async ({
    browser,
  }) => {
    for (const password of ['not-the-password', E2E_ADMIN.password]) {
      const right = password === E2E_ADMIN.password;
      await test.step(right ? 'the right password' : 'a wrong password', async () => {
        const { context, page, gate } = await phone(browser);
        await open(page, '/admin');
        await expectBeforeTheScript(page);
        await page.getByLabel('Email').fill(E2E_ADMIN.email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign In' }).click({ noWaitAfter: true });
        if (right) {
          // Signed in by the server; Admin Access sends an admin on to the dashboard.
          await page.waitForURL(/\/admin\/dashboard/, { waitUntil: 'commit' });
          await letTheScriptRun(page, gate);
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        } else {
          await page.waitForURL(/\/admin\?problem=invalidCredentials$/, { waitUntil: 'commit' });
          await expect(page.getByText('Invalid email or password.')).toBeVisible();
          await letTheScriptRun(page, gate);
          await expect(page.getByText('Invalid email or password.')).toBeVisible();
        }
        await context.close();
      });
    }
  });

  test('sign-in sent before the script with a wrong password says so', async ({ browser }) => {
    const { context, page, gate } = await phone(browser);
    await open(page, '/login');
    await expectBeforeTheScript(page);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click({ noWaitAfter: true });
    await page.waitForURL(/problem=invalidCredentials/, { waitUntil: 'commit' });
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await letTheScriptRun(page, gate);
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await context.close();
  });

  test('sign-up: typed, then registered; or typed and sent before the script', async ({ browser }) => {
    for (const send of ['after', 'before'] as const) {
      await test.step(`Create Account pressed ${send} the script takes over`, async () => {
        const { context, page, gate } = await phone(browser);
        const email = newEmail('ngozi');
        await open(page, '/register');
        await expectBeforeTheScript(page);
        await page.getByLabel('First Name').fill('Ngozi');
        await page.getByLabel('Last Name').fill('Eze');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
        await page.getByLabel('Confirm Password').fill('Passw0rd!');
        if (send === 'before') {
          await page.getByRole('button', { name: 'Create Account' }).click({ noWaitAfter: true });
          await page.waitForURL(/\/register\?done=1$/, { waitUntil: 'commit' });
          await expect(page.getByRole('main').getByText(/Registration successful/)).toBeVisible();
          await letTheScriptRun(page, gate);
        } else {
          await letTheScriptRun(page, gate);
          for (const [label, value] of [
            ['First Name', 'Ngozi'],
            ['Last Name', 'Eze'],
            ['Email', email],
            ['Confirm Password', 'Passw0rd!'],
          ] as const) {
            await expect(page.getByLabel(label), label).toHaveValue(value);
          }
          await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Passw0rd!');
          await page.getByRole('button', { name: 'Create Account' }).click();
        }
        // Creating an account hashes its password: slow on a busy machine.
        await expect(page.getByRole('main').getByText(/Registration successful/)).toBeVisible({
          timeout: 30_000,
        });
        await context.close();
      });
    }
  });

  test('forgot password: typed, then sent; or typed and sent before the script', async ({ browser }) => {
    for (const send of ['after', 'before'] as const) {
      await test.step(`Send Reset Link pressed ${send} the script takes over`, async () => {
        const { context, page, gate } = await phone(browser);
        await open(page, '/forgot-password');
        await expectBeforeTheScript(page);
        await page.getByLabel('Email').fill(shopper.email);
        if (send === 'before') {
          await page.getByRole('button', { name: 'Send Reset Link' }).click({ noWaitAfter: true });
          await page.waitForURL(/\/forgot-password\?sent=1$/, { waitUntil: 'commit' });
          await letTheScriptRun(page, gate);
        } else {
          await letTheScriptRun(page, gate);
          await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
          await page.getByRole('button', { name: 'Send Reset Link' }).click();
        }
        await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
        await context.close();
      });
    }
  });

  test('checkout: the address and state typed before the script; Pay pressed before or after', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    for (const send of ['after', 'before'] as const) {
      await test.step(`Pay pressed ${send} the script takes over`, async () => {
        const { context, page, gate } = await phone(browser);
        await signIn(context);
        const white = product.variants.find((variant) => variant.size === 'L' && variant.color === 'White')!;
        const added = await context.request.post('/api/cart/items', {
          data: { productId: product.id, variantId: white.id, gender: 'women', quantity: 1 },
        });
        expect(added.ok(), await added.text()).toBe(true);
        await open(page, '/checkout');
        await expectBeforeTheScript(page);
        await page.getByLabel('Phone', { exact: true }).fill('0803 123 4567');
        await page.getByLabel('Address', { exact: true }).fill('12 Admiralty Way, Lekki Phase 1');
        await page.getByLabel('City', { exact: true }).fill('Lagos');
        await page.getByLabel('State', { exact: true }).selectOption('Lagos');
        await page.getByLabel('Notes (optional)').fill('Call at the gate');
        const pay = page.getByRole('button', { name: /^Pay / });
        if (send === 'before') {
          await pay.click({ noWaitAfter: true });
          await page.waitForURL(/\/payment\//, { waitUntil: 'commit' });
          await letTheScriptRun(page, gate);
        } else {
          await letTheScriptRun(page, gate);
          for (const [label, value] of [
            ['Phone', '0803 123 4567'],
            ['Address', '12 Admiralty Way, Lekki Phase 1'],
            ['City', 'Lagos'],
            ['State', 'Lagos'],
          ] as const) {
            await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value);
          }
          await expect(page.getByLabel('Notes (optional)')).toHaveValue('Call at the gate');
          // The state chosen before the script is the one the delivery methods follow.
          await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
          await pay.click();
          await expect(page).toHaveURL(/\/payment\//);
        }
        await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
        const orderId = new URL(page.url()).pathname.split('/').pop()!;
        const order = await context.request.get(`/api/orders/${orderId}`);
        expect(order.ok(), await order.text()).toBe(true);
        expect(JSON.stringify(await order.json())).toContain('12 Admiralty Way, Lekki Phase 1');
        await context.close();
      });
    }
  });
});
