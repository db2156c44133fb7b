import { sql as pg } from 'kysely';
import type { AuditEntityType } from '#shared/schemas/settings';
import type { Actor } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { Json } from '../../platform/db/types';

/** What the audit log records changes to; its filter lists the same kinds. */
export type AuditEntity = AuditEntityType;

export type AuditEntry = {
  /** A verb in the past tense: 'created', 'updated', 'deleted', 'stock_adjusted', 'refunded'… */
  action: string;
  entityType: AuditEntity;
  entityId: string;
  /** The record before the change (omit for creations). */
  before?: Record<string, unknown> | null;
  /** The record after the change (omit for deletions). */
  after?: Record<string, unknown> | null;
  /** Anything else worth keeping (a reason, a count). */
  details?: Record<string, unknown>;
  /**
   * The order the change is about, when the record is not the order itself (one of its refunds):
   * the order's timeline and the audit log's record filter find the entry by it. An order's own
   * entries and its payment's ('order', 'payment', whose id is the order's) get it by themselves;
   * null for a payment that names no order.
   */
  orderId?: string | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * For an update, only the fields that changed, on both sides; creations and deletions keep the
 * whole record on their one side.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of keys) {
    if (same(before[key], after[key])) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}

const jsonb = (value: Record<string, unknown>) => pg<Json>`${JSON.stringify(value)}::jsonb`;

export const actorLabel = (actor: Actor): string =>
  actor.kind === 'user' ? actor.email : `system:${actor.name}`;

/**
 * Writes one audit entry inside the caller's transaction, so the entry and the change commit
 * together or not at all. An update that changed nothing writes nothing.
 */
export async function recordAudit(sql: SqlRunner, actor: Actor, entry: AuditEntry): Promise<void> {
  const { before, after } = changedFields(entry.before, entry.after);
  if (entry.before && entry.after && Object.keys(after ?? {}).length === 0) return;
  const orderId =
    entry.orderId !== undefined
      ? entry.orderId
      : entry.entityType === 'order' || entry.entityType === 'payment'
        ? entry.entityId
        : null;
  await queries(sql)
    .insertInto('audit_log')
    .values({
      actor_id: actor.kind === 'user' ? actor.id : null,
      actor_label: actorLabel(actor),
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: before === null ? null : jsonb(before),
      after: after === null ? null : jsonb(after),
      details: jsonb(entry.details ?? {}),
      order_id: orderId,
      // clock_timestamp(), not the transaction's now(): entries one transaction writes (a
      // cancellation and the refund it starts) keep the order they were written in.
      created_at: pg<Date>`clock_timestamp()`,
    })
    .execute();
}
