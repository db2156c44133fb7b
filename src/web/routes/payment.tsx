import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS, shortId } from '#shared/constants';
import { channelsInWords, type PaymentChannel } from '#shared/payment-channels';
import { orderBreakdown } from '#shared/price-breakdown';
import type { Order } from '#shared/schemas/orders';
import type { InitializePaymentResponse, PaymentMode, PaymentModeResponse } from '#shared/schemas/payments';
import { Button, buttonClass } from '../components/ui/button';
import { CheckingAccess } from '../components/ui/checking-access';
import { PriceBreakdown } from '../components/ui/price-breakdown';
import { toast } from '../components/ui/toast';
import { useCart } from '../features/cart/cart-context';
import { signedInJson } from '../features/checkout/signed-in';
import { REFUND_TIMING } from '../features/orders/order-money';
import {
  simulatorMessageFor,
  type VerifyOutcome,
  verifyFailed,
  verifyPayment,
} from '../features/payments/verify';
import { ApiError, api, apiJson } from '../lib/api';
import { type LiveMessage, liveTopics, useLive } from '../lib/live';
import { useReadAgain } from '../lib/read-again';
import { type HeadTag, type LoadArgs, type PageProps, redirect } from '../lib/route-module';
import { paths } from '../paths';

type Data = { order: Order; mode: PaymentMode | null; error: null } | { order: null; error: string };

export async function load({ params, api: fetcher, url }: LoadArgs): Promise<Data> {
  const id = params.orderId ?? '';
  try {
    const [{ order }, { mode }] = await Promise.all([
      signedInJson<{ order: Order }>(fetcher, `/api/orders/${encodeURIComponent(id)}`, url),
      apiJson<PaymentModeResponse>(fetcher, '/api/payments/mode'),
    ]);
    // Nothing left to pay (also where the provider's redirect lands after a paid order).
    if (order.paymentStatus === 'paid') throw redirect(paths.orderConfirmation(order.id));
    return { order, mode, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { order: null, error: error.message };
    throw error;
  }
}

export function head(): HeadTag[] {
  return [{ title: 'Payment | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

export const Pending = CheckingAccess;

function ErrorView({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Error</h1>
      <p role="alert" className="mt-2 text-neutral-700">
        {message}
      </p>
      <Link to={paths.cart} className={`${buttonClass({ block: true })} mx-auto mt-6 max-w-xs`}>
        Return to Cart
      </Link>
    </div>
  );
}

type Phase =
  | { kind: 'ready' }
  | { kind: 'paying' }
  | { kind: 'verifying' }
  /** `message`: the server's words when the payment was a second one, being refunded. */
  | { kind: 'success'; message: string | null }
  /** Paystack is still confirming `reference` (a bank transfer): the page follows the order. */
  | { kind: 'pending'; reference: string; message: string }
  | { kind: 'failed'; title: string; message: string }
  /** Paid, but the shop could not use the money and is refunding it. */
  | { kind: 'refunding'; title: string; message: string };

type Setup =
  | { status: 'loading' }
  | { status: 'ready'; payment: InitializePaymentResponse }
  | { status: 'error'; message: string };

const POPUP_FEATURES = 'popup,width=480,height=720';

/** The small print under Pay Now. */
function smallPrint(mode: PaymentMode | null, channels: readonly PaymentChannel[] | null): string {
  if (mode !== 'live') return 'Test payments: no real money moves.';
  return channels && channels.length > 0
    ? `Pay by ${channelsInWords(channels)}, processed securely by Paystack.`
    : 'Payments are processed securely by Paystack.';
}

/** Whether the pop-up is back on one of our pages (reading another origin's location throws). */
function returnedHere(other: Window): boolean {
  try {
    return (
      other.location.origin === window.location.origin && other.location.pathname.startsWith('/payment/')
    );
  } catch {
    return false;
  }
}

/**
 * Something happened to the order besides a payment starting or still waiting (a payment failed or
 * succeeded, a charge could not be applied…): worth asking Paystack again. A resync names no change.
 */
const worthAsking = (message: LiveMessage) =>
  message.changes.some(
    (change) =>
      change.table !== 'payment_transactions' ||
      (change.action !== 'pending' && change.action !== 'initialized'),
  );

/**
 * While Paystack is still confirming a payment (`reference`, or null when not waiting), follows
 * the order's live topic: a paid order is `paid()`; when something else happened to the order (a
 * payment failed, a charge could not be used) or it was cancelled meanwhile, the payment is
 * verified again and `settled()` told what the server says. A reconnect only reads the order.
 */
function useWaitForPayment(
  orderId: string,
  reference: string | null,
  paid: () => void,
  settled: (outcome: VerifyOutcome) => void,
) {
  const waitingFor = useRef(reference);
  waitingFor.current = reference;
  const askPaystack = useRef(false);
  const check = useReadAgain(async () => {
    const ref = waitingFor.current;
    if (!ref) return;
    let order: Order;
    try {
      order = (await api.get<{ order: Order }>(`/api/orders/${encodeURIComponent(orderId)}`)).order;
    } catch {
      // Keep waiting; the next change tries again.
      return;
    }
    if (waitingFor.current !== ref) return;
    if (order.paymentStatus === 'paid') return paid();
    const ask = askPaystack.current || order.status !== 'pending';
    askPaystack.current = false;
    if (!ask) return;
    const outcome = await verifyPayment(ref);
    if (waitingFor.current === ref && outcome.kind !== 'pending') settled(outcome);
  });
  useLive(reference ? [liveTopics.order(orderId)] : null, (message) => {
    if (worthAsking(message)) askPaystack.current = true;
    void check();
  });
}

/**
 * Pays one order. The transaction is set up with our server as the page opens (so 'Pay Now' can
 * open the provider's window straight from the click, which pop-up blockers allow), then:
 * - simulator mode: the simulator's pay page in a pop-up, which posts its outcome back here;
 * - live/test mode: Paystack's inline checkout (loaded on demand) resuming that transaction.
 * Either way the server verifies the payment before the success view. Blocked pop-ups fall back
 * to a full-page visit that returns here with ?reference=…, verified on arrival. A payment Paystack
 * is still confirming (a bank transfer) waits here, following the order, until it is paid.
 */
function PaymentView({ order, mode }: { order: Order; mode: PaymentMode | null }) {
  const navigate = useNavigate();
  const cart = useCart();
  const [search] = useSearchParams();
  const returned = search.get('reference') ?? search.get('trxref');
  const [phase, setPhase] = useState<Phase>(returned ? { kind: 'verifying' } : { kind: 'ready' });
  const [setup, setSetup] = useState<Setup>({ status: 'loading' });
  const popup = useRef<Window | null>(null);
  const reference = useRef<string | null>(null);
  const settled = useRef(false);

  const prepare = useCallback(async () => {
    setSetup({ status: 'loading' });
    try {
      const payment = await api.post<InitializePaymentResponse>('/api/payments/initialize', {
        orderId: order.id,
      });
      setSetup({ status: 'ready', payment });
      // Fetch Paystack's script now so the click opens it without a wait.
      if (payment.mode !== 'simulator') void import('@paystack/inline-js');
    } catch (error) {
      // Paid, or a transfer of it still being confirmed: the order's page follows it.
      if (
        error instanceof ApiError &&
        (error.code === 'order_already_paid' || error.code === 'payment_pending')
      ) {
        navigate(paths.orderConfirmation(order.id), { replace: true });
        return;
      }
      setSetup({
        status: 'error',
        message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
      });
    }
  }, [order.id, navigate]);

  const finish = useCallback(
    (outcome: VerifyOutcome, reference: string | null = null) => {
      if (outcome.kind === 'success') {
        setPhase({ kind: 'success', message: outcome.refunding ? outcome.message : null });
        return;
      }
      if (outcome.kind === 'pending') {
        // No reference to follow (cannot happen: verify always has one): ask again from the start.
        if (!reference) return setPhase({ kind: 'ready' });
        setPhase({ kind: 'pending', reference, message: outcome.message });
        return;
      }
      setPhase({
        kind: outcome.refunding ? 'refunding' : 'failed',
        title: outcome.title,
        message: outcome.message,
      });
      // Whether the order can still be paid (a refunded payment of an expired order: it cannot).
      void prepare();
    },
    [prepare],
  );

  useWaitForPayment(
    order.id,
    phase.kind === 'pending' ? phase.reference : null,
    useCallback(() => setPhase({ kind: 'success', message: null }), []),
    finish,
  );

  const verify = useCallback(
    async (ref: string) => {
      setPhase({ kind: 'verifying' });
      finish(await verifyPayment(ref), ref);
    },
    [finish],
  );

  const cancelled = useCallback(() => {
    toast.info('Payment cancelled', "You can try again when you're ready.");
    setPhase({ kind: 'ready' });
    void prepare();
  }, [prepare]);

  // Arriving back from the provider's page (pop-up blocked): verify that reference first. The
  // query stays in the address: reloading verifies again, which the server answers the same way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the URL the page opened with
  useEffect(() => {
    if (returned) void verifyPayment(returned).then((outcome) => finish(outcome, returned));
    else void prepare();
  }, []);

  // The simulator's pop-up reports its outcome with postMessage.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (setup.status !== 'ready') return;
      if (event.origin !== new URL(setup.payment.authorizationUrl, window.location.href).origin) return;
      const message = simulatorMessageFor(event.data, reference.current);
      if (!message || settled.current) return;
      settled.current = true;
      popup.current?.close();
      if (message.status === 'cancelled') cancelled();
      // Success, failure, or a transfer still being confirmed ('pending'): the server says which.
      else void verify(message.reference);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [setup, verify, cancelled]);

  // Closed without a word: ask the server, in case it was paid; otherwise it was cancelled.
  useEffect(() => {
    if (phase.kind !== 'paying' || !popup.current) return;
    const window_ = popup.current;
    const timer = setInterval(() => {
      if (settled.current) return clearInterval(timer);
      // The provider's page sends the pop-up back to this page when done; if its message did not
      // arrive (another origin), that return is the signal.
      if (!window_.closed && !returnedHere(window_)) return;
      clearInterval(timer);
      window_.close();
      settled.current = true;
      const ref = reference.current;
      if (!ref) return cancelled();
      // A payment that did not go through is a cancelled one, unless the server took the money
      // (then it is kept, waited for, or being refunded, and the shopper must hear of it).
      void verifyPayment(ref).then((outcome) =>
        outcome.kind === 'failed' && !outcome.refunding ? cancelled() : finish(outcome, ref),
      );
    }, 400);
    return () => clearInterval(timer);
  }, [phase.kind, cancelled, finish]);

  useEffect(() => {
    if (phase.kind !== 'success') return;
    const timer = setTimeout(
      () => navigate(paths.orderConfirmation(order.id), { replace: true }),
      LIMITS.redirectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [phase.kind, navigate, order.id]);

  async function payNow() {
    if (phase.kind === 'paying') {
      // The pop-up may have gone behind this window.
      popup.current?.focus();
      return;
    }
    if (setup.status !== 'ready') return;
    const { payment } = setup;
    reference.current = payment.reference;
    settled.current = false;
    if (payment.mode === 'simulator') {
      const opened = window.open(payment.authorizationUrl, 'paystack-checkout', POPUP_FEATURES);
      if (!opened) {
        // Pop-ups blocked: go there in this tab; the provider sends the shopper back with ?reference=.
        window.location.assign(payment.authorizationUrl);
        return;
      }
      popup.current = opened;
      setPhase({ kind: 'paying' });
      return;
    }
    setPhase({ kind: 'paying' });
    try {
      const { default: PaystackPop } = await import('@paystack/inline-js');
      new PaystackPop().resumeTransaction(payment.accessCode, {
        onSuccess: (transaction) => void verify(transaction.reference),
        // Closed: the shopper may have sent a transfer or dialled a USSD code first, which Paystack
        // then reports pending (and the order waits for it). Asked before it is called cancelled.
        onCancel: () => {
          const ref = payment.reference;
          void verifyPayment(ref).then((outcome) =>
            outcome.kind === 'failed' && !outcome.refunding ? cancelled() : finish(outcome, ref),
          );
        },
        onError: (error) => finish(verifyFailed(error.message)),
      });
    } catch {
      finish(verifyFailed('The payment window could not be opened. Please try again.'));
    }
  }

  const [returning, setReturning] = useState(false);
  // The order emptied the cart when it was placed: going back cancels it (its stock released) and
  // puts its items back, so checkout shows them again (docs/decisions/2026-11-23-return-to-checkout.md).
  async function returnToCheckout() {
    if (returning) return;
    setReturning(true);
    try {
      await api.post(`/api/orders/${order.id}/return-to-cart`);
      await cart.reload();
      navigate(paths.checkout);
    } catch (error) {
      setReturning(false);
      if (error instanceof ApiError && error.code === 'order_already_paid') {
        navigate(paths.orderConfirmation(order.id), { replace: true });
        return;
      }
      toast.error(
        'Could not return to checkout',
        error instanceof ApiError ? error.message : 'Please try again.',
      );
    }
  }

  if (phase.kind === 'verifying') {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center" role="status">
        <span
          aria-hidden="true"
          className="mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-neutral-200 border-t-neutral-900"
        />
        <h1 className="mt-6 text-2xl font-bold">Verifying Payment...</h1>
        <p className="mt-2 text-neutral-600">Please wait while we confirm your payment.</p>
      </div>
    );
  }

  if (phase.kind === 'success') {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center" role="status">
        <span
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
        >
          ✓
        </span>
        <h1 className="mt-6 text-2xl font-bold">Payment Successful!</h1>
        {phase.message ? <p className="mt-2 text-neutral-700">{phase.message}</p> : null}
        <p className="mt-2 text-neutral-600">Taking you to your order confirmation...</p>
      </div>
    );
  }

  if (phase.kind === 'pending') {
    // The window of this payment can be opened again: a transfer or USSD payment left for later.
    const reopenable = setup.status === 'ready' && setup.payment.reference === phase.reference;
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <div role="status">
          <span
            aria-hidden="true"
            className="mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-neutral-200 border-t-neutral-900"
          />
          <h1 className="mt-6 text-2xl font-bold">Waiting for your bank</h1>
          <p className="mt-2 text-neutral-700">{phase.message}</p>
        </div>
        <p className="mt-4 text-sm text-neutral-600">
          You can leave this page: your order stays reserved while the payment is confirmed, and we will email
          you when it is paid.
        </p>
        <div className="mx-auto mt-6 grid max-w-sm gap-2">
          {reopenable ? (
            <Button block onClick={() => void payNow()}>
              See How to Pay Again
            </Button>
          ) : null}
          <Button variant="secondary" block onClick={() => void verify(phase.reference)}>
            Check Again
          </Button>
          <Link
            to={paths.orderConfirmation(order.id)}
            className={buttonClass({ variant: 'secondary', block: true })}
          >
            View Your Order
          </Link>
        </div>
      </div>
    );
  }

  if (phase.kind === 'refunding') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{phase.title}</h1>
        <p role="alert" className="mt-3 text-neutral-700">
          {phase.message}
        </p>
        <p className="mt-2 text-sm text-neutral-600">{REFUND_TIMING}</p>
        <div className="mx-auto mt-6 grid max-w-sm gap-2">
          <Link to={paths.orderConfirmation(order.id)} className={buttonClass({ block: true })}>
            View Your Order
          </Link>
          {/* The order can still be paid (e.g. Paystack charged another amount): offer to pay it. */}
          {setup.status === 'ready' ? (
            <Button variant="secondary" block onClick={() => setPhase({ kind: 'ready' })}>
              Pay Again
            </Button>
          ) : (
            <Link to={paths.home} className={buttonClass({ variant: 'secondary', block: true })}>
              Continue Shopping
            </Link>
          )}
        </div>
      </div>
    );
  }

  if (setup.status === 'error') return <ErrorView message={setup.message} />;

  const busy = setup.status !== 'ready';
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Complete Your Payment</h1>
      {phase.kind === 'failed' ? (
        <div role="alert" className="mt-5 rounded border border-red-300 bg-red-50 p-4 text-red-800">
          <p className="font-bold">{phase.title}</p>
          <p className="mt-1 text-sm">{phase.message}</p>
        </div>
      ) : null}
      <section aria-label="Order to pay" className="mt-6 rounded-lg border border-neutral-200 p-5">
        <dl className="space-y-3">
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Order</dt>
            <dd className="font-mono font-semibold">#{shortId(order.id)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">Items</dt>
            <dd className="font-semibold">{order.itemCount}</dd>
          </div>
        </dl>
        <PriceBreakdown
          breakdown={orderBreakdown(order)}
          shippingMethod={order.shippingMethod}
          className="mt-3 border-t border-neutral-200 pt-3"
        />
        <Button
          block
          className="mt-6"
          onClick={payNow}
          disabled={busy}
          busy={phase.kind === 'paying'}
          busyLabel="Waiting for payment..."
        >
          Pay Now
        </Button>
        <p className="mt-3 text-center text-xs text-neutral-600">
          {setup.status === 'ready'
            ? smallPrint(setup.payment.mode, setup.payment.channels)
            : smallPrint(mode, null)}
        </p>
      </section>
      <Button
        variant="secondary"
        block
        className="mt-4"
        onClick={returnToCheckout}
        disabled={phase.kind === 'paying'}
        busy={returning}
        busyLabel="Returning to checkout..."
      >
        Return to Checkout
      </Button>
      <p className="mt-2 text-center text-xs text-neutral-600">
        Going back cancels this unpaid order and puts its items back in your cart.
      </p>
    </div>
  );
}

export default function PaymentPage({ data }: PageProps<Data>) {
  if (!data.order) return <ErrorView message={data.error} />;
  return <PaymentView order={data.order} mode={data.mode} />;
}
