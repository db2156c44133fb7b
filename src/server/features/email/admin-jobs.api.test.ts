import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailedJobListResponse } from '#shared/schemas/emails';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createPendingOrder, orderRow } from '../../../../tests/factories/orders';
import { type FakePaystack, paystackEnv, startFakePaystack } from '../../../../tests/setup/fake-paystack';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { JOB_SCHEMA } from '../../platform/jobs/queue';
import { signWebhook } from '../../platform/paystack/gateway';

/**
 * Settings → Emails, background work that failed: jobs other than email deliveries that failed
 * after their last retry are listed for admins, with their last error and attempts, and can be
 * retried (audited), against a Paystack that is down and then back.
 */

let fake: FakePaystack;
let t: TestApp;
let admin: { cookie: string; email: string };

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp(paystackEnv(fake));
  const { user, cookie } = await createSignedInUser(t, { role: 'admin' });
  admin = { cookie, email: user.email };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const failedJobs = async () => {
  const response = await t.request('/api/admin/jobs/failed', { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return response.body as unknown as FailedJobListResponse;
};

const retry = (id: string) =>
  t.request(`/api/admin/jobs/${id}/retry`, { method: 'POST', cookie: admin.cookie, json: {} });

describe('background work that failed', () => {
  it('lists a Paystack webhook whose processing kept failing, and a retry applies it', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const init = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const { reference, amountKobo } = init.body as { reference: string; amountKobo: number };
    // Verify fails on the first attempt and on each of the six retries.
    fake.verifyOutages = 7;
    const payload = { event: 'charge.success', data: { reference, amount: amountKobo, currency: 'NGN' } };
    const received = await t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'x-paystack-signature': signWebhook(fake.secret, JSON.stringify(payload)) },
      json: payload,
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    await t.jobsIdle();
    // Every attempt made: the job has failed for good (its states say otherwise if not).
    const states = () =>
      t.database.sql.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM ${JOB_SCHEMA}.job WHERE name = 'process-payment-event'`,
      );
    await vi.waitFor(async () => expect(await states()).toEqual([{ state: 'failed', retry_count: 6 }]), {
      timeout: 5_000,
    });
    expect(fake.verifyOutages).toBe(0);
    expect((await orderRow(t, orderId)).payment_status).toBe('pending');

    const list = await failedJobs();
    const job = list.jobs.find((row) => row.name === 'process-payment-event');
    expect(job).toMatchObject({
      title: 'Paystack webhook',
      attempts: 7,
      lastError: 'We could not reach the payment provider. Please try again in a moment.',
      data: { eventId: expect.any(String) },
      failedAt: expect.any(String),
    });
    expect(list.total).toBe(list.jobs.length);

    const retried = await retry(job!.id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await t.jobsIdle();
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect((await failedJobs()).jobs.map((row) => row.id)).not.toContain(job!.id);
    const [audit] = await t.database.sql.query<{
      actor_label: string;
      details: { job: string; attempts: number };
    }>(`SELECT actor_label, details FROM audit_log WHERE entity_type = 'job' AND entity_id = $1`, [job!.id]);
    expect(audit).toMatchObject({
      actor_label: admin.email,
      details: { job: 'process-payment-event', attempts: 7 },
    });

    // A job that is not failed (any more) is not retried.
    expect((await retry(job!.id)).status).toBe(409);
    expect((await retry('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists the refund of a second payment that Paystack never took, and a retry refunds it once', async () => {
    const { cookie, orderId } = await createPendingOrder(t);
    const references: string[] = [];
    for (let i = 0; i < 2; i++) {
      const init = await t.request('/api/payments/initialize', { method: 'POST', cookie, json: { orderId } });
      references.push((init.body as { reference: string }).reference);
    }
    fake.refundOutages = 7;
    for (const reference of references) {
      await t.request('/api/payments/verify', { method: 'POST', cookie, json: { reference } });
    }
    await t.jobsIdle();
    const job = (await failedJobs()).jobs.find((row) => row.name === 'automatic-refund');
    expect(job).toMatchObject({
      title: 'Automatic refund',
      attempts: 7,
      lastError: 'Paystack failed: An error occurred',
    });

    fake.newRefundStatus = 'processed';
    expect((await retry(job!.id)).status).toBe(200);
    await t.jobsIdle();
    expect(fake.refundsOf(references[1]!)).toEqual([expect.objectContaining({ status: 'processed' })]);
    const detail = (await t.request(`/api/admin/orders/${orderId}`, { cookie: admin.cookie })).body as {
      refundDue: boolean;
    };
    expect(detail.refundDue).toBe(false);
  });

  it('leaves email deliveries to the emails list, and is for admins only', async () => {
    const { cookie } = await createSignedInUser(t);
    expect((await t.request('/api/admin/jobs/failed', { cookie })).status).toBe(403);
    expect((await failedJobs()).jobs.every((row) => row.name !== 'deliver-email')).toBe(true);
  });
});
