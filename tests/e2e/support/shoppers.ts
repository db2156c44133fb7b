import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, waitForEmail } from './mail';

export const SHOPPER_PASSWORD = 'Passw0rd!';

/**
 * A made-up client address. The shop limits sign-ups and failed sign-ins per address, and every
 * browser test shares 127.0.0.1: each shopper comes from their own, as real shoppers would.
 */
export const someIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** Registers a shopper and confirms the address with the emailed link; signed out afterwards. */
export async function createConfirmedShopper(request: APIRequestContext, firstName = 'Tunde') {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const since = Date.now();
  const registered = await request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': someIp() },
    data: {
      firstName,
      lastName: 'Bello',
      email,
      password: SHOPPER_PASSWORD,
      confirmPassword: SHOPPER_PASSWORD,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = new URL(linkIn(await waitForEmail(email, { since, subject: /Confirm/ }), /\/auth\/confirm\?/));
  const confirmed = await request.post('/api/auth/confirm', {
    data: { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await request.post('/api/auth/sign-out');
  return { email, password: SHOPPER_PASSWORD };
}

/**
 * Places an order for what the signed-in shopper's cart holds, through the API as the checkout
 * page sends it (Standard shipping to Lekki); returns the order's id.
 */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  shopper: { fullName: string; email: string },
) {
  const placed = await request.post('/api/orders', {
    data: {
      ...shopper,
      phone: '08031234567',
      address: '12 Admiralty Way, Lekki',
      city: 'Lagos',
      state: 'Lagos',
      sameAsShipping: true,
      shippingMethodCode: 'standard',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}
