// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTopics } from '#shared/live';
import { channelsInWords } from '#shared/payment-channels';
import type { Order } from '#shared/schemas/orders';
import type { InitializePaymentResponse } from '#shared/schemas/payments';
import { CartContext, type CartContextValue } from '../features/cart/cart-context';
import {
  breakdownRows,
  discountedOrderFixture,
  FakeEventSource,
  orderFixture,
} from '../features/orders/order-test-support';
import PaymentPage from './payment';

const PENDING =
  'Paystack is still confirming your payment. This page updates by itself once it is done; there is no need to pay again.';

const cart: CartContextValue = {
  items: [],
  totalItems: 0,
  totalPrice: 0,
  canCheckout: false,
  isLoading: false,
  loaded: true,
  error: null,
  updating: false,
  addItem: async () => {},
  updateQuantity: async () => {},
  removeItem: async () => {},
  clearCart: async () => {},
  reload: async () => {},
  drawer: { open: false, justAdded: false },
  openDrawer: () => {},
  closeDrawer: () => {},
};

/** What the shop's API answers (the network's edge): each verify answer in turn, the order as it is now. */
type Server = { order: Order; verify: unknown[]; initialize: () => Response; verified: string[] };

/** Paystack's inline window (its script, the third party's edge): the handlers it was given. */
const paystackWindow = vi.hoisted(() => ({ handlers: null as null | { onCancel: () => void } }));
vi.mock('@paystack/inline-js', () => ({
  default: class {
    resumeTransaction(_accessCode: string, handlers: { onCancel: () => void }) {
      paystackWindow.handlers = handlers;
    }
  },
}));

beforeAll(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(cleanup);

let ids = 0;
function renderPage(
  url: (order: Order) => string,
  server: Omit<Server, 'order' | 'verified'>,
  fixture: typeof orderFixture = orderFixture,
  mode: 'simulator' | 'live' = 'simulator',
) {
  ids += 1;
  const order = fixture({ id: `6f1c2a3b-0000-4000-8000-00000000070${ids}` });
  const state: Server = { order, verified: [], ...server };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/payments/verify') {
        state.verified.push(JSON.parse(String(init?.body)).reference);
        return Response.json(state.verify.shift() ?? state.verify.at(-1));
      }
      if (input === '/api/payments/initialize') return state.initialize();
      if (input === `/api/orders/${order.id}`) return Response.json({ order: state.order });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  render(
    <MemoryRouter initialEntries={[url(order)]}>
      <CartContext.Provider value={cart}>
        <Routes>
          <Route
            path="/payment/:orderId"
            element={<PaymentPage data={{ order, mode, error: null }} params={{}} />}
          />
          <Route path="/order-confirmation/:orderId" element={<h1>Order confirmation</h1>} />
        </Routes>
      </CartContext.Provider>
    </MemoryRouter>,
  );
  return state;
}

const simulator = (reference: string): InitializePaymentResponse => ({
  reference,
  accessCode: 'access',
  authorizationUrl: `/simulator/pay/${reference}`,
  publicKey: 'pk_test',
  amountKobo: 1_250_000,
  email: 'ada@example.com',
  mode: 'simulator',
  channels: ['card', 'bank_transfer', 'ussd'],
});

async function liveSource(order: Order) {
  const topic = liveTopics.order(order.id);
  await waitFor(() => expect(FakeEventSource.following(topic)).toBeDefined());
  return { topic, source: FakeEventSource.following(topic)! };
}

describe('the payment page', () => {
  it("shows the order's price breakdown, with its code, above Pay Now", async () => {
    renderPage(
      (order) => `/payment/${order.id}`,
      { verify: [], initialize: () => Response.json(simulator('ref-1')) },
      discountedOrderFixture,
    );
    const card = screen.getByRole('region', { name: 'Order to pay' });
    expect(breakdownRows(card)).toEqual([
      ['Order', expect.stringMatching(/^#6f1c2a3b$/)],
      ['Items', '2'],
      ['Subtotal', '₦20,000.00'],
      ['Discount (BLACKFRIDAY20)', '−₦4,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦18,500.00'],
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay Now' }).hasAttribute('disabled')).toBe(false),
    );
  });
});

describe('the payment page while Paystack is still confirming a payment', () => {
  it('waits for the bank, asks Paystack nothing more while nothing changes, and moves on once the order is paid', async () => {
    const server = renderPage((order) => `/payment/${order.id}?reference=ref-wait`, {
      verify: [{ success: false, pending: true, message: PENDING }],
      initialize: () => Response.json(simulator('unused')),
    });
    expect(await screen.findByRole('heading', { name: 'Waiting for your bank' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(PENDING);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();

    const { topic, source } = await liveSource(server.order);
    act(() => source.open());
    act(() => source.change(topic, 'payment_transactions', 'pt-1', 'pending'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Waiting for your bank' })).toBeTruthy();
    expect(server.verified).toEqual(['ref-wait']);

    server.order = { ...server.order, status: 'processing', paymentStatus: 'paid' };
    act(() => source.change(topic, 'orders', server.order.id, 'paid'));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Order confirmation' }, { timeout: 4_000 }),
    ).toBeTruthy();
  });

  it('says why when the transfer fails after all, and offers to pay again', async () => {
    const server = renderPage((order) => `/payment/${order.id}?reference=ref-fail`, {
      verify: [
        { success: false, pending: true, message: PENDING },
        { success: false, message: 'The payment was declined: Transfer not received.' },
      ],
      initialize: () => Response.json(simulator('ref-next')),
    });
    await screen.findByRole('heading', { name: 'Waiting for your bank' });
    const { topic, source } = await liveSource(server.order);
    act(() => source.open());
    act(() => source.change(topic, 'payment_transactions', 'pt-1', 'failed'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment verification failed');
    expect(alert.textContent).toContain('The payment was declined: Transfer not received.');
    expect(server.verified).toEqual(['ref-fail', 'ref-fail']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay Now' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it("waits too when the simulator's pop-up says the transfer is pending", async () => {
    const opened = {
      closed: false,
      close: vi.fn(),
      focus: vi.fn(),
      location: { origin: 'x', pathname: '/' },
    };
    vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const server = renderPage((order) => `/payment/${order.id}`, {
      verify: [{ success: false, pending: true, message: PENDING }],
      initialize: () => Response.json(simulator('ref-sim')),
    });
    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pay);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { source: 'paystack-simulator', status: 'pending', reference: 'ref-sim' },
        }),
      );
    });
    expect(await screen.findByRole('heading', { name: 'Waiting for your bank' })).toBeTruthy();
    expect(server.verified).toEqual(['ref-sim']);
    expect(opened.close).toHaveBeenCalled();

    // Left to pay later: the same payment's window opens again, to see the account or the code.
    fireEvent.click(screen.getByRole('button', { name: 'See How to Pay Again' }));
    expect(window.open).toHaveBeenLastCalledWith(
      '/simulator/pay/ref-sim',
      'paystack-checkout',
      expect.any(String),
    );
  });
});

describe("Paystack's window closed", () => {
  it('asks the server first: a transfer sent before closing it is waited for, not called cancelled', async () => {
    const server = renderPage(
      (order) => `/payment/${order.id}`,
      {
        verify: [{ success: false, pending: true, message: PENDING }],
        initialize: () => Response.json({ ...simulator('ref-closed'), mode: 'live' }),
      },
      orderFixture,
      'live',
    );
    const pay = () => screen.getByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(pay().hasAttribute('disabled')).toBe(false));
    fireEvent.click(pay());
    // Paystack's script is imported on demand: on a busy machine that takes a moment.
    await waitFor(() => expect(paystackWindow.handlers).not.toBeNull(), { timeout: 10_000 });
    act(() => paystackWindow.handlers!.onCancel());
    expect(
      await screen.findByRole('heading', { name: 'Waiting for your bank' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(server.verified).toEqual(['ref-closed']);
    expect(screen.queryByText('Payment cancelled')).toBeNull();
  });
});

describe("the payment page's small print", () => {
  it('lists the channels Paystack offers when live, and says no money moves in a test', async () => {
    renderPage(
      (order) => `/payment/${order.id}`,
      {
        verify: [],
        initialize: () =>
          Response.json({
            ...simulator('ref-live'),
            mode: 'live',
            channels: ['card', 'bank_transfer', 'ussd'],
          }),
      },
      orderFixture,
      'live',
    );
    expect(
      await screen.findByText('Pay by card, bank transfer or USSD, processed securely by Paystack.'),
    ).toBeTruthy();
    cleanup();
    renderPage((order) => `/payment/${order.id}`, {
      verify: [],
      initialize: () => Response.json(simulator('ref-test')),
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay Now' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByText('Test payments: no real money moves.')).toBeTruthy();
  });

  it('names the channels in words', () => {
    expect(channelsInWords(['card'])).toBe('card');
    expect(channelsInWords(['bank_transfer', 'ussd'])).toBe('bank transfer or USSD');
    expect(channelsInWords(['card', 'bank_transfer', 'ussd', 'bank'])).toBe(
      'card, bank transfer, USSD or bank account',
    );
  });
});

describe('the payment page when the shop could not use a payment', () => {
  it('says the money is being refunded, not that verification failed, even when the order cannot be paid any more', async () => {
    const message =
      'We could not use this payment: Lagos Drop Tee is a limited drop of 1 per customer, and your other orders already hold 1. We are refunding ₦12,500.00 in full; we have emailed you about it.';
    renderPage((order) => `/payment/${order.id}?reference=ref-late`, {
      verify: [{ success: false, refunding: true, message }],
      initialize: () =>
        Response.json(
          { error: { code: 'order_not_payable', message: 'This order can no longer be paid.' } },
          { status: 409 },
        ),
    });
    expect(await screen.findByRole('heading', { name: 'We could not use this payment' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByText(/within 5 to 10 working days/)).toBeTruthy();
    expect(screen.queryByText('Payment verification failed')).toBeNull();
    // The order's page tells the rest; it cannot be paid again.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'View Your Order' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Error' })).toBeNull();
  });
});
