import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { shortId } from '#shared/constants';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import {
  type ReconciliationItem,
  type ReconciliationRequest,
  type ReconciliationRun,
  type ReconciliationSummary,
  reconciliationRequest,
} from '#shared/schemas/money';
import { fromShopLocalInput, toShopLocalInput } from '#shared/shop-time-input';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, textLinkClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { alsoChecks } from '../../../lib/form-schema';
import { adminOrderPath } from '../admin-links';
import { money } from '../payment-words';
import { useReconciliation, useReconciliations, useStartReconciliation } from './payments-api';

const DAY_MS = 86_400_000;

/** A time typed in Lagos time → ISO; `message` when it is no time. */
const lagosTime = (message: string) =>
  z.string().transform((text, ctx) => {
    const iso = fromShopLocalInput(text);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return iso;
  });

/**
 * The period typed in Lagos time → the request, checked with the schema the server checks it
 * with (`reconciliationRequest`: the end after the start, at most 92 days).
 */
export const periodForm = z
  .object({
    from: lagosTime('Choose when the period starts'),
    to: lagosTime('Choose when the period ends'),
  })
  .superRefine(alsoChecks(reconciliationRequest));
type PeriodValues = z.input<typeof periodForm>;

/** The period offered first: the last 7 days, to now. */
const lastSevenDays = (): PeriodValues => ({
  from: toShopLocalInput(new Date(Date.now() - 7 * DAY_MS)),
  to: toShopLocalInput(new Date()),
});

const STATUS: Record<ReconciliationRun['status'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'amber' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const KIND: Record<ReconciliationItem['kind'], { label: string; tone: BadgeTone }> = {
  recovered: { label: 'Recovered', tone: 'blue' },
  mismatch: { label: 'Amount differs', tone: 'red' },
  unmatched: { label: 'Unmatched', tone: 'amber' },
  pending: { label: 'Still pending', tone: 'grey' },
};

const period = (run: ReconciliationRun) =>
  `${formatDateTime(run.periodStart)} – ${formatDateTime(run.periodEnd)}`;

/** Who asked for a run: an admin, or the shop's daily run. */

/**
 * Reconciliation with Paystack: a period to check (Lagos time, the last 7 days by default), the
 * latest runs (followed every 2 s while one runs) and the chosen run's figures and items.
 */
export function ReconciliationPanel() {
  const headingId = useId();
  const { register, handleSubmit, formState } = useForm<PeriodValues, unknown, ReconciliationRequest>({
    resolver: zodResolver(periodForm),
    defaultValues: lastSevenDays(),
  });
  const { errors } = formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const runs = useReconciliations();
  const start = useStartReconciliation();
  const list = runs.data?.runs ?? [];
  // The newest run is shown until the admin picks another.
  const selectedId = chosen ?? list[0]?.id ?? null;

  const submit = handleSubmit((period) => {
    setProblem(null);
    start.mutate(period, {
      onSuccess: (run) => {
        setChosen(run.id);
        toast.success('Reconciliation started', 'It takes a few seconds: the run below follows it.');
      },
      onError: (error) =>
        setProblem(errorMessage(error, 'Could not start the reconciliation. Please try again.')),
    });
  });

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-lg font-black">
        Reconciliation with Paystack
      </h2>
      <p className="text-sm text-neutral-600">
        Every successful charge Paystack lists for the period must be in the book: a missing one is applied to
        its order or refunded, one with another amount is reported, and payments still pending are checked. It
        also runs by itself every day.
      </p>

      <form
        onSubmit={submit}
        noValidate
        aria-label="Reconcile a period"
        className="mt-3 grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        {problem ? (
          <div className="sm:col-span-3">
            <FormAlert>{problem}</FormAlert>
          </div>
        ) : null}
        <PeriodField label="From" error={errors.from?.message} {...register('from')} />
        <PeriodField label="To" error={errors.to?.message} {...register('to')} />
        <Button type="submit" className="sm:mt-6" busy={start.isPending} busyLabel="Starting...">
          Reconcile
        </Button>
      </form>

      <div className="mt-4 grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div>
          <h3 className="mb-2 text-sm font-black uppercase tracking-widest text-neutral-600">Runs</h3>
          {runs.isError && !runs.data ? (
            <FormAlert>
              <p className="font-semibold">Failed to load the runs</p>
              <Button size="sm" variant="secondary" className="mt-2" onClick={() => void runs.refetch()}>
                Try again
              </Button>
            </FormAlert>
          ) : !runs.data ? (
            <p role="status" className="text-sm text-neutral-600">
              Loading runs...
            </p>
          ) : list.length === 0 ? (
            <p className="rounded-lg border border-dashed border-neutral-300 bg-white p-4 text-sm text-neutral-600">
              No reconciliation yet.
            </p>
          ) : (
            <ul className="space-y-2" aria-label="Reconciliation runs">
              {list.map((run) => {
                const selected = run.id === selectedId;
                return (
                  <li key={run.id}>
                    <Button
                      variant="bare"
                      aria-pressed={selected}
                      onClick={() => setChosen(run.id)}
                      className={`block w-full rounded-lg border p-3 text-left text-sm ${selected ? 'border-neutral-900 bg-neutral-50' : 'border-neutral-200 bg-white hover:bg-neutral-50'}`}
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className="min-w-0 font-semibold">{period(run)}</span>
                        <Badge tone={STATUS[run.status].tone}>{STATUS[run.status].label}</Badge>
                      </span>
                      <span className="mt-1 block text-neutral-600 wrap-anywhere">{run.requestedBy}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {selectedId ? (
          <RunDetails runId={selectedId} listedStatus={list.find((run) => run.id === selectedId)?.status} />
        ) : null}
      </div>
    </section>
  );
}

/** A moment typed in Lagos time; every other prop (`register`'s) goes to the input. */
function PeriodField({
  label,
  error,
  ...input
}: { label: string; error?: string } & Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return (
    <FormField label={`${label} (Lagos time)`} error={error}>
      {(control) => <input type="datetime-local" {...control} {...input} className={inputClass} />}
    </FormField>
  );
}

/** One run: its period, who asked, where it stands, its figures beside Paystack's and every item. */
function RunDetails({ runId, listedStatus }: { runId: string; listedStatus?: ReconciliationRun['status'] }) {
  const query = useReconciliation(runId);
  const run = query.data;
  const { refetch } = query;
  // The list and the run are read on their own clocks: once the list has seen the run finish,
  // the run is read again at once rather than at its next poll.
  useEffect(() => {
    if (listedStatus && run && listedStatus !== run.status) void refetch();
  }, [listedStatus, run, refetch]);
  return (
    <article
      aria-labelledby={`run-${runId}`}
      className="min-w-0 rounded-lg border border-neutral-200 bg-white p-4"
    >
      {!run ? (
        query.isError ? (
          <FormAlert>{errorMessage(query.error, 'Failed to load the run.')}</FormAlert>
        ) : (
          <p role="status" className="text-sm text-neutral-600">
            Loading the run...
          </p>
        )
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={`run-${runId}`} className="font-black">
              {period(run)}
            </h3>
            <Badge tone={STATUS[run.status].tone}>{STATUS[run.status].label}</Badge>
          </div>
          <p className="mt-1 text-sm text-neutral-600">
            Asked by {run.requestedBy} on {formatDateTime(run.createdAt)}
            {run.finishedAt ? `; finished ${formatDateTime(run.finishedAt)}` : ''}.
          </p>
          {run.status === 'running' ? (
            <p role="status" className="mt-3 text-sm">
              Checking with Paystack... this takes a few seconds.
            </p>
          ) : null}
          {run.status === 'failed' ? (
            <div className="mt-3">
              <FormAlert>
                <p className="font-semibold">The reconciliation failed</p>
                <p className="wrap-anywhere">{run.error ?? 'No reason was given.'}</p>
              </FormAlert>
            </div>
          ) : null}
          {run.summary ? <Summary summary={run.summary} /> : null}
          {run.status === 'done' ? <Items items={run.items} /> : null}
        </>
      )}
    </article>
  );
}

function Figure({ label, count, kobo }: { label: string; count?: number; kobo: number }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-neutral-700">
        {label}
        {count !== undefined ? <span className="text-neutral-500"> ({count})</span> : null}
      </dt>
      <dd className="font-semibold tabular-nums">{formatNaira(kobo)}</dd>
    </div>
  );
}

function Summary({ summary }: { summary: ReconciliationSummary }) {
  const difference = summary.providerChargedKobo - summary.chargedKobo;
  return (
    <div className="mt-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className="text-xs font-black uppercase tracking-widest text-neutral-600">Paystack</h4>
          <dl aria-label="Paystack" className="mt-1 divide-y divide-neutral-100 text-sm">
            <Figure
              label="Successful charges"
              count={summary.providerCharges}
              kobo={summary.providerChargedKobo}
            />
          </dl>
        </div>
        <div>
          <h4 className="text-xs font-black uppercase tracking-widest text-neutral-600">The book</h4>
          <dl aria-label="The book" className="mt-1 divide-y divide-neutral-100 text-sm">
            <Figure label="Charges" count={summary.charges} kobo={summary.chargedKobo} />
            <Figure label="Offline payments" count={summary.offlinePayments} kobo={summary.offlineKobo} />
            <Figure label="Refunds" count={summary.refunds} kobo={summary.refundedKobo} />
            <Figure label="Net" kobo={summary.netKobo} />
          </dl>
        </div>
      </div>
      <p className="mt-3 text-sm">
        {difference === 0
          ? "Paystack's charges and the book's add up to the same."
          : `Paystack's charges and the book's differ by ${formatNaira(Math.abs(difference))}.`}{' '}
        {summary.verified === 1
          ? '1 pending payment was verified with Paystack.'
          : `${summary.verified} pending payments were verified with Paystack.`}
      </p>
    </div>
  );
}

function Items({ items }: { items: ReconciliationItem[] }) {
  if (items.length === 0)
    return (
      <p className="mt-4 text-sm font-semibold text-green-800">
        Nothing to report: every successful charge Paystack listed is in the book.
      </p>
    );
  return (
    <div className="mt-4">
      <h4 className="text-xs font-black uppercase tracking-widest text-neutral-600">What was found</h4>
      <ul className="mt-2 divide-y divide-neutral-200" aria-label="What was found">
        {items.map((item) => (
          <li key={`${item.kind}-${item.reference}`} className="py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={KIND[item.kind].tone}>{KIND[item.kind].label}</Badge>
              <span className="font-semibold tabular-nums">{money(item.amountKobo, item.currency)}</span>
            </div>
            <p className="mt-1 font-mono text-xs wrap-anywhere">{item.reference}</p>
            <p className="mt-1">
              {item.orderId ? (
                <Link
                  to={adminOrderPath(item.orderId)}
                  className={`${textLinkClass} font-mono`}
                  aria-label={`Order ${shortId(item.orderId)}`}
                >
                  #{shortId(item.orderId)}
                </Link>
              ) : (
                <span className="text-neutral-600">No order of this shop</span>
              )}
            </p>
            <p className="mt-1 text-neutral-700 wrap-anywhere">{item.action}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
