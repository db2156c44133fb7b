import { useState } from 'react';
import { formatNaira } from '#shared/money';
import type { AdminShippingMethod, AdminShippingZone } from '#shared/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Empty } from '../../../components/ui/empty';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { liveTopics, useLive } from '../../../lib/live';
import { MethodDialog } from './method-dialog';
import { PickupLocation } from './pickup-form';
import { useDeleteShippingZone, useShippingZones } from './settings-api';
import { ZoneDialog } from './zone-dialog';

type Open =
  | { dialog: 'zone'; zone: AdminShippingZone | null }
  | { dialog: 'method'; zone: AdminShippingZone; method: AdminShippingMethod | null }
  | { dialog: 'delete'; zone: AdminShippingZone };

/**
 * Settings → Shipping: the delivery zones (states grouped, each with its methods and its
 * pay-on-delivery maximum), the states no zone has, and the pickup location. Checkout and the
 * Shipping Policy page use them as soon as they are saved.
 */
export function ShippingPanel() {
  const query = useShippingZones();
  const remove = useDeleteShippingZone();
  const [open, setOpen] = useState<Open | null>(null);
  useLive([liveTopics.adminSettings], () => void query.refetch());
  const zones = query.data?.zones ?? [];

  function confirmDelete(zone: AdminShippingZone) {
    remove.mutate(zone.id, {
      onSuccess: () => {
        toast.success(`${zone.name} deleted`);
        setOpen(null);
      },
      onError: (error) => {
        toast.error('Failed to delete the zone', errorMessage(error, 'Please try again.'));
        setOpen(null);
      },
    });
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-neutral-600">
          Each state is in one zone at most; checkout offers the active methods of the shipping state's zone.
          A state in no zone cannot be shipped to.
        </p>
        <Button size="sm" onClick={() => setOpen({ dialog: 'zone', zone: null })}>
          Add zone
        </Button>
      </div>
      <div className="mt-4 space-y-4">
        {query.isPending ? (
          <Loading what="delivery zones" />
        ) : query.isError ? (
          <LoadError message="Failed to load delivery zones" onRetry={() => void query.refetch()} />
        ) : (
          <>
            {query.data.unzonedStates.length > 0 ? (
              <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <span className="font-semibold">Not delivered to:</span> {query.data.unzonedStates.join(', ')}
              </p>
            ) : null}
            {zones.length === 0 ? (
              <Empty>No delivery zones. Add one so shoppers can check out.</Empty>
            ) : (
              zones.map((zone) => (
                <ZoneCard
                  key={zone.id}
                  zone={zone}
                  onEdit={() => setOpen({ dialog: 'zone', zone })}
                  onDelete={() => setOpen({ dialog: 'delete', zone })}
                  onMethod={(method) => setOpen({ dialog: 'method', zone, method })}
                />
              ))
            )}
          </>
        )}
        <PickupLocation />
      </div>

      {open?.dialog === 'zone' ? (
        <ZoneDialog zone={open.zone} zones={zones} onClose={() => setOpen(null)} />
      ) : null}
      {open?.dialog === 'method' ? (
        <MethodDialog zone={open.zone} method={open.method} onClose={() => setOpen(null)} />
      ) : null}
      <ConfirmDialog
        open={open?.dialog === 'delete'}
        title={open?.dialog === 'delete' ? `Delete ${open.zone.name}?` : 'Delete zone?'}
        message="Its methods go with it, and its states cannot be shipped to until you add them to another zone. Orders already placed keep their delivery."
        confirmLabel="Delete zone"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => open?.dialog === 'delete' && confirmDelete(open.zone)}
        onCancel={() => setOpen(null)}
      />
    </>
  );
}

const feeOf = (method: AdminShippingMethod) =>
  method.kind === 'pickup' || method.feeKobo === 0 ? 'Free' : formatNaira(method.feeKobo);
const freeAboveOf = (method: AdminShippingMethod) =>
  method.freeAboveKobo === null ? '—' : formatNaira(method.freeAboveKobo);
const daysOf = (method: AdminShippingMethod) =>
  method.minDays === method.maxDays ? `${method.maxDays}` : `${method.minDays}-${method.maxDays}`;

function ActiveBadge({ method }: { method: AdminShippingMethod }) {
  return (
    <Badge tone={method.isActive ? 'green' : 'grey'} label="Status: ">
      {method.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function KindNote({ method }: { method: AdminShippingMethod }) {
  return method.kind === 'pickup' ? (
    <span className="block text-xs text-neutral-600">Pick up in store</span>
  ) : null;
}

function ZoneCard({
  zone,
  onEdit,
  onDelete,
  onMethod,
}: {
  zone: AdminShippingZone;
  onEdit: () => void;
  onDelete: () => void;
  onMethod: (method: AdminShippingMethod | null) => void;
}) {
  const headingId = `zone-${zone.id}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg font-bold">
            {zone.name}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${zone.name}`}>
              Edit
            </Button>
            <Button variant="secondary" size="sm" onClick={onDelete} aria-label={`Delete ${zone.name}`}>
              Delete
            </Button>
          </div>
        </div>
        <dl className="mt-2 grid gap-1 text-sm">
          <div>
            <dt className="inline font-semibold">States ({zone.states.length}): </dt>
            <dd className="inline text-neutral-700">{zone.states.join(', ')}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Pay on delivery: </dt>
            <dd className="inline text-neutral-700">
              {zone.payOnDeliveryMaxKobo === null
                ? 'Not offered'
                : `Up to ${formatNaira(zone.payOnDeliveryMaxKobo)}`}
            </dd>
          </div>
        </dl>

        {zone.methods.length === 0 ? (
          <p className="mt-3 text-sm text-neutral-600">
            No methods yet: checkout offers nothing in this zone.
          </p>
        ) : (
          <>
            <table
              className="mt-3 hidden w-full text-left text-sm md:table"
              aria-label={`${zone.name} methods`}
            >
              <thead className="border-b border-neutral-300 text-xs uppercase tracking-wider text-neutral-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Method
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Fee
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Free above
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Days
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Active
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zone.methods.map((method) => (
                  <tr key={method.id} className="border-b border-neutral-100">
                    <th scope="row" className="py-2.5 pr-3 font-semibold">
                      {method.name}
                      <KindNote method={method} />
                    </th>
                    <td className="py-2.5 pr-3 tabular-nums">{feeOf(method)}</td>
                    <td className="py-2.5 pr-3 tabular-nums">{freeAboveOf(method)}</td>
                    <td className="py-2.5 pr-3">{daysOf(method)}</td>
                    <td className="py-2.5 pr-3">
                      <ActiveBadge method={method} />
                    </td>
                    <td className="py-2.5 text-right">
                      <Button
                        variant="text"
                        onClick={() => onMethod(method)}
                        aria-label={`Edit ${method.name} in ${zone.name}`}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="mt-3 grid gap-2 md:hidden" aria-label={`${zone.name} methods`}>
              {zone.methods.map((method) => (
                <li key={method.id} className="rounded border border-neutral-200 p-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold">
                      {method.name}
                      <KindNote method={method} />
                    </p>
                    <ActiveBadge method={method} />
                  </div>
                  <p className="mt-1 text-neutral-700">
                    {feeOf(method)}
                    {method.freeAboveKobo !== null
                      ? ` · free above ${formatNaira(method.freeAboveKobo)}`
                      : ''}{' '}
                    · {daysOf(method)} days
                  </p>
                  <Button
                    variant="text"
                    className="mt-1"
                    onClick={() => onMethod(method)}
                    aria-label={`Edit ${method.name} in ${zone.name}`}
                  >
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => onMethod(null)}
          aria-label={`Add a method to ${zone.name}`}
        >
          Add method
        </Button>
      </section>
    </Card>
  );
}
