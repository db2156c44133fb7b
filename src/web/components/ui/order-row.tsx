import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { textLinkClass } from './button';

/**
 * One order in a list of orders (a shopper's orders, a customer's, the latest ones): its short id
 * (a link to it when `href` is given), the day it was placed, who placed it (`detail`), how many
 * items, its status badges and its total, then any `note` and `action`. A list item: put it in a
 * `<ul>`.
 */
export function OrderRow({
  shortId,
  href,
  createdAt,
  itemCount,
  totalKobo,
  badges,
  detail,
  note,
  action,
  className = 'py-3',
}: {
  shortId: string;
  /** Where the id leads (the order's page or dialog); without it the id is plain text. */
  href?: string;
  createdAt: string;
  itemCount?: number;
  totalKobo: number;
  /** The order's status badges (features/orders/order-badges.tsx). */
  badges: ReactNode;
  /** Written before the date, e.g. the customer's email or 'Guest'. */
  detail?: string;
  /** A line under the row, e.g. where a refund stands. */
  note?: ReactNode;
  /** A control at the end of the row, e.g. 'View Details'. */
  action?: ReactNode;
  className?: string;
}) {
  const placed = formatDate(createdAt);
  const items = itemCount === undefined ? '' : ` · ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  return (
    <li className={`grid gap-2 text-sm ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-bold">
            {href ? (
              <Link
                to={href}
                className={`${textLinkClass} font-mono`}
                aria-label={`Order ${shortId}, placed ${placed}`}
              >
                #{shortId}
              </Link>
            ) : (
              <>
                Order <span className="font-mono">#{shortId}</span>
              </>
            )}
          </p>
          <p className="text-neutral-600 wrap-anywhere">
            {detail ? `${detail} · ` : ''}
            {placed}
            {items}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {badges}
          <span className="font-bold tabular-nums">{formatNaira(totalKobo)}</span>
        </div>
      </div>
      {note || action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">{note}</div>
          {action}
        </div>
      ) : null}
    </li>
  );
}
