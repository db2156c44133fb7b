import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoVariant } from './support/demo-products';
import { linkIn, waitForEmail } from './support/mail';
import { snap } from './support/screens';
import { placeOrderThroughApi } from './support/shoppers';

/**
 * Live updates in the browser: a shopper's open pages change as the order changes elsewhere,
 * without a reload. The order is changed through the shop's own payment flow in a second tab
 * (the admin's orders screen does the same through its own endpoint, see admin-orders.spec.ts).
 * How soon a page follows a change is the benchmark's to measure (docs/decisions/
 * 2026-11-26-live-latency-in-the-benchmark.md): here each page follows by itself, with no reload.
 */

const PASSWORD = 'Passw0rd!';
const someIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** A confirmed shopper, signed in on this browser context (the confirmation starts a session). */
async function signUp(request: APIRequestContext): Promise<string> {
  const email = `live-${randomUUID().slice(0, 8)}@example.test`;
  const since = Date.now();
  const registered = await request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': someIp() },
    data: { firstName: 'Ada', lastName: 'Obi', email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = linkIn(await waitForEmail(email, { since: since - 1_000 }), /token_hash=/);
  const token = new URL(link).searchParams.get('token_hash');
  const confirmed = await request.post('/api/auth/confirm', { data: { token_hash: token, type: 'signup' } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  // Confirming signs nobody in; the shopper signs in with the password.
  const signedIn = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return email;
}

/** Places an order for one unit of an in-stock demo product, through the API as the checkout page does. */
async function placeOrder(request: APIRequestContext, email: string): Promise<string> {
  const { product, variant } = await demoVariant(request, (v) => v.stock >= 2);
  const added = await request.post('/api/cart/items', {
    data: { productId: product.id, variantId: variant.id, gender: product.gender, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return placeOrderThroughApi(request, { fullName: 'Ada Obi', email });
}

/** Marks the page so a reload (which would drop the mark) can be told apart from a live update. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'still here';
  });
}
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark ?? 'reloaded');

test('the order confirmation shows the new status and progress by itself, with no reload', async ({
  page,
  context,
}) => {
  const email = await signUp(page.request);
  const orderId = await placeOrder(page.request, email);

  // The live client connects after hydration; the page then follows the order.
  const following = page.waitForResponse((response) => response.url().includes('/api/live?topics='));
  await page.goto(`/order-confirmation/${orderId}`);
  const progress = page.getByRole('progressbar', { name: 'Order progress' });
  await expect(page.getByText('Order status: Pending')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
  expect((await following).status()).toBe(200);
  await markPage(page);

  // Elsewhere (another tab of the same shopper), the order is paid: it moves to processing.
  const other = await context.newPage();
  const started = await other.request.post('/api/payments/initialize', { data: { orderId } });
  expect(started.ok(), await started.text()).toBe(true);
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  await other.goto(authorizationUrl);
  // The simulator's answer comes once the payment is recorded (its webhook is delivered first).
  const paid = other.waitForResponse(
    (response) =>
      response.url().includes('/simulator/paystack/pay/') && response.request().method() === 'POST',
  );
  await other.getByRole('button', { name: 'Succeed' }).click({ noWaitAfter: true });
  expect((await paid).ok()).toBe(true);

  await expect(page.getByText('Order status: Processing')).toBeVisible();
  await expect(page.getByText('Payment status: Paid')).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  expect(await stillMarked(page)).toBe('still here');
  await snap(page, 'live-order-confirmation-updated');
});

test('the account Orders tab lists an order placed in another tab, with no reload', async ({
  page,
  context,
}) => {
  const email = await signUp(page.request);
  const first = await placeOrder(page.request, email);

  const following = page.waitForResponse((response) => response.url().includes('/api/live?topics='));
  await page.goto('/account');
  const orders = page.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByRole('listitem')).toHaveCount(1);
  await expect(orders).toContainText(`#${first.slice(0, 8)}`);
  expect((await following).status()).toBe(200);
  await markPage(page);

  const other = await context.newPage();
  const second = await placeOrder(other.request, email);
  await expect(orders).toContainText(`#${second.slice(0, 8)}`);
  await expect(orders.getByRole('listitem')).toHaveCount(2);
  expect(await stillMarked(page)).toBe('still here');
});
