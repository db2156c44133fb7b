import { sql as pg } from 'kysely';
import type { Role } from '#shared/constants';
import {
  type AdminCustomer,
  type AdminCustomerMessage,
  CUSTOMER_MESSAGES,
  type SendCustomerEmailRequest,
} from '#shared/schemas/customers';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import { queries } from '../../platform/db/queries';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/record-audit';
import { renderBrandEmail } from '../email/layout';
import { queueEmail } from '../email/outbox';
import { readStoreIdentity } from '../email/store-identity';
import { CUSTOMER_MESSAGE_KIND, MESSAGE_COLUMNS, readCustomer, toMessage } from './customers';

/**
 * 'Send email': the admin's subject and text, in the shop's email layout (every line escaped, so
 * what the admin types is shown as text, never as markup), recorded and queued for delivery in one
 * transaction with its audit entry. The delivery job then sends it and records its status.
 */
export async function sendCustomerEmail(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  actor: Actor,
  customerId: string,
  input: SendCustomerEmailRequest,
): Promise<AdminCustomerMessage> {
  return deps.database.transaction(async (sql) => {
    const customer = await queries(sql)
      .selectFrom('users')
      .select('email')
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer) throw notFound(CUSTOMER_MESSAGES.notFound);
    const store = await readStoreIdentity(sql);
    // Each non-empty line is a paragraph: the layout escapes each one.
    const paragraphs = input.body
      .split(/\r?\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '');
    const { html, text } = renderBrandEmail(store, {
      preheader: paragraphs.join(' ').slice(0, 120),
      heading: input.subject,
      paragraphs,
    });
    const { id } = await queueEmail(deps, sql, {
      to: customer.email,
      subject: input.subject,
      kind: CUSTOMER_MESSAGE_KIND,
      html,
      text,
    });
    await recordAudit(sql, actor, {
      action: 'emailed',
      entityType: 'user',
      entityId: customerId,
      details: { emailId: id, to: customer.email, subject: input.subject },
    });
    const row = await queries(sql)
      .selectFrom('emails')
      .select(MESSAGE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return toMessage(row);
  });
}

const roleError = (code: string, status: 403 | 409, message: string) => new AppError(code, status, message);

/**
 * Grants or revokes admin access. Only a super_admin may (checked against the database, not the
 * session, since their own role may have just been changed), never on their own account, and
 * never leaving the shop without a super_admin.
 *
 * The rule holds under concurrency because every role change first locks every super_admin's row
 * (and the two rows involved) in id order: two super admins demoting each other at the same moment
 * take turns, and the second finds that it is no longer a super_admin. PostgreSQL re-reads a locked
 * row after waiting for it, so the roles checked are the committed ones.
 */
export async function setCustomerRole(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  customerId: string,
  role: Role,
): Promise<AdminCustomer> {
  if (actor.kind === 'user' && actor.id === customerId) {
    throw roleError('own_access', 409, CUSTOMER_MESSAGES.ownAccess);
  }
  return deps.database.transaction(async (sql) => {
    const actorId = actor.kind === 'user' ? actor.id : null;
    const locked = await queries(sql)
      .selectFrom('users')
      .select(['id', 'role'])
      .where((eb) =>
        eb.or([
          eb('role', '=', 'super_admin'),
          eb('id', '=', customerId),
          ...(actorId === null ? [] : [eb('id', '=', actorId)]),
        ]),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
    if (actor.kind === 'user') {
      const current = locked.find((row) => row.id === actor.id);
      if (current?.role !== 'super_admin') {
        throw roleError('not_super_admin', 403, CUSTOMER_MESSAGES.onlySuperAdmin);
      }
    }
    const target = locked.find((row) => row.id === customerId);
    if (!target) throw notFound(CUSTOMER_MESSAGES.notFound);
    if (target.role !== role) {
      const superAdmins = locked.filter((row) => row.role === 'super_admin').length;
      if (target.role === 'super_admin' && superAdmins <= 1) {
        throw roleError('last_super_admin', 409, CUSTOMER_MESSAGES.lastSuperAdmin);
      }
      await queries(sql)
        .updateTable('users')
        .set({ role, updated_at: pg<Date>`now()` })
        .where('id', '=', customerId)
        .execute();
      await recordAudit(sql, actor, {
        action: 'role_changed',
        entityType: 'user',
        entityId: customerId,
        before: { role: target.role },
        after: { role },
      });
      await announce(sql, { table: 'users', id: customerId, userId: customerId, action: 'role_changed' });
    }
    return (await readCustomer(sql, customerId))!;
  });
}
