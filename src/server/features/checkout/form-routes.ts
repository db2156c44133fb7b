import { Hono } from 'hono';
import { checkoutFormSchema } from '#shared/schemas/checkout';
import type { AppEnv } from '../../context';
import { AppError } from '../../platform/errors';
import { htmlForm, seeOther, sendPostedAnswer } from '../accounts/html-forms';
import { placeOrder } from './place-order';

/** The checkout form's text fields, as the page names them. */
const TEXT_FIELDS = [
  'fullName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'billingFullName',
  'billingEmail',
  'billingPhone',
  'billingAddress',
  'billingCity',
  'billingState',
  'notes',
  'shippingMethodCode',
  'paymentMethod',
] as const;

/** What the checkout page's form sent, in the shape of the API's body (checkoutFormSchema). */
function checkoutBody(form: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = form.get(name);
    if (value !== null) body[name] = value;
  }
  // A ticked checkbox is sent as "on"; an unticked one is not sent at all.
  body.sameAsShipping = form.has('sameAsShipping');
  return body;
}

/**
 * The checkout page's form as a plain HTML form, for a press of Pay (or Place Order) that lands
 * before the page's script has taken over: the same schema and the same domain function as
 * POST /api/orders, then on to the payment page (or the order's page, paying on delivery). A
 * refusal sends the shopper back to checkout, which says why once its script runs.
 */
export function checkoutFormRoutes() {
  return new Hono<AppEnv>().post(
    '/checkout',
    ...htmlForm(async (c, form) => {
      const user = c.get('user');
      if (!user) return seeOther(c, `/login?redirect=${encodeURIComponent('/checkout')}`);
      const parsed = checkoutFormSchema.safeParse(checkoutBody(form));
      if (!parsed.success) {
        sendPostedAnswer(c, { kind: 'refused', form: 'checkout', message: parsed.error.issues[0]!.message });
        return seeOther(c, '/checkout');
      }
      try {
        const { orderId } = await placeOrder(c.get('deps'), user.id, parsed.data);
        return seeOther(
          c,
          parsed.data.paymentMethod === 'pay_on_delivery'
            ? `/order-confirmation/${orderId}`
            : `/payment/${orderId}`,
        );
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        sendPostedAnswer(c, { kind: 'refused', form: 'checkout', message: error.message });
        return seeOther(c, '/checkout');
      }
    }),
  );
}
