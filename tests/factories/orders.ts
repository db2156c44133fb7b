/**
 * Cart, checkout and order helpers for API tests: they go through the real endpoints, as the
 * web app would, so a test reads like a shopper's steps.
 */
import type { CheckoutFormInput } from '#shared/schemas/checkout';
import type { TestApp } from '../setup/test-app';
import { createSignedInUser } from './accounts';
import { createProduct, type ProductInput, type TestProduct } from './catalog';

export function checkoutForm(overrides: Partial<CheckoutFormInput> = {}): CheckoutFormInput {
  return {
    fullName: 'Ada Obi',
    email: 'ada@example.test',
    phone: '08031234567',
    address: '12 Admiralty Way, Lekki',
    city: 'Lagos',
    state: 'Lagos',
    sameAsShipping: true,
    shippingMethodCode: 'standard',
    ...overrides,
  };
}

export async function addToCart(
  t: TestApp,
  cookie: string,
  product: TestProduct,
  quantity = 1,
  options: { variantIndex?: number; gender?: 'men' | 'women' } = {},
) {
  const response = await t.request('/api/cart/items', {
    method: 'POST',
    cookie,
    json: {
      productId: product.id,
      variantId: product.variants[options.variantIndex ?? 0]!.id,
      gender: options.gender ?? 'men',
      quantity,
    },
  });
  if (response.status !== 200) throw new Error(`add to cart failed: ${JSON.stringify(response.body)}`);
  return response;
}

export async function placeOrder(t: TestApp, cookie: string, form: Partial<CheckoutFormInput> = {}) {
  return t.request('/api/orders', { method: 'POST', cookie, json: checkoutForm(form) });
}

/** A signed-in shopper with a pending order for `quantity` of a new product. */
export async function createPendingOrder(
  t: TestApp,
  options: { product?: ProductInput; quantity?: number; form?: Partial<CheckoutFormInput> } = {},
) {
  const { user, cookie } = await createSignedInUser(t);
  const product = await createProduct(
    t,
    options.product ?? { priceKobo: 1_000_000, variants: [{ size: 'M', color: 'Black', stock: 5 }] },
  );
  await addToCart(t, cookie, product, options.quantity ?? 1);
  const response = await placeOrder(t, cookie, { email: user.email, ...options.form });
  if (response.status !== 201) throw new Error(`order failed: ${JSON.stringify(response.body)}`);
  return { user, cookie, product, orderId: (response.body as { orderId: string }).orderId };
}

export async function variantStock(t: TestApp, variantId: string): Promise<number> {
  const [row] = await t.database.sql.query<{ stock_quantity: number }>(
    'SELECT stock_quantity FROM product_variants WHERE id = $1',
    [variantId],
  );
  return row!.stock_quantity;
}

export async function orderRow(t: TestApp, orderId: string) {
  const [row] = await t.database.sql.query<{
    status: string;
    payment_status: string;
    paid_at: Date | null;
    stock_released_at: Date | null;
    notes: string | null;
    created_at: Date;
  }>(
    'SELECT status, payment_status, paid_at, stock_released_at, notes, created_at FROM orders WHERE id = $1',
    [orderId],
  );
  return row!;
}

export async function emailsOfKind(t: TestApp, kind: string, to?: string) {
  await t.jobsIdle();
  return t.database.sql.query<{ to_address: string; subject: string; text_body: string }>(
    `SELECT to_address, subject, text_body FROM emails WHERE kind = $1 AND ($2::text IS NULL OR to_address = $2)`,
    [kind, to ?? null],
  );
}
