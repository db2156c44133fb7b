import { randomUUID } from 'node:crypto';
import { sql as pg } from 'kysely';
import { type AppDeps, defineJob } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import { getStoreIdentity } from './store-identity';

export type EmailMessage = {
  to: string;
  subject: string;
  /** What the email is for, e.g. 'confirm_email', 'password_reset', 'order_placed'. */
  kind: string;
  html: string;
  text: string;
  /** The order the email is about: it then shows in that order's timeline. */
  orderId?: string;
};

/**
 * queued: waiting for (another) delivery attempt; sent: the SMTP server took it; failed: the last
 * attempt failed (an admin can resend it); stored: kept for the development mailbox (no SMTP).
 */
export type EmailStatus = 'queued' | 'sent' | 'failed' | 'stored';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * Records the email (status queued) and enqueues its delivery, both through `sql`: pass the
 * transaction of the change the email is about, so the change and its email commit together or
 * not at all. Nothing is sent here: the deliver-email job does that after the commit.
 */
export async function queueEmail(
  deps: Pick<AppDeps, 'jobs'>,
  sql: SqlRunner,
  message: EmailMessage,
): Promise<{ id: string }> {
  const id = randomUUID();
  await queries(sql).insertInto('emails').values(emailRow(id, message)).execute();
  await enqueueDelivery(deps, sql, id);
  return { id };
}

/**
 * The row that records an email, queued, under an id the caller chose: for a statement that
 * records it together with the change it is about (placing an order), which then enqueues its
 * delivery with `enqueueDelivery` in the same transaction.
 */
export function emailRow(id: string, message: EmailMessage) {
  return {
    id,
    to_address: message.to,
    subject: message.subject,
    kind: message.kind,
    html: message.html,
    text_body: message.text,
    status: 'queued' as const,
    order_id: message.orderId ?? null,
  };
}

/** Enqueues the delivery of an email recorded (queued) through the same `sql`. */
export async function enqueueDelivery(deps: Pick<AppDeps, 'jobs'>, sql: SqlRunner, emailId: string) {
  await deps.jobs.enqueue(sql, deliverEmailJob, { emailId });
}

/** SMTP answers 5xx for what will never work (no such mailbox, refused sender): no retry helps. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Delivers one recorded email through SMTP, or, without SMTP_URL, keeps it for the development
 * mailbox (status stored) and logs its links outside production. Each attempt is counted on the
 * email; a temporary failure is retried with back-off (the email stays queued, with the error); a
 * permanent refusal or a failed last attempt leaves it failed. Only a queued email is delivered, so a
 * repeated job never sends an email twice once it is marked sent.
 */
export const deliverEmailJob = defineJob<{ emailId: string }>({
  name: 'deliver-email',
  // Retries after about 2-4 s, then twice as long each time, up to about an hour in all: a
  // blip is retried at once, a mail server down for a while is waited for.
  retryLimit: 10,
  retryDelaySeconds: 2,
  async run({ emailId }, { deps, isLastAttempt, log }) {
    const db = queries(deps.database.sql);
    const email = await db
      .updateTable('emails')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_attempt_at: pg<Date>`now()` }))
      .where('id', '=', emailId)
      .where('status', '=', 'queued')
      .returning(['to_address', 'subject', 'html', 'text_body'])
      .executeTakeFirst();
    if (!email) return;
    const emailLog = log.child({ emailId });

    if (!deps.mailer.configured) {
      await db.updateTable('emails').set({ status: 'stored' }).where('id', '=', emailId).execute();
      if (deps.env.isProduction) {
        emailLog.warn('SMTP_URL is not set: the email was stored, not delivered');
      } else {
        const links = [...new Set(email.text_body.match(LINK) ?? [])];
        emailLog.info(
          { to: email.to_address, subject: email.subject, links },
          `email to ${email.to_address} "${email.subject}" kept in the mailbox (${deps.env.publicUrl}/dev/mailbox)`,
        );
      }
      return;
    }

    try {
      const store = await getStoreIdentity(deps);
      await deps.mailer.deliver({
        from: `"${store.name.replaceAll('"', '')}" <${store.supportEmail}>`,
        to: email.to_address,
        subject: email.subject,
        html: email.html,
        text: email.text_body,
        messageId: `<${emailId}@${new URL(deps.env.publicUrl).hostname}>`,
      });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const final = isLastAttempt || isPermanent(error);
      await db
        .updateTable('emails')
        .set({ status: final ? 'failed' : 'queued', error: reason })
        .where('id', '=', emailId)
        .execute();
      if (final) emailLog.error({ err: error, to: email.to_address }, 'email delivery failed');
      // A permanent refusal ends here; otherwise the queue retries, or records the job as failed.
      if (isPermanent(error)) return;
      throw error;
    }
    await db
      .updateTable('emails')
      .set({ status: 'sent', sent_at: pg<Date>`now()`, error: null })
      .where('id', '=', emailId)
      .execute();
    emailLog.info({ to: email.to_address }, 'email sent');
  },
});
