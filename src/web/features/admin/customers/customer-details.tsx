import { useState } from 'react';
import type { Role } from '#shared/constants';
import { formatDate } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { type AdminCustomerDetail, CUSTOMER_MESSAGES } from '#shared/schemas/customers';
import { AddressBlock } from '../../../components/ui/address-block';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { OrderRow } from '../../../components/ui/order-row';
import { Section } from '../../../components/ui/section';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { OrderBadges } from '../../orders/order-badges';
import { adminOrderPath } from '../admin-links';
import { useAdminProfile } from '../admin-profile';
import { useCustomer, useSetCustomerRole } from './customers-api';
import { RoleBadge, roleLabel } from './role-badge';

type Target = { id: string; name: string; email: string };

const EMAIL_STATUS_LABEL = {
  queued: 'Queued',
  sent: 'Delivered to the mail server',
  failed: 'Failed',
  stored: 'Kept in the development mailbox',
} as const;

/** 'View details': profile, role, addresses, orders (each a link to it) and messages sent. */
export function CustomerDetailsDialog({
  customerId,
  onClose,
  onEmail,
}: {
  customerId: string | null;
  onClose: () => void;
  onEmail: (customer: Target) => void;
}) {
  const details = useCustomer(customerId);
  const customer = details.data?.customer;
  return (
    <Dialog
      open={customerId !== null}
      onClose={onClose}
      title={customer ? customer.name : 'Customer details'}
      closeLabel="Close customer details"
      size="xl"
    >
      {customerId === null ? null : details.isPending ? (
        <p role="status" className="p-5 text-sm text-neutral-600">
          Loading customer details...
        </p>
      ) : details.isError || !customer ? (
        <div className="grid gap-3 p-5">
          <FormAlert>{errorMessage(details.error, CUSTOMER_MESSAGES.loadFailed)}</FormAlert>
          <Button variant="secondary" size="sm" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <CustomerDetails customer={customer} onEmail={onEmail} />
      )}
    </Dialog>
  );
}

function CustomerDetails({
  customer,
  onEmail,
}: {
  customer: AdminCustomerDetail;
  onEmail: (customer: Target) => void;
}) {
  return (
    <div className="grid gap-5 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <dl className="grid min-w-0 gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-neutral-500">Email</dt>
            <dd className="font-semibold wrap-anywhere">
              {customer.email}
              {customer.emailVerified ? null : (
                <span className="ml-2 text-xs font-normal text-amber-800">(not confirmed)</span>
              )}
            </dd>
          </div>
          {customer.phone ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-neutral-500">Phone</dt>
              <dd>{customer.phone}</dd>
            </div>
          ) : null}
          {customer.displayName && customer.displayName !== customer.name ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-neutral-500">Display name</dt>
              <dd className="wrap-anywhere">{customer.displayName}</dd>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-neutral-500">Joined</dt>
            <dd>{formatDate(customer.joinedAt)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-neutral-500">Orders</dt>
            <dd className="tabular-nums">
              {customer.orderCount} · {formatNaira(customer.totalSpentKobo)} spent (paid orders)
            </dd>
          </div>
        </dl>
        <Button
          size="sm"
          onClick={() => onEmail({ id: customer.id, name: customer.name, email: customer.email })}
        >
          Send email
        </Button>
      </div>

      <Section level={3} look="rule" title="Role">
        <RoleControl customer={customer} />
      </Section>

      <Section level={3} look="rule" title="Addresses">
        {customer.addresses.length === 0 ? (
          <p className="text-sm text-neutral-600">No saved addresses.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.id} className="rounded border border-neutral-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <AddressBlock address={address} />
                  {address.isDefault ? <Badge tone="green">Default</Badge> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section level={3} look="rule" title={`Orders (${customer.orderCount})`}>
        {customer.orders.length === 0 ? (
          <p className="text-sm text-neutral-600">No orders yet</p>
        ) : (
          <ul className="divide-y divide-neutral-200 rounded border border-neutral-200">
            {customer.orders.map((order) => (
              <OrderRow
                key={order.id}
                className="p-3"
                shortId={order.shortId}
                href={adminOrderPath(order.id)}
                createdAt={order.createdAt}
                itemCount={order.itemCount}
                totalKobo={order.totalKobo}
                badges={<OrderBadges status={order.status} paymentStatus={order.paymentStatus} />}
              />
            ))}
          </ul>
        )}
      </Section>

      <Section level={3} look="rule" title="Messages sent">
        {customer.messages.length === 0 ? (
          <p className="text-sm text-neutral-600">No messages sent from the panel yet.</p>
        ) : (
          <ul className="grid gap-2">
            {customer.messages.map((message) => (
              <li key={message.id} className="rounded border border-neutral-200 p-3 text-sm">
                <p className="font-semibold wrap-anywhere">{message.subject}</p>
                <p className="text-neutral-600">
                  {formatDate(message.createdAt)} ·{' '}
                  <span className={message.status === 'failed' ? 'font-semibold text-red-800' : ''}>
                    {EMAIL_STATUS_LABEL[message.status]}
                  </span>
                  {message.status === 'failed' && message.lastError ? ` (${message.lastError})` : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

type RoleChange = { role: Role; title: string; message: string; confirm: string; busy: string };

/** Grant or revoke admin access: offered to super admins, never on their own account. */
function RoleControl({ customer }: { customer: AdminCustomerDetail }) {
  const viewer = useAdminProfile().data?.user;
  const setRole = useSetCustomerRole();
  const [asking, setAsking] = useState<RoleChange | null>(null);
  const who = `${customer.name} (${customer.email})`;

  const changes: RoleChange[] = [];
  if (customer.role === 'customer') {
    changes.push({
      role: 'admin',
      title: 'Grant admin access?',
      message: `${who} will be able to manage products, orders, customers and settings.`,
      confirm: 'Grant admin access',
      busy: 'Granting...',
    });
  }
  if (customer.role === 'admin') {
    changes.push({
      role: 'super_admin',
      title: 'Make super admin?',
      message: `${who} will also be able to grant and revoke admin access.`,
      confirm: 'Make super admin',
      busy: 'Saving...',
    });
  }
  if (customer.role !== 'customer') {
    changes.push({
      role: 'customer',
      title: 'Revoke admin access?',
      message: `${who} will lose access to the admin panel at once and keep their customer account.`,
      confirm: 'Revoke admin access',
      busy: 'Revoking...',
    });
  }

  const self = viewer?.id === customer.id;
  const canChange = viewer?.role === 'super_admin' && !self;

  function confirm() {
    if (!asking) return;
    setRole.mutate(
      { id: customer.id, role: asking.role },
      {
        onSuccess: () =>
          toast.success(CUSTOMER_MESSAGES.roleUpdated, `${who} is now ${roleLabel(asking.role)}.`),
        onError: (error) =>
          toast.error(CUSTOMER_MESSAGES.roleFailed, errorMessage(error, 'Please try again.')),
        onSettled: () => setAsking(null),
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <RoleBadge role={customer.role} />
      {canChange ? (
        changes.map((change) => (
          <Button
            key={change.role}
            variant={change.role === 'customer' ? 'danger' : 'secondary'}
            size="sm"
            onClick={() => setAsking(change)}
          >
            {change.confirm}
          </Button>
        ))
      ) : (
        <p className="text-sm text-neutral-600">
          {self ? CUSTOMER_MESSAGES.ownAccess : 'Only a super admin can grant or revoke admin access.'}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.title ?? ''}
        message={asking?.message ?? ''}
        confirmLabel={asking?.confirm ?? ''}
        busyLabel={asking?.busy}
        busy={setRole.isPending}
        tone={asking?.role === 'customer' ? 'danger' : 'primary'}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
