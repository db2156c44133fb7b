import type { DemoAdminSignIn } from './features/accounts/demo-admin';
import type { Env } from './platform/env';

/**
 * What a person starting the shop sees (outside production, where logs are `pretty`): progress
 * lines while the first start works, then one block with everything needed to try the shop.
 * Production (JSON logs) prints none of it; its logs say the same as JSON lines.
 */
export type StartUpReport = {
  step(text: string): void;
  /** Progress of a counted step: on a terminal one line updated in place, otherwise every tenth. */
  count(label: string, done: number, total: number): void;
};

export function startUpReport(env: Env, out: NodeJS.WriteStream = process.stdout): StartUpReport {
  const enabled = env.logFormat === 'pretty';
  let lastShown = -1;
  return {
    step(text) {
      if (enabled) out.write(`${text}\n`);
    },
    count(label, done, total) {
      if (!enabled) return;
      const line = `${label} ${done}/${total}…`;
      if (out.isTTY) {
        out.write(`\r${line}${done === total ? '\n' : ''}`);
      } else if (done === total || done === 0 || done - lastShown >= 10) {
        lastShown = done;
        out.write(`${line}\n`);
      }
    },
  };
}

/** The block printed once the shop answers: address, demo admin, mailbox, payments. */
export function readyBlock(
  env: Env,
  admin: DemoAdminSignIn | null,
  extra: { processes?: number } = {},
): string {
  const url = env.publicUrl;
  const rows: [string, string][] = [
    ['Shop', `${url}${extra.processes ? `  (${extra.processes} processes)` : ''}`],
  ];
  if (admin) {
    rows.push(['Admin', `${url}/admin`]);
    rows.push(['  email', admin.email]);
    rows.push([
      '  password',
      admin.password ?? 'not known here: set a new one with `npm run admin:reset-demo`',
    ]);
  }
  rows.push(
    env.smtpUrl
      ? ['Emails', 'sent through SMTP_URL']
      : ['Mailbox', `${url}/dev/mailbox  (every email the shop sends, with its links)`],
  );
  const simulated = env.paystack.baseUrl === undefined;
  rows.push([
    'Payments',
    !simulated
      ? `Paystack (${env.paystack.secretKey?.startsWith('sk_live') ? 'live' : 'test'} keys)`
      : env.paystack.simulatorAllowed
        ? 'simulated: no Paystack keys, the built-in simulator takes every payment'
        : 'off: no Paystack keys and PAYMENT_SIMULATOR=deny',
  ]);
  if (admin?.password) rows.push(['', 'Forgot the password? `npm run admin:reset-demo` sets a new one.']);
  rows.push(['', 'Stop with Ctrl+C.']);
  const width = 10;
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)} ${value}`.trimEnd());
  const rule = `  ${'─'.repeat(64)}`;
  return ['', rule, '  Naija Street is ready.', '', ...lines, rule, ''].join('\n');
}
