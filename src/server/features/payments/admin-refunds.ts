import { type ExpressionBuilder, sql as pg, type Selectable } from 'kysely';
import { shortId } from '#shared/constants';
import type { AdminRefundListResponse } from '#shared/schemas/money';
import type { AppDeps } from '../../context';
import { queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso } from '../../platform/db/values';
import { foreignChargeDue, MONEY_COLUMNS, toMoney, totalRefundDue } from './ledger';

/** A refund of the list, as SQL's json_build_object writes it (a timestamp becomes text). */
type ListedRefund = Pick<Selectable<DB['refunds']>, 'id' | 'amount_kobo' | 'kind' | 'status' | 'reason'> & {
  created_at: string;
};

/**
 * The admin's list of money going back: orders the shop owes money to now ('due': a refund not
 * settled yet, or money kept for a cancelled order), orders the shop refunded by itself
 * ('automatic'), or every order with a refund or money due ('all'); most recent activity first.
 */
export async function listRefundsDue(
  deps: AppDeps,
  query: { filter: 'due' | 'automatic' | 'all'; page: number; pageSize: number },
): Promise<AdminRefundListResponse> {
  const sql = deps.database.sql;
  const db = queries(sql);
  const where = (eb: ExpressionBuilder<DB & { o: DB['orders']; m: DB['order_money'] }, 'o' | 'm'>) => {
    // A charge in another currency is not in the naira figures: listed as due until refunded.
    const due = eb.or([eb('m.refund_due_kobo', '>', 0), foreignChargeDue('o')]);
    const refunded = (automatic: boolean) =>
      eb.exists(
        eb
          .selectFrom('refunds as r')
          .select(pg<number>`1`.as('one'))
          .whereRef('r.order_id', '=', 'o.id')
          .$if(automatic, (refunds) => refunds.where('r.kind', '<>', 'admin')),
      );
    return {
      due,
      automatic: refunded(true),
      all: eb.or([eb('m.refund_due_kobo', '>', 0), foreignChargeDue('o'), refunded(false)]),
    }[query.filter];
  };
  const listed = db
    .selectFrom('orders as o')
    .innerJoin('order_money as m', 'm.order_id', 'o.id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .where(where);
  const count = await listed.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const rows = await listed
    .select((eb) => [
      'o.id',
      'o.status',
      'u.email as customer_email',
      ...MONEY_COLUMNS,
      eb.fn
        .coalesce(
          eb
            .selectFrom('ledger_entries as l')
            .select((eb) => eb.fn.max('l.created_at').as('at'))
            .whereRef('l.order_id', '=', 'o.id'),
          'o.updated_at',
        )
        .as('last_activity'),
      pg<ListedRefund[]>`coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount_kobo', r.amount_kobo,
                                                        'kind', r.kind, 'status', r.status, 'reason', r.reason,
                                                        'created_at', r.created_at) ORDER BY r.created_at DESC)
                        FROM refunds r WHERE r.order_id = o.id), '[]')`.as('refunds'),
    ])
    .orderBy('last_activity', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return {
    items: rows.map((row) => ({
      orderId: row.id,
      shortId: shortId(row.id),
      customerEmail: row.customer_email,
      orderStatus: row.status,
      money: toMoney(row),
      refunds: row.refunds.map((refund) => ({
        id: refund.id,
        amountKobo: refund.amount_kobo,
        kind: refund.kind,
        status: refund.status,
        reason: refund.reason,
        createdAt: iso(refund.created_at),
        automatic: refund.kind !== 'admin',
      })),
      lastActivityAt: iso(row.last_activity),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
    refundDueKobo: await totalRefundDue(sql),
  };
}
