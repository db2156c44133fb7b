import { Hono } from 'hono';
import {
  adminOrderIdParams,
  adminOrderListQuery,
  refundIdParams,
  refundRequest,
  setOrderStatusRequest,
} from '#shared/schemas/admin-orders';
import { offlinePaymentRequest, offlineRefundRequest } from '#shared/schemas/money';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readJson, readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { checkOrderRefund, refundOrder, retryRefund } from '../payments/admin-refund-commands';
import { recordOfflinePayment, recordOfflineRefund } from '../payments/offline-payments';
import { getAdminOrder, listAdminOrders, setOrderStatus } from './admin-orders';
import { exportOrdersCsv } from './orders-csv';
import { renderPackingSlip } from './packing-slip';

/** A malformed id answers like a missing order. */
function orderId(param: Record<string, string>): string {
  const parsed = adminOrderIdParams.safeParse(param);
  if (!parsed.success) throw notFound('Order not found');
  return parsed.data.id;
}

/** A malformed order or refund id answers like a missing one. */
function refundIds(param: Record<string, string>): { id: string; refundId: string } {
  const parsed = refundIdParams.safeParse(param);
  if (!parsed.success) throw notFound('Refund not found');
  return parsed.data;
}

/**
 * The Orders tab: search, detail, status changes, money received or given back outside Paystack,
 * refunds through Paystack, packing slip, CSV.
 */
export function adminOrderRoutes() {
  return new Hono<AppEnv>()
    .get('/orders', async (c) => {
      requireAdmin(c);
      const { q, status, page, pageSize } = readQuery(c, adminOrderListQuery);
      return c.json(await listAdminOrders(c.get('deps'), { q, status, page, pageSize }));
    })
    .get('/orders/export.csv', async (c) => {
      requireAdmin(c);
      const { q, status } = readQuery(c, adminOrderListQuery);
      // Streamed as it is read: every matching order, however many.
      const rows = exportOrdersCsv(c.get('deps'), { q, status });
      const encoder = new TextEncoder();
      const csv = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await rows.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await rows.return(undefined);
        },
      });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="orders-${status}-${day}.csv"`,
      });
    })
    .get('/orders/:id', async (c) => {
      requireAdmin(c);
      return c.json(await getAdminOrder(c.get('deps'), orderId(c.req.param())));
    })
    .get('/orders/:id/packing-slip', async (c) => {
      requireAdmin(c);
      return c.html(await renderPackingSlip(c.get('deps'), orderId(c.req.param()), c.get('cspNonce')));
    })
    .patch('/orders/:id/status', async (c) => {
      const admin = requireAdmin(c);
      const id = orderId(c.req.param());
      const { status } = await readJson(c, setOrderStatusRequest);
      return c.json(await setOrderStatus(c.get('deps'), actorOf(admin), id, status));
    })
    .post('/orders/:id/offline-payments', async (c) => {
      const admin = requireAdmin(c);
      const id = orderId(c.req.param());
      const input = await readJson(c, offlinePaymentRequest);
      return c.json(await recordOfflinePayment(c.get('deps'), actorOf(admin), id, input));
    })
    .post('/orders/:id/offline-refunds', async (c) => {
      const admin = requireAdmin(c);
      const id = orderId(c.req.param());
      const input = await readJson(c, offlineRefundRequest);
      return c.json(await recordOfflineRefund(c.get('deps'), actorOf(admin), id, input));
    })
    .post('/orders/:id/refunds', async (c) => {
      const admin = requireAdmin(c);
      const id = orderId(c.req.param());
      const input = await readJson(c, refundRequest);
      return c.json({ refund: await refundOrder(c.get('deps'), actorOf(admin), id, input) });
    })
    .post('/orders/:id/refunds/:refundId/retry', async (c) => {
      const admin = requireAdmin(c);
      const { id, refundId } = refundIds(c.req.param());
      return c.json({ refund: await retryRefund(c.get('deps'), actorOf(admin), id, refundId) });
    })
    .post('/orders/:id/refunds/:refundId/check', async (c) => {
      const admin = requireAdmin(c);
      const { id, refundId } = refundIds(c.req.param());
      return c.json({ refund: await checkOrderRefund(c.get('deps'), actorOf(admin), id, refundId) });
    });
}
