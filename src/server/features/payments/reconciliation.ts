import { sql as pg, type Selectable } from 'kysely';
import { formatNaira } from '#shared/money';
import type { ReconciliationItem, ReconciliationRun, ReconciliationSummary } from '#shared/schemas/money';
import { type Actor, type AppDeps, defineJob, systemActor } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB, Json } from '../../platform/db/types';
import { iso, isoOrNull } from '../../platform/db/values';
import { notFound } from '../../platform/errors';
import { type ListedTransaction, listTransactions } from '../../platform/paystack/client';
import { paymentGateway } from '../../platform/paystack/gateway';
import { actorName } from '../audit/actor-names';
import { actorLabel, recordAudit } from '../audit/record-audit';
import { applyUnknownCharge } from './charges';
import { bookFigures, findCharge, NO_REFUNDS, refundsOfCharges } from './ledger';
import {
  type ConfirmOutcome,
  confirmPayment,
  findTransaction,
  paystackState,
  transactionRows,
} from './payments';

/**
 * Reconciliation with Paystack (docs/payments.md): over a period, every successful charge Paystack
 * lists must be in the book. One that is not goes through the charge rule (applied, or refunded
 * with its reason; unmatched when it names no order of ours); one the book has with another amount
 * is reported. Every local transaction of the period that never reached a final status, and every
 * one still pending, is verified. The run keeps the period's figures beside Paystack's and every
 * item with its order and what was done. Daily, and on demand from the admin's Payments page.
 */

const PER_PAGE = 100;

/** In words, what the charge rule did with a charge the book did not have. */
function actionOf(outcome: ConfirmOutcome | 'unmatched', reason: string | null): string {
  switch (outcome) {
    case 'paid':
      return 'Applied to its order, which is now paid.';
    case 'second_payment':
    case 'refunding':
      return `Refunding it in full automatically. ${reason ?? ''}`.trim();
    case 'pending':
      return 'Paystack still reports it as pending: it is checked again until it is final.';
    case 'unmatched':
      return "Kept in the book as unmatched: it names no order of this shop. Nothing was refunded; look it up in Paystack's dashboard.";
    default:
      return 'Paystack reports it as not paid: nothing to apply.';
  }
}

const money = (kobo: number, currency: string) =>
  currency === 'NGN' ? formatNaira(kobo) : `${currency} ${(kobo / 100).toFixed(2)}`;

/** One charge Paystack listed as successful: in the book as listed, or through the rule. */
async function reconcileCharge(
  deps: AppDeps,
  actor: Actor,
  listed: ListedTransaction,
): Promise<ReconciliationItem | null> {
  const sql = deps.database.sql;
  const recorded = await findCharge(sql, listed.reference);
  if (recorded) {
    if (recorded.amountKobo === listed.amountKobo && recorded.currency === listed.currency) return null;
    return {
      kind: 'mismatch',
      reference: listed.reference,
      orderId: recorded.orderId,
      amountKobo: listed.amountKobo,
      currency: listed.currency,
      action: `The book has ${money(recorded.amountKobo, recorded.currency)} for it; Paystack lists ${money(listed.amountKobo, listed.currency)}. Check it in Paystack's dashboard.`,
    };
  }
  const transaction = await findTransaction(deps, listed.reference);
  if (transaction) {
    const confirmed = await confirmPayment(deps, actor, transaction);
    const charge = await findCharge(sql, listed.reference);
    return {
      kind: confirmed.outcome === 'pending' ? 'pending' : 'recovered',
      reference: listed.reference,
      orderId: transaction.order_id,
      amountKobo: listed.amountKobo,
      currency: listed.currency,
      action: actionOf(confirmed.outcome, charge?.reason ?? null),
    };
  }
  const applied = await applyUnknownCharge(deps, actor, {
    reference: listed.reference,
    amountKobo: listed.amountKobo,
    currency: listed.currency,
    channel: listed.channel?.slice(0, 50) ?? null,
    raw: listed.raw,
    metadata: listed.metadata,
  });
  const outcome =
    applied.disposition === 'unmatched'
      ? 'unmatched'
      : applied.disposition === 'applied'
        ? 'paid'
        : applied.disposition === 'second_payment'
          ? 'second_payment'
          : 'refunding';
  return {
    kind: applied.disposition === 'unmatched' ? 'unmatched' : 'recovered',
    reference: listed.reference,
    orderId: applied.orderId,
    amountKobo: listed.amountKobo,
    currency: listed.currency,
    action: actionOf(outcome, applied.reason),
  };
}

/** The book's charges of the period that are unmatched or whose amount differed, with what was done. */
async function bookExceptions(sql: SqlRunner, from: Date, to: Date): Promise<ReconciliationItem[]> {
  const charges = await queries(sql)
    .selectFrom('ledger_entries')
    .select(['reference', 'order_id', 'amount_kobo', 'currency', 'disposition', 'reason'])
    .where('kind', '=', 'charge')
    .where('disposition', 'in', ['unmatched', 'amount_mismatch'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('seq')
    .$narrowType<{ reference: string }>()
    .execute();
  const refunds = await refundsOfCharges(
    sql,
    charges.map((charge) => charge.reference),
  );
  return charges.map((row) => {
    const amount = row.amount_kobo;
    const { refundedKobo, pendingKobo } = refunds.get(row.reference) ?? NO_REFUNDS;
    const state =
      refundedKobo >= amount
        ? 'Refunded in full automatically.'
        : pendingKobo > 0
          ? 'Refund pending at Paystack.'
          : 'Refund due: retry it from the order.';
    return {
      kind: row.disposition === 'unmatched' ? 'unmatched' : 'mismatch',
      reference: row.reference,
      orderId: row.order_id,
      amountKobo: amount,
      currency: row.currency,
      action:
        row.disposition === 'unmatched' ? actionOf('unmatched', null) : `${row.reason ?? ''} ${state}`.trim(),
    };
  });
}

type RunRow = Selectable<DB['reconciliation_runs']>;

function toRun(row: RunRow): ReconciliationRun {
  // Written by runReconciliation: the summary once the run is done ({} until then), and its items.
  const summary = row.summary as ReconciliationSummary | Record<string, never>;
  return {
    id: row.id,
    periodStart: iso(row.period_start),
    periodEnd: iso(row.period_end),
    status: row.status,
    requestedBy:
      row.requested_by === 'system:reconciliation'
        ? 'Daily run (automatic)'
        : (actorName(row.requested_by) ?? 'Unknown'),
    summary: 'providerCharges' in summary ? (summary as ReconciliationSummary) : null,
    items: row.items as ReconciliationItem[],
    error: row.error,
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}

/** One run, or undefined. */
const readRun = (sql: SqlRunner, runId: string) =>
  queries(sql).selectFrom('reconciliation_runs').selectAll().where('id', '=', runId).executeTakeFirst();

/** Does one run's work: Paystack's list, the local transactions not final, the figures. */
export async function runReconciliation(deps: AppDeps, runId: string): Promise<ReconciliationRun> {
  const sql = deps.database.sql;
  const run = await readRun(sql, runId);
  if (!run) throw notFound('Reconciliation not found');
  if (run.status !== 'running') return toRun(run);
  const actor = systemActor('reconciliation');
  const from = new Date(run.period_start);
  const to = new Date(run.period_end);
  try {
    const gateway = paymentGateway(deps);
    const items: ReconciliationItem[] = [];
    const seen = new Set<string>();
    let providerCharges = 0;
    let providerChargedKobo = 0;
    let verified = 0;
    for (let page = 1; ; page++) {
      const listed = await listTransactions(gateway, { from, to, page, perPage: PER_PAGE });
      for (const transaction of listed.transactions) {
        seen.add(transaction.reference);
        const state = paystackState(transaction.status);
        if (state === 'success') {
          providerCharges += 1;
          providerChargedKobo += transaction.amountKobo;
          const item = await reconcileCharge(deps, actor, transaction);
          if (item) items.push(item);
        } else {
          // Not (or not yet) a success at Paystack: ours is brought to what Paystack says, so a
          // payment we still show as pending stops holding its order as soon as it is over.
          const local = await findTransaction(deps, transaction.reference);
          if (local && (local.status === 'pending' || local.status === 'initialized')) {
            verified += 1;
            const confirmed = await confirmPayment(deps, actor, local).catch(() => null);
            if (confirmed?.outcome === 'pending') {
              items.push({
                kind: 'pending',
                reference: transaction.reference,
                orderId: local.order_id,
                amountKobo: transaction.amountKobo,
                currency: transaction.currency,
                action: actionOf('pending', null),
              });
            }
          }
        }
      }
      if (listed.transactions.length === 0 || page >= listed.pageCount) break;
    }

    // Ours, of the period, never final (Paystack's list may lag, a webhook may be lost), and any
    // still pending whenever it started.
    const open = await transactionRows(sql)
      .where((eb) =>
        eb.or([
          eb('pt.status', '=', 'pending'),
          eb.and([
            eb('pt.status', '=', 'initialized'),
            eb('pt.created_at', '>=', from),
            eb('pt.created_at', '<', to),
          ]),
        ]),
      )
      .orderBy('pt.created_at')
      .execute();
    for (const transaction of open) {
      if (seen.has(transaction.reference)) continue;
      verified += 1;
      const confirmed = await confirmPayment(deps, actor, transaction).catch(() => null);
      if (!confirmed || confirmed.outcome === 'not_paid') continue;
      const charge = await findCharge(sql, transaction.reference);
      items.push({
        kind: confirmed.outcome === 'pending' ? 'pending' : 'recovered',
        reference: transaction.reference,
        orderId: transaction.order_id,
        amountKobo: charge?.amountKobo ?? transaction.amount_kobo,
        currency: charge?.currency ?? transaction.currency,
        action: actionOf(confirmed.outcome, charge?.reason ?? null),
      });
    }

    const known = new Set(items.map((item) => item.reference));
    for (const item of await bookExceptions(sql, from, to)) {
      if (!known.has(item.reference)) items.push(item);
    }
    const book = await bookFigures(sql, from, to);
    const summary: ReconciliationSummary = {
      providerCharges,
      providerChargedKobo,
      ...book,
      netKobo: book.chargedKobo + book.offlineKobo - book.refundedKobo,
      verified,
    };
    const done = await queries(sql)
      .updateTable('reconciliation_runs')
      .set({
        status: 'done',
        summary: pg<Json>`${JSON.stringify(summary)}::jsonb`,
        items: pg<Json>`${JSON.stringify(items)}::jsonb`,
        finished_at: pg<Date>`now()`,
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRun(done);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ runId, err: error }, 'reconciliation with Paystack failed');
    const failed = await queries(sql)
      .updateTable('reconciliation_runs')
      .set({ status: 'failed', error: message.slice(0, 1000), finished_at: pg<Date>`now()` })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRun(failed);
  }
}

/** A run of the period, written and its job enqueued in one transaction; answered as it starts. */
export async function startReconciliation(
  deps: AppDeps,
  actor: Actor,
  period: { from: Date; to: Date },
): Promise<ReconciliationRun> {
  paymentGateway(deps);
  return deps.database.transaction(async (sql) => {
    const run = await queries(sql)
      .insertInto('reconciliation_runs')
      .values({
        period_start: period.from,
        period_end: period.to,
        status: 'running',
        requested_by: actorLabel(actor),
        actor_id: actor.kind === 'user' ? actor.id : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(sql, actor, {
      action: 'reconciliation_started',
      entityType: 'payment',
      entityId: run.id,
      orderId: null,
      details: { from: period.from.toISOString(), to: period.to.toISOString() },
    });
    await deps.jobs.enqueue(sql, reconcilePaymentsJob, { runId: run.id });
    return toRun(run);
  });
}

/** The latest runs, newest first. */
export async function listReconciliations(deps: AppDeps, limit = 20): Promise<ReconciliationRun[]> {
  const rows = await queries(deps.database.sql)
    .selectFrom('reconciliation_runs')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRun);
}

export async function getReconciliation(deps: AppDeps, runId: string): Promise<ReconciliationRun> {
  const row = await readRun(deps.database.sql, runId);
  if (!row) throw notFound('Reconciliation not found');
  return toRun(row);
}

export const reconcilePaymentsJob = defineJob<{ runId: string }>({
  name: 'reconcile-payments',
  background: true,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run({ runId }, { deps }) {
    await runReconciliation(deps, runId);
  },
});

/** Every day: the last two days, so a day is looked at twice whatever the hour of the run. */
export const dailyReconciliationJob = defineJob<Record<string, never>>({
  name: 'daily-reconciliation',
  background: true,
  retryLimit: 0,
  retryDelaySeconds: 0,
  async run(_data, { deps }) {
    if (!deps.payments) return;
    const to = new Date();
    const from = new Date(to.getTime() - 2 * 86_400_000);
    const run = await startReconciliation(deps, systemActor('reconciliation'), { from, to });
    await runReconciliation(deps, run.id);
  },
});
