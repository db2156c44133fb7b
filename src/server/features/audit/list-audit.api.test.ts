import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder } from '../../../../tests/factories/orders';
import { payOrder } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let ada: { cookie: string; email: string };
let bola: { cookie: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  const a = await createSignedInUser(t, { role: 'admin', email: 'ada-audit@example.test' });
  const b = await createSignedInUser(t, { role: 'super_admin', email: 'bola_audit@example.test' });
  ada = { cookie: a.cookie, email: a.user.email };
  bola = { cookie: b.cookie, email: b.user.email };
});
afterAll(() => t.close());

type Entry = {
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};
type Page = { entries: Entry[]; total: number; page: number; pageSize: number };
const read = async (query: string, cookie = ada.cookie) => {
  const response = await t.request(`/api/admin/audit${query}`, { cookie });
  return response as typeof response & { body: Page };
};

describe('GET /api/admin/audit', () => {
  beforeAll(async () => {
    const start = new Date(Date.now() - 3_600_000).toISOString();
    for (const [who, title] of [
      [ada, 'First'],
      [bola, 'Second'],
      [ada, 'Third'],
    ] as const) {
      const response = await t.request('/api/admin/notifications', {
        method: 'POST',
        cookie: who.cookie,
        json: { title, content: 'Body', startDate: start },
      });
      expect(response.status).toBe(201);
    }
    await t.request('/api/admin/settings/store', {
      method: 'PUT',
      cookie: bola.cookie,
      json: { name: 'Audited Shop', supportEmail: 'help@example.test', supportPhone: '' },
    });
  });

  it('lists entries newest first with who, what, before → after and when', async () => {
    const { status, body } = await read('');
    expect(status).toBe(200);
    expect(body.total).toBe(4);
    expect(body.entries[0]).toMatchObject({
      actor: bola.email,
      action: 'updated',
      entityType: 'setting',
      entityId: 'store',
      before: { name: 'Naija Street' },
      after: { name: 'Audited Shop' },
    });
    expect(body.entries.map((entry) => entry.after?.title ?? entry.after?.name)).toEqual([
      'Audited Shop',
      'Third',
      'Second',
      'First',
    ]);
  });

  it('filters by kind of record, record, person (part of the email, wildcards literal) and pages', async () => {
    expect((await read('?entityType=notification')).body.total).toBe(3);
    expect((await read('?entityType=setting&entityId=store')).body.total).toBe(1);
    expect((await read('?actor=ADA-AUDIT')).body.entries.map((entry) => entry.after?.title)).toEqual([
      'Third',
      'First',
    ]);
    // '_' is a literal underscore, not "any character": only bola's email has one.
    expect((await read('?actor=_audit')).body.entries.every((entry) => entry.actor === bola.email)).toBe(
      true,
    );
    const first = await read('?pageSize=2&page=1');
    const second = await read('?pageSize=2&page=2');
    expect(first.body.entries).toHaveLength(2);
    expect(second.body.entries).toHaveLength(2);
    expect(second.body.entries[0]!.createdAt <= first.body.entries[1]!.createdAt).toBe(true);
  });

  it('filters by Lagos days, both ends included', async () => {
    const lagosToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    expect((await read(`?from=${lagosToday}&to=${lagosToday}`)).body.total).toBe(4);
    expect((await read('?to=2020-01-01')).body.total).toBe(0);
    // An entry at 23:30 UTC is already the next day in Lagos.
    await t.database.sql.query(
      `INSERT INTO audit_log (actor_label, action, entity_type, entity_id, created_at)
       VALUES ('system:script', 'updated', 'order', 'x', '2026-01-09T23:30:00Z')`,
    );
    expect((await read('?from=2026-01-10&to=2026-01-10')).body.total).toBe(1);
    expect((await read('?from=2026-01-09&to=2026-01-09')).body.total).toBe(0);
  });

  it('refuses bad filters with a message', async () => {
    const wrong = await read('?entityType=planet');
    expect(wrong.status).toBe(400);
    expect((await read('?from=2026-13-40')).status).toBe(400);
    const reversed = await read('?from=2026-02-02&to=2026-02-01');
    expect(reversed.body).toMatchObject({
      error: { fields: { to: 'The end date must be on or after the start date' } },
    });
  });
});

describe("an order's entries: status, payment and refunds", () => {
  it("are found by the order's id, and payment changes and refunds by the Payment filter", async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    await payOrder(t, cookie, orderId);
    const shipped = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: ada.cookie,
      json: { status: 'shipped' },
    });
    expect(shipped.status).toBe(200);
    const refunded = await t.request(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      cookie: ada.cookie,
      json: { amountKobo: 100_000 },
    });
    expect(refunded.status).toBe(200);
    await t.jobsIdle();
    const refundId = (refunded.body as { refund: { id: string } }).refund.id;
    // Paystack (here its simulator) settles the refund a moment later and says so by webhook.
    await vi.waitFor(
      async () => {
        const [refund] = await t.database.sql.query<{ status: string }>(
          'SELECT status FROM refunds WHERE id = $1',
          [refundId],
        );
        expect(refund?.status).toBe('processed');
      },
      { timeout: 5_000 },
    );
    // Bola cancels it: what is left of the payment goes back automatically.
    const cancelled = await t.request(`/api/admin/orders/${orderId}/status`, {
      method: 'PATCH',
      cookie: bola.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    await vi.waitFor(
      async () => {
        const [open] = await t.database.sql.query(
          `SELECT 1 FROM refunds WHERE order_id = $1 AND status = 'pending'`,
          [orderId],
        );
        expect(open).toBeUndefined();
      },
      { timeout: 5_000 },
    );

    const byOrder = (await read(`?entityId=${orderId}&pageSize=100`)).body.entries;
    expect(byOrder.map((entry) => [entry.entityType, entry.action, entry.actor]).reverse()).toEqual([
      ['payment', 'paid', 'system:payment-webhook'],
      ['order', 'status_changed', ada.email],
      ['refund', 'refund_requested', ada.email],
      ['refund', 'refunded', 'system:payment-webhook'],
      ['order', 'status_changed', bola.email],
      ['refund', 'refund_requested', bola.email],
      ['refund', 'refunded', 'system:payment-webhook'],
    ]);
    expect(byOrder.findLast((entry) => entry.action === 'refunded')).toMatchObject({
      entityId: refundId,
      orderId,
      before: { paymentStatus: 'paid' },
      after: { paymentStatus: 'partially_refunded' },
    });
    // The order's id in capitals (as the short id is shown) finds the same.
    expect((await read(`?entityId=${orderId.toUpperCase()}&pageSize=100`)).body.total).toBe(7);

    const payments = (await read(`?entityType=payment&pageSize=100`)).body.entries.filter(
      (entry) => (entry as Entry & { orderId: string | null }).orderId === orderId,
    );
    expect(payments.map((entry) => entry.action).sort()).toEqual([
      'paid',
      'refund_requested',
      'refund_requested',
      'refunded',
      'refunded',
    ]);
  });
});
