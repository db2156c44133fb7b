import type { Database } from '../db/client';
import { passwordResetJob } from '../features/accounts/accounts';
import { pruneRateLimitsJob } from '../features/accounts/rate-limit';
import { deliverEmailJob } from '../features/email/outbox';
import { expireUnpaidOrdersJob } from '../features/orders/cancel-order';
import { processPaymentEventJob } from '../features/payments/payments';
import { refundSecondPaymentJob } from '../features/payments/refunds';
import type { Logger } from '../logger';
import type { JobDefinition } from './define';
import { createJobQueue, type Schedule } from './queue';

/** Every job of the shop: each process creates these queues at start-up and works them all. */
export const JOB_DEFINITIONS = [
  deliverEmailJob,
  passwordResetJob,
  processPaymentEventJob,
  expireUnpaidOrdersJob,
  refundSecondPaymentJob,
  pruneRateLimitsJob,
] as unknown as JobDefinition[];

/** Jobs enqueued on a timer, at most once per interval across every server process. */
export const JOB_SCHEDULES: Schedule[] = [
  { job: expireUnpaidOrdersJob, everySeconds: 60 },
  { job: pruneRateLimitsJob, everySeconds: 600 },
];

/** Creates the queue's tables and every queue, without working them (the test template). */
export async function installJobQueue(database: Database, logger: Logger): Promise<void> {
  const queue = createJobQueue({
    database,
    logger,
    definitions: JOB_DEFINITIONS,
    schedules: JOB_SCHEDULES,
    options: { timeoutSeconds: 60 },
    deps: () => {
      throw new Error('installJobQueue runs no job');
    },
  });
  await queue.install();
  await queue.stop();
}
