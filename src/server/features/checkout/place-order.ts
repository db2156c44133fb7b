import type { CheckoutForm } from '#shared/schemas/checkout';
import type { AppDeps } from '../../context';
import { announce, announceAll, type Change } from '../../db/announce';
import type { AddressSnapshot } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import { clearCartIn, itemLabel, lineStatus, readCartRows } from '../cart/cart';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';
import { checkOrderDrops } from '../drops/drop-rules';
import { queueLowStockAlert } from '../inventory/low-stock';
import { reserveStock } from '../inventory/stock';
import { queueOrderEmail } from '../orders/order-emails';
import { shippingOptions } from './checkout';
import { checkOrderLimits } from './order-limits';

function addresses(form: CheckoutForm): { shipping: AddressSnapshot; billing: AddressSnapshot } {
  const shipping: AddressSnapshot = {
    fullName: form.fullName,
    email: form.email,
    phone: form.phone,
    address: form.address,
    city: form.city,
    state: form.state,
  };
  if (form.sameAsShipping) return { shipping, billing: shipping };
  // The schema has required these when sameAsShipping is false.
  return {
    shipping,
    billing: {
      fullName: form.billingFullName ?? '',
      email: form.billingEmail ?? '',
      phone: form.billingPhone ?? '',
      address: form.billingAddress ?? '',
      city: form.billingCity ?? '',
      state: form.billingState ?? '',
    },
  };
}

/**
 * Turns the signed-in user's cart into an order in one transaction: price every line from the
 * database, write the order and its item snapshots, clear the cart, queue the confirmation email,
 * and reserve stock with conditional updates last (and any low-stock alert with it). If any item ran
 * short nothing is written (409 out_of_stock naming it); nor for a drop before its release (409
 * coming_soon) or past its limit per customer (409 limit_reached).
 */
export async function placeOrder(
  deps: AppDeps,
  userId: string,
  form: CheckoutForm,
): Promise<{ orderId: string }> {
  const orderId = await deps.database.transaction(async (sql) => {
    // Locking the cart lines makes two submits of the same cart wait for each other: the second
    // then finds the cart empty instead of ordering it twice.
    const rows = await readCartRows(sql, userId, true);
    if (rows.length === 0) throw new AppError('cart_empty', 400, 'Your cart is empty');

    for (const row of rows) {
      if (lineStatus(row) === 'inactive') {
        throw conflict('item_unavailable', `Sorry, ${itemLabel(row)} is no longer available.`, {
          item: { variantId: row.variant_id, name: itemLabel(row) },
        });
      }
    }
    // Drops: nothing before its release, and the limit per customer counted under a per-account
    // lock, taken before the stock rows are (their locks come last and stay short).
    await checkOrderDrops(sql, userId, rows);
    // No account may hold a variant's stock in unpaid orders (order-limits.ts).
    await checkOrderLimits(
      sql,
      userId,
      rows.map((row) => ({ variantId: row.variant_id, quantity: row.quantity, label: itemLabel(row) })),
    );
    const subtotalKobo = rows.reduce((sum, row) => sum + Number(row.price_kobo) * row.quantity, 0);
    const method = (await shippingOptions(sql, subtotalKobo)).find(
      (option) => option.code === form.shippingMethodCode,
    );
    if (!method) {
      throw badRequest('Please choose a shipping method', {
        fields: { shippingMethodCode: 'Please choose a shipping method' },
      });
    }
    const { shipping, billing } = addresses(form);
    const outOfStock = await readOutOfStockSettings(sql);
    const [order] = await sql.query<{ id: string }>(
      `INSERT INTO orders (user_id, email, status, payment_status, subtotal_kobo, shipping_cost_kobo,
                           total_amount_kobo, shipping_address, billing_address, shipping_method,
                           shipping_method_code, notes)
       VALUES ($1, $2, 'pending', 'pending', $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING id`,
      [
        userId,
        shipping.email,
        subtotalKobo,
        method.costKobo,
        subtotalKobo + method.costKobo,
        JSON.stringify(shipping),
        JSON.stringify(billing),
        method.name,
        method.code,
        form.notes ? form.notes : null,
      ],
    );
    const id = order!.id;
    const items: Change[] = [];
    for (const row of rows) {
      const [item] = await sql.query<{ id: string }>(
        `INSERT INTO order_items (order_id, product_id, variant_id, name, gender, size, color, image_key,
                                  quantity, unit_price_kobo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         RETURNING id`,
        [
          id,
          row.product_id,
          row.variant_id,
          row.name,
          row.gender,
          row.size,
          row.color,
          row.image_id,
          row.quantity,
          row.price_kobo,
        ],
      );
      items.push({ table: 'order_items', id: item!.id, userId, action: 'created', orderId: id });
    }
    await clearCartIn(sql, userId);
    // The confirmation commits with the order, or not at all.
    await queueOrderEmail(deps, sql, id, 'order_placed');
    await announce(sql, { table: 'orders', id, userId, action: 'created' });
    await announceAll(sql, items);

    // Stock last (reserveStock): the variant rows stay locked from there to the commit, so every
    // other buyer of the same variant waits for one statement per variant and the commit, not for
    // the whole order's writes. Running short still rolls back everything above.
    const lowStock = await reserveStock(
      sql,
      rows.map((row) => ({ variantId: row.variant_id, quantity: row.quantity, label: itemLabel(row) })),
      outOfStock.notify_admin ? outOfStock.threshold : null,
    );
    await queueLowStockAlert(deps, sql, lowStock);
    return id;
  });
  return { orderId };
}
