import { Hono } from 'hono';
import { initializePaymentSchema, verifyPaymentSchema } from '#shared/schemas/payments';
import type { AppEnv } from '../../context';
import { AppError, badRequest } from '../../platform/errors';
import { isValidSignature, paymentGateway } from '../../platform/paystack/gateway';
import { readJson, refuseUnstorable } from '../../validate';
import { requireUser } from '../accounts/guards';
import { initializePayment, receiveWebhookEvent, verifyPayment, type WebhookEvent } from './payments';

export function paymentRoutes() {
  return (
    new Hono<AppEnv>()
      // Which way cards are taken here (null: payments are off), so the payment page says it from
      // its first paint. Public and the same for everyone.
      .get('/payments/mode', (c) => c.json({ mode: c.get('deps').payments?.mode ?? null }))
      .post('/payments/initialize', async (c) => {
        const user = requireUser(c);
        const { orderId } = await readJson(c, initializePaymentSchema);
        return c.json(await initializePayment(c.get('deps'), user, orderId));
      })
      .post('/payments/verify', async (c) => {
        const user = requireUser(c);
        const { reference } = await readJson(c, verifyPaymentSchema);
        return c.json(await verifyPayment(c.get('deps'), user, reference));
      })
      .post('/payments/webhook', async (c) => {
        const deps = c.get('deps');
        // The signature covers the exact bytes sent, so read the raw body before parsing it.
        const raw = await c.req.text();
        const gateway = paymentGateway(deps);
        if (!isValidSignature(gateway.secretKey, raw, c.req.header('x-paystack-signature'))) {
          throw new AppError('invalid_signature', 401, 'Invalid signature');
        }
        let event: WebhookEvent;
        try {
          event = JSON.parse(raw) as WebhookEvent;
        } catch {
          throw badRequest('The request body must be JSON.');
        }
        refuseUnstorable(event);
        // Stored with its processing job before answering: Paystack retries until it gets a 200,
        // and once it has one the event must not be lost (a failure of ours is retried by the job).
        await receiveWebhookEvent(deps, event);
        return c.json({ received: true });
      })
  );
}
