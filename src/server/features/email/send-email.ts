import type { AppDeps } from '../../context';
import { getStoreIdentity } from './store-identity';

export type EmailMessage = {
  to: string;
  subject: string;
  /** What the email is for, e.g. 'confirm_email', 'password_reset', 'order_confirmation'. */
  kind: string;
  html: string;
  text: string;
};

export type EmailStatus = 'sent' | 'failed' | 'stored';
export type SentEmail = { id: string; status: EmailStatus; error?: string };

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * Records the email in `emails` and delivers it through SMTP when configured. Without SMTP the
 * email is kept for the development mailbox (status 'stored') and, outside production, its links
 * are printed to the log so a fresh clone can confirm accounts and reset passwords.
 * A delivery failure is recorded (status 'failed') and returned, never thrown: the caller's own
 * action (an order, a registration) has already happened and must not be undone by the mail server.
 */
export async function sendEmail(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'logger' | 'env'>,
  message: EmailMessage,
): Promise<SentEmail> {
  const [row] = await deps.database.sql.query<{ id: string }>(
    `INSERT INTO emails (to_address, subject, kind, html, text_body, status)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      message.to,
      message.subject,
      message.kind,
      message.html,
      message.text,
      deps.mailer.configured ? 'queued' : 'stored',
    ],
  );
  const id = row!.id;
  const log = deps.logger.child({ emailId: id, kind: message.kind });

  if (!deps.mailer.configured) {
    if (deps.env.isProduction) {
      log.warn('SMTP_URL is not set: the email was stored, not delivered');
    } else {
      const links = [...new Set(message.text.match(LINK) ?? [])];
      log.info({ to: message.to, subject: message.subject, links }, 'email stored (no SMTP_URL)');
    }
    return { id, status: 'stored' };
  }

  try {
    const store = await getStoreIdentity(deps);
    await deps.mailer.deliver({
      from: `"${store.name.replaceAll('"', '')}" <${store.supportEmail}>`,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    await deps.database.sql.query(`UPDATE emails SET status = 'sent', sent_at = now() WHERE id = $1`, [id]);
    log.info({ to: message.to }, 'email sent');
    return { id, status: 'sent' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.database.sql.query(`UPDATE emails SET status = 'failed', error = $2 WHERE id = $1`, [
      id,
      reason.slice(0, 1000),
    ]);
    log.error({ err: error, to: message.to }, 'email delivery failed');
    return { id, status: 'failed', error: reason };
  }
}
