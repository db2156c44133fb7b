/**
 * Paid orders for API tests: placed through the real checkout and paid through the built-in
 * Paystack simulator (its pay page's button, then the webhook job), as a shopper would.
 */
import type { TestApp } from '../setup/test-app';
import type { TestProduct } from './catalog';
import { addToCart, placeOrder } from './orders';

/** Pays a pending order in the simulator and waits until the payment has been processed. */
export async function payOrder(t: TestApp, cookie: string, orderId: string): Promise<void> {
  const init = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
  if (init.status !== 200) throw new Error(`initialize failed: ${JSON.stringify(init.body)}`);
  const path = new URL((init.body as { authorizationUrl: string }).authorizationUrl).pathname;
  const pressed = await t.app.request(`http://localhost:3000${path}`, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
  });
  if (pressed.status >= 400) throw new Error(`simulator refused the payment: ${pressed.status}`);
  await t.jobsIdle();
  const [row] = await t.database.sql.query<{ payment_status: string }>(
    'SELECT payment_status FROM orders WHERE id = $1',
    [orderId],
  );
  if (row?.payment_status !== 'paid') throw new Error(`order ${orderId} is ${row?.payment_status}, not paid`);
}

/** An order of `quantity` of the product by a signed-in shopper; paid unless `paid` is false. */
export async function orderProduct(
  t: TestApp,
  cookie: string,
  email: string,
  product: TestProduct,
  options: { quantity?: number; paid?: boolean } = {},
): Promise<string> {
  await addToCart(t, cookie, product, options.quantity ?? 1);
  const response = await placeOrder(t, cookie, { email });
  if (response.status !== 201) throw new Error(`order failed: ${JSON.stringify(response.body)}`);
  const orderId = (response.body as { orderId: string }).orderId;
  if (options.paid ?? true) await payOrder(t, cookie, orderId);
  return orderId;
}

/** Moves an order's dates (placed and, when paid, paid) to `at`, as if it happened then. */
export async function setOrderDates(t: TestApp, orderId: string, at: Date): Promise<void> {
  await t.database.sql.query(
    `UPDATE orders SET created_at = $2, updated_at = $2,
            paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE $2::timestamptz END
     WHERE id = $1`,
    [orderId, at.toISOString()],
  );
}
