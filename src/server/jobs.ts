import type { AppDeps } from './context';
import { passwordResetJob } from './features/accounts/passwords';
import { pruneRateLimitsJob } from './features/accounts/rate-limit';
import { deliverEmailJob } from './features/email/outbox';
import { releaseStaleHoldsJob } from './features/inventory/stock-holds';
import { automaticRefundJob, legacySecondPaymentRefundJob } from './features/payments/automatic-refunds';
import { processPaymentEventJob, recheckPendingPaymentsJob } from './features/payments/payments';
import { reconcileRefundsJob } from './features/payments/reconcile-refunds';
import { dailyReconciliationJob, reconcilePaymentsJob } from './features/payments/reconciliation';
import { simulatorCompletePendingJob, simulatorSettleRefundJob } from './features/payments/simulator';
import { expireUnpaidOrdersJob } from './features/payments/unpaid-sweep';
import { saleBoundariesJob } from './features/promotions/sale-boundaries';
import type { Database } from './platform/db/client';
import type { AnyJobDefinition } from './platform/jobs/define';
import { createJobQueue, type Schedule } from './platform/jobs/queue';
import type { Logger } from './platform/logger';

/** Every job of the shop: each process creates these queues at start-up and works them all. */
export const JOB_DEFINITIONS = [
  deliverEmailJob,
  passwordResetJob,
  processPaymentEventJob,
  expireUnpaidOrdersJob,
  releaseStaleHoldsJob,
  automaticRefundJob,
  legacySecondPaymentRefundJob,
  reconcileRefundsJob,
  recheckPendingPaymentsJob,
  reconcilePaymentsJob,
  dailyReconciliationJob,
  simulatorSettleRefundJob,
  simulatorCompletePendingJob,
  pruneRateLimitsJob,
  saleBoundariesJob,
] as AnyJobDefinition<AppDeps>[];

/**
 * Jobs enqueued on a timer, at most once per interval across every server process. The expiry's
 * interval is EXPIRY_SWEEP_SECONDS (a minute; tests shorten it).
 */
export function jobSchedules(options: { expirySweepSeconds: number }): Schedule<AppDeps>[] {
  return [
    { job: expireUnpaidOrdersJob, everySeconds: options.expirySweepSeconds },
    { job: releaseStaleHoldsJob, everySeconds: 60 },
    { job: reconcileRefundsJob, everySeconds: 60 },
    { job: recheckPendingPaymentsJob, everySeconds: 30 },
    { job: dailyReconciliationJob, everySeconds: 86_400 },
    { job: pruneRateLimitsJob, everySeconds: 600 },
    { job: saleBoundariesJob, everySeconds: 60 },
  ];
}

/** The schedules with their default intervals (for queues that only enqueue or install). */
export const JOB_SCHEDULES: Schedule<AppDeps>[] = jobSchedules({ expirySweepSeconds: 60 });

/** Creates the queue's tables and every queue, without working them (the test template). */
export async function installJobQueue(database: Database, logger: Logger): Promise<void> {
  const queue = createJobQueue<AppDeps>({
    database,
    logger,
    definitions: JOB_DEFINITIONS,
    schedules: JOB_SCHEDULES,
    options: { timeoutSeconds: 60 },
  });
  await queue.install();
  await queue.stop();
}
