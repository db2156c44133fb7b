import { orderStatusLabel } from '#shared/fulfilment';
import { formatNaira } from '#shared/money';
import { breakdownRows, minusNaira, orderBreakdown } from '#shared/price-breakdown';
import type { OrderMoney } from '#shared/schemas/money';
import type { Order, OrderItem } from '#shared/schemas/orders';
import type { AppliedDiscount } from '#shared/schemas/promotions';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { type EmailRows, renderBrandEmail } from '../email/layout';
import { type EmailMessage, queueEmail } from '../email/outbox';
import { readStoreIdentity, type StoreIdentity } from '../email/store-identity';
import { readOrderMoney } from '../payments/ledger';
import { loadOrder } from './orders';

export type OrderEmailKind =
  | 'order_placed'
  | 'payment_received'
  | 'order_status'
  | 'refund_issued'
  | 'automatic_refund';

/**
 * Figures an email names besides the order's own: the amount refunded, or of a payment the shop
 * is refunding by itself, and why (a sentence from the ledger, in plain words).
 */
export type OrderEmailExtra = { amountKobo?: number; reason?: string; offlineMethod?: string };

const STATUS_TEXT: Record<Order['status'], string> = {
  pending: 'is waiting for payment',
  processing: 'is being prepared',
  shipped: 'has been shipped',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

/** A pickup order is made ready and picked up, not shipped and delivered. */
const PICKUP_STATUS_TEXT: Partial<Record<Order['status'], string>> = {
  shipped: 'is ready for pickup',
  delivered: 'has been picked up',
};

const statusText = (order: EmailOrder) =>
  (order.fulfilment === 'pickup' ? PICKUP_STATUS_TEXT[order.status] : undefined) ?? STATUS_TEXT[order.status];

/** What an order email shows of the order: its figures and lines, as the order has them now. */
export type EmailOrder = Pick<
  Order,
  | 'id'
  | 'shortId'
  | 'status'
  | 'paymentStatus'
  | 'subtotalKobo'
  | 'discountKobo'
  | 'shippingCostKobo'
  | 'totalAmountKobo'
  | 'shippingAddress'
  | 'shippingMethod'
  | 'paymentMethod'
  | 'shippingZone'
  | 'fulfilment'
  | 'pickup'
  | 'paymentKind'
> & {
  /** The order's code: its name and the delivery fee it waived (0 unless a free-delivery code); or null. */
  discount: Pick<AppliedDiscount, 'code' | 'title' | 'shippingKobo'> | null;
  items: Pick<
    OrderItem,
    'quantity' | 'name' | 'size' | 'color' | 'lineTotalKobo' | 'listPriceKobo' | 'discountKobo'
  >[];
  /** The order's money from the ledger (absent when it has none yet: a new order). */
  money?: OrderMoney;
};

/** The account an order email goes to: its confirmed address and its own first name. */
export type EmailAccount = { email: string; firstName: string };

/**
 * Each line as it was charged: '2 × Lagos Tee (M, Black) — ₦16,000.00 (was ₦10,000.00 each),
 * −₦1,600.00 with BLACKFRIDAY20'.
 */
function itemLines(order: EmailOrder): string[] {
  return order.items.map((item) => {
    const options = [item.size, item.color].filter(Boolean).join(', ');
    const was = item.listPriceKobo ? ` (was ${formatNaira(item.listPriceKobo)} each)` : '';
    const off =
      item.discountKobo > 0 && order.discount
        ? `, ${minusNaira(item.discountKobo)} with ${order.discount.code}`
        : '';
    return `${item.quantity} × ${item.name}${options ? ` (${options})` : ''} — ${formatNaira(item.lineTotalKobo)}${was}${off}`;
  });
}

/** The breakdown every order email ends its order with: Subtotal, Discount (CODE), Delivery, Total. */
function totals(order: EmailOrder): EmailRows {
  return {
    rows: breakdownRows(orderBreakdown(order), { shippingMethod: order.shippingMethod }).map((row) => ({
      label: row.label,
      value: row.value,
      strong: row.key === 'total',
    })),
  };
}

/** What the order is: its lines and its breakdown. */
const summary = (order: EmailOrder) => [...itemLines(order), totals(order)];

/** Where and when a pickup order is collected; nothing for a delivery. */
const pickupLines = (order: EmailOrder): string[] =>
  order.fulfilment === 'pickup' && order.pickup
    ? [`Pick up in store: ${order.pickup.address}. Opening hours: ${order.pickup.openingHours}.`]
    : [];

/** Whether the shopper still pays at the door (or at the counter, for a pickup). */
const paysOnDelivery = (order: EmailOrder) =>
  order.paymentKind === 'pay_on_delivery' &&
  order.paymentStatus === 'pending' &&
  !(order.money && order.money.appliedKobo > 0);

/** What a pay-on-delivery shopper has ready when the order arrives (or is picked up). */
const payOnDeliveryLine = (order: EmailOrder) =>
  order.fulfilment === 'pickup'
    ? `You pay ${formatNaira(order.totalAmountKobo)} when you pick it up, in cash or by transfer.`
    : `You pay ${formatNaira(order.totalAmountKobo)} on delivery: have it ready in cash or for a transfer at the door.`;

function content(
  order: EmailOrder,
  kind: OrderEmailKind,
  publicUrl: string,
  extra: OrderEmailExtra,
  firstName: string,
) {
  const ref = order.shortId.toUpperCase();
  const button = { label: 'View your order', url: `${publicUrl}/order-confirmation/${order.id}` };
  // The account's own name, never text from the checkout form.
  const greeting = firstName ? `Hi ${firstName},` : 'Hello,';
  if (kind === 'order_placed' && order.paymentKind === 'pay_on_delivery') {
    return {
      subject: `Order ${ref} received`,
      heading: 'Thanks for your order!',
      paragraphs: [
        greeting,
        `We have received order ${ref}, to pay ${order.fulfilment === 'pickup' ? 'when you pick it up' : 'on delivery'}. Your items are reserved for you.`,
        payOnDeliveryLine(order),
        ...pickupLines(order),
        ...summary(order),
      ],
      button,
    };
  }
  if (kind === 'order_placed') {
    return {
      subject: `Order ${ref} received`,
      heading: 'Thanks for your order!',
      paragraphs: [
        greeting,
        `We have received order ${ref}. Your items are reserved for 30 minutes while you complete payment.`,
        ...pickupLines(order),
        ...summary(order),
      ],
      button: { label: 'Complete payment', url: `${publicUrl}/payment/${order.id}` },
    };
  }
  if (kind === 'payment_received') {
    const paid = order.money?.appliedKobo || order.totalAmountKobo;
    return {
      subject: `Payment received for order ${ref}`,
      heading: 'Payment received',
      paragraphs: [
        greeting,
        `We received your payment of ${formatNaira(paid)} for order ${ref}. This is your receipt.`,
        ...summary(order),
        order.paymentKind === 'pay_on_delivery'
          ? order.fulfilment === 'pickup'
            ? 'Paid at pickup.'
            : 'Paid on delivery.'
          : order.fulfilment === 'pickup'
            ? `Paid by ${order.paymentMethod}. We will email you when it is ready for pickup.`
            : `Paid by ${order.paymentMethod}. We will ship to ${order.shippingAddress.address}, ${order.shippingAddress.city}, ${order.shippingAddress.state}.`,
        ...(order.paymentKind === 'pay_on_delivery' ? [] : pickupLines(order)),
      ],
      button,
    };
  }
  if (kind === 'refund_issued' && extra.offlineMethod) {
    const amount = formatNaira(extra.amountKobo ?? order.totalAmountKobo);
    return {
      subject: `Refund of ${amount} for order ${ref}`,
      heading: 'We have paid you back',
      paragraphs: [
        greeting,
        `We have paid back ${amount} for order ${ref} (${extra.offlineMethod.toLowerCase()}).`,
        'Your order:',
        ...summary(order),
        'Please contact us if you have any questions.',
      ],
      button,
    };
  }
  if (kind === 'refund_issued') {
    const amount = formatNaira(extra.amountKobo ?? order.totalAmountKobo);
    const whole = order.paymentStatus === 'refunded';
    return {
      subject: `Refund of ${amount} for order ${ref}`,
      heading: whole ? 'Your payment has been refunded' : 'Part of your payment has been refunded',
      paragraphs: [
        greeting,
        `We have refunded ${amount} of your payment for order ${ref}${whole ? '' : ' (a partial refund)'}.`,
        'Refunds usually reach your card within 5 to 10 working days, depending on your bank.',
        'Your order:',
        ...summary(order),
      ],
      button,
    };
  }
  if (kind === 'automatic_refund') {
    const amount = formatNaira(extra.amountKobo ?? order.totalAmountKobo);
    return {
      subject: `We are refunding your payment of ${amount} for order ${ref}`,
      heading: 'We are refunding your payment',
      paragraphs: [
        greeting,
        `We received a payment of ${amount} for order ${ref} that we cannot keep. ${extra.reason ?? ''}`.trim(),
        `We are refunding the full ${amount} to you now; you do not need to do anything. Refunds usually arrive within 5 to 10 working days, depending on your bank.`,
        'Your order:',
        ...summary(order),
        'Please contact us if you have any questions.',
      ],
      button,
    };
  }
  // Only what is on its way back through Paystack is promised; the rest of what is due (paid to
  // the shop outside Paystack, or a refund Paystack refused) is for the shop to settle by hand.
  const refunding = order.money?.refundPendingKobo ?? 0;
  const owed = (order.money?.refundDueKobo ?? 0) - refunding;
  const cancelledNote =
    order.status !== 'cancelled'
      ? []
      : refunding > 0 || owed > 0
        ? [
            ...(refunding > 0
              ? [
                  `We are refunding ${formatNaira(refunding)} to you; refunds usually arrive within 5 to 10 working days, depending on your bank.`,
                ]
              : []),
            ...(owed > 0 ? [`We owe you ${formatNaira(owed)} back and will contact you to arrange it.`] : []),
          ]
        : order.paymentStatus === 'failed' && !order.money?.receivedKobo
          ? ['It was not paid in time, so the items were released. You are welcome to order again.']
          : [];
  const open = order.status !== 'cancelled';
  return {
    subject: `Order ${ref} ${statusText(order)}`,
    heading: `Order ${ref} update`,
    paragraphs: [
      greeting,
      `Your order ${ref} ${statusText(order)}.`,
      `Status: ${orderStatusLabel(order.status, order.fulfilment)}`,
      ...(open ? pickupLines(order) : []),
      ...(open && order.status !== 'delivered' && paysOnDelivery(order) ? [payOnDeliveryLine(order)] : []),
      ...cancelledNote,
      ...summary(order),
    ],
    button,
  };
}

/**
 * Queues the shopper's email about an order (placed, paid, refunds, or its current status),
 * rendered from the order as it is inside `sql`'s transaction: call it in the transaction of the
 * change, so the change and its email commit together or not at all.
 */
export async function queueOrderEmail(
  deps: Pick<AppDeps, 'env' | 'jobs'>,
  sql: SqlRunner,
  orderId: string,
  kind: OrderEmailKind,
  extra: OrderEmailExtra = {},
): Promise<void> {
  const order = await loadOrder(sql, orderId);
  if (!order) return;
  // Order emails go to the account's confirmed address; the checkout email is the delivery
  // contact only, so nobody can send the shop's mail to an address they typed.
  const account = await queries(sql)
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.email', 'u.first_name'])
    .where('o.id', '=', orderId)
    .where((eb) => eb.ref('u.email_verified'))
    .executeTakeFirst();
  if (!account) return;
  const store = await readStoreIdentity(sql);
  const money = await readOrderMoney(sql, orderId);
  await queueEmail(
    deps,
    sql,
    renderOrderEmail(deps, {
      order: { ...order, money },
      kind,
      extra,
      account: { email: account.email, firstName: account.first_name },
      store,
    }),
  );
}

type RenderOrderEmailInput = {
  order: EmailOrder;
  kind: OrderEmailKind;
  extra?: OrderEmailExtra;
  account: EmailAccount;
  store: StoreIdentity;
};

/**
 * The shopper's email about an order, rendered and addressed, for a caller that has the order,
 * its account and the store's identity in hand (nothing is read again) and records it itself
 * (placing an order records it in the statement that writes the order). The account must be the
 * order's own, with its address confirmed.
 */
export function renderOrderEmail(deps: Pick<AppDeps, 'env'>, input: RenderOrderEmailInput): EmailMessage {
  const { order, kind, account, store } = input;
  const { subject, ...body } = content(
    order,
    kind,
    deps.env.publicUrl,
    input.extra ?? {},
    account.firstName.slice(0, 60),
  );
  const rendered = renderBrandEmail(store, { preheader: subject, ...body });
  return { to: account.email, subject, kind, orderId: order.id, ...rendered };
}
