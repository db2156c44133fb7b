import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  Controller,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldPath,
  type UseFormRegisterReturn,
  useController,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { NIGERIAN_STATES } from '#shared/constants';
import { formatNaira } from '#shared/money';
import { channelsInWords } from '#shared/payment-channels';
import type { PostedAnswer } from '#shared/posted-forms';
import { deliveryText, minusNaira } from '#shared/price-breakdown';
import type { CartLine } from '#shared/schemas/cart';
import { noDeliveryMessage, zoneOfState } from '#shared/schemas/catalog';
import {
  type CheckoutFormInput,
  type CheckoutSummary,
  type CheckoutForm as CheckoutValues,
  type CheckoutZone,
  checkoutFormSchema,
} from '#shared/schemas/checkout';
import { Button } from '../../components/ui/button';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/ui/fields';
import { PriceBreakdown, WasPrice } from '../../components/ui/price-breakdown';
import { ProductThumbnail } from '../../components/ui/product-image';
import { Section } from '../../components/ui/section';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { takePostedAnswer } from '../../lib/posted-answer';
import { paths } from '../../paths';
import { useCart } from '../cart/cart-context';
import { lineProblem } from '../cart/cart-messages';
import { DeliveryMethods, PaymentChoice, payOnDeliveryOf } from './delivery-and-payment';
import { DiscountCodeField, useDiscountCode } from './discount-code';

type FieldName = FieldPath<CheckoutFormInput>;

type AddressFields = {
  fullName: FieldName;
  email: FieldName;
  phone: FieldName;
  address: FieldName;
  city: FieldName;
  state: FieldName;
};

function AddressInputs({
  names,
  hiddenLabel,
  register,
  defaults,
  errorOf,
  autoCompleteSection,
  stateProblem,
  stateControl,
}: {
  names: AddressFields;
  hiddenLabel?: string;
  register: (name: FieldName) => UseFormRegisterReturn;
  /** The values the server writes into the page, so the form is filled in before the script runs. */
  defaults: Partial<Record<FieldName, string>>;
  errorOf: (name: FieldName) => string | undefined;
  autoCompleteSection: 'shipping' | 'billing';
  /** Why the state chosen cannot be shipped to, under the field (when the form has no error of its own). */
  stateProblem?: string;
  /** The state's control when the form follows it as it changes (the delivery methods depend on it). */
  stateControl?: Omit<ControllerRenderProps<CheckoutFormInput, 'state'>, 'disabled'>;
}) {
  const ac = (token: string) => `section-${autoCompleteSection} ${autoCompleteSection} ${token}`;
  const field = (name: FieldName) => ({
    hiddenLabel,
    error: errorOf(name),
    defaultValue: defaults[name],
    ...register(name),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Full name"
        autoComplete={ac('name')}
        className="sm:col-span-2"
        {...field(names.fullName)}
      />
      <TextField label="Email" type="email" autoComplete={ac('email')} {...field(names.email)} />
      <TextField label="Phone" type="tel" autoComplete={ac('tel')} {...field(names.phone)} />
      <TextField
        label="Address"
        autoComplete={ac('street-address')}
        className="sm:col-span-2"
        {...field(names.address)}
      />
      <TextField label="City" autoComplete={ac('address-level2')} {...field(names.city)} />
      <SelectField
        label="State"
        autoComplete={ac('address-level1')}
        placeholder="Select a state"
        options={NIGERIAN_STATES}
        hiddenLabel={hiddenLabel}
        {...(stateControl ? { ...stateControl, value: stateControl.value ?? '' } : register(names.state))}
        error={errorOf(names.state) ?? stateProblem}
      />
    </div>
  );
}

const SHIPPING: AddressFields = {
  fullName: 'fullName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  state: 'state',
};
const BILLING: AddressFields = {
  fullName: 'billingFullName',
  email: 'billingEmail',
  phone: 'billingPhone',
  address: 'billingAddress',
  city: 'billingCity',
  state: 'billingState',
};
const FORM_FIELDS = new Set<string>([
  ...Object.values(SHIPPING),
  ...Object.values(BILLING),
  'notes',
  'shippingMethodCode',
  'paymentMethod',
]);

/** The method a zone offers first: its Standard, else the first in its order. */
const preferredMethod = (zone: CheckoutZone | null) =>
  zone?.methods.find((option) => option.code === 'standard') ?? zone?.methods[0];

/** "One item" / "2 items": how many lines of the summary cannot be bought as they are. */
function shortLines(items: CartLine[]): string {
  const count = items.filter((line) => lineProblem(line) !== null).length;
  return count === 1 ? 'One item' : `${count} items`;
}

/**
 * What is wrong with one line of the summary and the fix, right there: remove a line that cannot
 * be bought, or take the quantity still in stock. The summary is read again from the server after.
 */
function LineFix({
  line,
  problem,
  onFixed,
}: {
  line: CartLine;
  problem: string;
  onFixed: () => Promise<void>;
}) {
  const { updateQuantity, removeItem, updating } = useCart();
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<void>) => {
    if (busy || updating) return;
    setBusy(true);
    try {
      await change();
      await onFixed();
    } finally {
      setBusy(false);
    }
  };
  const canReduce = line.status === 'insufficient_stock' && line.stockAvailable > 0;
  return (
    <div className="mt-1">
      <p className="font-semibold text-red-700">{problem}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {canReduce ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => run(() => updateQuantity(line, line.stockAvailable))}
            aria-label={`Buy the ${line.stockAvailable} left of ${line.name}`}
          >
            Buy the {line.stockAvailable} left
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => run(() => removeItem(line))}
          aria-label={`Remove ${line.name} from your order`}
        >
          Remove
        </Button>
      </div>
    </div>
  );
}

/** Why an order was refused that the shopper must act on (an item sold out or withdrawn). */
type Refusal = { message: string };

/**
 * The checkout form: shipping address (prefilled from the profile and default address), billing
 * ('Same as shipping' by default), the delivery methods of the zone the state is in, how to pay,
 * notes, and the order summary with its discount code and the 'Pay {total}' button. The server
 * prices the order, for every delivery method, with the code or without: every figure shown here
 * is one of its answers.
 */
export function CheckoutFormView({ initial }: { initial: CheckoutSummary }) {
  const navigate = useNavigate();
  const cart = useCart();
  const [summary, setSummary] = useState(initial);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  // The refusal sits by the summary, which on a phone is far above the button just pressed.
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  const { prefill } = initial;
  const knownState = (NIGERIAN_STATES as readonly string[]).includes(prefill.state);

  const [defaults] = useState<DefaultValues<CheckoutFormInput>>(() => ({
    fullName: prefill.fullName,
    email: prefill.email,
    phone: prefill.phone,
    address: prefill.address,
    city: prefill.city,
    state: knownState ? (prefill.state as CheckoutFormInput['state']) : undefined,
    sameAsShipping: true,
    billingFullName: '',
    billingEmail: '',
    billingPhone: '',
    billingAddress: '',
    billingCity: '',
    billingState: '',
    notes: '',
    shippingMethodCode: knownState
      ? (preferredMethod(zoneOfState(initial.zones, prefill.state))?.code ?? '')
      : '',
    paymentMethod: 'paystack',
  }));
  const form = useForm<CheckoutFormInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: defaults,
  });
  const { register, handleSubmit, control, setError, setValue, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const textDefaults = defaults as Partial<Record<FieldName, string>>;

  // An order posted before the script ran that the server refused: why, now the page can say it.
  useEffect(() => {
    const refused = takePostedAnswer(
      (answer): answer is Extract<PostedAnswer, { kind: 'refused' }> =>
        answer.kind === 'refused' && answer.form === 'checkout',
    );
    if (refused) toast.error('Failed to process your order', refused.message);
  }, []);
  const [sameAsShipping, methodCode, state, paymentMethod] = useWatch({
    control,
    name: ['sameAsShipping', 'shippingMethodCode', 'state', 'paymentMethod'],
  });
  const errorOf = (name: FieldName) => formState.errors[name]?.message;
  // Controlled: the methods, the fee and the total follow the state as it changes.
  const { field: stateField } = useController({ control, name: 'state' });
  const { disabled: _disabled, ...stateControl } = stateField;

  // Typed text and the ticked box are kept by the form itself when the script takes over; the
  // state and the two choices are the page's own controls, so they start from what the shopper
  // chose on the server's form, before the next paint (after the hooks above, which follow them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the script takes over.
  useLayoutEffect(() => {
    const page = formRef.current;
    if (!page) return;
    const chosen = (name: FieldName) =>
      page.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ??
      page.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ??
      '';
    const chosenState = chosen('state');
    if (
      (NIGERIAN_STATES as readonly string[]).includes(chosenState) &&
      chosenState !== form.getValues('state')
    ) {
      setValue('state', chosenState as CheckoutFormInput['state'], { shouldDirty: true });
    }
    for (const name of ['shippingMethodCode', 'paymentMethod'] as const) {
      const value = chosen(name);
      if (value && value !== form.getValues(name)) setValue(name, value as never, { shouldDirty: true });
    }
  }, []);

  const discount = useDiscountCode();
  const items = summary.cart.items;
  const pricing = discount.applied ?? summary.pricing;
  const zone = state ? zoneOfState(summary.zones, state) : null;
  const method = zone?.methods.find((option) => option.code === methodCode);
  const quote = method ? pricing.quotes.find((each) => each.shippingMethodId === method.id) : undefined;
  const breakdown = quote?.breakdown ?? pricing.breakdown;
  const lineDiscount = new Map(pricing.lines.map((line) => [line.id, line.discountKobo]));
  const stateProblem = state && !zone ? noDeliveryMessage(state) : undefined;
  const payOnDelivery = payOnDeliveryOf(summary, zone, breakdown.totalKobo);
  const onDelivery = paymentMethod === 'pay_on_delivery';

  // Another state, another zone: its Standard (or first) method, unless it has the one chosen.
  useEffect(() => {
    if (!zone || zone.methods.some((option) => option.code === methodCode)) return;
    setValue('shippingMethodCode', preferredMethod(zone)?.code ?? '');
  }, [zone, methodCode, setValue]);
  // Pay on delivery no longer possible (another state, a bigger total): back to paying now.
  useEffect(() => {
    if (paymentMethod === 'pay_on_delivery' && !payOnDelivery.available)
      setValue('paymentMethod', 'paystack');
  }, [paymentMethod, payOnDelivery.available, setValue]);

  // What changed with the state, said once it settles (screen readers; the figures show it).
  const [announcement, setAnnouncement] = useState('');
  const announcedState = useRef(state);
  const settled = !zone || method !== undefined;
  const total = breakdown.totalKobo;
  useEffect(() => {
    if (state === announcedState.current || !settled) return;
    announcedState.current = state;
    if (!state) return setAnnouncement('');
    if (!zone) return setAnnouncement(noDeliveryMessage(state));
    const fee = !method
      ? ''
      : method.kind === 'pickup'
        ? `${method.name}, free. `
        : `${method.name}, ${deliveryText(breakdown)}. `;
    setAnnouncement(`Delivery to ${state}: ${fee}Total ${formatNaira(total)}.`);
  }, [state, settled, zone, method, breakdown, total]);

  // A summary read again: the code applied, if any, is priced again for the cart as it is now.
  const reprice = useRef(discount.reprice);
  reprice.current = discount.reprice;
  function adopt(next: CheckoutSummary) {
    setSummary(next);
    void reprice.current();
  }

  // The cart in the app shell may change after this page loaded (a guest cart merged at sign-in
  // in the first view, another tab): follow it, and leave for the cart page if it emptied.
  const ordered = useRef(false);
  const serverCart = summary.cart;
  useEffect(() => {
    if (ordered.current || !cart.loaded || cart.isLoading) return;
    if (cart.totalItems === serverCart.totalItems && cart.totalPrice === serverCart.subtotalKobo) return;
    let active = true;
    api
      .get<CheckoutSummary>('/api/checkout')
      .then((next) => {
        if (!active || ordered.current) return;
        if (next.cart.items.length === 0) navigate(paths.cart, { replace: true });
        else {
          setSummary(next);
          void reprice.current();
        }
      })
      .catch(() => {
        // The summary shown stays; submitting is checked by the server anyway.
      });
    return () => {
      active = false;
    };
  }, [cart.loaded, cart.isLoading, cart.totalItems, cart.totalPrice, serverCart, navigate]);

  async function refresh() {
    try {
      const next = await api.get<CheckoutSummary>('/api/checkout');
      // The last line removed from the summary: nothing left to check out.
      if (next.cart.items.length === 0) navigate(paths.cart, { replace: true });
      else adopt(next);
    } catch {
      // The alert already says what to do; the summary stays as it was.
    }
    void cart.reload();
  }

  async function submit(values: CheckoutValues) {
    setRefusal(null);
    // A state in no zone is refused here as the server would: the field says why.
    if (!zoneOfState(summary.zones, values.state)) {
      setError('state', { message: noDeliveryMessage(values.state) }, { shouldFocus: true });
      return;
    }
    try {
      const code = discount.applied?.discountCode;
      const { orderId } = await api.post<{ orderId: string }>(
        '/api/orders',
        code ? { ...values, discountCode: code } : values,
      );
      ordered.current = true;
      // The server emptied the cart with the order: show that in the badge straight away.
      void cart.reload();
      // Nothing to pay now on delivery: the order is placed, its page says what comes next.
      navigate(
        values.paymentMethod === 'pay_on_delivery'
          ? paths.orderConfirmation(orderId)
          : paths.payment(orderId),
      );
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Please try again';
      toast.error('Failed to process your order', message);
      if (!(error instanceof ApiError)) return;
      for (const [field, text] of Object.entries(error.fields)) {
        if (FORM_FIELDS.has(field)) setError(field as FieldName, { message: text }, { shouldFocus: true });
      }
      if (error.code === 'pay_on_delivery_unavailable' && !error.fields.paymentMethod) {
        setError('paymentMethod', { message }, { shouldFocus: true });
      }
      if (error.code === 'discount_refused' || error.fields.discountCode) {
        discount.refuse(error.fields.discountCode ?? message);
      } else if (error.code === 'cart_empty') {
        void cart.reload();
        navigate(paths.cart);
      } else if (
        error.code === 'out_of_stock' ||
        error.code === 'item_unavailable' ||
        error.code === 'cart_changed'
      ) {
        setRefusal({ message });
        void refresh();
      }
    }
  }

  return (
    // Before the script has taken over, the form is posted to the server as it is (form-routes.ts).
    <form
      ref={formRef}
      method="post"
      action={paths.checkout}
      noValidate
      onSubmit={handleSubmit(submit)}
      className="mt-6 grid gap-6 lg:grid-cols-[1fr_24rem]"
    >
      <div className="grid content-start gap-6">
        <Section
          title="Shipping Information"
          description={
            method?.kind === 'pickup'
              ? 'You pick this order up in store: we keep your contact details and address on it.'
              : undefined
          }
        >
          <AddressInputs
            names={SHIPPING}
            register={register}
            defaults={textDefaults}
            errorOf={errorOf}
            autoCompleteSection="shipping"
            stateProblem={stateProblem}
            stateControl={stateControl}
          />
        </Section>

        <Section title="Billing Address">
          <CheckboxField label="Same as shipping" defaultChecked {...register('sameAsShipping')} />
          {sameAsShipping ? null : (
            <div className="mt-4">
              <AddressInputs
                names={BILLING}
                hiddenLabel="billing"
                register={register}
                defaults={textDefaults}
                errorOf={errorOf}
                autoCompleteSection="billing"
              />
            </div>
          )}
        </Section>

        <Section title="Shipping Method" headingId="method-heading">
          <Controller
            control={control}
            name="shippingMethodCode"
            render={({ field }) => (
              <DeliveryMethods
                labelledBy="method-heading"
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                inputRef={field.ref}
                state={state}
                zone={zone}
                pricing={pricing}
                pickup={summary.pickup}
                error={errorOf('shippingMethodCode')}
              />
            )}
          />
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </Section>

        <Section title="Payment" headingId="payment-heading">
          <Controller
            control={control}
            name="paymentMethod"
            render={({ field }) => (
              <PaymentChoice
                name={field.name}
                value={field.value ?? 'paystack'}
                onChange={field.onChange}
                inputRef={field.ref}
                payOnDelivery={payOnDelivery}
                channels={summary.paymentChannels}
                pickup={method?.kind === 'pickup'}
                error={errorOf('paymentMethod')}
              />
            )}
          />
        </Section>

        <Section title="Order Notes">
          <TextareaField
            label="Notes (optional)"
            placeholder="Special instructions for delivery"
            error={errorOf('notes')}
            defaultValue={defaults.notes}
            {...register('notes')}
          />
        </Section>
      </div>

      <section
        aria-labelledby="summary-heading"
        className="h-fit rounded-lg border border-neutral-200 bg-neutral-50 p-4 sm:p-5 lg:sticky lg:top-20"
      >
        <h2 id="summary-heading" className="text-lg font-bold">
          Order Summary
        </h2>
        {refusal ? (
          <div
            ref={refusalRef}
            tabIndex={-1}
            role="alert"
            className="mt-3 scroll-mt-24 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800 focus:outline-2 focus:outline-red-700"
          >
            <p className="font-semibold">{refusal.message}</p>
            <Link to={paths.cart} className="mt-1 inline-block font-semibold underline underline-offset-4">
              Update your cart
            </Link>
          </div>
        ) : !summary.cart.canCheckout ? (
          <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Some items can't be bought as they are.{' '}
            <Link to={paths.cart} className="font-semibold underline underline-offset-4">
              Update your cart
            </Link>
          </p>
        ) : null}
        <ul className="mt-3 divide-y divide-neutral-200" aria-label="Items in your order">
          {items.map((line) => {
            const problem = lineProblem(line);
            const off = lineDiscount.get(line.id) ?? 0;
            return (
              <li key={line.id} className="flex gap-3 py-3">
                <div className="w-16 shrink-0 overflow-hidden rounded">
                  <ProductThumbnail imageId={line.imageId} sizes="64px" />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold">{line.name}</p>
                  <p className="text-neutral-600">
                    Size: {line.size}
                    {line.color ? ` · Colour: ${line.color}` : ''}
                  </p>
                  <p className="text-neutral-600">
                    Qty: {line.quantity}
                    {line.compareAtKobo ? (
                      <>
                        {' · '}
                        <WasPrice kobo={line.compareAtKobo} /> <span className="sr-only">Now </span>
                        {formatNaira(line.priceKobo)} each
                      </>
                    ) : null}
                  </p>
                  {off > 0 && pricing.discountCode ? (
                    <p className="font-semibold text-green-800">
                      {minusNaira(off)} with {pricing.discountCode}
                    </p>
                  ) : null}
                  {problem ? <LineFix line={line} problem={problem} onFixed={refresh} /> : null}
                </div>
                <p className="shrink-0 text-sm font-semibold">{formatNaira(line.lineTotalKobo)}</p>
              </li>
            );
          })}
        </ul>
        <DiscountCodeField discount={discount} breakdown={breakdown} />
        <PriceBreakdown
          breakdown={breakdown}
          shippingMethod={method?.name}
          deliveryPending={!quote ? 'Choose a delivery method' : null}
          className="mt-3 border-t border-neutral-300 pt-3"
        />
        {summary.cart.canCheckout ? (
          <>
            <Button
              type="submit"
              block
              className="mt-5"
              busy={formState.isSubmitting}
              busyLabel="Processing..."
              disabled={discount.busy}
            >
              {onDelivery ? 'Place Order' : `Pay ${formatNaira(breakdown.totalKobo)}`}
            </Button>
            <p className="mt-2 text-center text-xs text-neutral-600">
              {onDelivery
                ? `You pay ${formatNaira(breakdown.totalKobo)} in cash or by transfer ${method?.kind === 'pickup' ? 'when you pick up your order' : 'when your order arrives'}.`
                : `You will pay securely by ${channelsInWords(summary.paymentChannels)} on the next step.`}
            </p>
          </>
        ) : (
          // Never an offer to pay for what cannot be bought: the lines above say what to change.
          <>
            <Button type="button" block className="mt-5" disabled>
              Update your order to pay
            </Button>
            <p className="mt-2 text-center text-xs text-neutral-600">
              {shortLines(items)} can't be bought as {shortLines(items) === 'One item' ? 'it is' : 'they are'}
              : remove or reduce {shortLines(items) === 'One item' ? 'it' : 'them'} above.
            </p>
          </>
        )}
      </section>
    </form>
  );
}
