import { randomUUID } from 'node:crypto';
import { sql as pg } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { type OutOfStockSettings, shortId } from '#shared/constants';
import { PAY_ON_DELIVERY_LABEL } from '#shared/fulfilment';
import { noDeliveryMessage } from '#shared/schemas/catalog';
import type { CheckoutForm } from '#shared/schemas/checkout';
import type { AddressSnapshot, PickupLocation } from '#shared/schemas/orders';
import type { PaymentOptions } from '#shared/schemas/settings';
import type { AppDeps } from '../../context';
import { announceAll, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { clearCartIn, itemLabel, lineStatus, readCartRows } from '../cart/cart';
import { outOfStockFrom } from '../catalog/out-of-stock-settings';
import { pickupFrom } from '../catalog/shipping-zones';
import { checkOrderDrops } from '../drops/drop-rules';
import { type StoreIdentity, storeIdentityFrom } from '../email/store-identity';
import { queueLowStockAlert } from '../inventory/low-stock';
import { outOfStock, reserveStock } from '../inventory/stock';
import { queueRenderedOrderEmail } from '../orders/order-emails';
import { ORDER_ITEM_COLUMNS } from '../orders/orders';
import { checkCode, holdUse } from '../promotions/discount-codes';
import { paymentOptionsFrom } from '../settings/payment-options';
import { priceWith, pricingLines } from './checkout-pricing';
import { checkOrderLimits } from './order-limits';
import {
  checkPayOnDelivery,
  isOpenPayOnDeliveryViolation,
  openPayOnDeliveryOrder,
  POD_MESSAGES,
  podRefused,
} from './pay-on-delivery';

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
 * What an order needs besides the cart, in one read: the zone of the shipping state and the method
 * chosen in it (active), the out-of-stock, store, pickup and payment settings, the account the
 * receipt goes to, and, for pay on delivery, the account's open pay-on-delivery order.
 */
async function readOrderContext(sql: SqlRunner, userId: string, form: CheckoutForm) {
  const db = queries(sql);
  const setting = <Value>(key: string) =>
    db.selectFrom('settings').select('value').where('key', '=', key).$narrowType<{ value: Partial<Value> }>();
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom('shipping_zone_states as s')
          .innerJoin('shipping_zones as z', 'z.id', 's.zone_id')
          .select(['z.name', 'z.pay_on_delivery_max_kobo as payOnDeliveryMaxKobo'])
          .where('s.state', '=', form.state),
      ).as('zone'),
      jsonObjectFrom(
        eb
          .selectFrom('shipping_zone_states as s')
          .innerJoin('shipping_methods as m', 'm.zone_id', 's.zone_id')
          .select([
            'm.code',
            'm.kind',
            'm.name',
            'm.fee_kobo as feeKobo',
            'm.free_above_kobo as freeAboveKobo',
          ])
          .where('s.state', '=', form.state)
          .where('m.code', '=', form.shippingMethodCode)
          .where((eb) => eb.ref('m.is_enabled')),
      ).as('method'),
      // Settings are JSON the admin's forms wrote: each is read as that form's shape.
      setting<OutOfStockSettings>('out_of_stock').as('out_of_stock'),
      setting<StoreIdentity>('store').as('store'),
      setting<PickupLocation>('pickup').as('pickup'),
      setting<PaymentOptions>('payment').as('payment'),
      'u.email',
      'u.first_name',
      'u.email_verified',
    ])
    .$if(form.paymentMethod === 'pay_on_delivery', (query) =>
      query.select((eb) => openPayOnDeliveryOrder(eb).as('open_pay_on_delivery')),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('cart_empty', 400, 'Your cart is empty');
  return row;
}

/**
 * The method asked for is not an active method of the state's zone: named when another zone has
 * it ('Express Shipping is not available for Kano').
 */
async function methodNotOffered(sql: SqlRunner, form: CheckoutForm): Promise<AppError> {
  const other = await queries(sql)
    .selectFrom('shipping_methods')
    .select('name')
    .where('code', '=', form.shippingMethodCode)
    .orderBy('is_enabled', 'desc')
    .limit(1)
    .executeTakeFirst();
  const message = `${other?.name ?? 'That delivery method'} is not available for ${form.state}. Please choose a delivery method.`;
  return badRequest(message, { fields: { shippingMethodCode: message } });
}

/**
 * Turns the signed-in user's cart into an order in one transaction: price every line from the
 * database, write the order and its item snapshots, clear the cart, queue the confirmation email,
 * and reserve stock with conditional updates last (and any low-stock alert with it). If any item ran
 * short nothing is written (409 out_of_stock naming it); nor for a drop before its release (409
 * coming_soon) or past its limit per customer (409 limit_reached).
 *
 * Delivery is priced by the method chosen among the active methods of the shipping state's zone
 * (a state in no zone, or a method that zone does not offer, is refused with 400 on that field);
 * a pickup order keeps the store's address and hours as they are now. Pay on delivery, where every
 * rule of pay-on-delivery.ts holds (else 409 pay_on_delivery_unavailable), is placed as
 * 'processing' with its payment still pending: the admin records the money when it is collected.
 *
 * Every buyer runs this at once on drop day, so it makes few round trips: the order and its items
 * are one statement, and the confirmation email is rendered from what is already in hand.
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
    // Already short as the cart was read: say so now, before any write. When the last units of a
    // drop are gone, the buyers still queuing learn it from this one read instead of an order's
    // worth of writes rolled back. (Stock that is there is still taken, or not, by reserveStock.)
    for (const row of rows) {
      if (!row.coming_soon && row.stock_quantity < row.quantity) {
        const claim = { variantId: row.variant_id, quantity: row.quantity, label: itemLabel(row) };
        throw outOfStock(claim, row.stock_quantity);
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
    const context = await readOrderContext(sql, userId, form);
    const zone = context.zone;
    if (!zone) {
      throw badRequest(noDeliveryMessage(form.state), { fields: { state: noDeliveryMessage(form.state) } });
    }
    const method = context.method;
    if (!method) throw await methodNotOffered(sql, form);
    // Priced as the checkout showed it (promotions/pricing.ts), the code checked again for this
    // account; its use is held below, just before the stock.
    const rule = form.discountCode ? await checkCode(sql, form.discountCode, userId) : null;
    const priced = priceWith(pricingLines(rows), rule, method);
    const { breakdown } = priced;
    const payOnDelivery = form.paymentMethod === 'pay_on_delivery';
    if (payOnDelivery) {
      checkPayOnDelivery({
        options: paymentOptionsFrom(context.payment),
        state: form.state,
        zoneMaxKobo: zone.payOnDeliveryMaxKobo,
        totalKobo: breakdown.totalKobo,
        emailVerified: context.email_verified,
        openOrderId: context.open_pay_on_delivery ?? null,
      });
    }
    // Pay on delivery is being prepared at once: the money comes at the door (an offline payment).
    const status = payOnDelivery ? 'processing' : 'pending';
    const pickup = method.kind === 'pickup' ? pickupFrom(context.pickup) : null;
    const { shipping, billing } = addresses(form);
    const id = randomUUID();
    const items = rows.map((row, index) => ({
      id: randomUUID(),
      product_id: row.product_id,
      variant_id: row.variant_id,
      name: row.name,
      gender: row.gender,
      size: row.size,
      color: row.color,
      image_key: row.image_id,
      quantity: row.quantity,
      unit_price_kobo: row.price_kobo,
      list_price_kobo: row.list_price_kobo > row.price_kobo ? row.list_price_kobo : null,
      discount_kobo: priced.lines[index]!.discountKobo,
    }));
    // The order and its items in one statement, whatever the number of lines: the items travel as
    // one JSON parameter, read by jsonb_to_recordset (SQL text: the builder has no column list for
    // it), so the statement's text never changes and stays prepared.
    const insertOrder = queries(sql)
      .with('new_order', (db) =>
        db.insertInto('orders').values({
          id,
          user_id: userId,
          email: shipping.email,
          status,
          payment_status: 'pending',
          subtotal_kobo: breakdown.subtotalKobo,
          discount_kobo: breakdown.discountKobo,
          discount_id: rule?.id ?? null,
          discount_code: rule?.code ?? null,
          discount_title: rule?.title ?? null,
          shipping_cost_kobo: breakdown.shippingKobo,
          shipping_discount_kobo: breakdown.discount?.shippingKobo ?? 0,
          total_amount_kobo: breakdown.totalKobo,
          shipping_address: shipping,
          billing_address: billing,
          shipping_method: method.name,
          shipping_method_code: method.code,
          shipping_zone: zone.name,
          fulfilment: method.kind,
          pickup_location: pickup,
          payment_kind: form.paymentMethod,
          // Paystack's orders keep the column's default ('Card (Paystack)').
          ...(payOnDelivery ? { payment_method: PAY_ON_DELIVERY_LABEL } : {}),
          notes: form.notes ? form.notes : null,
        }),
      )
      .insertInto('order_items')
      .columns(ORDER_ITEM_COLUMNS)
      .expression(
        pg`SELECT item.id, ${id}::uuid, item.product_id, item.variant_id, item.name, item.gender, item.size,
                  item.color, item.image_key, item.quantity, item.unit_price_kobo, item.list_price_kobo,
                  item.discount_kobo
             FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS item(id uuid, product_id uuid,
                  variant_id uuid, name text, gender text, size text, color text, image_key text,
                  quantity integer, unit_price_kobo bigint, list_price_kobo bigint, discount_kobo bigint)`,
      );
    try {
      await insertOrder.execute();
    } catch (error) {
      // Another open pay-on-delivery order of this account committed meanwhile (the unique index).
      if (isOpenPayOnDeliveryViolation(error)) throw podRefused('open_order', POD_MESSAGES.openOrder(null));
      throw error;
    }
    await clearCartIn(sql, userId);
    // The confirmation commits with the order, or not at all. It goes to the account's confirmed
    // address (only confirmed accounts can sign in, but the rule is the receipt's, so it is
    // checked here too), never to the address typed in the form.
    if (context.email_verified) {
      await queueRenderedOrderEmail(deps, sql, {
        kind: 'order_placed',
        account: { email: context.email, firstName: context.first_name },
        store: storeIdentityFrom(context.store),
        order: {
          id,
          shortId: shortId(id),
          status,
          paymentStatus: 'pending',
          subtotalKobo: breakdown.subtotalKobo,
          discountKobo: breakdown.discountKobo,
          shippingCostKobo: breakdown.shippingKobo,
          totalAmountKobo: breakdown.totalKobo,
          discount: breakdown.discount,
          shippingAddress: shipping,
          shippingMethod: method.name,
          shippingZone: zone.name,
          fulfilment: method.kind,
          pickup,
          paymentKind: form.paymentMethod,
          paymentMethod: payOnDelivery ? PAY_ON_DELIVERY_LABEL : 'Card (Paystack)',
          items: items.map((item) => ({
            name: item.name,
            size: item.size,
            color: item.color,
            quantity: item.quantity,
            lineTotalKobo: item.unit_price_kobo * item.quantity,
            listPriceKobo: item.list_price_kobo,
            discountKobo: item.discount_kobo,
          })),
        },
      });
    }
    await announceAll(sql, [
      { table: 'orders', id, userId, action: 'created' },
      ...items.map(
        (item): Change => ({ table: 'order_items', id: item.id, userId, action: 'created', orderId: id }),
      ),
    ]);

    // The code's use, then the stock: both are rows every buyer of a drop wants, taken in this
    // order by every order (and given back in this order by cancellations), held to the commit.
    if (rule) await holdUse(sql, rule, id, userId);
    // Stock last (reserveStock): the variant rows stay locked from there to the commit, so every
    // other buyer of the same variant waits for one statement per variant and the commit, not for
    // the whole order's writes. Running short still rolls back everything above.
    const settings = outOfStockFrom(context.out_of_stock);
    const lowStock = await reserveStock(
      sql,
      rows.map((row) => ({ variantId: row.variant_id, quantity: row.quantity, label: itemLabel(row) })),
      settings.notify_admin ? settings.threshold : null,
    );
    await queueLowStockAlert(deps, sql, lowStock);
    return id;
  });
  return { orderId };
}
