// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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
const FEES = { standard: 250_000, express: 500_000 } as const;

/** The server's pricing of the cart, with `discount` taking `off` kobo off the tee (and/or waiving delivery). */
function pricing(
  code: {
    discount: Omit<AppliedDiscount, 'amountKobo' | 'shippingKobo'>;
    teeOff: number;
    freeDelivery?: boolean;
  } | null,
): CheckoutPricing {
  const teeOff = code?.teeOff ?? 0;
  const breakdown = (feeKobo: number): PriceBreakdown => {
    const waived = code?.freeDelivery ? feeKobo : 0;
    return {
      subtotalKobo: SUBTOTAL,
      discountKobo: teeOff,
      shippingKobo: feeKobo - waived,
      totalKobo: SUBTOTAL - teeOff + feeKobo - waived,
      discount: code ? { ...code.discount, amountKobo: teeOff, shippingKobo: waived } : null,
    };
  };
  return {
    discountCode: code?.discount.code ?? null,
    lines: [
      { id: TEE.id, discountKobo: teeOff },
      { id: CAPS.id, discountKobo: 0 },
    ],
    quotes: [
      { shippingMethodCode: 'standard', breakdown: breakdown(FEES.standard) },
      { shippingMethodCode: 'express', breakdown: breakdown(FEES.express) },
    ],
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

const summary: CheckoutSummary = {
  prefill: {
    firstName: 'Ada',
    lastName: 'Obi',
    fullName: 'Ada Obi',
    email: 'ada@example.test',
    phone: '08031234567',
    address: '12 Admiralty Way, Lekki',
    city: 'Lagos',
    state: 'Lagos',
  },
  shippingMethods: [
    {
      code: 'standard',
      name: 'Standard Shipping',
      feeKobo: FEES.standard,
      freeAboveKobo: 2_500_000,
      minDays: 1,
      maxDays: 3,
      costKobo: FEES.standard,
    },
    {
      code: 'express',
      name: 'Express Shipping',
      feeKobo: FEES.express,
      freeAboveKobo: null,
      minDays: 1,
      maxDays: 1,
      costKobo: FEES.express,
    },
  ],
  defaultShippingMethodCode: 'standard',
  cart: { items: [TEE, CAPS], totalItems: 3, subtotalKobo: SUBTOTAL, canCheckout: true, notices: [] },
  pricing: pricing(null),
};

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

function renderCheckout() {
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <CartContext.Provider value={cart}>
        <Routes>
          <Route path="/checkout" element={<CheckoutFormView initial={summary} />} />
          <Route path="/payment/:orderId" element={<h1>Payment page</h1>} />
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
const pickState = () => fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Lagos' } });
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
