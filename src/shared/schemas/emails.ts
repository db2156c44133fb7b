import { z } from 'zod';
// The product's wording for every check (and NUL/length rules).
import './text';

/** queued: waiting for (another) delivery attempt; stored: kept in the development mailbox. */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'stored'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** GET /api/admin/emails: newest first, a page at a time, optionally one status. */
export const adminEmailListQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 emails a page').default(20),
  status: z.enum(EMAIL_STATUSES, 'Choose queued, sent, failed or stored').optional(),
});
export type AdminEmailListQuery = z.infer<typeof adminEmailListQuery>;

export const adminEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** What the email is for: order_placed, payment_received, password_reset, low_stock… */
  kind: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

export const adminEmailListResponse = z.object({
  emails: z.array(adminEmailSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminEmailListResponse = z.infer<typeof adminEmailListResponse>;

export const emailIdParams = z.object({ id: z.uuid('Email not found') });

/** POST /api/admin/emails/:id/resend: the email, queued again. */
export const resendEmailResponse = z.object({ email: adminEmailSchema });
export type ResendEmailResponse = z.infer<typeof resendEmailResponse>;

// Background work that failed -----------------------------------------------------------------

/** GET /api/admin/jobs/failed: jobs that failed after their last retry, newest first. */
export const failedJobListQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 jobs a page').default(20),
});
export type FailedJobListQuery = z.infer<typeof failedJobListQuery>;

export const failedJobSchema = z.object({
  id: z.string(),
  /** The queue's name: password-reset, process-payment-event, automatic-refund… */
  name: z.string(),
  /** What the work is, in words. */
  title: z.string(),
  /** What it was about (ids, an address), as the job was given it. */
  data: z.record(z.string(), z.unknown()),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobListResponse = z.object({
  jobs: z.array(failedJobSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type FailedJobListResponse = z.infer<typeof failedJobListResponse>;

export const jobIdParams = z.object({ id: z.uuid('Job not found') });

/** POST /api/admin/jobs/:id/retry: the job, queued for one more attempt. */
export const retryJobResponse = z.object({ retried: z.literal(true) });
export type RetryJobResponse = z.infer<typeof retryJobResponse>;
