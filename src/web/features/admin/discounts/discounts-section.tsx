import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { type AdminDiscount, DISCOUNT_MESSAGES } from '#shared/schemas/admin-discounts';
import type { DiscountStatus } from '#shared/schemas/promotions';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Empty } from '../../../components/ui/empty';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { SectionHeading } from '../section-heading';
import { DiscountDialog } from './discount-dialog';
import { useDiscounts, useSetDiscountActive } from './discounts-api';

const STATUS: Record<DiscountStatus, { words: string; tone: BadgeTone }> = {
  active: { words: 'Active', tone: 'green' },
  scheduled: { words: 'Scheduled', tone: 'blue' },
  expired: { words: 'Expired', tone: 'grey' },
  used_up: { words: 'Used up', tone: 'amber' },
  inactive: { words: 'Inactive', tone: 'grey' },
};

/** "20% off", "₦5,000.00 off", "Free delivery", and what it covers. */
export function discountValue(discount: AdminDiscount): string {
  const value =
    discount.type === 'percentage'
      ? `${discount.percentOff}% off`
      : discount.type === 'fixed'
        ? `${formatNaira(discount.amountOffKobo ?? 0)} off`
        : 'Free delivery';
  const covered =
    discount.appliesTo === 'all'
      ? ''
      : discount.appliesTo === 'categories'
        ? ` · ${count(discount.categories.length, 'category', 'categories')}`
        : ` · ${count(discount.products.length, 'product', 'products')}`;
  const minimum = discount.minSubtotalKobo ? ` · over ${formatNaira(discount.minSubtotalKobo)}` : '';
  return `${value}${covered}${minimum}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 / 100", or "12" without a limit; automatic discounts are not counted per order. */
export const usesOf = (discount: AdminDiscount) =>
  discount.kind === 'automatic'
    ? '—'
    : discount.usageLimit === null
      ? String(discount.uses)
      : `${discount.uses} / ${discount.usageLimit}`;

const revenueOf = (discount: AdminDiscount) =>
  discount.revenueKobo === null ? '—' : formatNaira(discount.revenueKobo);

const whenOf = (discount: AdminDiscount) =>
  `${formatDateTime(discount.startsAt)} – ${discount.endsAt ? formatDateTime(discount.endsAt) : 'no end'}`;

const nameOf = (discount: AdminDiscount) => discount.code ?? discount.title;

/** The admin panel's Discounts section (?tab=discounts): codes and automatic discounts. */
export default function DiscountsSection() {
  const discounts = useDiscounts();
  const toggle = useSetDiscountActive();
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const data = discounts.data;

  const onToggle = (discount: AdminDiscount) =>
    toggle.mutate(
      { id: discount.id, isActive: !discount.isActive },
      {
        onSuccess: ({ discount: changed }) =>
          toast.success(changed.isActive ? DISCOUNT_MESSAGES.activated : DISCOUNT_MESSAGES.deactivated),
        onError: (error) =>
          toast.error(DISCOUNT_MESSAGES.saveFailed, errorMessage(error, 'Please try again')),
      },
    );

  const actions = {
    onEdit: setEditing,
    onToggle,
    busyId: toggle.isPending ? toggle.variables?.id : undefined,
  };

  return (
    <>
      <SectionHeading
        title="Discounts"
        description="Codes shoppers type at checkout, and automatic discounts shown as sale prices."
        actions={<Button onClick={() => setEditing('new')}>Add discount</Button>}
      />
      <div className="mt-5" aria-busy={discounts.isFetching}>
        {discounts.isPending ? (
          <ListSkeleton />
        ) : discounts.isError && !data ? (
          <LoadError message={DISCOUNT_MESSAGES.loadFailed} onRetry={() => void discounts.refetch()} />
        ) : data && data.discounts.length === 0 ? (
          <Empty>{DISCOUNT_MESSAGES.none}</Empty>
        ) : data ? (
          <>
            {discounts.isError ? (
              <div className="mb-3">
                <FormAlert>{DISCOUNT_MESSAGES.loadFailed}</FormAlert>
              </div>
            ) : null}
            <DiscountTable discounts={data.discounts} {...actions} />
            <DiscountCards discounts={data.discounts} {...actions} />
          </>
        ) : null}
      </div>
      {editing ? (
        <DiscountDialog discount={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

type ListProps = {
  discounts: AdminDiscount[];
  onEdit: (discount: AdminDiscount) => void;
  onToggle: (discount: AdminDiscount) => void;
  busyId: string | undefined;
};

const cell = 'px-4 py-3 align-middle';

/** From the md breakpoint: one row per discount. */
function DiscountTable({ discounts, ...actions }: ListProps) {
  return (
    <div className="hidden overflow-hidden rounded-lg border border-neutral-200 bg-white md:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Discounts</caption>
        <thead className="bg-neutral-50 text-xs uppercase tracking-wider text-neutral-600">
          <tr>
            <th scope="col" className={`${cell} w-[34%]`}>
              Discount
            </th>
            <th scope="col" className={`${cell} w-[12%]`}>
              Status
            </th>
            <th scope="col" className={`${cell} w-[11%] text-right`}>
              Uses
            </th>
            <th scope="col" className={`${cell} w-[16%] text-right`}>
              Revenue
            </th>
            <th scope="col" className={`${cell} w-[27%]`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {discounts.map((discount) => (
            <tr key={discount.id}>
              <td className={cell}>
                <p className="truncate font-semibold">
                  {discount.code ?? <span className="text-neutral-600">Automatic</span>}
                </p>
                <p className="truncate">{discount.title}</p>
                <p className="truncate text-xs text-neutral-600">{discountValue(discount)}</p>
                <p className="truncate text-xs text-neutral-600">{whenOf(discount)}</p>
              </td>
              <td className={cell}>
                <StatusBadge discount={discount} />
              </td>
              <td className={`${cell} text-right tabular-nums`}>{usesOf(discount)}</td>
              <td className={`${cell} text-right tabular-nums`}>{revenueOf(discount)}</td>
              <td className={`${cell} text-right`}>
                <DiscountActions discount={discount} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per discount, nothing wider than the screen. */
function DiscountCards({ discounts, ...actions }: ListProps) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Discounts">
      {discounts.map((discount) => (
        <li key={discount.id} className="rounded-lg border border-neutral-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold wrap-anywhere">{discount.code ?? 'Automatic'}</p>
              <p className="text-sm wrap-anywhere">{discount.title}</p>
            </div>
            <StatusBadge discount={discount} />
          </div>
          <p className="mt-1 text-sm text-neutral-600 wrap-anywhere">{discountValue(discount)}</p>
          <p className="text-xs text-neutral-600">{whenOf(discount)}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs text-neutral-500">Uses</dt>
              <dd className="tabular-nums">{usesOf(discount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-neutral-500">Revenue</dt>
              <dd className="tabular-nums">{revenueOf(discount)}</dd>
            </div>
          </dl>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <DiscountActions discount={discount} {...actions} block />
          </div>
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ discount }: { discount: AdminDiscount }) {
  const status = STATUS[discount.status];
  return (
    <Badge tone={status.tone} label="Status: ">
      {status.words}
    </Badge>
  );
}

function DiscountActions({
  discount,
  onEdit,
  onToggle,
  busyId,
  block = false,
}: Omit<ListProps, 'discounts'> & { discount: AdminDiscount; block?: boolean }) {
  const name = nameOf(discount);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        block={block}
        onClick={() => onEdit(discount)}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        block={block}
        className={block ? '' : 'ml-1'}
        busy={busyId === discount.id}
        busyLabel={discount.isActive ? 'Deactivating...' : 'Activating...'}
        onClick={() => onToggle(discount)}
        aria-label={`${discount.isActive ? 'Deactivate' : 'Activate'} ${name}`}
      >
        {discount.isActive ? 'Deactivate' : 'Activate'}
      </Button>
    </>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading discounts" className="grid gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-20 animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
