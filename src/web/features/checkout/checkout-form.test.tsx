// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '#shared/constants';
import type { CartLine } from '#shared/schemas/cart';
import type { CheckoutPricing, CheckoutSummary } from '#shared/schemas/checkout';
import type { AppliedDiscount, PriceBreakdown } from '#shared/schemas/promotions';
import { startFakeApi } from '../../test/fake-api';
import { CartContext, type CartContextValue } from '../cart/cart-context';
import { CheckoutFormView } from './checkout-form';

const api = startFakeApi();
afterEach(cleanup);

function line(
  overrides: Partial<CartLine> & Pick<CartLine, 'id' | 'name' | 'priceKobo' | 'quantity'>,
): CartLine {
  return {
    productId: `product-${overrides.id}`,
    variantId: `variant-${overrides.id}`,
    compareAtKobo: null,
    imageId: null,
    size: 'M',
    color: 'Black',
    gender: 'men',
    stockAvailable: 10,
    allowance: null,
    releaseAt: null,
    status: 'ok',
    lineTotalKobo: overrides.priceKobo * overrides.quantity,
    ...overrides,
  };
}

/** A tee on sale (₦10,000.00, was ₦12,500.00) and two caps at ₦5,000.00: ₦20,000.00. */
const TEE = line({
  id: 'line-tee',
  name: 'Lagos Drop Tee',
  priceKobo: 1_000_000,
  compareAtKobo: 1_250_000,
  quantity: 1,
});
const CAPS = line({ id: 'line-caps', name: 'Eko Cap', priceKobo: 500_000, quantity: 2 });
const SUBTOTAL = 2_000_000;

/** The demo shop's zones (product decisions): Lagos, South-West, and the rest of Nigeria but Borno. */
const LAGOS_ZONE = {
  id: 'zone-lagos',
  name: 'Lagos',
  states: ['Lagos'],
  payOnDeliveryMaxKobo: 10_000_000,
  methods: [
    method('lagos-standard', 'standard', 'Standard Shipping', 250_000, 2_500_000, 1, 3),
    method('lagos-express', 'express', 'Express Shipping', 500_000, null, 1, 1),
    { ...method('lagos-pickup', 'pickup', 'Pick up in store', 0, null, 0, 1), kind: 'pickup' as const },
  ],
};
const SOUTH_WEST = {
  id: 'zone-south-west',
  name: 'South-West',
  states: ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'],
  payOnDeliveryMaxKobo: null,
  methods: [method('sw-standard', 'standard', 'Standard Shipping', 350_000, null, 2, 4)],
};
const REST = {
  id: 'zone-rest',
  name: 'Rest of Nigeria',
  states: NIGERIAN_STATES.filter(
    (state) => !['Lagos', 'Borno', ...SOUTH_WEST.states].includes(state),
  ) as string[],
  payOnDeliveryMaxKobo: null,
  methods: [method('rest-standard', 'standard', 'Standard Shipping', 450_000, null, 3, 7)],
};
const ZONES = [LAGOS_ZONE, SOUTH_WEST, REST];
const PICKUP = { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' };

function method(
  id: string,
  code: string,
  name: string,
  feeKobo: number,
  freeAboveKobo: number | null,
  minDays: number,
  maxDays: number,
) {
  return {
    id,
    code,
    kind: 'delivery' as 'delivery' | 'pickup',
    name,
    feeKobo,
    freeAboveKobo,
    minDays,
    maxDays,
  };
}

/** What a method costs a cart of `subtotal`: free above its threshold. */
const costOf = (option: { feeKobo: number; freeAboveKobo: number | null }, subtotal: number) =>
  option.freeAboveKobo !== null && subtotal > option.freeAboveKobo ? 0 : option.feeKobo;

/**
 * The server's pricing of the cart for every method of every zone, with `discount` taking `teeOff`
 * kobo off the tee (and/or waiving delivery).
 */
function pricing(
  code: {
    discount: Omit<AppliedDiscount, 'amountKobo' | 'shippingKobo'>;
    teeOff: number;
    freeDelivery?: boolean;
  } | null,
  lines: CartLine[] = [TEE, CAPS],
): CheckoutPricing {
  const subtotal = lines.reduce((sum, each) => sum + each.lineTotalKobo, 0);
  const teeOff = code?.teeOff ?? 0;
  const breakdown = (feeKobo: number): PriceBreakdown => {
    const waived = code?.freeDelivery ? feeKobo : 0;
    return {
      subtotalKobo: subtotal,
      discountKobo: teeOff,
      shippingKobo: feeKobo - waived,
      totalKobo: subtotal - teeOff + feeKobo - waived,
      discount: code ? { ...code.discount, amountKobo: teeOff, shippingKobo: waived } : null,
    };
  };
  return {
    discountCode: code?.discount.code ?? null,
    lines: lines.map((each) => ({ id: each.id, discountKobo: each.id === TEE.id ? teeOff : 0 })),
    quotes: ZONES.flatMap((zone) => zone.methods).map((option) => ({
      shippingMethodId: option.id,
      breakdown: breakdown(costOf(option, subtotal)),
    })),
    breakdown: breakdown(0),
  };
}

const BLACKFRIDAY = pricing({
  discount: { code: 'BLACKFRIDAY20', title: '20% off T-shirts', type: 'percentage' },
  teeOff: 200_000,
});
const FREESHIP = pricing({
  discount: { code: 'FREESHIP', title: 'Free delivery', type: 'free_shipping' },
  teeOff: 0,
  freeDelivery: true,
});

/** The checkout page's summary for a shopper in `state` with these lines. */
function checkoutOf({
  lines = [TEE, CAPS],
  state = 'Lagos',
  payOnDelivery = { offered: false, refusal: null },
}: {
  lines?: CartLine[];
  state?: string;
  payOnDelivery?: CheckoutSummary['payOnDelivery'];
} = {}): CheckoutSummary {
  const subtotal = lines.reduce((sum, each) => sum + each.lineTotalKobo, 0);
  return {
    paymentChannels: ['card', 'bank_transfer', 'ussd'],
    prefill: {
      firstName: 'Ada',
      lastName: 'Obi',
      fullName: 'Ada Obi',
      email: 'ada@example.test',
      phone: '08031234567',
      address: '12 Admiralty Way, Lekki',
      city: 'Lagos',
      state,
    },
    zones: ZONES.map((zone) => ({
      ...zone,
      methods: zone.methods.map((option) => ({ ...option, costKobo: costOf(option, subtotal) })),
    })),
    pickup: PICKUP,
    payOnDelivery,
    cart: {
      items: lines,
      totalItems: lines.reduce((sum, each) => sum + each.quantity, 0),
      subtotalKobo: subtotal,
      canCheckout: true,
      notices: [],
    },
    pricing: pricing(null, lines),
  };
}

const summary = checkoutOf();

const cart: CartContextValue = {
  items: [TEE, CAPS],
  totalItems: 3,
  totalPrice: SUBTOTAL,
  canCheckout: true,
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

function renderCheckout(initial: CheckoutSummary = summary) {
  const shell: CartContextValue = {
    ...cart,
    items: initial.cart.items,
    totalItems: initial.cart.totalItems,
    totalPrice: initial.cart.subtotalKobo,
  };
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <CartContext.Provider value={shell}>
        <Routes>
          <Route path="/checkout" element={<CheckoutFormView initial={initial} />} />
          <Route path="/payment/:orderId" element={<h1>Payment page</h1>} />
          <Route path="/order-confirmation/:orderId" element={<h1>Order confirmation page</h1>} />
        </Routes>
      </CartContext.Provider>
    </MemoryRouter>,
  );
}

/** The summary beside the form (found once per test: role queries over the whole form are slow). */
let summaryRegion: HTMLElement | null = null;
const orderSummary = () => {
  if (!summaryRegion?.isConnected) summaryRegion = screen.getByRole('region', { name: 'Order Summary' });
  return summaryRegion;
};
/** The breakdown as a person reads it: each term with its value. */
const breakdown = () =>
  [...orderSummary().querySelectorAll('dt')].map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent,
  ]);
const itemOf = (name: string) =>
  [...orderSummary().querySelectorAll('li')].find((item) => item.textContent?.includes(name))!;
/** The state as the shopper picks it (the test's DOM does not take a select's first value from the form). */
const pickState = (state = 'Lagos') =>
  fireEvent.change(screen.getByLabelText('State'), { target: { value: state } });
const codeField = () => within(orderSummary()).getByRole('textbox', { name: 'Discount code' });
const payButton = () => within(orderSummary()).getByRole('button', { name: /^Pay / });

async function openAndType(code: string) {
  const toggle = within(orderSummary()).getByRole('button', { name: 'Have a discount code?' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  await waitFor(() => expect(document.activeElement).toBe(codeField()));
  fireEvent.change(codeField(), { target: { value: code } });
}

const refused = (message: string) => ({
  status: 400 as const,
  body: { error: { code: 'discount_refused', message, details: { reason: 'expired' } } },
});

describe('the checkout with a discount code', () => {
  it('shows the sale price struck through and the breakdown for the method chosen, without a code', () => {
    renderCheckout();
    expect(itemOf('Lagos Drop Tee').textContent).toContain('Was ₦12,500.00');
    expect(itemOf('Eko Cap').textContent).not.toContain('Was');
    expect(breakdown()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦22,500.00'],
    ]);
    expect(payButton().textContent).toBe('Pay ₦22,500.00');
    expect(within(orderSummary()).queryByRole('textbox', { name: 'Discount code' })).toBeNull();
  });

  it("applies a code: each line's share, the breakdown per delivery method, and the order carries the code", async () => {
    api.answer('POST /api/checkout/discount', () => ({ body: { pricing: BLACKFRIDAY } }));
    api.answer('POST /api/orders', () => ({ status: 201, body: { orderId: 'order-1' } }));
    renderCheckout();
    await openAndType(' blackfriday20 ');
    expect(within(orderSummary()).getByText(/One discount code per order/)).toBeTruthy();
    fireEvent.click(within(orderSummary()).getByRole('button', { name: 'Apply' }));

    expect(await within(orderSummary()).findByText('applied', { exact: false })).toBeTruthy();
    expect(api.requests).toEqual([
      { method: 'POST', url: '/api/checkout/discount', body: { code: 'BLACKFRIDAY20' } },
    ]);
    expect(within(orderSummary()).getByText(/You save ₦2,000\.00/)).toBeTruthy();
    expect(itemOf('Lagos Drop Tee').textContent).toContain('−₦2,000.00 with BLACKFRIDAY20');
    expect(itemOf('Eko Cap').textContent).not.toContain('with BLACKFRIDAY20');
    expect(breakdown()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Discount (BLACKFRIDAY20)', '−₦2,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦20,500.00'],
    ]);
    expect(payButton().textContent).toBe('Pay ₦20,500.00');

    fireEvent.click(screen.getByRole('radio', { name: /Express Shipping/ }));
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦23,000.00'));
    expect(breakdown()[2]).toEqual(['Delivery (Express Shipping)', '₦5,000.00']);

    pickState();
    fireEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/orders',
      body: { shippingMethodCode: 'express', discountCode: 'BLACKFRIDAY20', fullName: 'Ada Obi' },
    });
  });

  it("shows the server's refusal at the field, and Enter in the field applies rather than orders", async () => {
    api.answer('POST /api/checkout/discount', ({ body }) =>
      (body as { code: string }).code === 'OLDCODE'
        ? refused('This code expired on 30 November.')
        : { body: { pricing: BLACKFRIDAY } },
    );
    renderCheckout();
    pickState();
    await openAndType('oldcode');
    // Handled by the field: the browser does not submit the checkout's form (place the order).
    expect(fireEvent.keyDown(codeField(), { key: 'Enter' })).toBe(false);

    const alert = await within(orderSummary()).findByRole('alert');
    expect(alert.textContent).toBe('This code expired on 30 November.');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(breakdown().map(([term]) => term)).toEqual(['Subtotal', 'Delivery (Standard Shipping)', 'Total']);
    expect(payButton().textContent).toBe('Pay ₦22,500.00');

    fireEvent.change(codeField(), { target: { value: 'BLACKFRIDAY20' } });
    expect(fireEvent.keyDown(codeField(), { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦20,500.00'));
    expect(within(orderSummary()).queryByRole('alert')).toBeNull();
    expect(api.requests.map((request) => request.url)).toEqual([
      '/api/checkout/discount',
      '/api/checkout/discount',
    ]);
  });

  it('says a code is needed before asking the server', async () => {
    renderCheckout();
    await openAndType('   ');
    fireEvent.click(within(orderSummary()).getByRole('button', { name: 'Apply' }));
    expect((await within(orderSummary()).findByRole('alert')).textContent).toBe(
      'Please enter a discount code',
    );
    expect(api.requests).toEqual([]);
  });

  it('removes the code: the price without it, and the field back with the focus', async () => {
    api.answer('POST /api/checkout/discount', () => ({ body: { pricing: BLACKFRIDAY } }));
    renderCheckout();
    await openAndType('BLACKFRIDAY20');
    fireEvent.click(within(orderSummary()).getByRole('button', { name: 'Apply' }));
    const remove = await within(orderSummary()).findByRole('button', { name: 'Remove code BLACKFRIDAY20' });
    fireEvent.click(remove);
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(payButton().textContent).toBe('Pay ₦22,500.00');
    expect(itemOf('Lagos Drop Tee').textContent).not.toContain('with BLACKFRIDAY20');
    expect(breakdown()).toHaveLength(3);
  });

  it('names a free-delivery code beside each method and in the breakdown', async () => {
    api.answer('POST /api/checkout/discount', () => ({ body: { pricing: FREESHIP } }));
    renderCheckout();
    await openAndType('FREESHIP');
    fireEvent.click(within(orderSummary()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦20,000.00'));
    expect(breakdown()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Delivery (Standard Shipping)', 'Was ₦2,500.00 Free with FREESHIP'],
      ['Total', '₦20,000.00'],
    ]);
    expect(screen.getByRole('radio', { name: /Express Shipping/ }).closest('label')!.textContent).toContain(
      'Free with FREESHIP',
    );
  });

  it('an order refused for its code shows why at the field, priced again without it', async () => {
    api.answer('POST /api/checkout/discount', () => ({ body: { pricing: BLACKFRIDAY } }));
    api.answer('POST /api/orders', () => refused('BLACKFRIDAY20 has been used up.'));
    renderCheckout();
    await openAndType('BLACKFRIDAY20');
    fireEvent.click(within(orderSummary()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦20,500.00'));

    pickState();
    fireEvent.click(payButton());
    const alert = await within(orderSummary()).findByRole('alert');
    expect(alert.textContent).toBe('BLACKFRIDAY20 has been used up.');
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect((codeField() as HTMLInputElement).value).toBe('BLACKFRIDAY20');
    expect(payButton().textContent).toBe('Pay ₦22,500.00');
    expect(api.requests.at(-1)).toMatchObject({
      url: '/api/orders',
      body: { discountCode: 'BLACKFRIDAY20' },
    });
    expect(screen.queryByRole('heading', { name: 'Payment page' })).toBeNull();
  });
});

/** The delivery methods offered, as radios in their group. */
const methodsGroup = () => screen.getByRole('group', { name: 'Shipping Method' });
const methodNames = () =>
  within(methodsGroup())
    .queryAllByRole('radio')
    .map((radio) => radio.closest('label')!.querySelector('.font-semibold')!.textContent);
const checkedMethod = () =>
  within(methodsGroup())
    .queryAllByRole('radio')
    .find((radio) => (radio as HTMLInputElement).checked)
    ?.closest('label')
    ?.querySelector('.font-semibold')?.textContent;
const paymentGroup = () => screen.getByRole('group', { name: 'How would you like to pay?' });
const payOnDeliveryRadio = () =>
  within(paymentGroup()).queryByRole('radio', { name: /Pay on delivery — cash or transfer at the door/ });
const liveRegion = () => methodsGroup().parentElement!.querySelector('[aria-live="polite"]')!;

/** A ₦30,000 hoodie: above Lagos's free-delivery threshold (₦25,000). */
const HOODIE = line({ id: 'line-hoodie', name: 'Eko Hoodie', priceKobo: 3_000_000, quantity: 1 });
/** A ₦120,000 jacket: above Lagos's pay-on-delivery maximum (₦100,000). */
const JACKET = line({ id: 'line-jacket', name: 'Agbada Jacket', priceKobo: 12_000_000, quantity: 1 });
const POD_ON = { offered: true, refusal: null };

describe('the checkout by delivery zone', () => {
  it("offers the methods of the state's zone, and the fee and total change with the state", async () => {
    api.answer('POST /api/orders', () => ({ status: 201, body: { orderId: 'order-kano' } }));
    renderCheckout(checkoutOf({ state: 'Kano' }));
    expect(methodNames()).toEqual(['Standard Shipping']);
    expect(checkedMethod()).toBe('Standard Shipping');
    expect(within(methodsGroup()).getByRole('radio').closest('label')!.textContent).toContain('₦4,500.00');
    expect(breakdown()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Delivery (Standard Shipping)', '₦4,500.00'],
      ['Total', '₦24,500.00'],
    ]);
    expect(payButton().textContent).toBe('Pay ₦24,500.00');

    pickState('Lagos');
    await waitFor(() =>
      expect(methodNames()).toEqual(['Standard Shipping', 'Express Shipping', 'Pick up in store — Free']),
    );
    expect(checkedMethod()).toBe('Standard Shipping');
    expect(breakdown()).toEqual([
      ['Subtotal', '₦20,000.00'],
      ['Delivery (Standard Shipping)', '₦2,500.00'],
      ['Total', '₦22,500.00'],
    ]);
    expect(payButton().textContent).toBe('Pay ₦22,500.00');
    await waitFor(() =>
      expect(liveRegion().textContent).toBe(
        'Delivery to Lagos: Standard Shipping, ₦2,500.00. Total ₦22,500.00.',
      ),
    );

    // Express is Lagos's only: in Ogun, its Standard is chosen instead.
    fireEvent.click(screen.getByRole('radio', { name: /Express Shipping/ }));
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦25,000.00'));
    pickState('Ogun');
    await waitFor(() => expect(checkedMethod()).toBe('Standard Shipping'));
    expect(methodNames()).toEqual(['Standard Shipping']);
    expect(breakdown()[1]).toEqual(['Delivery (Standard Shipping)', '₦3,500.00']);
    expect(payButton().textContent).toBe('Pay ₦23,500.00');

    pickState('Kano');
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦24,500.00'));
    fireEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({
      url: '/api/orders',
      body: { state: 'Kano', shippingMethodCode: 'standard', paymentMethod: 'paystack' },
    });
  });

  it('delivers a ₦30,000 cart free in Lagos, and charges Kano its fee', async () => {
    renderCheckout(checkoutOf({ lines: [HOODIE] }));
    expect(breakdown()).toEqual([
      ['Subtotal', '₦30,000.00'],
      ['Delivery (Standard Shipping)', 'Free'],
      ['Total', '₦30,000.00'],
    ]);
    expect(screen.getByRole('radio', { name: /Standard Shipping/ }).closest('label')!.textContent).toContain(
      'Free',
    );
    expect(screen.getByRole('radio', { name: /Express Shipping/ }).closest('label')!.textContent).toContain(
      '₦5,000.00',
    );
    pickState('Kano');
    await waitFor(() => expect(payButton().textContent).toBe('Pay ₦34,500.00'));
    expect(breakdown()[1]).toEqual(['Delivery (Standard Shipping)', '₦4,500.00']);
  });

  it('says a state in no zone is not delivered to, by its field, and refuses the order', async () => {
    renderCheckout();
    pickState('Borno');
    const state = screen.getByLabelText('State');
    await waitFor(() => expect(state.getAttribute('aria-invalid')).toBe('true'));
    const described = () =>
      (state.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    expect(described()).toContain("We don't deliver to Borno yet.");
    expect(methodNames()).toEqual([]);
    expect(breakdown()[1]).toEqual(['Delivery', 'Choose a delivery method']);
    await waitFor(() => expect(liveRegion().textContent).toBe("We don't deliver to Borno yet."));

    fireEvent.click(payButton());
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(described()).toContain("We don't deliver to Borno yet.");
    expect(api.requests).toEqual([]);

    pickState('Lagos');
    await waitFor(() => expect(state.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.queryByText("We don't deliver to Borno yet.")).toBeNull();
  });

  it('offers pickup in store with its address and hours, free, and the summary names it', async () => {
    api.answer('POST /api/orders', () => ({ status: 201, body: { orderId: 'order-pickup' } }));
    renderCheckout();
    const pickup = screen.getByRole('radio', { name: /Pick up in store — Free/ });
    const option = pickup.closest('label')!.textContent;
    expect(option).toContain('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(option).toContain('Mon–Sat, 10am–6pm');
    fireEvent.click(pickup);
    await waitFor(() =>
      expect(breakdown()).toEqual([
        ['Subtotal', '₦20,000.00'],
        ['Delivery (Pick up in store)', 'Free'],
        ['Total', '₦20,000.00'],
      ]),
    );
    // Contact details are still asked for.
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('08031234567');
    fireEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({
      body: { shippingMethodCode: 'pickup', state: 'Lagos', phone: '08031234567' },
    });
  });
});

describe('pay on delivery at checkout', () => {
  it("names the ways to pay now that the shop's Paystack window offers", () => {
    renderCheckout({ ...checkoutOf(), paymentChannels: ['bank_transfer', 'ussd'] });
    expect(
      within(paymentGroup()).getByRole('radio', { name: 'Pay now — bank transfer or USSD' }),
    ).toBeTruthy();
    expect(
      within(orderSummary()).getByText('You will pay securely by bank transfer or USSD on the next step.'),
    ).toBeTruthy();
  });

  it('is offered in a zone that allows it, places the order and goes to its confirmation', async () => {
    api.answer('POST /api/orders', () => ({ status: 201, body: { orderId: 'order-pod' } }));
    renderCheckout(checkoutOf({ payOnDelivery: POD_ON }));
    const now = within(paymentGroup()).getByRole('radio', { name: /Pay now — card, bank transfer or USSD/ });
    expect((now as HTMLInputElement).checked).toBe(true);
    const onDelivery = payOnDeliveryRadio()!;
    expect((onDelivery as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(onDelivery);
    const place = await within(orderSummary()).findByRole('button', { name: 'Place Order' });
    expect(within(orderSummary()).getByText(/You pay ₦22,500\.00 in cash or by transfer/)).toBeTruthy();

    fireEvent.click(place);
    expect(await screen.findByRole('heading', { name: 'Order confirmation page' })).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({
      url: '/api/orders',
      body: { paymentMethod: 'pay_on_delivery', state: 'Lagos', shippingMethodCode: 'standard' },
    });
  });

  it('is hidden where the zone has no maximum or the shop has it off, and back to paying now', async () => {
    renderCheckout(checkoutOf({ payOnDelivery: POD_ON }));
    fireEvent.click(payOnDeliveryRadio()!);
    await within(orderSummary()).findByRole('button', { name: 'Place Order' });
    pickState('Kano');
    await waitFor(() => expect(payOnDeliveryRadio()).toBeNull());
    expect(payButton().textContent).toBe('Pay ₦24,500.00');
    expect((within(paymentGroup()).getByRole('radio', { name: /Pay now/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    cleanup();

    renderCheckout(checkoutOf({ payOnDelivery: { offered: false, refusal: null } }));
    expect(within(paymentGroup()).getAllByRole('radio')).toHaveLength(1);
    expect(payOnDeliveryRadio()).toBeNull();
  });

  it('is disabled, saying why, over the zone maximum or when the account cannot use it', async () => {
    renderCheckout(checkoutOf({ lines: [JACKET], payOnDelivery: POD_ON }));
    let radio = payOnDeliveryRadio()!;
    expect((radio as HTMLInputElement).disabled).toBe(true);
    const reason = document.getElementById(radio.getAttribute('aria-describedby')!)!;
    expect(reason.textContent).toBe('Pay on delivery is for orders up to ₦100,000.00');
    cleanup();

    const refusal = 'You have an order to pay on delivery already: pay it or cancel it first.';
    renderCheckout(checkoutOf({ payOnDelivery: { offered: true, refusal } }));
    radio = payOnDeliveryRadio()!;
    expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(radio.getAttribute('aria-describedby')!)!.textContent).toBe(refusal);
  });

  it("shows the server's refusals by the controls they concern", async () => {
    const message = 'Pay on delivery is for orders up to ₦100,000.00';
    api.answer('POST /api/orders', () => ({
      status: 409,
      body: { error: { code: 'pay_on_delivery_unavailable', message } },
    }));
    renderCheckout(checkoutOf({ payOnDelivery: POD_ON }));
    fireEvent.click(payOnDeliveryRadio()!);
    fireEvent.click(await within(orderSummary()).findByRole('button', { name: 'Place Order' }));
    const group = paymentGroup();
    await waitFor(() => expect(group.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(group.getAttribute('aria-describedby')!)!.textContent).toBe(message);
    expect(screen.queryByRole('heading', { name: 'Order confirmation page' })).toBeNull();

    const methodMessage = 'Express Shipping is not offered in Kano';
    api.answer('POST /api/orders', () => ({
      status: 400,
      body: {
        error: {
          code: 'validation_error',
          message: 'Please check the form',
          fields: { shippingMethodCode: methodMessage },
        },
      },
    }));
    fireEvent.click(within(paymentGroup()).getByRole('radio', { name: /Pay now/ }));
    fireEvent.click(await within(orderSummary()).findByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(within(methodsGroup()).getByText(methodMessage)).toBeTruthy());
  });
});
