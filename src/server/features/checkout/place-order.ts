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
import { announcement, type Change } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { prepared, queries } from '../../platform/db/queries';
import { AppError, badRequest, conflict } from '../../platform/errors';
import {
  type CartRow,
  cartRowsFromJson,
  cartRowsJson,
  clearedCart,
  itemLabel,
  lineStatus,
  readCartRows,
} from '../cart/cart';
import { outOfStockFrom } from '../catalog/out-of-stock-settings';
import { pickupFrom } from '../catalog/shipping-zones';
import {
  checkDropLimits,
  comingSoonError,
  limitedProducts,
  lockDropAllowances,
  orderedUnitsJson,
} from '../drops/drop-rules';
import { emailRow, enqueueDelivery } from '../email/outbox';
import { type StoreIdentity, storeIdentityFrom } from '../email/store-identity';
import { claimsByVariant, outOfStock, type StockClaim } from '../inventory/stock';
import { consumedHolds, holdStock, releaseHolds } from '../inventory/stock-holds';
import { renderOrderEmail } from '../orders/order-emails';
import { ORDER_ITEM_COLUMNS } from '../orders/orders';
import { checkCode, holdUse } from '../promotions/discount-codes';
import { paymentOptionsFrom } from '../settings/payment-options';
import { priceWith, pricingLines } from './checkout-pricing';
import { checkUnitsPerVariant, checkUnpaidLimits, unpaidHoldings } from './order-limits';
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
 * What an order needs, in one read: the cart's lines, the zone of the shipping state and the method
 * chosen in it (active), the out-of-stock, store, pickup and payment settings, the account the
 * receipt goes to, and, for pay on delivery, the account's open pay-on-delivery order. Prepared
 * (built and compiled once, in both forms): every buyer of a drop runs it, on drop day through a
 * pool that every buyer's statements queue for, so one statement instead of two.
 */
const orderContextQuery = (withOpenPayOnDelivery: boolean) =>
  prepared<{ userId: string; state: string; methodCode: string }>()((db, value) => {
    const setting = <Value>(key: string) =>
      db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .$narrowType<{ value: Partial<Value> }>();
    return db
      .selectFrom('users as u')
      .select((eb) => [
        jsonObjectFrom(
          eb
            .selectFrom('shipping_zone_states as s')
            .innerJoin('shipping_zones as z', 'z.id', 's.zone_id')
            .select(['z.name', 'z.pay_on_delivery_max_kobo as payOnDeliveryMaxKobo'])
            .where('s.state', '=', value('state')),
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
            .where('s.state', '=', value('state'))
            .where('m.code', '=', value('methodCode'))
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
        cartRowsJson(db, value('userId')).as('cart'),
      ])
      .$if(withOpenPayOnDelivery, (query) =>
        query.select((eb) => openPayOnDeliveryOrder(eb).as('open_pay_on_delivery')),
      )
      .where('u.id', '=', value('userId'));
  });
const orderContext = orderContextQuery(false);
const orderContextWithOpenPayOnDelivery = orderContextQuery(true);

async function readOrderContext(sql: SqlRunner, userId: string, form: CheckoutForm) {
  const read = form.paymentMethod === 'pay_on_delivery' ? orderContextWithOpenPayOnDelivery : orderContext;
  const [row] = await read(sql, { userId, state: form.state, methodCode: form.shippingMethodCode });
  if (!row) throw new AppError('cart_empty', 400, 'Your cart is empty');
  const { cart, ...context } = row;
  return { cart: cartRowsFromJson(cart), context };
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

/** What the order takes from stock: each line's variant and quantity. */
function claimsOf(rows: readonly CartRow[]): StockClaim[] {
  return rows.map((row) => ({ variantId: row.variant_id, quantity: row.quantity, label: itemLabel(row) }));
}

/** The same variants in the same quantities (the cart read before the stock was held, and now). */
function sameClaims(a: readonly StockClaim[], b: readonly StockClaim[]): boolean {
  const right = new Map(claimsByVariant(b).map((claim) => [claim.variantId, claim.quantity]));
  const left = claimsByVariant(a);
  return left.length === right.size && left.every((claim) => right.get(claim.variantId) === claim.quantity);
}

/** What every order refuses: an empty cart, an item no longer sold. */
function checkLines(rows: readonly CartRow[]): void {
  if (rows.length === 0) throw new AppError('cart_empty', 400, 'Your cart is empty');
  for (const row of rows) {
    if (lineStatus(row) === 'inactive') {
      throw conflict('item_unavailable', `Sorry, ${itemLabel(row)} is no longer available.`, {
        item: { variantId: row.variant_id, name: itemLabel(row) },
      });
    }
  }
}

export const CART_CHANGED_MESSAGE =
  'Your cart changed while your order was being placed. Please check your cart and place your order again.';

/**
 * Turns the signed-in user's cart into an order: price every line from the database, write the
 * order and its item snapshots, clear the cart, queue the confirmation email, with the stock taken
 * for it. If any item ran short nothing is written (409 out_of_stock naming it); nor for a drop
 * before its release (409 coming_soon) or past its limit per customer (409 limit_reached).
 *
 * Delivery is priced by the method chosen among the active methods of the shipping state's zone
 * (a state in no zone, or a method that zone does not offer, is refused with 400 on that field);
 * a pickup order keeps the store's address and hours as they are now. Pay on delivery, where every
 * rule of pay-on-delivery.ts holds (else 409 pay_on_delivery_unavailable), is placed as
 * 'processing' with its payment still pending: the admin records the money when it is collected.
 *
 * Every buyer runs this at once on drop day (docs/decisions/2026-11-28-drop-day.md):
 * 1. The cart and what the order needs besides are read, locking nothing, and whatever is refused
 *    is refused then: when the last units are gone, the buyers still coming hear it from one read.
 * 2. The stock is held (inventory/stock-holds.ts), one statement per variant that commits by
 *    itself: the variant's row is locked for that statement only, so the buyers of the last units
 *    are decided one short statement after another and those who missed out hear it at once.
 * 3. One transaction writes the order, the cart locked (two submits of one cart wait for each
 *    other; the second finds it empty), and consumes the holds as it commits. The drop and order
 *    limits are counted by the statement that writes the order: it starts after the cart's lock,
 *    which lines up one account's orders, and after the limited products' per-account locks;
 *    past a limit, the transaction rolls back. If it fails for any reason, the holds are given
 *    back; a hold already consumed by a committed order is not there to give back.
 */
export async function placeOrder(
  deps: AppDeps,
  userId: string,
  form: CheckoutForm,
): Promise<{ orderId: string }> {
  const { cart: read, context } = await readOrderContext(deps.database.reads, userId, form);
  checkLines(read);
  // Already short as the cart was read: said now, before anything is held. When the last units
  // of a drop are gone, the buyers still coming learn it from this one read.
  for (const row of read) {
    if (!row.coming_soon && row.stock_quantity < row.quantity) {
      throw outOfStock(claimsOf([row])[0]!, row.stock_quantity);
    }
  }
  const zone = context.zone;
  if (!zone) {
    throw badRequest(noDeliveryMessage(form.state), { fields: { state: noDeliveryMessage(form.state) } });
  }
  const method = context.method;
  if (!method) throw await methodNotOffered(deps.database.sql, form);
  const soon = read.find((row) => row.coming_soon);
  if (soon) throw comingSoonError(soon);
  // Every refusal that needs no lock comes before the stock is held, so a buyer who is going to
  // be refused never keeps the last units from another: too many of a variant, a code that does
  // not apply, pay on delivery not allowed. (Each is checked again in the transaction.)
  const claims = claimsOf(read);
  checkUnitsPerVariant(claims);
  const rule = form.discountCode ? await checkCode(deps.database.sql, form.discountCode, userId) : null;
  checkPaymentMethod(form, context, zone, priceWith(pricingLines(read), rule, method).breakdown.totalKobo);
  const stockSettings = outOfStockFrom(context.out_of_stock);
  const holdIds = await holdStock(
    deps,
    userId,
    claims,
    stockSettings.notify_admin ? stockSettings.threshold : null,
  );
  try {
    const orderId = await deps.database.transaction((sql) =>
      writeOrder(deps, sql, { userId, form, context, zone, method, claims, holdIds }),
    );
    return { orderId };
  } catch (error) {
    await releaseHolds(deps, holdIds).catch(() => {
      // The database is failing: the stale-holds sweep gives them back once it answers again.
    });
    throw error;
  }
}

type OrderContext = Awaited<ReturnType<typeof readOrderContext>>['context'];

/** Pay on delivery only where every rule of pay-on-delivery.ts allows it for this total. */
function checkPaymentMethod(
  form: CheckoutForm,
  context: OrderContext,
  zone: NonNullable<OrderContext['zone']>,
  totalKobo: number,
): void {
  if (form.paymentMethod !== 'pay_on_delivery') return;
  checkPayOnDelivery({
    options: paymentOptionsFrom(context.payment),
    state: form.state,
    zoneMaxKobo: zone.payOnDeliveryMaxKobo,
    totalKobo,
    emailVerified: context.email_verified,
    openOrderId: context.open_pay_on_delivery ?? null,
  });
}

async function writeOrder(
  deps: AppDeps,
  sql: SqlRunner,
  input: {
    userId: string;
    form: CheckoutForm;
    context: OrderContext;
    zone: NonNullable<OrderContext['zone']>;
    method: NonNullable<OrderContext['method']>;
    claims: StockClaim[];
    holdIds: string[];
  },
): Promise<string> {
  const { userId, form, context, zone, method } = input;
  // Locking the cart lines makes two submits of the same cart wait for each other: the second
  // then finds the cart empty instead of ordering it twice.
  const rows = await readCartRows(sql, userId, true);
  // (Not the stock: what this order takes of it is held already.)
  checkLines(rows);
  // The order takes exactly what was held: a cart changed meanwhile (another tab) is not guessed at.
  const claims = claimsOf(rows);
  if (!sameClaims(claims, input.claims)) throw conflict('cart_changed', CART_CHANGED_MESSAGE);
  // Drops: nothing before its release.
  const soon = rows.find((row) => row.coming_soon);
  if (soon) throw comingSoonError(soon);
  const variants = checkUnitsPerVariant(claims);
  // The limits per customer and the unpaid orders' limits (order-limits.ts) are counted by the
  // statement that writes the order, and checked on what it answers: the limited products'
  // per-account locks taken first, so an order of this account committed meanwhile is counted.
  const limited = limitedProducts(rows);
  await lockDropAllowances(sql, userId, limited);
  // Priced as the checkout showed it (promotions/pricing.ts), the code checked again for this
  // account; its use is held below.
  const rule = form.discountCode ? await checkCode(sql, form.discountCode, userId) : null;
  const priced = priceWith(pricingLines(rows), rule, method);
  const { breakdown } = priced;
  const payOnDelivery = form.paymentMethod === 'pay_on_delivery';
  checkPaymentMethod(form, context, zone, breakdown.totalKobo);
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
  const changes: Change[] = [
    { table: 'orders', id, userId, action: 'created' },
    ...items.map(
      (item): Change => ({ table: 'order_items', id: item.id, userId, action: 'created', orderId: id }),
    ),
  ];
  // The confirmation commits with the order, or not at all: recorded by the order's statement,
  // its delivery enqueued in the same transaction. It goes to the account's confirmed address
  // (only confirmed accounts can sign in, but the rule is the receipt's, so it is checked here
  // too), never to the address typed in the form.
  const confirmation = context.email_verified
    ? renderOrderEmail(deps, {
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
      })
    : null;
  const emailId = randomUUID();
  // One statement: the order and its items, whatever the number of lines (the items travel as one
  // JSON parameter, read by jsonb_to_recordset: SQL text, the builder has no column list for it,
  // so the statement's text never changes and stays prepared); the stock held for it becoming the
  // order's (its holds deleted); the cart cleared; the confirmation recorded (none, or one: also
  // one JSON parameter, for the same reason); and the order announced.
  const db = queries(sql);
  const insertOrder = db
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
    .with('consumed', () => consumedHolds(input.holdIds))
    .with('cleared', () => clearedCart(userId))
    .with('emailed', (db) =>
      db
        .insertInto('emails')
        .columns(['id', 'to_address', 'subject', 'kind', 'html', 'text_body', 'status', 'order_id'])
        .expression(
          pg`SELECT e.id, e.to_address, e.subject, e.kind, e.html, e.text_body, e.status, e.order_id
               FROM jsonb_to_recordset(${JSON.stringify(confirmation ? [emailRow(emailId, confirmation)] : [])}::jsonb)
                 AS e(id uuid, to_address text, subject text, kind text, html text, text_body text,
                      status text, order_id uuid)`,
        ),
    )
    .with('announced', () => announcement(changes))
    .insertInto('order_items')
    .columns(ORDER_ITEM_COLUMNS)
    .expression(
      pg`SELECT item.id, ${id}::uuid, item.product_id, item.variant_id, item.name, item.gender, item.size,
                  item.color, item.image_key, item.quantity, item.unit_price_kobo, item.list_price_kobo,
                  item.discount_kobo
             FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS item(id uuid, product_id uuid,
                  variant_id uuid, name text, gender text, size text, color text, image_key text,
                  quantity integer, unit_price_kobo bigint, list_price_kobo bigint, discount_kobo bigint)`,
    )
    .returning((eb) => [
      eb.selectFrom('consumed').select(eb.fn.countAll<number>().as('n')).as('consumed'),
      eb.selectFrom('announced').select(eb.fn.countAll<number>().as('n')).as('announced'),
      eb.selectFrom('cleared').select(eb.fn.countAll<number>().as('n')).as('cleared'),
      // Read in the statement's snapshot, which holds the account's other orders but not this one.
      unpaidHoldings(
        db,
        userId,
        variants.map((variant) => variant.variantId),
      ).as('holdings'),
      orderedUnitsJson(db, userId, limited).as('ordered'),
    ]);
  let written: Awaited<ReturnType<typeof insertOrder.executeTakeFirstOrThrow>>;
  try {
    written = await insertOrder.executeTakeFirstOrThrow();
  } catch (error) {
    // Another open pay-on-delivery order of this account committed meanwhile (the unique index).
    if (isOpenPayOnDeliveryViolation(error)) throw podRefused('open_order', POD_MESSAGES.openOrder(null));
    throw error;
  }
  // Past a limit: refused, and the transaction rolls back everything the statement wrote.
  checkDropLimits(rows, new Map(Object.entries(written.ordered)));
  checkUnpaidLimits(variants, written.holdings);
  const { consumed } = written;
  // A hold the sweep gave back (the order took longer than a hold lives) leaves the order without
  // its stock: refused, nothing committed.
  if (consumed !== input.holdIds.length) {
    throw conflict(
      'out_of_stock',
      'Sorry, your order took too long and its items were released. Please try again.',
    );
  }
  if (confirmation) await enqueueDelivery(deps, sql, emailId);
  // The code's use last: a row every buyer of a code wants, held to the commit.
  if (rule) await holdUse(sql, rule, id, userId);
  return id;
}
