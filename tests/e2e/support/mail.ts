import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * Reading the emails the shop sent to the test SMTP server (.eml files in E2E_MAIL_DIR, named
 * `<epoch ms>-<sequence>.eml`, the envelope recipient prepended as `X-Envelope-To`). Messages are
 * multipart and quoted-printable: mailparser decodes them as a mail client would.
 */
export type ReceivedEmail = {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the message, from the HTML's hrefs and the plain text. */
  links: string[];
};

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through the Playwright global setup');
  return dir;
}

async function parse(dir: string, file: string): Promise<ReceivedEmail> {
  const raw = await readFile(path.join(dir, file));
  const mail = await simpleParser(raw);
  const html = typeof mail.html === 'string' ? mail.html : '';
  const text = mail.text ?? '';
  const hrefs = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );
  const plain = text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];
  const envelope = mail.headers.get('x-envelope-to');
  return {
    file,
    to: typeof envelope === 'string' ? envelope : '',
    subject: mail.subject ?? '',
    text,
    html,
    links: [...new Set([...hrefs, ...plain])],
  };
}

/** The newest email to `to` (optionally with a subject matching `subject`) since `since`, if any. */
async function newestEmail(
  to: string,
  options: { subject?: RegExp; since?: number },
): Promise<ReceivedEmail | undefined> {
  const dir = mailDir();
  const address = to.toLowerCase();
  const files = (await readdir(dir))
    .filter((file) => file.endsWith('.eml') && Number(file.split('-')[0]) >= (options.since ?? 0))
    .sort()
    .reverse();
  for (const file of files) {
    const head = (await readFile(path.join(dir, file), 'utf8')).slice(0, 300).toLowerCase();
    if (!head.startsWith(`x-envelope-to: ${address}`)) continue;
    const email = await parse(dir, file);
    if (!options.subject || options.subject.test(email.subject)) return email;
  }
  return undefined;
}

/**
 * Waits for the newest email to `to` (optionally with a subject matching `subject`) that arrived
 * at or after `since` (epoch ms), so a test reads the email its own action caused. The shop sends
 * it from a background job, a moment after the action: 30 s leaves a slow machine time to.
 */
export async function waitForEmail(
  to: string,
  options: { subject?: RegExp; since?: number; timeoutMs?: number } = {},
): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = await newestEmail(to, options);
        return found !== undefined;
      },
      {
        message: `No email to ${to}${options.subject ? ` matching ${options.subject}` : ''} arrived`,
        timeout: options.timeoutMs ?? 30_000,
      },
    )
    .toBe(true);
  return found!;
}

/** The one link of an email whose address matches `pattern`. */
export function linkIn(email: ReceivedEmail, pattern: RegExp): string {
  const link = email.links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`No link matching ${pattern} in "${email.subject}": ${email.links.join(', ')}`);
  return link;
}
