import nodemailer from 'nodemailer';
import type { Env } from '../../env';

export type OutgoingMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

/** The way out to the SMTP server; `null` transport when none is configured (dev mailbox only). */
export interface Mailer {
  readonly configured: boolean;
  deliver(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/**
 * One pooled SMTP transport per process, from SMTP_URL (smtp://user:pass@host:587 or smtps://…).
 * Without SMTP_URL, `deliver` is never called: sendEmail stores the message instead.
 */
export function createMailer(env: Pick<Env, 'smtpUrl'>): Mailer {
  if (!env.smtpUrl) {
    return {
      configured: false,
      async deliver() {
        throw new Error('SMTP is not configured');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(env.smtpUrl);
  return {
    configured: true,
    async deliver(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}
