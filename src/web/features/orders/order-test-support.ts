import type { ShopperMoney } from '#shared/schemas/money';
import type { Order } from '#shared/schemas/orders';

/** An order as GET /api/orders/:id answers it, for the web's tests: one tee of ₦12,500.00, unpaid. */
export function orderFixture(
  overrides: Partial<Omit<Order, 'money'>> & { money?: Partial<ShopperMoney> } = {},
): Order {
  const { money, ...rest } = overrides;
  const id = rest.id ?? '6f1c2a3b-0000-4000-8000-000000000001';
  const address = {
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    phone: '08012345678',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
  };
  return {
    id,
    shortId: id.slice(0, 8),
    status: 'pending',
    paymentStatus: 'pending',
    email: address.email,
    subtotalKobo: 1_000_000,
    discountKobo: 0,
    shippingCostKobo: 250_000,
    totalAmountKobo: 1_250_000,
    discount: null,
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: 'Standard Shipping',
    shippingMethodCode: 'standard',
    shippingZone: 'Lagos',
    fulfilment: 'delivery',
    pickup: null,
    paymentKind: 'paystack',
    paymentMethod: 'Paystack',
    awaitingPayment: false,
    notes: null,
    paidAt: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    itemCount: 1,
    items: [
      {
        id: 'item-1',
        productId: 'p1',
        variantId: 'v1',
        name: 'Lagos Drop Tee',
        gender: 'men',
        size: 'M',
        color: 'Black',
        imageId: null,
        quantity: 1,
        unitPriceKobo: 1_000_000,
        listPriceKobo: null,
        lineTotalKobo: 1_000_000,
        discountKobo: 0,
      },
    ],
    ...rest,
    money: { paidKobo: 0, refundedKobo: 0, refundPendingKobo: 0, refundDueKobo: 0, returned: [], ...money },
  };
}

/**
 * An order that used a code, for the web's tests: two tees on sale at ₦10,000.00 (₦12,500.00
 * before), BLACKFRIDAY20 taking ₦4,000.00 off, Standard delivery ₦2,500.00: ₦18,500.00.
 */
export function discountedOrderFixture(overrides: Parameters<typeof orderFixture>[0] = {}): Order {
  const order = orderFixture({
    subtotalKobo: 2_000_000,
    discountKobo: 400_000,
    shippingCostKobo: 250_000,
    totalAmountKobo: 1_850_000,
    discount: {
      code: 'BLACKFRIDAY20',
      title: '20% off everything',
      type: 'percentage',
      amountKobo: 400_000,
      shippingKobo: 0,
    },
    itemCount: 2,
    ...overrides,
  });
  return {
    ...order,
    items: overrides.items ?? [
      {
        ...order.items[0]!,
        quantity: 2,
        listPriceKobo: 1_250_000,
        lineTotalKobo: 2_000_000,
        discountKobo: 400_000,
      },
    ],
  };
}

/** The breakdown's rows as a person reads them (each term with its value), inside `container`. */
export const breakdownRows = (container: HTMLElement) =>
  [...container.querySelectorAll('dt')].map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent,
  ]);

/**
 * The browser's EventSource at its edge, for pages that follow live topics: install it with
 * `vi.stubGlobal('EventSource', FakeEventSource)` before the first page subscribes (the tab's live
 * client keeps the constructor it found), then play the server with `open()` and `change()`.
 */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  private listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  /** The connection following `topic` now, if any. */
  static following(topic: string): FakeEventSource | undefined {
    return FakeEventSource.all.findLast(
      (source) =>
        source.readyState !== 2 &&
        decodeURIComponent(new URL(source.url, 'http://x').searchParams.get('topics') ?? '')
          .split(',')
          .includes(topic),
    );
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  /** The server answered: open, then its `ready` event (subscribers read again). */
  open() {
    this.readyState = 1;
    this.emit('ready', {});
  }
  /** One change of a row under `topic`. */
  change(topic: string, table: string, id: string, action: string) {
    this.emit('change', { topics: [topic], changes: [{ topic, table, id, action }] });
  }
  private emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}
