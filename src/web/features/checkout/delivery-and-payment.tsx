import { type Ref, useId } from 'react';
import type { PaymentKind } from '#shared/fulfilment';
import { formatNaira } from '#shared/money';
import { channelsInWords, type PaymentChannel } from '#shared/payment-channels';
import { deliveryText } from '#shared/price-breakdown';
import type {
  CheckoutPricing,
  CheckoutSummary,
  CheckoutZone,
  ShippingOption,
} from '#shared/schemas/checkout';
import { timeText } from '../catalog/shipping-zones';

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded border border-neutral-300 p-3 has-checked:border-neutral-950 has-checked:bg-neutral-50 has-focus-visible:outline-2 has-focus-visible:outline-neutral-900 has-disabled:cursor-not-allowed has-disabled:bg-neutral-100 has-disabled:text-neutral-500';
const radioClass = 'mt-0.5 h-5 w-5 shrink-0 accent-neutral-900';

type RadioGroupProps<Value extends string> = {
  name: string;
  value: Value;
  onChange: (value: Value) => void;
  /** The form's handle to focus the group (on an error): given to the chosen radio. */
  inputRef: Ref<HTMLInputElement>;
  error?: string;
};

/**
 * The delivery methods of the zone the shipping state is in, each with what it costs this order
 * (the server's quote, with the code applied if any). A pickup method says where and when.
 */
export function DeliveryMethods({
  labelledBy,
  name,
  value,
  onChange,
  inputRef,
  state,
  zone,
  pricing,
  pickup,
  error,
}: RadioGroupProps<string> & {
  /** The section heading naming the group. */
  labelledBy: string;
  state: string | undefined;
  zone: CheckoutZone | null;
  pricing: CheckoutPricing;
  pickup: CheckoutSummary['pickup'];
}) {
  const errorId = useId();
  /** What a method's delivery costs this order, with the code if one waives it. */
  const methodPrice = (option: ShippingOption) => {
    const priced = pricing.quotes.find((quote) => quote.shippingMethodId === option.id)?.breakdown;
    if (priced) return deliveryText(priced);
    return option.costKobo === 0 ? 'Free' : formatNaira(option.costKobo);
  };
  const methods = zone?.methods ?? [];
  const focusable = methods.some((option) => option.code === value) ? value : methods[0]?.code;
  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-describedby={error ? errorId : undefined}
      className="grid min-w-0 gap-2"
    >
      {!state ? (
        <p className="text-sm text-neutral-600">Choose your state to see the delivery methods.</p>
      ) : !zone ? (
        <p className="text-sm text-neutral-600">
          There is no delivery method for {state}. Choose another state, or contact us.
        </p>
      ) : (
        <>
          <p className="text-sm text-neutral-600">
            Delivery to {state}
            {zone.name === state ? '' : ` (${zone.name})`}
          </p>
          {methods.map((option) => (
            <label key={option.id} className={optionClass}>
              <input
                type="radio"
                name={name}
                value={option.code}
                checked={value === option.code}
                onChange={() => onChange(option.code)}
                ref={option.code === focusable ? inputRef : undefined}
                aria-invalid={error ? true : undefined}
                className={radioClass}
              />
              {option.kind === 'pickup' ? (
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{option.name} — Free</span>
                  <span className="block text-sm text-neutral-700">{pickup.address}</span>
                  <span className="block text-sm text-neutral-600">{pickup.openingHours}</span>
                  <span className="block text-sm text-neutral-600">{timeText(option)}</span>
                </span>
              ) : (
                <>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{option.name}</span>
                    <span className="block text-sm text-neutral-600">{timeText(option)}</span>
                    {option.freeAboveKobo !== null && option.costKobo > 0 ? (
                      <span className="block text-sm text-neutral-600">
                        Free on orders above {formatNaira(option.freeAboveKobo)}
                      </span>
                    ) : null}
                  </span>
                  <span className="shrink-0 text-right font-semibold">{methodPrice(option)}</span>
                </>
              )}
            </label>
          ))}
        </>
      )}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export type PayOnDelivery = {
  /** Offered to this shopper in this zone (the shop has it on, the zone has a maximum). */
  shown: boolean;
  /** Why it cannot be chosen now (over the zone's maximum, the account's refusal); else null. */
  reason: string | null;
  available: boolean;
};

/** Pay on delivery for this order: the shop's setting, the account's refusal, the zone's maximum. */
export function payOnDeliveryOf(
  summary: Pick<CheckoutSummary, 'payOnDelivery'>,
  zone: CheckoutZone | null,
  totalKobo: number,
): PayOnDelivery {
  const max = zone?.payOnDeliveryMaxKobo ?? null;
  if (!summary.payOnDelivery.offered || max === null) return { shown: false, reason: null, available: false };
  const reason =
    summary.payOnDelivery.refusal ??
    (totalKobo > max ? `Pay on delivery is for orders up to ${formatNaira(max)}` : null);
  return { shown: true, reason, available: reason === null };
}

/** 'How would you like to pay?': now through Paystack, or on delivery where it is allowed. */
export function PaymentChoice({
  name,
  value,
  onChange,
  inputRef,
  payOnDelivery,
  channels,
  pickup,
  error,
}: RadioGroupProps<PaymentKind> & {
  payOnDelivery: PayOnDelivery;
  /** Picked up in store: paid at the counter, not at the door. */
  pickup: boolean;
  /** What Paystack's window offers, named in "Pay now". */
  channels: readonly PaymentChannel[];
}) {
  const errorId = useId();
  const reasonId = useId();
  const options = [
    { kind: 'paystack' as const, title: 'Pay now', detail: channelsInWords(channels) },
    ...(payOnDelivery.shown
      ? [
          {
            kind: 'pay_on_delivery' as const,
            title: 'Pay on delivery',
            detail: pickup ? 'cash or transfer when you pick it up' : 'cash or transfer at the door',
          },
        ]
      : []),
  ];
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="grid min-w-0 gap-2">
      <legend className="mb-2 font-semibold">How would you like to pay?</legend>
      {options.map((option) => {
        const disabled = option.kind === 'pay_on_delivery' && !payOnDelivery.available;
        return (
          <label key={option.kind} className={optionClass}>
            <input
              type="radio"
              name={name}
              value={option.kind}
              checked={value === option.kind}
              disabled={disabled}
              onChange={() => onChange(option.kind)}
              ref={value === option.kind ? inputRef : undefined}
              aria-describedby={disabled && payOnDelivery.reason ? reasonId : undefined}
              aria-invalid={error ? true : undefined}
              className={radioClass}
            />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">
                {option.title} — {option.detail}
              </span>
              {disabled && payOnDelivery.reason ? (
                <span id={reasonId} className="block text-sm text-neutral-700">
                  {payOnDelivery.reason}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
