import type { Transporter } from 'nodemailer';
import type { Env } from './env';

export type OutgoingMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The same for every attempt at one email, so if a crash between the SMTP server's acceptance
   * and our record of it makes us send it again, mail systems can tell it is the same message.
   */
  messageId?: string;
};

/** The way out to the SMTP server; `null` transport when none is configured (dev mailbox only). */
export interface Mailer {
  readonly configured: boolean;
  deliver(message: OutgoingMessage): Promise<void>;
  close(): void;
}

const TIMEOUTS_MS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * One pooled SMTP transport per process, from SMTP_URL (smtp://user:pass@host:587 or smtps://…).
 * Without SMTP_URL, `deliver` is never called: the deliver-email job stores the message instead.
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
  // Bounded well under JOB_TIMEOUT_SECONDS (nodemailer waits up to 10 minutes by default), so a
  // stuck mail server fails the attempt, which is retried, rather than being taken for a crash.
  // nodemailer reads its options from the URL's query; SMTP_URL's own values win.
  const url = new URL(env.smtpUrl);
  for (const [name, value] of Object.entries(TIMEOUTS_MS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  // Loaded at the first email, not at start-up: most starts of a process send none for a while.
  let transport: Promise<Transporter> | null = null;
  return {
    configured: true,
    async deliver(message) {
      if (!transport) {
        const opening = import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(url.toString()),
        );
        transport = opening;
        // A transport that could not be made is tried again at the next email, not kept failed.
        opening.catch(() => {
          if (transport === opening) transport = null;
        });
      }
      await (await transport).sendMail(message);
    },
    close() {
      // Never opened if its module failed to load: that failure was the delivery's.
      void transport?.then(
        (open) => open.close(),
        () => {},
      );
    },
  };
}
