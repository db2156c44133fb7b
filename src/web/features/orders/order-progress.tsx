import type { Fulfilment } from '#shared/fulfilment';
import { orderProgress, orderStatusTone, progressSteps } from './order-status';

/**
 * The order's four-step progress bar, exposed to assistive technology as a labelled progressbar.
 * A pickup order's steps: Placed, Processing, Ready for pickup, Picked up.
 */
export function OrderProgress({
  status,
  fulfilment,
}: {
  status: string | null | undefined;
  fulfilment?: Fulfilment | null;
}) {
  const percent = orderProgress(status);
  const cancelled = status === 'cancelled';
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${orderStatusTone(status, fulfilment).label} (${percent}%)`}
        className="h-2.5 overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${cancelled ? 'bg-red-600' : 'bg-accent'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="mt-2 grid grid-cols-4 text-center text-[11px] font-semibold text-neutral-500 sm:text-xs">
        {progressSteps(fulfilment).map((step, index) => {
          const reached = !cancelled && percent >= (index + 1) * 25;
          return (
            <li key={step} className={reached ? 'text-neutral-900' : undefined}>
              {step}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
