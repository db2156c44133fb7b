import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { DISPOSITION_LABELS, type Disposition, methodLabel } from '#shared/schemas/money';
import {
  AUDIT_ENTITIES,
  type AuditEntityType,
  type AuditEntryDto,
  auditListQuery,
} from '#shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Empty } from '../../../components/ui/empty';
import { SelectField, TextField } from '../../../components/ui/fields';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { Pager } from '../../../components/ui/pager';
import { alsoChecks } from '../../../lib/form-schema';
import { type AuditFilters, useAuditLog } from './settings-api';
import { words } from './words';

const ENTITY_WORDS: Record<AuditEntityType, string> = {
  product: 'Product',
  variant: 'Variant and stock',
  product_image: 'Product image',
  order: 'Order',
  payment: 'Payment and refunds',
  refund: 'Refund',
  setting: 'Setting',
  shipping_method: 'Shipping method',
  notification: 'Notification',
  discount: 'Discount',
  email: 'Email',
  job: 'Background work',
  user: 'User and role',
};

const entityWords = (type: string) => ENTITY_WORDS[type as AuditEntityType] ?? words(type);

/** Entries whose kind and action read badly side by side ('Refund refund requested'). */
const TITLES: Record<string, string> = {
  'payment paid': 'Payment received',
  'payment payment_status_changed': 'Payment status changed',
  'payment second_payment': 'Second payment received',
  'refund refund_requested': 'Refund requested',
  'refund refund_retried': 'Refund retried',
  'refund refunded': 'Refund completed',
  'refund second_payment_refunded': 'Second payment refunded',
  'refund refund_failed': 'Refund failed',
  'job retried': 'Background work retried',
};

/** The payments ledger's actions, whichever record (payment or refund) they are written on. */
const ACTION_TITLES: Record<string, string> = {
  offline_payment: 'Offline payment recorded',
  offline_refund: 'Refund made outside Paystack recorded',
  charge_not_applied: 'Payment not kept, refunded automatically',
  charge_unmatched: 'Payment matching no order',
  reconciliation_started: 'Reconciliation with Paystack started',
};

/** 'Order status changed', 'Refund requested', 'Notification created'. */
export const entryTitle = (entry: Pick<AuditEntryDto, 'entityType' | 'action'>) =>
  TITLES[`${entry.entityType} ${entry.action}`] ??
  ACTION_TITLES[entry.action] ??
  `${entityWords(entry.entityType)} ${entry.action.replaceAll('_', ' ')}`;

/** Fields whose values are one of a few API words, not free text. */
const CHOICES = new Set([
  'type',
  'targetAudience',
  'displayLocation',
  'status',
  'paymentStatus',
  'payment_status',
  'role',
  'reason',
]);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** One value as a person reads it: naira for kobo, Lagos time for times, Yes/No, '(empty)'. */
export function readable(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  // How money came or went back outside Paystack, and what the ledger did with a charge.
  if (key === 'method' && typeof value === 'string') return methodLabel(value);
  if (key === 'disposition' && typeof value === 'string' && value in DISPOSITION_LABELS)
    return DISPOSITION_LABELS[value as Disposition];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && /kobo$/i.test(key)) return formatNaira(value);
  if (typeof value === 'string' && ISO.test(value)) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  // The API's words for choices ('site_wide', 'promotional') as a person says them.
  if (typeof value === 'string' && (CHOICES.has(key) || /^[a-z]+(_[a-z]+)+$/.test(value)))
    return words(value);
  return String(value);
}

/** `feeKobo` → 'Fee', `notify_admin` → 'Notify admin'. */
const fieldWords = (key: string) =>
  words(
    key
      .replace(/Kobo$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  );

/** An empty filter is no filter. */
const blankIsNone = z.string().transform((text) => text.trim() || undefined);

/**
 * The filters as typed → the query, checked with the schema the server checks it with
 * (`auditListQuery`: known kinds of record, real Lagos days, the end on or after the start).
 */
export const auditFilterForm = z
  .object({
    entityType: blankIsNone,
    entityId: blankIsNone,
    actor: blankIsNone,
    from: blankIsNone,
    to: blankIsNone,
  })
  .superRefine(alsoChecks(auditListQuery));
type FilterValues = z.input<typeof auditFilterForm>;
type Filters = z.output<typeof auditFilterForm>;

const NO_FILTERS: FilterValues = { entityType: '', entityId: '', actor: '', from: '', to: '' };

/** Settings → Audit log: who changed what, before → after, when (Lagos time). */
export function AuditLogPanel() {
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const query = useAuditLog(filters);
  const { register, handleSubmit, reset, formState } = useForm<FilterValues, unknown, Filters>({
    resolver: zodResolver(auditFilterForm),
    defaultValues: NO_FILTERS,
  });
  const { errors } = formState;
  const apply = handleSubmit((chosen) => setFilters({ page: 1, ...chosen }));

  return (
    <>
      <form
        onSubmit={apply}
        noValidate
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-lg border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField
          label="Record"
          placeholder="Everything"
          options={AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_WORDS[value] }))}
          error={errors.entityType?.message}
          {...register('entityType')}
        />
        <TextField
          label="Find by id"
          type="search"
          hint="An order's id finds its status, payment and refunds; another record's id, its changes"
          maxLength={100}
          autoComplete="off"
          error={errors.entityId?.message}
          {...register('entityId')}
        />
        <TextField
          label="Person"
          type="search"
          placeholder="Email"
          error={errors.actor?.message}
          {...register('actor')}
        />
        <DateField label="From" error={errors.from?.message} {...register('from')} />
        <DateField label="To" error={errors.to?.message} {...register('to')} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit" size="sm">
            Apply Filters
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              reset(NO_FILTERS);
              setFilters({ page: 1 });
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <div className="mt-4" aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <Loading what="the audit log" />
        ) : query.isError ? (
          <LoadError
            message={query.error.message || 'Failed to load the audit log'}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.entries.length === 0 ? (
          <Empty>No changes match these filters.</Empty>
        ) : (
          <>
            <ol className="space-y-3" aria-label="Audit log entries">
              {query.data.entries.map((entry) => (
                <li key={entry.id}>
                  <AuditEntry entry={entry} />
                </li>
              ))}
            </ol>
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={(page) => setFilters({ ...filters, page })}
              what="entries"
            />
          </>
        )}
      </div>
    </>
  );
}

function AuditEntry({ entry }: { entry: AuditEntryDto }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const details = Object.entries(entry.details ?? {});
  return (
    <Card>
      <article aria-label={`${entryTitle(entry)} by ${entry.actor}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="font-bold">
            {entryTitle(entry)}
            {entry.entityId ? (
              <span className="ml-2 break-all font-mono text-xs font-normal text-neutral-600">
                {entry.entityId}
              </span>
            ) : null}
          </h3>
          <time dateTime={entry.createdAt} className="text-xs text-neutral-600">
            {formatDateTime(entry.createdAt)}
          </time>
        </div>
        <p className="mt-1 break-all text-sm text-neutral-700">
          By <span className="font-semibold">{entry.actor || 'unknown'}</span>
          {entry.orderId && entry.orderId !== entry.entityId ? (
            <>
              {' '}
              · order <span className="font-mono text-xs">{entry.orderId.slice(0, 8)}</span>
            </>
          ) : null}
        </p>
        {keys.length > 0 ? (
          <dl className="mt-3 grid gap-x-6 gap-y-2 border-t border-neutral-100 pt-3 text-sm sm:grid-cols-2">
            {keys.map((key) => {
              const hadBefore = entry.before !== null;
              const hasAfter = entry.after !== null;
              return (
                <div key={key} className="min-w-0">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-neutral-500">
                    {fieldWords(key)}
                  </dt>
                  <dd className="mt-0.5 break-words">
                    {hadBefore ? (
                      <del className="text-red-800 decoration-red-800/60">
                        <span className="sr-only">from </span>
                        {readable(key, entry.before?.[key])}
                      </del>
                    ) : null}
                    {hadBefore && hasAfter ? (
                      <span aria-hidden="true" className="mx-2 text-neutral-500">
                        →
                      </span>
                    ) : null}
                    {hasAfter ? (
                      <ins className="font-semibold text-green-900 no-underline">
                        <span className="sr-only">{hadBefore ? ' to ' : ''}</span>
                        {readable(key, entry.after?.[key])}
                      </ins>
                    ) : null}
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : null}
        {details.length > 0 ? (
          <p className="mt-2 break-words text-xs text-neutral-600">
            {details.map(([key, value]) => `${fieldWords(key)}: ${readable(key, value)}`).join(' · ')}
          </p>
        ) : null}
      </article>
    </Card>
  );
}

/** A Lagos day; every other prop (`register`'s) goes to the input. */
function DateField({
  label,
  error,
  ...input
}: { label: string; error?: string } & Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return (
    <FormField label={label} hint="Lagos date" error={error}>
      {(control) => <input type="date" {...control} {...input} className={inputClass} />}
    </FormField>
  );
}
