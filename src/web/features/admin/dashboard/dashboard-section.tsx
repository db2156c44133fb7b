import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNaira } from '#shared/money';
import { DASHBOARD_MESSAGES, type Dashboard, type PeriodComparison } from '#shared/schemas/dashboard';
import { Badge } from '../../../components/ui/badge';
import { textLinkClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { OrderRow } from '../../../components/ui/order-row';
import { Section } from '../../../components/ui/section';
import { liveTopics, useLive } from '../../../lib/live';
import { paths } from '../../../paths';
import { OrderBadges } from '../../orders/order-badges';
import { adminOrderPath } from '../admin-links';
import { adminKeys } from '../query-keys';
import { SectionHeading } from '../section-heading';
import { useDashboard } from './dashboard-api';
import { SalesChart } from './sales-chart';

/** The admin panel's Dashboard section (?tab=dashboard): figures read live from the shop's data. */
export default function DashboardSection() {
  const dashboard = useDashboard();
  const client = useQueryClient();
  // Orders, payments, stock and sign-ups all move the figures.
  useLive([liveTopics.adminOrders, liveTopics.adminStock, liveTopics.adminProfiles], () => {
    void client.invalidateQueries({ queryKey: adminKeys.dashboard.all() });
  });
  const data = dashboard.data;

  return (
    <>
      <SectionHeading
        title="Dashboard"
        description="This month so far against the same days of last month, in Lagos time."
      />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : !data ? (
        <div className="mt-5">
          <LoadError message={DASHBOARD_MESSAGES.loadFailed} onRetry={() => void dashboard.refetch()} />
        </div>
      ) : (
        <DashboardView data={data} stale={dashboard.isError} />
      )}
    </>
  );
}

function DashboardView({ data, stale }: { data: Dashboard; stale: boolean }) {
  return (
    <div className="mt-5 grid gap-5">
      {stale ? <FormAlert>{DASHBOARD_MESSAGES.loadFailed}</FormAlert> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Summary">
        <SummaryCard
          title="Total Sales"
          value={formatNaira(data.sales.totalKobo)}
          note={
            <>
              {`${data.sales.paidOrders} paid ${data.sales.paidOrders === 1 ? 'order' : 'orders'}`}
              {data.sales.refundDueKobo > 0 ? (
                // Money waiting to go back is not a sale: shown apart, never added to the total.
                <Link
                  to={paths.adminSection('payments')}
                  className="mt-1 block w-fit font-semibold text-red-800 underline underline-offset-2 hover:text-red-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900"
                >
                  {formatNaira(data.sales.refundDueKobo)} to refund
                </Link>
              ) : null}
            </>
          }
        >
          <Change
            comparison={data.sales.month}
            what={`${formatNaira(data.sales.month.current)} this month`}
          />
        </SummaryCard>
        <SummaryCard
          title="Customers"
          value={data.customers.total.toLocaleString('en-NG')}
          note="with an account"
        >
          <Change comparison={data.customers.month} what={`${data.customers.month.current} new this month`} />
        </SummaryCard>
        <SummaryCard
          title="Inventory"
          value={`${data.inventory.products.toLocaleString('en-NG')} products`}
          note={
            data.inventory.lowStock > 0 ? (
              <span className="font-semibold text-amber-800">
                ⚠ {data.inventory.lowStock} low in stock (at or below {data.inventory.threshold})
              </span>
            ) : (
              `None at or below ${data.inventory.threshold} in stock`
            )
          }
        >
          <Change
            comparison={data.inventory.unitsSold}
            what={`${data.inventory.unitsSold.current} ${data.inventory.unitsSold.current === 1 ? 'unit' : 'units'} sold this month`}
          />
        </SummaryCard>
      </ul>

      <Section
        title="Discounts this month"
        description="This month's paid orders, with and without what discounts and sale prices took off."
        action={
          <Link to={paths.adminSection('discounts')} className={`${textLinkClass} text-sm`}>
            Manage discounts
          </Link>
        }
      >
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure term="Revenue" value={formatNaira(data.discounts.revenueKobo)} note="What the shop kept" />
          <Figure
            term="Before discounts"
            value={formatNaira(data.discounts.beforeDiscountsKobo)}
            note="At the products' own prices, with delivery"
          />
          <Figure
            term="Discounts given"
            value={formatNaira(data.discounts.discountsGivenKobo)}
            note={`On ${data.discounts.discountedOrders} ${data.discounts.discountedOrders === 1 ? 'order' : 'orders'}`}
          />
        </dl>
      </Section>

      <Section title="Paid sales, last 30 days">
        <SalesChart days={data.salesByDay} />
      </Section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Section
          title="Recent Orders"
          action={
            <Link to={paths.adminSection('orders')} className={`${textLinkClass} text-sm`}>
              All orders
            </Link>
          }
        >
          {data.recentOrders.length === 0 ? (
            <p className="text-sm text-neutral-600">{DASHBOARD_MESSAGES.noOrders}</p>
          ) : (
            <ul className="divide-y divide-neutral-200">
              {data.recentOrders.map((order) => (
                <OrderRow
                  key={order.id}
                  shortId={order.shortId}
                  href={adminOrderPath(order.id)}
                  createdAt={order.createdAt}
                  detail={order.email ?? 'Guest'}
                  totalKobo={order.totalKobo}
                  badges={<OrderBadges status={order.status} paymentStatus={order.paymentStatus} />}
                />
              ))}
            </ul>
          )}
        </Section>

        <Section title="Low Stock Alert">
          {data.lowStock.length === 0 ? (
            <p role="status" className="text-sm font-semibold text-green-800">
              {DASHBOARD_MESSAGES.wellStocked}
            </p>
          ) : (
            <ul className="divide-y divide-neutral-200">
              {data.lowStock.map((product) => (
                <li key={product.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 wrap-anywhere">{product.name}</span>
                  <Badge tone={product.stock === 0 ? 'red' : 'amber'}>
                    {product.stock === 0 ? 'Out of stock' : `${product.stock} left`}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section
        title="Products"
        action={
          <Link to={paths.adminSection('products')} className={`${textLinkClass} text-sm`}>
            Manage products
          </Link>
        }
      >
        {data.products.items.length === 0 ? (
          <p className="text-sm text-neutral-600">{DASHBOARD_MESSAGES.noProducts}</p>
        ) : (
          <>
            <ul className="grid gap-x-8 sm:grid-cols-2">
              {data.products.items.map((product) => (
                <li
                  key={product.id}
                  className="flex items-center justify-between gap-3 border-b border-neutral-100 py-2 text-sm"
                >
                  <span className="min-w-0 wrap-anywhere">
                    {product.name}
                    {product.isActive ? null : (
                      <span className="ml-2 text-xs text-neutral-500">(inactive)</span>
                    )}
                  </span>
                  <span
                    className={`shrink-0 tabular-nums ${product.stock <= data.inventory.threshold ? 'font-bold text-amber-800' : ''}`}
                  >
                    {product.stock} in stock
                  </span>
                </li>
              ))}
            </ul>
            {data.products.total > data.products.items.length ? (
              <p className="mt-3 text-sm text-neutral-600">
                The first {data.products.items.length} of {data.products.total} by name.
              </p>
            ) : null}
          </>
        )}
      </Section>
    </div>
  );
}

function SummaryCard({
  title,
  value,
  note,
  children,
}: {
  title: string;
  value: string;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-5">
      <h2 className="text-sm font-bold uppercase tracking-wider text-neutral-600">{title}</h2>
      <p className="mt-2 text-2xl font-black tabular-nums wrap-anywhere">{value}</p>
      <p className="mt-1 text-sm text-neutral-600">{note}</p>
      <div className="mt-3 border-t border-neutral-100 pt-3 text-sm">{children}</div>
    </li>
  );
}

function Figure({ term, value, note }: { term: string; value: string; note: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-neutral-600">{term}</dt>
      <dd className="mt-1 text-xl font-black tabular-nums wrap-anywhere">{value}</dd>
      <dd className="text-xs text-neutral-600">{note}</dd>
    </div>
  );
}

/** '₦12,500.00 this month · ▲ 25% vs the same days last month' (read 'up 25%'), from the server's figures. */
function Change({ comparison, what }: { comparison: PeriodComparison; what: string }) {
  const { changePercent } = comparison;
  let change: ReactNode;
  if (changePercent === null) {
    change = <span className="text-neutral-600">none in the same days last month</span>;
  } else if (changePercent === 0) {
    change = <span className="text-neutral-600">same as the same days last month</span>;
  } else {
    const up = changePercent > 0;
    change = (
      <span className={`font-bold ${up ? 'text-green-800' : 'text-red-800'}`}>
        <span aria-hidden="true">{up ? '▲' : '▼'} </span>
        <span className="sr-only">{up ? 'up' : 'down'} </span>
        {Math.abs(changePercent)}%{' '}
        <span className="font-normal text-neutral-600">vs the same days last month</span>
      </span>
    );
  }
  return (
    <p>
      <span className="font-semibold">{what}</span> · {change}
    </p>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="mt-5 grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-40 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
    </div>
  );
}
