import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shortId } from '../../src/shared/constants';
import { demoVariant } from './support/demo-products';
import { E2E_ADMIN } from './support/e2e-admin';
import { linkIn, waitForEmail } from './support/mail';
import { openPage, snap } from './support/screens';

/**
 * The life of an account in the browser: registration with its checks, the confirmation email,
 * sign-in (unconfirmed, wrong password, rate limit), the account page's tabs, sign-out, a forgotten
 * password reset from the emailed link, the guards on protected and admin pages, the admin
 * sign-in screen, and idle sign-out.
 */

const PASSWORD = 'Passw0rd!';

// Each shopper comes from their own address, as real shoppers would: the shop limits sign-ups and
// failed sign-ins per address, and every browser test shares 127.0.0.1.
const someIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const newEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`;

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
});

/** Screenshots from the top: a full-page shot of a scrolled page draws the sticky navbar mid-page. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, `accounts-${name}`);
}

/** Registers and confirms through the API with the emailed link (not signed in afterwards). */
async function createConfirmedAccount(request: APIRequestContext, firstName = 'Tunde') {
  const email = newEmail(firstName.toLowerCase());
  const since = Date.now();
  const registered = await request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': someIp() },
    data: { firstName, lastName: 'Bello', email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(linkIn(await waitForEmail(email, { since, subject: /Confirm/ }), /\/auth\/confirm\?/));
  const confirmed = await request.post('/api/auth/confirm', {
    data: { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  // Confirming signs the request context in; these accounts start signed out.
  await request.post('/api/auth/sign-out');
  return { email, password: PASSWORD };
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A variant in stock, for putting something in a cart. */
async function sellableVariant(request: APIRequestContext) {
  const { product, variant } = await demoVariant(request);
  return { productId: product.id, variantId: variant.id, gender: product.gender };
}

test('an account from registration to a reset password', async ({ page }) => {
  test.setTimeout(180_000);
  const email = newEmail('amaka');
  const newPassword = 'Newpass123';
  const resetPassword = 'Reset2026x';

  // The login page offers to create an account.
  await openPage(page, '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await shot(page, 'login');
  await page.getByRole('link', { name: 'CREATE ACCOUNT' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Registration: the spec's checks on the client.
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter your first and last name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await expect(page.getByLabel('First Name')).toBeFocused();
  await shot(page, 'register-errors');

  await page.getByLabel('First Name').fill('  Amaka ');
  await page.getByLabel('Last Name').fill('Eze');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm Password').fill('secret2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match. Please make sure your passwords match.")).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abc');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();

  const registeredAt = Date.now();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Registration successful! Please check your email for verification.').first(),
  ).toBeVisible();
  await shot(page, 'register-done');
  await expect(page).toHaveURL(/\/login$/);

  // Signing in before confirming: told so, with a way to get the email again.
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText('Please confirm your email address before signing in.')).toBeVisible();
  await shot(page, 'login-unconfirmed');
  const resentAt = Date.now();
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText('Confirmation email sent')).toBeVisible();

  // The confirmation email (quoted-printable HTML and text) links to /auth/confirm.
  const first = await waitForEmail(email, { since: registeredAt, subject: /Confirm/ });
  expect(first.text).toContain('Hi Amaka');
  const confirmation = await waitForEmail(email, { since: resentAt, subject: /Confirm/ });
  const confirmLink = linkIn(confirmation, /\/auth\/confirm\?token_hash=.+&type=signup/);
  await page.goto(confirmLink);
  await expect(page.getByText('Email confirmed successfully! Redirecting...')).toBeVisible();
  await shot(page, 'confirm-success');
  // The link confirmed the address without signing anyone in: the account page asks for the
  // password first (whoever opened the link must know it).
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await signInWithForm(page, email, PASSWORD);
  await page.waitForURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  // Sign out from the account page; the page is now guarded.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByText('Logged out successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await openPage(page, '/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);

  // A wrong password is refused with the server's message; the right one returns to the account.
  await signInWithForm(page, email, 'Wrong-passw0rd');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  await shot(page, 'login-failed');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Hello, Amaka Eze')).toBeVisible();

  // Orders: none yet.
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await shot(page, 'account-orders-empty');

  // The tabs work from the keyboard and the chosen tab is kept in the address.
  await page.getByRole('tab', { name: 'Orders' }).focus();
  await page.keyboard.press('ArrowRight');
  const addressesTab = page.getByRole('tab', { name: 'Addresses' });
  await expect(addressesTab).toHaveAttribute('aria-selected', 'true');
  await expect(addressesTab).toBeFocused();
  await expect(page).toHaveURL(/\/account\?tab=addresses$/);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Password' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/account\?tab=password$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');

  // Addresses: add (the first becomes the default), add a second, make it the default, edit, delete.
  await page.getByRole('tab', { name: 'Addresses' }).click();
  await expect(page.getByText('No saved addresses yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Amaka Eze');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Full Name').fill('');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('State is required')).toBeVisible();
  await shot(page, 'account-address-form');
  await page.getByLabel('Full Name').fill('Amaka Eze');
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByLabel('Address', { exact: true }).fill('12 Allen Avenue, Ikeja');
  await page.getByLabel('City').fill('Lagos');
  await page.getByLabel('State').selectOption('Lagos');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address saved')).toBeVisible();
  const home = page.getByRole('listitem', { name: /Amaka Eze, 12 Allen Avenue, Ikeja/ });
  await expect(home).toContainText('Default');

  await page.getByRole('button', { name: 'Add Address' }).click();
  await page.getByLabel('Full Name').fill('Amaka Eze (Office)');
  await page.getByLabel('Phone').fill('08039876543');
  await page.getByLabel('Address', { exact: true }).fill('5 Broad Street');
  await page.getByLabel('City').fill('Abuja');
  await page.getByLabel('State').selectOption('FCT');
  await page.getByRole('button', { name: 'Save Address' }).click();
  const office = page.getByRole('listitem', { name: /Amaka Eze \(Office\), 5 Broad Street/ });
  await expect(office).toBeVisible();
  await expect(office).not.toContainText('Default');
  await office.getByRole('button', { name: 'Set as default' }).click();
  await expect(page.getByText('Default address updated')).toBeVisible();
  await expect(office).toContainText('Default');
  await expect(home).not.toContainText('Default');
  await shot(page, 'account-addresses');

  await home.getByRole('button', { name: /Edit/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit Address' })).toBeVisible();
  await page.getByLabel('City').fill('Ikeja');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address updated', { exact: true })).toBeVisible();
  await expect(home).toContainText('Ikeja, Lagos');

  await home.getByRole('button', { name: /Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'account-address-delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(home).toHaveCount(0);
  await expect(office).toBeVisible();

  // The default address prefills checkout.
  const checkoutPrefill = (await (await page.request.get('/api/checkout')).json()) as {
    prefill: { address: string; city: string };
  };
  expect(checkoutPrefill.prefill).toMatchObject({ address: '5 Broad Street', city: 'Abuja' });

  // Settings: names, display name, phone.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Amaka');
  await page.getByLabel('Phone').fill('call me');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByLabel('First Name').fill('Amarachi');
  await page.getByLabel('Display Name').fill('Ama');
  await page.getByLabel('Phone').fill('0803 123 4567');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expect(page.getByText('Hello, Ama', { exact: true })).toBeVisible();
  await shot(page, 'account-settings');
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Amarachi');
  await expect(page.getByLabel('Phone')).toHaveValue('0803 123 4567');

  // Password: the confirmation must match; the current password is checked by the server.
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill('Different123');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("New passwords don't match")).toBeVisible();
  await page.getByLabel('Current Password').fill('Not-my-passw0rd');
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your current password is incorrect.').first()).toBeVisible();
  await shot(page, 'account-password-error');
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  // Sign out from the navbar; the old password no longer works, the new one does.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Logged out successfully').first()).toBeVisible();
  await openPage(page, '/login');
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  // Forgot password: the email's link carries the token in the fragment.
  await openPage(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await shot(page, 'forgot-password');
  const resetAskedAt = Date.now();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText('Password reset link sent!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'try again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  await shot(page, 'forgot-password-sent');

  const resetEmail = await waitForEmail(email, { since: resetAskedAt, subject: /Reset/ });
  const resetLink = linkIn(resetEmail, /\/reset-password#token=/);
  await openPage(page, resetLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('New Password').fill('alllowercase1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await page.getByLabel('New Password').fill('ALLUPPERCASE1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must contain at least one lowercase letter')).toBeVisible();
  await page.getByLabel('New Password').fill('NoNumbersHere');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must contain at least one number')).toBeVisible();
  await shot(page, 'reset-password-errors');
  await page.getByLabel('New Password').fill(resetPassword);
  await page.getByLabel('Confirm Password').fill(resetPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password Reset Complete' })).toBeVisible();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await shot(page, 'reset-password-done');
  await expect(page).toHaveURL(/\/login$/);

  // The link was single-use: the page says so after checking it, before any form is filled in.
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Invalid or expired reset link' })).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveCount(0);

  // Signing in with the new password.
  await page.goto('/login');
  await signInWithForm(page, email, resetPassword);
  await expect(page.getByText('Login successful!').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
});

test('protected pages send a guest to login and back; shoppers are kept out of the admin panel', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(request, 'Chidi');

  // An order and something in the cart, made through the API as this shopper.
  const signedIn = await page.request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.ok()).toBe(true);
  const line = await sellableVariant(page.request);
  await page.request.post('/api/cart/items', { data: { ...line, quantity: 1 } });
  const placed = await page.request.post('/api/orders', {
    data: {
      fullName: 'Chidi Bello',
      email: account.email,
      phone: '08031234567',
      address: '1 Marina Road',
      city: 'Lagos',
      state: 'Lagos',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await page.request.post('/api/cart/items', { data: { ...line, quantity: 1 } });
  await page.request.post('/api/auth/sign-out');

  // Checkout needs a signed-in shopper: login, then straight back to checkout.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
  await shot(page, 'guard-login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  // The account's orders: short id, date, badges, item count, link to the details.
  await openPage(page, '/account');
  const order = page.getByRole('listitem').filter({ hasText: `#${shortId(orderId)}` });
  await expect(order).toContainText('1 item');
  await expect(order.getByText('Order status: Pending')).toBeAttached();
  await expect(order.getByText('Payment status: Pending')).toBeAttached();
  await expect(order).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
  await shot(page, 'account-orders');
  await order.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`));

  // A shopper is sent home from the admin dashboard; the admin sign-in screen itself is open.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();

  // Signed out, the login page returns to the page the visitor came from (the navbar's link).
  await openPage(page, '/account');
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/new');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/new$/);

  // ?redirect= only ever leads to this site.
  await page.request.post('/api/auth/sign-out');
  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  // Spellings that only become `//evil.example` once normalised, and a way back to the login page
  // itself: the visitor lands on the home page, never on another site and never stuck on /login.
  for (const spelling of ['/..//evil.example', '/%2e%2e//evil.example', '/\\evil.example', '/LOGIN']) {
    await page.request.post('/api/auth/sign-out');
    await page.goto(`/login?redirect=${encodeURIComponent(spelling)}`);
    await signInWithForm(page, account.email, account.password);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  }
  // Signed in, the login page's own redirect follows the same rule (server-rendered).
  const again = await page.request.get(`/login?redirect=${encodeURIComponent('/..//evil.example')}`, {
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe('/account');
});

test('the admin signs in on Admin Access and out again', async ({ page }) => {
  // A guest is asked to sign in first.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);

  // Once the app has taken over the page: the press checks the form in the browser.
  await openPage(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await shot(page, 'admin-access');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await signInWithForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(E2E_ADMIN.email).first()).toBeVisible();
  await expect(page.getByText(/^Welcome back, /).first()).toBeVisible();
  await shot(page, 'admin-dashboard');

  // Signed in already: /admin goes straight to the dashboard.
  await openPage(page, '/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=dashboard$/);

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fdashboard$/);
});

test('broken links and pages for signed-in shoppers only', async ({ page }) => {
  // Confirmation links need token_hash and type.
  await page.goto('/auth/confirm?type=signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation Failed' })).toBeVisible();
  await expect(page.getByText('Invalid confirmation link. Please try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Account' })).toHaveAttribute('href', '/account');
  await shot(page, 'confirm-invalid');
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // A made-up token is refused by the server.
  await page.goto('/auth/confirm?token_hash=made-up&type=signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation Failed' })).toBeVisible();
  await expect(page.getByText('Failed to confirm email. Please try again.')).toBeVisible();

  // A reset page without the fragment sends the visitor to ask for a new link.
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid or expired reset link' })).toBeVisible();
  await expect(page.getByText('Please request a new password reset link').first()).toBeVisible();
  await shot(page, 'reset-password-invalid');
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The auth callback sends a guest to the login page.
  await page.goto('/auth/callback');
  await expect(page).toHaveURL(/\/login$/);

  // The development mailbox does not exist in production.
  const mailbox = await page.goto('/dev/mailbox');
  expect(mailbox?.status()).toBe(404);
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
});

test('wrong passwords slow down the address that guesses, not the owner', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(request, 'Emeka');
  const guesser = someIp();
  // One address guessing across accounts (password spraying) is stopped for a while.
  for (let attempt = 0; attempt < 30; attempt++) {
    const refused = await request.post('/api/auth/sign-in', {
      headers: { 'x-forwarded-for': guesser },
      data: { email: `spray-${attempt}-${account.email}`, password: 'Wrong-passw0rd' },
    });
    expect(refused.status()).toBe(401);
  }
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': guesser });
  await page.goto('/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toContainText('Too many attempts');
  await shot(page, 'login-rate-limited');
  // The owner from their own address is not locked out.
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': someIp() });
  await page.goto('/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
});

test('an idle shopper is signed out after 30 minutes without activity', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'Ifeoma');
  await page.clock.install();
  await page.goto('/login?redirect=%2Faccount');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/account$/);

  // Activity after 20 minutes restarts the count...
  await page.clock.fastForward('20:00');
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await page.clock.fastForward('15:00');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();

  // ...and 30 quiet minutes end the session.
  await page.clock.fastForward('16:00');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await expect(page.getByText('You have been signed out')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await shot(page, 'idle-signed-out');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
  expect(session.user).toBeNull();
});
