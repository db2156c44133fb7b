import { type OrderStatus, shortId } from '#shared/constants';
import type { AdminRefundListItem, AdminRefundListResponse } from '#shared/schemas/money';
import type { AppDeps } from '../../context';
import {
  foreignChargeDueSql,
  joinOrderMoney,
  MONEY_COLUMNS,
  type MoneyRow,
  toMoney,
  totalRefundDue,
} from './ledger';

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
  // A charge in another currency is not in the naira figures: listed as due until refunded.
  const foreignDue = foreignChargeDueSql('o');
  const where = {
    due: `(m.refund_due_kobo > 0 OR ${foreignDue})`,
    automatic: `EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.kind <> 'admin')`,
    all: `(m.refund_due_kobo > 0 OR ${foreignDue} OR EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id))`,
  }[query.filter];
  const from = `orders o ${joinOrderMoney('o')} LEFT JOIN users u ON u.id = o.user_id`;
  const [count] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
  );
  const rows = await sql.query<
    MoneyRow & {
      id: string;
      status: OrderStatus;
      customer_email: string | null;
      last_activity: Date | string;
      refunds:
        | {
            id: string;
            amount_kobo: number;
            kind: AdminRefundListItem['refunds'][number]['kind'];
            status: 'pending' | 'processed' | 'failed';
            reason: string | null;
            created_at: string;
          }[]
        | string;
    }
  >(
    `SELECT o.id, o.status, u.email AS customer_email, ${MONEY_COLUMNS},
            coalesce((SELECT max(l.created_at) FROM ledger_entries l WHERE l.order_id = o.id), o.updated_at) AS last_activity,
            coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount_kobo', r.amount_kobo, 'kind', r.kind,
                                                        'status', r.status, 'reason', r.reason,
                                                        'created_at', r.created_at) ORDER BY r.created_at DESC)
                        FROM refunds r WHERE r.order_id = o.id), '[]') AS refunds
       FROM ${from} WHERE ${where}
      ORDER BY last_activity DESC, o.id DESC LIMIT $1 OFFSET $2`,
    [query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.map((row) => {
      const refunds = typeof row.refunds === 'string' ? JSON.parse(row.refunds) : row.refunds;
      return {
        orderId: row.id,
        shortId: shortId(row.id),
        customerEmail: row.customer_email,
        orderStatus: row.status,
        money: toMoney(row),
        refunds: (refunds as Exclude<typeof row.refunds, string>).map((refund) => ({
          id: refund.id,
          amountKobo: Number(refund.amount_kobo),
          kind: refund.kind,
          status: refund.status,
          reason: refund.reason,
          createdAt: new Date(refund.created_at).toISOString(),
          automatic: refund.kind !== 'admin',
        })),
        lastActivityAt: new Date(row.last_activity).toISOString(),
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
    refundDueKobo: await totalRefundDue(sql),
  };
}
