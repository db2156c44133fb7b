import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIMITS } from '#shared/constants';
import { formatDate } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { type AdminCustomer, CUSTOMER_MESSAGES } from '#shared/schemas/customers';
import { Button } from '../../../components/ui/button';
import { Empty } from '../../../components/ui/empty';
import { TextField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { liveTopics, useLive } from '../../../lib/live';
import { adminKeys } from '../query-keys';
import { SectionHeading } from '../section-heading';
import { CustomerDetailsDialog } from './customer-details';
import { useCustomers } from './customers-api';
import { RoleBadge } from './role-badge';
import { SendEmailDialog } from './send-email-dialog';

const PAGE_SIZE = 20;

export type CustomerTarget = Pick<AdminCustomer, 'id' | 'name' | 'email'>;

/** The admin panel's Customers section (?tab=customers): search, list, details, email, roles. */
export default function CustomersSection() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const [emailTo, setEmailTo] = useState<CustomerTarget | null>(null);
  const client = useQueryClient();

  // The list follows what is typed, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const customers = useCustomers({ search, page, pageSize: PAGE_SIZE });
  // Sign-ups, profile edits, role changes and orders (counts, spending) show without a reload.
  useLive([liveTopics.adminProfiles, liveTopics.adminOrders], () => {
    void client.invalidateQueries({ queryKey: adminKeys.customers.all() });
  });

  const data = customers.data;

  return (
    <>
      <SectionHeading
        title="Customers"
        description="Everyone with an account: their orders, messages and access."
      />
      <search className="mt-5 block max-w-md">
        <TextField
          type="search"
          label="Search customers"
          placeholder="Name or email"
          value={typed}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </search>

      <div className="mt-5" aria-busy={customers.isFetching}>
        {customers.isPending ? (
          <ListSkeleton />
        ) : customers.isError && !data ? (
          <LoadError message={CUSTOMER_MESSAGES.loadFailed} onRetry={() => void customers.refetch()} />
        ) : data && data.customers.length === 0 ? (
          <Empty>{search ? CUSTOMER_MESSAGES.noMatch : CUSTOMER_MESSAGES.none}</Empty>
        ) : data ? (
          <>
            {customers.isError ? (
              <div className="mb-3">
                <FormAlert>{CUSTOMER_MESSAGES.loadFailed}</FormAlert>
              </div>
            ) : null}
            <CustomerTable
              customers={data.customers}
              onDetails={(customer) => setDetailsOf(customer.id)}
              onEmail={setEmailTo}
            />
            <CustomerCards
              customers={data.customers}
              onDetails={(customer) => setDetailsOf(customer.id)}
              onEmail={setEmailTo}
            />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={setPage}
              what="customers"
            />
          </>
        ) : null}
      </div>

      <CustomerDetailsDialog
        customerId={detailsOf}
        onClose={() => setDetailsOf(null)}
        onEmail={(customer) => setEmailTo(customer)}
      />
      <SendEmailDialog customer={emailTo} onClose={() => setEmailTo(null)} />
    </>
  );
}

type ListProps = {
  customers: AdminCustomer[];
  onDetails: (customer: AdminCustomer) => void;
  onEmail: (customer: AdminCustomer) => void;
};

const cell = 'px-4 py-3 align-middle';

/** From the md breakpoint: one row per customer. */
function CustomerTable({ customers, onDetails, onEmail }: ListProps) {
  return (
    <div className="hidden overflow-hidden rounded-lg border border-neutral-200 bg-white md:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Customers</caption>
        <thead className="bg-neutral-50 text-xs uppercase tracking-wider text-neutral-600">
          <tr>
            <th scope="col" className={`${cell} w-[26%]`}>
              Customer
            </th>
            <th scope="col" className={`${cell} w-[14%]`}>
              Joined
            </th>
            <th scope="col" className={`${cell} w-[9%] text-right`}>
              Orders
            </th>
            <th scope="col" className={`${cell} w-[15%] text-right`}>
              Total spent
            </th>
            <th scope="col" className={`${cell} w-[13%]`}>
              Role
            </th>
            <th scope="col" className={`${cell} w-[23%]`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {customers.map((customer) => (
            <tr key={customer.id}>
              <td className={cell}>
                <p className="truncate font-semibold">{customer.name}</p>
                <p className="truncate text-neutral-600">{customer.email}</p>
              </td>
              <td className={cell}>{formatDate(customer.joinedAt)}</td>
              <td className={`${cell} text-right tabular-nums`}>{customer.orderCount}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatNaira(customer.totalSpentKobo)}</td>
              <td className={cell}>
                <RoleBadge role={customer.role} />
              </td>
              <td className={`${cell} text-right`}>
                <CustomerActions customer={customer} onDetails={onDetails} onEmail={onEmail} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per customer, nothing wider than the screen. */
function CustomerCards({ customers, onDetails, onEmail }: ListProps) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Customers">
      {customers.map((customer) => (
        <li key={customer.id} className="rounded-lg border border-neutral-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere">{customer.name}</p>
              <p className="text-sm text-neutral-600 wrap-anywhere">{customer.email}</p>
            </div>
            <RoleBadge role={customer.role} />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-neutral-500">Joined</dt>
              <dd>{formatDate(customer.joinedAt)}</dd>
            </div>
            <div>
              <dt className="text-xs text-neutral-500">Orders</dt>
              <dd className="tabular-nums">{customer.orderCount}</dd>
            </div>
            <div>
              <dt className="text-xs text-neutral-500">Total spent</dt>
              <dd className="tabular-nums">{formatNaira(customer.totalSpentKobo)}</dd>
            </div>
          </dl>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <CustomerActions customer={customer} onDetails={onDetails} onEmail={onEmail} block />
          </div>
        </li>
      ))}
    </ul>
  );
}

function CustomerActions({
  customer,
  onDetails,
  onEmail,
  block = false,
}: {
  customer: AdminCustomer;
  onDetails: (customer: AdminCustomer) => void;
  onEmail: (customer: AdminCustomer) => void;
  block?: boolean;
}) {
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        block={block}
        onClick={() => onDetails(customer)}
        aria-label={`View details of ${customer.name} (${customer.email})`}
      >
        View details
      </Button>
      <Button
        variant="ghost"
        size="sm"
        block={block}
        className={block ? '' : 'ml-1'}
        onClick={() => onEmail(customer)}
        aria-label={`Send email to ${customer.name} (${customer.email})`}
      >
        Send email
      </Button>
    </>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading customers" className="grid gap-3">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-20 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
