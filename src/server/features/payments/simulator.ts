import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { sql as pg, type Selectable } from 'kysely';
import { z } from 'zod';
import { formatNaira } from '#shared/money';
import {
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_CHANNELS,
  PAYMENT_WINDOW_MINUTES,
  type PaymentChannel,
} from '#shared/payment-channels';
import { type SimulatorMessage, windowText } from '#shared/schemas/payments';
import { findUnstorable } from '#shared/schemas/text';
import { type AppDeps, type AppEnv, defineJob } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB, Json } from '../../platform/db/types';
import { iso, isoOrNull } from '../../platform/db/values';
import { escapeHtml } from '../../platform/html';
import {
  isSimulatorMode,
  SIMULATOR_PATH,
  SIMULATOR_SECRET_KEY,
  signWebhook,
} from '../../platform/paystack/gateway';
import { isOwnSiteRequest } from '../accounts/middleware';

/**
 * A Paystack look-alike for development, demos and tests when no Paystack keys are configured:
 * the same Initialize, Verify and List Transactions endpoints and envelope ({ status, message,
 * data, meta }), a hosted pay page, and a signed charge.success webhook to our own
 * /api/payments/webhook. The pay page offers the channels Initialize asked for (`channels`; none:
 * all four), each played as Paystack plays it: a card succeeds, fails or is charged less than the
 * order's amount; a bank transfer shows an account to pay into and a USSD payment a code to dial,
 * both 'ongoing' until a job, `simulatorCompletePendingJob`, confirms them a few seconds after the
 * shopper has paid (a USSD payment may be declined instead); a bank account payment succeeds or
 * fails. A transfer or a USSD payment may also be left to pay later: the window closes, the
 * transaction stays 'ongoing', and the same pay page shows the account or the code again. Refunds go as they do at
 * Paystack: Create Refund answers 'pending', then the refund settles a moment later (a job,
 * `simulatorSettleRefundJob`) and a signed refund.processed webhook follows; Fetch and List
 * Refunds say where each stands. Its records live in simulator_transactions and
 * simulator_refunds, so any server process can answer for any transaction.
 */

/**
 * A simulated transaction. Its status: pending until the pay page's outcome; 'ongoing', a transfer
 * or a USSD payment not confirmed yet (migration 0098); then success, failed, abandoned or
 * reversed. charged_kobo: what the card was actually charged (null: amount_kobo). paid_at: when
 * the shopper paid: at once for a success, or when they sent the transfer or dialled the code,
 * which the bank then confirms (an 'ongoing' transaction without it is still to be paid; Verify
 * reports paid_at only once the transaction has succeeded). channels: what Initialize offered
 * (null: all).
 */
type SimRow = Selectable<DB['simulator_transactions']>;

/** What the customer was charged, which the "charge less" outcome makes differ from the order. */
const chargedKobo = (row: Pick<SimRow, 'amount_kobo' | 'charged_kobo'>) =>
  row.charged_kobo ?? row.amount_kobo;

/** "Charge ₦1,000 less than asked": this much less, or half of an amount not above it. */
const CHARGE_LESS_BY_KOBO = 100_000;

/** How long the bank takes to confirm a simulated transfer, unless the form says otherwise. */
const TRANSFER_CONFIRM_SECONDS = 5;

/** The bank of the simulated transfer accounts, as Paystack's dedicated accounts name it. */
const TRANSFER_BANK = 'Paystack-Titan';

/** Digits derived from a reference: the same transaction always shows the same account and code. */
function digitsOf(reference: string, length: number, salt: string): string {
  const hash = createHash('sha256').update(`${salt}:${reference}`).digest();
  return (hash.readBigUInt64BE(0) % 10n ** BigInt(length)).toString().padStart(length, '0');
}

/** The account a simulated transfer is paid into: 10 digits, one per transaction. */
export const transferAccountNumber = (reference: string) => digitsOf(reference, 10, 'account');

/** The USSD code a simulated USSD payment dials. */
export const ussdCode = (reference: string) => `*737*000*${digitsOf(reference, 6, 'ussd')}#`;

/** The channels a transaction's pay page offers, in Paystack's order. */
const offeredChannels = (row: Pick<SimRow, 'channels'>): PaymentChannel[] => {
  const asked = row.channels;
  if (!asked || asked.length === 0) return [...PAYMENT_CHANNELS];
  return PAYMENT_CHANNELS.filter((channel) => asked.includes(channel));
};

/** The channels Initialize asked for, those the simulator knows; none known: all. */
function channelsAsked(channels: string[] | undefined): string[] | null {
  const known = PAYMENT_CHANNELS.filter((channel) => channels?.includes(channel));
  return known.length > 0 ? known : null;
}

const initializeBody = z.object({
  email: z.email(),
  amount: z.coerce.number().int().positive(),
  reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/),
  currency: z.string().default('NGN'),
  callback_url: z.url().optional(),
  metadata: z.record(z.string(), z.unknown()).default({}),
  channels: z.array(z.string().max(40)).max(20).optional(),
});

const refundBody = z.object({
  transaction: z.union([z.string().min(1).max(200), z.number().int()]),
  amount: z.coerce.number().int().positive().optional(),
  merchant_note: z.string().max(1000).optional(),
});

/** A simulated refund: pending, then processed by simulatorSettleRefundJob. */
type SimRefundRow = Selectable<DB['simulator_refunds']>;

/** A transaction's numeric id, as Paystack gives one; refunds are listed by it. */
const transactionId = (row: Pick<SimRow, 'access_code'>) => Number.parseInt(row.access_code.slice(0, 8), 16);

function refundData(refund: SimRefundRow, transaction: Pick<SimRow, 'access_code' | 'currency'>) {
  return {
    id: refund.id,
    integration: 1,
    domain: 'test',
    transaction: transactionId(transaction),
    amount: refund.amount_kobo,
    deducted_amount: refund.amount_kobo,
    currency: transaction.currency,
    channel: 'card',
    status: refund.status,
    merchant_note: refund.merchant_note,
    customer_note: null,
    refunded_at: isoOrNull(refund.refunded_at),
    createdAt: iso(refund.created_at),
  };
}

/** Paystack's words for an 'ongoing' transaction: paid and being confirmed, or still to be paid. */
function ongoingResponse(row: Pick<SimRow, 'channel' | 'paid_at'>): string {
  if (row.channel === 'ussd')
    return row.paid_at ? 'USSD payment in progress' : 'Waiting for the USSD payment';
  return row.paid_at ? 'Transfer in progress' : 'Waiting for the transfer';
}

function transactionData(row: SimRow) {
  const charged = row.status === 'success' || row.status === 'reversed';
  return {
    id: transactionId(row),
    domain: 'test',
    // Untouched by the shopper, Paystack calls it abandoned (the customer has not completed it);
    // a transfer or a USSD payment on its way is 'ongoing'.
    status: row.status === 'pending' ? 'abandoned' : row.status,
    reference: row.reference,
    amount: chargedKobo(row),
    currency: row.currency,
    channel: row.channel,
    gateway_response:
      row.status === 'success'
        ? 'Successful'
        : row.status === 'failed'
          ? 'Declined'
          : row.status === 'ongoing'
            ? ongoingResponse(row)
            : row.status === 'reversed'
              ? 'Reversed'
              : 'The transaction was not completed',
    paid_at: charged ? isoOrNull(row.paid_at) : null,
    created_at: iso(row.created_at),
    metadata: row.metadata,
    customer: { email: row.email },
  };
}

async function findByAccessCode(deps: AppDeps, accessCode: string): Promise<SimRow | undefined> {
  return queries(deps.database.sql)
    .selectFrom('simulator_transactions')
    .selectAll()
    .where('access_code', '=', accessCode)
    .executeTakeFirst();
}

const findByReference = (sql: SqlRunner, reference: string): Promise<SimRow | undefined> =>
  queries(sql)
    .selectFrom('simulator_transactions')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();

/** Sends an event to our own webhook, signed as Paystack would sign it; true once accepted. */
async function sendWebhook(deps: AppDeps, event: string, data: unknown): Promise<boolean> {
  const body = JSON.stringify({ event, data });
  const response = await deps.inProcess.fetch(`${deps.env.publicUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signWebhook(SIMULATOR_SECRET_KEY, body),
    },
    body,
  });
  return response.ok;
}

/**
 * Settles one simulated refund the way Paystack does some time after Create Refund: processed,
 * then a signed refund.processed webhook (with the transaction's reference, not the refund's id,
 * as Paystack sends it). Enqueued by Create Refund; retried if our webhook does not take it.
 */
export const simulatorSettleRefundJob = defineJob<{ refundId: number }>({
  name: 'simulator-settle-refund',
  retryLimit: 5,
  retryDelaySeconds: 2,
  async run({ refundId }, { deps }) {
    const sql = deps.database.sql;
    const refund = await queries(sql)
      .updateTable('simulator_refunds')
      .set((eb) => ({ status: 'processed', refunded_at: eb.fn.coalesce('refunded_at', pg<Date>`now()`) }))
      .where('id', '=', refundId)
      .returningAll()
      .executeTakeFirst();
    if (!refund) return;
    const transaction = await findByReference(sql, refund.reference);
    if (!transaction) return;
    const accepted = await sendWebhook(deps, 'refund.processed', {
      status: 'processed',
      transaction_reference: transaction.reference,
      refund_reference: `SIMRF_${refund.id}`,
      amount: String(refund.amount_kobo),
      currency: transaction.currency,
      processor: 'simulator',
      customer: { email: transaction.email },
      integration: 1,
      domain: 'test',
    });
    if (!accepted) throw new Error('the shop did not accept the refund.processed webhook');
  },
});

/**
 * The bank confirms a simulated transfer or USSD payment: the 'ongoing' transaction succeeds and a
 * signed charge.success webhook follows, as the Succeed button sends it. Enqueued by the pay
 * page's "I've sent the money" or "I dialled the code" to start `afterSeconds` later (a transfer
 * left to pay later has none until then); retried if our webhook does not take it (a
 * retry finds the transaction already successful and only sends the webhook again, which Paystack
 * may do too).
 */
export const simulatorCompletePendingJob = defineJob<{ reference: string; afterSeconds: number }>({
  name: 'simulator-complete-pending',
  retryLimit: 5,
  retryDelaySeconds: 2,
  async run({ reference }, { deps }) {
    const sql = deps.database.sql;
    const completed = await queries(sql)
      .updateTable('simulator_transactions')
      .set({ status: 'success', paid_at: pg<Date>`now()`, updated_at: pg<Date>`now()` })
      .where('reference', '=', reference)
      .where('status', '=', 'ongoing')
      .returningAll()
      .executeTakeFirst();
    const row = completed ?? (await findByReference(sql, reference));
    if (row?.status !== 'success') return;
    const accepted = await sendWebhook(deps, 'charge.success', transactionData(row));
    if (!accepted) throw new Error('the shop did not accept the charge.success webhook');
  },
});

/**
 * Refunds by their id, or of one transaction (its reference or its numeric id), each with what its
 * answer says of the transaction.
 */
async function findRefunds(sql: SqlRunner, by: { id: number } | { transaction: string }) {
  const rows = await queries(sql)
    .selectFrom('simulator_refunds as r')
    .innerJoin('simulator_transactions as t', 't.reference', 'r.reference')
    .selectAll('r')
    .select(['t.access_code', 't.currency'])
    .where((eb) => {
      if ('id' in by) return eb('r.id', '=', by.id);
      // A transaction is named by its reference, or by its numeric id (transactionId, in SQL).
      const byReference = eb('t.reference', '=', by.transaction);
      return /^[0-9]{1,10}$/.test(by.transaction)
        ? eb.or([
            byReference,
            eb(
              pg<number>`('x' || lpad(substr(t.access_code, 1, 8), 16, '0'))::bit(64)::bigint`,
              '=',
              Number(by.transaction),
            ),
          ])
        : byReference;
    })
    .orderBy('r.id')
    .execute();
  return rows.map(({ access_code, currency, ...refund }) => ({
    refund,
    transaction: { access_code, currency },
  }));
}

/** Sends charge.success to our own webhook, signed as Paystack would sign it. */
async function deliverWebhook(deps: AppDeps, row: SimRow): Promise<void> {
  try {
    const accepted = await sendWebhook(deps, 'charge.success', transactionData(row));
    if (!accepted) deps.logger.warn('simulator webhook was not accepted');
  } catch (error) {
    deps.logger.error({ err: error }, 'simulator webhook delivery failed');
  }
}

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;background:#f4f4f4;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:8px;padding:32px;max-width:420px;width:100%;box-sizing:border-box;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff4ce;color:#6b5000;border:1px solid #e6c200;border-radius:4px;padding:4px 8px;font-size:14px;font-weight:600}
.amount{font-size:32px;font-weight:700;margin:16px 0 4px}
.buttons{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
.buttons.more,.buttons.stack{flex-direction:column}
.buttons.more{margin-top:8px}
button{flex:1;padding:12px;border-radius:4px;border:1px solid #111;font-size:16px;cursor:pointer;background:#fff;color:#111}
button[value=success],button[value=transfer],button[value=ussd],button[value=bank_success]{background:#111;color:#fff}
nav{display:flex;flex-wrap:wrap;gap:8px;margin:16px 0 0}
nav a{color:#111;border:1px solid #bbb;border-radius:16px;padding:4px 12px;text-decoration:none;font-size:14px}
section{border-top:1px solid #ddd;margin-top:20px;padding-top:4px}
h2{font-size:18px;margin:12px 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:8px 0}
dt{color:#555}
dd{margin:0;font-weight:600}
.number,.code{font-family:ui-monospace,monospace;font-size:20px;letter-spacing:1px;word-break:break-all}
.note{color:#555;font-size:14px}
@media (max-width:480px){body{align-items:flex-start}main{border-radius:0;box-shadow:none;padding:20px;min-height:100vh}}
</style></head><body><main>${body}</main></body></html>`;
}

const delayField = (delaySeconds: number) =>
  `<input type="hidden" name="delay_seconds" value="${delaySeconds}">`;

const button = (outcome: Outcome, label: string) =>
  `<button type="submit" name="outcome" value="${outcome}">${escapeHtml(label)}</button>`;

/** The account to pay into, as Paystack shows a transfer's dedicated account. */
function transferDetails(row: SimRow): string {
  return `<dl>
<dt>Bank</dt><dd>${TRANSFER_BANK}</dd>
<dt>Account number</dt><dd class="number">${transferAccountNumber(row.reference)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatNaira(row.amount_kobo))}</dd>
</dl>
<p class="note">This account is valid for ${windowText(PAYMENT_WINDOW_MINUTES.bank_transfer)}, for this payment only. Pay the exact amount from your bank app.</p>`;
}

/** The code to dial, as Paystack shows a USSD payment's. */
function ussdDetails(row: SimRow): string {
  return `<p>Dial <strong class="code">${ussdCode(row.reference)}</strong> on the phone registered with your bank to pay ${escapeHtml(formatNaira(row.amount_kobo))}.</p>
<p class="note">The code is valid for ${windowText(PAYMENT_WINDOW_MINUTES.ussd)}.</p>`;
}

/** One channel of the pay page: what it shows and its buttons. */
function channelSection(channel: PaymentChannel, row: SimRow, action: string): string {
  const form = (inner: string) => `<form method="post" action="${escapeHtml(action)}">${inner}</form>`;
  const body = {
    card: form(`<div class="buttons">${button('success', 'Succeed')}${button('failed', 'Fail')}</div>
<div class="buttons more">${button('charged_less', 'Charge ₦1,000 less than asked')}</div>`),
    bank_transfer: `${transferDetails(row)}
${form(`<div class="buttons stack">${button('transfer', "I've sent the money")}${button('transfer_later', 'Close and pay later')}</div>
${delayField(TRANSFER_CONFIRM_SECONDS)}`)}`,
    ussd: `${ussdDetails(row)}
${form(`<div class="buttons stack">${button('ussd', 'I dialled the code')}${button('ussd_declined', 'The bank declined it')}${button('ussd_later', 'Close and dial later')}</div>
${delayField(TRANSFER_CONFIRM_SECONDS)}`)}`,
    bank: `<p>Pay from your bank account: your bank asks you to approve the payment.</p>
${form(`<div class="buttons">${button('bank_success', 'Approve in my bank')}${button('bank_failed', 'Approval refused')}</div>`)}`,
  }[channel];
  return `<section id="pay-${channel}" aria-labelledby="pay-${channel}-title">
<h2 id="pay-${channel}-title">${escapeHtml(PAYMENT_CHANNEL_LABELS[channel])}</h2>
${body}
</section>`;
}

const header = (row: SimRow) => `<p class="badge">Test payment — no money moves</p>
<h1>Payment simulator</h1>
<p class="amount">${escapeHtml(formatNaira(row.amount_kobo))}</p>
<p>${escapeHtml(row.email)}<br><small>Reference ${escapeHtml(row.reference)}</small></p>`;

/** The pay page of a transaction not paid yet: each channel offered, and Cancel. */
function payPage(row: SimRow, action: string, nonce: string): string {
  const channels = offeredChannels(row);
  const nav =
    channels.length > 1
      ? `<nav aria-label="Ways to pay">${channels
          .map((channel) => `<a href="#pay-${channel}">${escapeHtml(PAYMENT_CHANNEL_LABELS[channel])}</a>`)
          .join('')}</nav>`
      : '';
  return page(
    'Test payment',
    `${header(row)}
${nav}
${channels.map((channel) => channelSection(channel, row, action)).join('\n')}
<form method="post" action="${escapeHtml(action)}"><div class="buttons">${button('cancelled', 'Cancel')}</div></form>`,
    nonce,
  );
}

/** A transfer or USSD payment left to pay later, reopened: its account or code again. */
function payLaterPage(row: SimRow, action: string, nonce: string): string {
  const channel = row.channel === 'ussd' ? 'ussd' : 'bank_transfer';
  return page(
    'Test payment',
    `${header(row)}
<p class="note">Waiting for your payment.</p>
${channelSection(channel, row, action)}`,
    nonce,
  );
}

const payPath = (row: Pick<SimRow, 'access_code'>) => `${SIMULATOR_PATH}/pay/${row.access_code}`;

function callbackTarget(row: SimRow): string | null {
  if (!row.callback_url) return null;
  const url = new URL(row.callback_url);
  url.searchParams.set('trxref', row.reference);
  url.searchParams.set('reference', row.reference);
  return url.toString();
}

/** What the page says once the shopper has left the buttons. */
function doneText(row: SimRow, status: SimulatorMessage['status']): string {
  if (status !== 'pending') {
    return {
      success: 'Payment succeeded.',
      failed: 'Payment failed.',
      cancelled: 'Payment cancelled.',
    }[status];
  }
  if (row.paid_at) {
    return row.channel === 'ussd'
      ? 'USSD payment started: your bank is confirming it.'
      : 'Transfer started: your bank is confirming it.';
  }
  return 'Not paid yet: your order waits for your payment.';
}

function donePage(row: SimRow, status: SimulatorMessage['status'], nonce: string): string {
  const message: SimulatorMessage = { source: 'paystack-simulator', status, reference: row.reference };
  const target = callbackTarget(row);
  // Left to pay later: how to pay, and the page to come back to.
  const later =
    status === 'pending' && !row.paid_at
      ? `${row.channel === 'ussd' ? ussdDetails(row) : transferDetails(row)}
<p><a href="${escapeHtml(payPath(row))}">Open this payment again</a> once you have paid.</p>`
      : '';
  // JSON inside a <script>: escape '<' so no value can close the tag.
  const data = JSON.stringify({ message, target }).replaceAll('<', '\\u003c');
  return page(
    'Test payment',
    `<p class="badge">Test payment — no money moves</p><h1>${escapeHtml(doneText(row, status))}</h1>
${later}
${target ? `<p><a href="${escapeHtml(target)}">Continue</a></p>` : ''}
<script nonce="${nonce}">
const { message, target } = ${data};
if (window.opener) window.opener.postMessage(message, window.location.origin);
if (target) window.location.replace(target);
</script>`,
    nonce,
  );
}

/** What the opener is told about a transaction that has left the pay page. */
const messageStatus = (row: Pick<SimRow, 'status'>): SimulatorMessage['status'] =>
  row.status === 'success'
    ? 'success'
    : row.status === 'ongoing'
      ? 'pending'
      : row.status === 'failed' || row.status === 'reversed'
        ? 'failed'
        : 'cancelled';

/** A transfer or USSD payment left to pay later: 'ongoing', and the shopper has not paid yet. */
const awaitingShopper = (row: Pick<SimRow, 'status' | 'paid_at'>) => row.status === 'ongoing' && !row.paid_at;

/**
 * The pay page's buttons: what the transaction becomes, through which channel (null: the first
 * offered), whether the charge is less than the amount, whether the bank confirms it later (a job
 * queued), and whether it continues a transfer or USSD payment left to pay later.
 */
type OutcomeRule = {
  status: SimRow['status'];
  channel: PaymentChannel | null;
  chargeLess?: boolean;
  confirms?: boolean;
  resumes?: boolean;
};

const OUTCOMES = {
  success: { status: 'success', channel: 'card' },
  failed: { status: 'failed', channel: 'card' },
  cancelled: { status: 'abandoned', channel: null },
  charged_less: { status: 'success', channel: 'card', chargeLess: true },
  transfer: { status: 'ongoing', channel: 'bank_transfer', confirms: true, resumes: true },
  transfer_later: { status: 'ongoing', channel: 'bank_transfer', resumes: true },
  ussd: { status: 'ongoing', channel: 'ussd', confirms: true, resumes: true },
  ussd_declined: { status: 'failed', channel: 'ussd', resumes: true },
  ussd_later: { status: 'ongoing', channel: 'ussd', resumes: true },
  bank_success: { status: 'success', channel: 'bank' },
  bank_failed: { status: 'failed', channel: 'bank' },
} as const satisfies Record<string, OutcomeRule>;
type Outcome = keyof typeof OUTCOMES;

const outcomeForm = z.object({
  outcome: z.enum(Object.keys(OUTCOMES) as [Outcome, ...Outcome[]]),
  // How long the bank takes to confirm a transfer: tests shorten it. Whole seconds, 0 to 600.
  delay_seconds: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .refine((seconds) => seconds <= 600)
    .optional(),
});

const listQuery = z.object({
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .catch(50)
    .transform((value) => Math.min(value, 100)),
  page: z.coerce.number().int().min(1).catch(1),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  status: z.string().min(1).max(40).optional(),
});

/**
 * Mounted at /simulator/paystack. Our payment code reaches it, and it reaches our webhook,
 * in-process (deps.inProcess), as it would reach Paystack over the network.
 */
export function paystackSimulatorRoutes() {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    if (!isSimulatorMode(c.get('deps'))) return c.json({ status: false, message: 'Not found' }, 404);
    await next();
  });
  const requireKey = (authorization: string | undefined) =>
    authorization === `Bearer ${SIMULATOR_SECRET_KEY}`;

  app.post('/transaction/initialize', async (c) => {
    if (!requireKey(c.req.header('authorization')))
      return c.json({ status: false, message: 'Invalid key' }, 401);
    const body: unknown = await c.req.json().catch(() => null);
    if (findUnstorable(body) !== undefined) {
      return c.json({ status: false, message: 'Invalid transaction details' }, 400);
    }
    const parsed = initializeBody.safeParse(body);
    if (!parsed.success) return c.json({ status: false, message: 'Invalid transaction details' }, 400);
    const input = parsed.data;
    const accessCode = randomBytes(12).toString('hex');
    const inserted = await queries(c.get('deps').database.sql)
      .insertInto('simulator_transactions')
      .values({
        reference: input.reference,
        access_code: accessCode,
        amount_kobo: input.amount,
        currency: input.currency,
        email: input.email,
        callback_url: input.callback_url ?? null,
        metadata: pg<Json>`${JSON.stringify(input.metadata)}::jsonb`,
        channels: channelsAsked(input.channels),
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('reference')
      .execute();
    if (inserted.length === 0)
      return c.json({ status: false, message: 'Duplicate Transaction Reference' }, 400);
    return c.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${c.get('deps').env.publicUrl}${SIMULATOR_PATH}/pay/${accessCode}`,
        access_code: accessCode,
        reference: input.reference,
      },
    });
  });

  app.get('/transaction/verify/:reference', async (c) => {
    if (!requireKey(c.req.header('authorization')))
      return c.json({ status: false, message: 'Invalid key' }, 401);
    const row = await findByReference(c.get('deps').database.sql, c.req.param('reference'));
    if (!row) return c.json({ status: false, message: 'Transaction reference not found' }, 400);
    return c.json({ status: true, message: 'Verification successful', data: transactionData(row) });
  });

  // List Transactions (https://paystack.com/docs/api/transaction/#list): created between from and
  // to, of one status if asked, newest first, in pages of perPage (default 50, at most 100).
  app.get('/transaction', async (c) => {
    if (!requireKey(c.req.header('authorization')))
      return c.json({ status: false, message: 'Invalid key' }, 401);
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ status: false, message: 'Invalid query' }, 400);
    const { perPage, page, from, to, status } = parsed.data;
    const listed = queries(c.get('deps').database.sql)
      .selectFrom('simulator_transactions')
      .$if(from !== undefined, (query) => query.where('created_at', '>=', pg<Date>`${from}::timestamptz`))
      .$if(to !== undefined, (query) => query.where('created_at', '<=', pg<Date>`${to}::timestamptz`))
      // Untouched by the shopper, a transaction is listed as abandoned, as Verify reports it.
      .$if(status !== undefined, (query) =>
        query.where('status', 'in', status === 'abandoned' ? ['abandoned', 'pending'] : [status!]),
      );
    const totals = await listed
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .coalesce(eb.fn.sum<number>(eb.fn.coalesce('charged_kobo', 'amount_kobo')), eb.lit(0))
          .as('volume'),
      ])
      .executeTakeFirstOrThrow();
    const skipped = (page - 1) * perPage;
    const rows = await listed
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('reference', 'desc')
      .limit(perPage)
      .offset(skipped)
      .execute();
    const total = totals.total;
    return c.json({
      status: true,
      message: 'Transactions retrieved',
      data: rows.map(transactionData),
      meta: {
        total,
        total_volume: totals.volume,
        skipped,
        perPage,
        page,
        pageCount: Math.ceil(total / perPage),
      },
    });
  });

  // Create Refund: like Paystack, only a successful charge can be refunded, and never for more
  // than it took: what the card was charged, which partial refunds add up to at most. The
  // conditional update keeps that true when two refunds arrive at once, from any server process. The refund is answered
  // 'pending' and settled by a job right after this answer, which then sends refund.processed.
  app.post('/refund', async (c) => {
    if (!requireKey(c.req.header('authorization')))
      return c.json({ status: false, message: 'Invalid key' }, 401);
    const parsed = refundBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ status: false, message: 'Invalid refund details' }, 400);
    const deps = c.get('deps');
    const reference = String(parsed.data.transaction);
    const existing = await findByReference(deps.database.sql, reference);
    if (!existing) return c.json({ status: false, message: 'Transaction not found' }, 404);
    if (existing.status !== 'success') {
      return c.json({ status: false, message: 'Transaction has not been completed' }, 400);
    }
    const amount = parsed.data.amount ?? chargedKobo(existing) - existing.refunded_kobo;
    const created = await deps.database.transaction(async (sql) => {
      const {
        rows: [row],
      } = await pg<SimRow>`
        UPDATE simulator_transactions
           SET refunded_kobo = refunded_kobo + ${amount}, updated_at = now()
         WHERE reference = ${reference} AND status = 'success'
           AND refunded_kobo + ${amount} <= coalesce(charged_kobo, amount_kobo)
         RETURNING *`.execute(queries(sql));
      if (!row || amount <= 0) return null;
      const refund = await queries(sql)
        .insertInto('simulator_refunds')
        .values({ reference, amount_kobo: amount, merchant_note: parsed.data.merchant_note ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await deps.jobs.enqueue(sql, simulatorSettleRefundJob, { refundId: refund.id });
      return { row, refund };
    });
    if (!created) {
      return c.json(
        { status: false, message: 'Refund amount cannot be more than the unrefunded transaction amount' },
        400,
      );
    }
    return c.json({
      status: true,
      message: 'Refund has been queued for processing',
      data: { ...refundData(created.refund, created.row), transaction: transactionData(created.row) },
    });
  });

  // Fetch Refund.
  app.get('/refund/:id', async (c) => {
    if (!requireKey(c.req.header('authorization')))
      return c.json({ status: false, message: 'Invalid key' }, 401);
    const id = Number(c.req.param('id'));
    const [found] = Number.isSafeInteger(id) ? await findRefunds(c.get('deps').database.sql, { id }) : [];
    if (!found) return c.json({ status: false, message: 'Refund not found' }, 404);
    return c.json({
      status: true,
      message: 'Refund retrieved',
      data: refundData(found.refund, found.transaction),
    });
  });

  // List Refunds, of one transaction (its numeric id, or its reference).
  app.get('/refund', async (c) => {
    if (!requireKey(c.req.header('authorization')))
      return c.json({ status: false, message: 'Invalid key' }, 401);
    const transaction = c.req.query('transaction') ?? '';
    const refunds = await findRefunds(c.get('deps').database.sql, { transaction });
    return c.json({
      status: true,
      message: 'Refunds retrieved',
      data: refunds.map((found) => refundData(found.refund, found.transaction)),
      meta: { total: refunds.length, perPage: 100, page: 1 },
    });
  });

  app.get('/pay/:accessCode', async (c) => {
    const row = await findByAccessCode(c.get('deps'), c.req.param('accessCode'));
    if (!row) return c.html(page('Test payment', '<h1>Payment not found</h1>', c.get('cspNonce')), 404);
    if (awaitingShopper(row)) return c.html(payLaterPage(row, payPath(row), c.get('cspNonce')));
    if (row.status !== 'pending') return c.html(donePage(row, messageStatus(row), c.get('cspNonce')));
    return c.html(payPage(row, payPath(row), c.get('cspNonce')));
  });

  app.post('/pay/:accessCode', async (c) => {
    const deps = c.get('deps');
    // The simulator's own form only: another site cannot pay (or fail) a shopper's order for them.
    if (!isOwnSiteRequest(c.req.raw.headers, deps.env.publicUrl)) {
      return c.html(
        page(
          'Test payment',
          '<h1>This request came from another website and was blocked.</h1>',
          c.get('cspNonce'),
        ),
        403,
      );
    }
    const body = await c.req.parseBody();
    const form = findUnstorable(body) === undefined ? outcomeForm.safeParse(body) : null;
    if (!form?.success) {
      const heading = form?.error.issues.some((issue) => issue.path[0] === 'delay_seconds')
        ? 'The transfer delay must be whole seconds, from 0 to 600'
        : 'Choose an outcome';
      return c.html(page('Test payment', `<h1>${escapeHtml(heading)}</h1>`, c.get('cspNonce')), 400);
    }
    const nonce = c.get('cspNonce');
    const accessCode = c.req.param('accessCode');
    const found = await findByAccessCode(deps, accessCode);
    if (!found) return c.html(page('Test payment', '<h1>Payment not found</h1>', nonce), 404);
    const outcome: OutcomeRule = OUTCOMES[form.data.outcome];
    const offered = offeredChannels(found);
    if (outcome.channel && !offered.includes(outcome.channel)) {
      return c.html(
        page('Test payment', '<h1>This way to pay is not offered for this payment</h1>', nonce),
        400,
      );
    }
    const channel = outcome.channel ?? offered[0] ?? 'card';
    const afterSeconds = form.data.delay_seconds ?? TRANSFER_CONFIRM_SECONDS;
    // Only a pending transaction takes an outcome, so a double submit cannot change it; a transfer
    // or USSD payment left to pay later takes the rest of its own channel's. A confirmation is
    // enqueued in the same transaction: it exists if the payment does.
    const row = await deps.database.transaction(async (sql) => {
      const updated = await queries(sql)
        .updateTable('simulator_transactions')
        .set({
          status: outcome.status,
          paid_at: outcome.status === 'success' || outcome.confirms ? pg<Date>`now()` : null,
          charged_kobo: outcome.chargeLess
            ? pg<number>`CASE WHEN amount_kobo > ${CHARGE_LESS_BY_KOBO}::bigint THEN amount_kobo - ${CHARGE_LESS_BY_KOBO}::bigint
                              ELSE greatest(1, amount_kobo / 2) END`
            : null,
          channel,
          updated_at: pg<Date>`now()`,
        })
        .where('access_code', '=', accessCode)
        .where((eb) =>
          outcome.resumes
            ? eb.or([
                eb('status', '=', 'pending'),
                eb.and([
                  eb('status', '=', 'ongoing'),
                  eb('paid_at', 'is', null),
                  eb('channel', '=', channel),
                ]),
              ])
            : eb('status', '=', 'pending'),
        )
        .returningAll()
        .executeTakeFirst();
      if (updated && outcome.confirms) {
        await deps.jobs.enqueue(
          sql,
          simulatorCompletePendingJob,
          { reference: updated.reference, afterSeconds },
          { startAfterSeconds: afterSeconds },
        );
      }
      return updated;
    });
    if (!row) {
      const existing = (await findByAccessCode(deps, accessCode)) ?? found;
      return c.html(donePage(existing, messageStatus(existing), nonce));
    }
    if (row.status === 'success') await deliverWebhook(deps, row);
    return c.html(donePage(row, messageStatus(row), nonce));
  });

  return app;
}
