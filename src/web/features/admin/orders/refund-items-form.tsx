import { type FormEvent, useId, useState } from 'react';
import { formatNaira, paidForUnits } from '#shared/money';
import { type AdminOrderDetail, refundRequest } from '#shared/schemas/admin-orders';
import type { OrderItem } from '#shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextareaField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { lineOptions } from '../../../components/ui/order-lines';
import { errorMessage } from '../../../lib/api';
import { useRefundOrder } from './admin-orders-api';
import { refundToast } from './refund-row';

/** One line of the order as a refund of items sees it: what it was paid, and what is left of it. */
export type RefundableLine = {
  item: OrderItem;
  /** What the line was paid: its total less its share of the order's discount. */
  paidKobo: number;
  refundedUnits: number;
  leftUnits: number;
};

export function refundableLines(detail: AdminOrderDetail): RefundableLine[] {
  return detail.order.items.map((item) => {
    const refundedUnits = Math.min(detail.refundedUnits[item.id] ?? 0, item.quantity);
    return {
      item,
      paidKobo: item.lineTotalKobo - item.discountKobo,
      refundedUnits,
      leftUnits: item.quantity - refundedUnits,
    };
  });
}

/**
 * What `units` more of the line give back, after those already refunded: the server's sum
 * (`refundOfItems`), with the same function, so a line refunded unit by unit gives back exactly
 * what it was paid.
 */
export function refundOfUnits(line: RefundableLine, units: number): number {
  const { paidKobo, item, refundedUnits } = line;
  return (
    paidForUnits(paidKobo, item.quantity, refundedUnits + units) -
    paidForUnits(paidKobo, item.quantity, refundedUnits)
  );
}

const itemLabel = (item: OrderItem) => (item.size ? `${item.name} (${item.size})` : item.name);

type Confirming = {
  items: { orderItemId: string; quantity: number }[];
  reason?: string;
  amountKobo: number;
  /** '2 × Eko Tee (M), 1 × Yaba Hoodie (L)'. */
  summary: string;
};

/**
 * A refund of items: for each line, how many of the units left to refund go back, each at what it
 * was paid after the order's discount; their total, a reason, and a confirmation before the
 * request (`{ items, reason }`: the server works the amount out the same way).
 */
export function RefundItemsForm({ detail }: { detail: AdminOrderDetail }) {
  const refund = useRefundOrder(detail.order.id);
  const descriptionId = useId();
  const selectionErrorId = useId();
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ items?: string; reason?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const lines = refundableLines(detail);
  // A choice never exceeds what is left, even once another refund has taken some of it.
  const unitsOf = (line: RefundableLine) => Math.min(chosen[line.item.id] ?? 0, line.leftUnits);
  const selected = lines.filter((line) => unitsOf(line) > 0);
  const totalKobo = selected.reduce((sum, line) => sum + refundOfUnits(line, unitsOf(line)), 0);
  const leftKobo = detail.refundableKobo;
  const anythingLeft = lines.some((line) => line.leftUnits > 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const items = selected.map((line) => ({ orderItemId: line.item.id, quantity: unitsOf(line) }));
    const checked = refundRequest.safeParse({ items, reason });
    const found: { items?: string; reason?: string } = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'items';
        found[field] ??= issue.message;
      }
    } else if (totalKobo > leftKobo) {
      found.items = `These items come to ${formatNaira(totalKobo)}: at most ${formatNaira(leftKobo)} can be refunded`;
    }
    setErrors(found);
    if (!checked.success || found.items) return;
    setConfirming({
      items,
      reason: checked.data.reason,
      amountKobo: totalKobo,
      summary: selected.map((line) => `${unitsOf(line)} × ${itemLabel(line.item)}`).join(', '),
    });
  }

  function confirm() {
    if (!confirming) return;
    refund.mutate(
      { items: confirming.items, reason: confirming.reason },
      {
        onSuccess: (body) => {
          refundToast(body.refund);
          setConfirming(null);
          setChosen({});
          setReason('');
        },
        onError: (failure) => {
          setConfirming(null);
          setProblem(errorMessage(failure, 'Please try again.'));
        },
      },
    );
  }

  return (
    <>
      <form noValidate aria-label="Refund items" aria-describedby={descriptionId} onSubmit={submit}>
        <p id={descriptionId} className="text-sm text-neutral-700">
          Each item goes back at what it was paid, after the order's discount. Delivery is refunded as an
          amount.
        </p>
        {problem ? (
          <div className="mt-3">
            <FormAlert>
              <p className="font-semibold">Refund failed</p>
              <p>{problem}</p>
            </FormAlert>
          </div>
        ) : null}
        <ul className="mt-2 divide-y divide-neutral-200" aria-label="Items to refund">
          {lines.map((line) => {
            const { item } = line;
            const units = unitsOf(line);
            return (
              <li
                key={item.id}
                className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 py-3 text-sm"
              >
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold wrap-anywhere">{item.name}</p>
                  <p className="text-neutral-600">{lineOptions(item)}</p>
                  <p className="text-neutral-600">
                    Paid {formatNaira(line.paidKobo)} for {item.quantity}
                    {item.discountKobo > 0 ? ' after the discount' : ''}
                    {line.refundedUnits > 0 && line.leftUnits > 0
                      ? ` · ${line.refundedUnits} refunded, ${line.leftUnits} left`
                      : ''}
                  </p>
                </div>
                {line.leftUnits === 0 ? (
                  <p className="font-semibold text-neutral-700">Refunded</p>
                ) : (
                  <div className="flex items-end justify-between gap-3 max-sm:w-full">
                    <SelectField
                      className="w-28"
                      label="Units"
                      hiddenLabel={`to refund of ${item.name}, ${lineOptions(item)}`}
                      value={String(units)}
                      onChange={(event) => {
                        setChosen((current) => ({ ...current, [item.id]: Number(event.target.value) }));
                        setErrors((current) => ({ ...current, items: undefined }));
                      }}
                      aria-describedby={errors.items ? selectionErrorId : undefined}
                      options={Array.from({ length: line.leftUnits + 1 }, (_, count) => String(count))}
                    />
                    <p className="min-w-24 pb-3 text-right font-semibold tabular-nums">
                      {units > 0 ? (
                        formatNaira(refundOfUnits(line, units))
                      ) : (
                        <span aria-hidden="true">—</span>
                      )}
                    </p>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {anythingLeft ? (
          <>
            <p role="status" className="mt-2 border-t border-neutral-200 pt-3 text-sm font-semibold">
              Total to refund: <span className="tabular-nums">{formatNaira(totalKobo)}</span>
            </p>
            {errors.items ? (
              <p id={selectionErrorId} role="alert" className="mt-1 text-sm font-semibold text-red-700">
                {errors.items}
              </p>
            ) : null}
            <TextareaField
              className="mt-3"
              label="Reason (optional)"
              rows={2}
              maxLength={500}
              value={reason}
              error={errors.reason}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors((current) => ({ ...current, reason: undefined }));
              }}
            />
            <Button type="submit" variant="danger" size="sm" className="mt-3" disabled={refund.isPending}>
              Refund items
            </Button>
          </>
        ) : (
          <p className="mt-2 text-sm text-neutral-600">Every item has been refunded.</p>
        )}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Refund these items?"
        message={`${formatNaira(confirming?.amountKobo ?? 0)} for ${confirming?.summary ?? ''} goes back to the shopper's card through Paystack. Paystack usually takes from a few minutes to a few days; the shopper is emailed once it is done. This cannot be undone.`}
        confirmLabel={`Refund ${formatNaira(confirming?.amountKobo ?? 0)}`}
        busyLabel="Refunding..."
        busy={refund.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
