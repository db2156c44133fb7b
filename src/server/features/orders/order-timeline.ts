import type { Selectable } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '#shared/constants';
import { type Fulfilment, orderStatusLabel } from '#shared/fulfilment';
import { formatNaira } from '#shared/money';
import type { AdminPayment, TimelineEntry } from '#shared/schemas/admin-orders';
import { methodLabel } from '#shared/schemas/money';
import type { Order } from '#shared/schemas/orders';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso } from '../../platform/db/values';
import { actorName } from '../audit/actor-names';

/** The admin's timeline of one order: what happened to it, in words, from its records. */

const STATUS_WORD: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
const word = (value: unknown) => (typeof value === 'string' ? (STATUS_WORD[value] ?? value) : '');
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const sentence = (...parts: (string | null)[]) => parts.filter(Boolean).join('. ') || null;

const AUDIT_COLUMNS = [
  'id',
  'action',
  'entity_type',
  'actor_label',
  'before',
  'after',
  'details',
  'created_at',
] as const;

type AuditRow = Pick<Selectable<DB['audit_log']>, (typeof AUDIT_COLUMNS)[number]>;

/** recordAudit writes JSON objects (or null) in before, after and details. */
const object = (value: AuditRow['before']) => (value ?? {}) as Record<string, unknown>;

/** An order status in words: a pickup order's are "Ready for pickup" and "Picked up". */
const statusWord = (value: unknown, fulfilment: Fulfilment) =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
    ? orderStatusLabel(value as OrderStatus, fulfilment)
    : word(value);

function auditEntry(row: AuditRow, fulfilment: Fulfilment): Omit<TimelineEntry, 'id'> | null {
  const at = iso(row.created_at);
  const actor = actorName(row.actor_label);
  const before = object(row.before);
  const after = object(row.after);
  const details = object(row.details);
  const amount = typeof details.amountKobo === 'number' ? formatNaira(details.amountKobo) : '';
  const reference = text(details.reference) ? `Reference ${details.reference}` : null;
  const automatic = text(details.automatic) !== null;
  switch (row.action) {
    case 'status_changed': {
      const parts: string[] = [];
      if ('status' in after)
        parts.push(`${statusWord(before.status, fulfilment)} → ${statusWord(after.status, fulfilment)}`);
      if ('paymentStatus' in after)
        parts.push(`payment ${word(before.paymentStatus)} → ${word(after.paymentStatus)}`);
      const stock = details.stockReleased === true ? 'Reserved stock put back.' : null;
      return {
        at,
        kind: 'status',
        title: `Status: ${parts.join(', ')}`,
        detail: [text(details.reason), stock].filter(Boolean).join(' ') || null,
        actor,
      };
    }
    case 'paid':
      return {
        at,
        kind: 'payment',
        title: `Payment received${amount ? `: ${amount}` : ''}${text(details.channel) ? ` (${methodLabel(text(details.channel))})` : ''}`,
        detail: sentence(reference, text(details.note)),
        actor,
      };
    case 'offline_payment':
      return {
        at,
        kind: 'payment',
        title: `Offline payment recorded: ${amount} (${methodLabel(text(details.method))})`,
        detail: sentence(reference, text(details.note)),
        actor,
      };
    case 'offline_refund':
      return {
        at,
        kind: 'refund',
        title: `Refund made outside Paystack: ${amount} (${methodLabel(text(details.method))})`,
        detail: sentence(reference, text(details.note)),
        actor,
      };
    case 'payment_status_changed':
      return {
        at,
        kind: 'payment',
        title: `Payment status: ${word(before.paymentStatus)} → ${word(after.paymentStatus)}`,
        detail: null,
        actor,
      };
    case 'second_payment':
      return {
        at,
        kind: 'payment',
        title: `REFUND DUE: second payment of ${amount} received`,
        detail: sentence(reference, 'Refunding it automatically.'),
        actor,
      };
    case 'charge_not_applied':
      return {
        at,
        kind: 'payment',
        title: `REFUND DUE: payment of ${amount} not kept`,
        detail: sentence(
          text(details.reason)?.replace(/\.$/, '') ?? null,
          reference,
          'Refunding it automatically.',
        ),
        actor,
      };
    case 'refund_requested':
    case 'refund_retried': {
      const requested = typeof after.amountKobo === 'number' ? formatNaira(after.amountKobo) : '';
      const what =
        row.action === 'refund_retried'
          ? 'Refund retried'
          : automatic
            ? 'Automatic refund'
            : 'Refund requested';
      return {
        at,
        kind: 'refund',
        title: `${what}: ${requested}${details.secondPayment === true ? ' (second payment)' : ''}`,
        detail: text(details.reason),
        actor,
      };
    }
    case 'refunded':
    case 'second_payment_refunded':
      return {
        at,
        kind: 'refund',
        title:
          row.action === 'second_payment_refunded'
            ? `Refunded automatically (${amount})`
            : `Refunded ${amount}${automatic ? ' automatically' : ''}`,
        detail: sentence(
          text(details.requestedBy) ? `Requested by ${actorName(String(details.requestedBy))}` : null,
          text(details.reason)?.replace(/\.$/, '') ?? null,
        ),
        actor,
      };
    case 'refund_failed':
      return {
        at,
        kind: 'refund',
        title: `Refund of ${amount} failed`,
        detail: text(details.error),
        actor,
      };
    default:
      return { at, kind: 'note', title: row.action.replaceAll('_', ' '), detail: null, actor };
  }
}

/**
 * Everything about the order, whatever the record (its status, its payment attempts and money,
 * its refunds, its emails), oldest first.
 */
export async function orderTimeline(
  sql: SqlRunner,
  order: Order,
  payments: AdminPayment[],
  customerEmail: string | null,
): Promise<TimelineEntry[]> {
  const audits = await queries(sql)
    .selectFrom('audit_log')
    .select(AUDIT_COLUMNS)
    .where('order_id', '=', order.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const emails = await queries(sql)
    .selectFrom('emails')
    .select(['id', 'subject', 'to_address', 'status', 'created_at'])
    .where('order_id', '=', order.id)
    .orderBy('created_at')
    .execute();
  const shopper = customerEmail ?? 'Guest';
  const placed: TimelineEntry = {
    id: 'placed',
    at: order.createdAt,
    kind: 'placed',
    title: 'Order placed',
    detail: `${order.itemCount} item${order.itemCount === 1 ? '' : 's'}, ${formatNaira(order.totalAmountKobo)}`,
    actor: shopper,
  };
  return [
    placed,
    ...payments.flatMap((payment): TimelineEntry[] => {
      const entries: TimelineEntry[] = [
        {
          id: `payment:${payment.reference}`,
          at: payment.createdAt,
          kind: 'payment',
          title: `Payment started (${formatNaira(payment.amountKobo)})`,
          detail: `Reference ${payment.reference}`,
          actor: shopper,
        },
      ];
      const ended: Partial<Record<AdminPayment['status'], string>> = {
        failed: 'Payment declined',
        abandoned: 'Payment not completed',
        reversed: 'Payment reversed by Paystack',
        pending: `Paystack reports the payment as ${payment.providerStatus ?? 'pending'}: checked again until it is final`,
      };
      const title = ended[payment.status];
      if (title) {
        entries.push({
          id: `payment:${payment.reference}:${payment.status}`,
          at: payment.verifiedAt ?? payment.createdAt,
          kind: 'payment',
          title,
          detail: `Reference ${payment.reference}`,
          actor: 'Payment provider',
        });
      }
      return entries;
    }),
    ...audits.flatMap((row): TimelineEntry[] => {
      const entry = auditEntry(row, order.fulfilment);
      return entry ? [{ id: `audit:${row.id}`, ...entry }] : [];
    }),
    ...emails.map(
      (email): TimelineEntry => ({
        id: `email:${email.id}`,
        at: iso(email.created_at),
        kind: 'email',
        title: `Email: ${email.subject}`,
        detail: `To ${email.to_address} (${email.status === 'stored' ? 'kept in the development mailbox' : email.status})`,
        actor: null,
      }),
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
}
