// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShippingZonesResponse } from '#shared/schemas/catalog';
import ShippingPolicy from '../../routes/shipping-policy';
import { startFakeApi } from '../../test/fake-api';
import { ShippingOverlay } from './product-overlays';

const api = startFakeApi();
afterEach(cleanup);

const ZONES: ShippingZonesResponse = {
  pickup: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
  zones: [
    {
      id: 'zone-lagos',
      name: 'Lagos',
      states: ['Lagos'],
      payOnDeliveryMaxKobo: 10_000_000,
      methods: [
        {
          id: 'lagos-standard',
          code: 'standard',
          kind: 'delivery',
          name: 'Standard Shipping',
          feeKobo: 250_000,
          freeAboveKobo: 2_500_000,
          minDays: 1,
          maxDays: 3,
        },
        {
          id: 'lagos-express',
          code: 'express',
          kind: 'delivery',
          name: 'Express Shipping',
          feeKobo: 500_000,
          freeAboveKobo: null,
          minDays: 1,
          maxDays: 1,
        },
        {
          id: 'lagos-pickup',
          code: 'pickup',
          kind: 'pickup',
          name: 'Pick up in store',
          feeKobo: 0,
          freeAboveKobo: null,
          minDays: 0,
          maxDays: 1,
        },
      ],
    },
    {
      id: 'zone-south-west',
      name: 'South-West',
      states: ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'],
      payOnDeliveryMaxKobo: null,
      methods: [
        {
          id: 'sw-standard',
          code: 'standard',
          kind: 'delivery',
          name: 'Standard Shipping',
          feeKobo: 350_000,
          freeAboveKobo: null,
          minDays: 2,
          maxDays: 4,
        },
      ],
    },
  ],
};

const rowsOf = (zone: HTMLElement) =>
  within(zone)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

function expectZones() {
  const lagos = screen.getByRole('region', { name: 'Lagos' });
  expect(lagos.textContent).toContain('State: Lagos');
  expect(rowsOf(lagos)).toEqual([
    ['Standard Shipping', '1-3 business days', '₦2,500.00, free on orders above ₦25,000.00'],
    ['Express Shipping', '1 business day', '₦5,000.00'],
    ['Pick up in store', 'Ready within 1 business day', 'Free'],
  ]);
  expect(lagos.textContent).toContain(
    'Pick up at 12 Admiralty Way, Lekki Phase 1, Lagos. Opening hours: Mon–Sat, 10am–6pm.',
  );
  expect(lagos.textContent).toContain('Pay on delivery for orders up to ₦100,000.00.');
  const southWest = screen.getByRole('region', { name: 'South-West' });
  expect(southWest.textContent).toContain('States: Ogun, Oyo, Osun, Ondo and Ekiti');
  expect(rowsOf(southWest)).toEqual([['Standard Shipping', '2-4 business days', '₦3,500.00']]);
  expect(southWest.textContent).not.toContain('Pick up at');
  expect(southWest.textContent).not.toContain('Pay on delivery');
}

describe('the shipping policy', () => {
  it('lists each zone with its states and methods, and keeps the rest of the policy', () => {
    render(
      <MemoryRouter>
        <ShippingPolicy data={{ zones: ZONES }} params={{}} />
      </MemoryRouter>,
    );
    expectZones();
    expect(screen.getByRole('heading', { name: 'Processing time' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'International shipping' })).toBeTruthy();
  });

  it('says when the zones could not be read, and reads them again', async () => {
    api.answer('GET /api/shipping-zones', () => ({ body: ZONES }));
    render(
      <MemoryRouter>
        <ShippingPolicy data={{ zones: null }} params={{}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load the delivery zones');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Lagos' });
    expectZones();
  });

  it('says so when there is no zone', () => {
    render(
      <MemoryRouter>
        <ShippingPolicy data={{ zones: { ...ZONES, zones: [] } }} params={{}} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/We are not taking delivery orders at the moment/)).toBeTruthy();
  });
});

describe("the product page's shipping overlay", () => {
  it('reads the zones when it opens, and after a failure when asked again', async () => {
    let asks = 0;
    api.answer('GET /api/shipping-zones', () => {
      asks += 1;
      return asks === 1
        ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
        : { body: ZONES };
    });
    render(
      <MemoryRouter>
        <ShippingOverlay onClose={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading delivery zones...');
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Lagos' });
    expectZones();
  });
});
