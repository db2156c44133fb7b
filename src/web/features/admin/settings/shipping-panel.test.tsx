// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '#shared/constants';
import type { AdminShippingMethod, AdminShippingZone } from '#shared/schemas/settings';
import { Toasts } from '../../../components/ui/toast';
import { startFakeApi } from '../../../test/fake-api';
import { findToast } from '../../../test/toasts';
import { ShippingPanel } from './shipping-panel';

const api = startFakeApi();
afterEach(cleanup);

const UPDATED = '2026-11-27T09:00:00.000Z';

function method(
  zoneId: string,
  fields: Partial<AdminShippingMethod> & Pick<AdminShippingMethod, 'id' | 'code' | 'name' | 'feeKobo'>,
): AdminShippingMethod {
  return {
    zoneId,
    kind: 'delivery',
    freeAboveKobo: null,
    minDays: 1,
    maxDays: 3,
    isActive: true,
    displayOrder: 1,
    updatedAt: UPDATED,
    ...fields,
  };
}

const LAGOS: AdminShippingZone = {
  id: 'zone-lagos',
  name: 'Lagos',
  states: ['Lagos'],
  payOnDeliveryMaxKobo: 10_000_000,
  displayOrder: 1,
  updatedAt: UPDATED,
  methods: [
    method('zone-lagos', {
      id: 'lagos-standard',
      code: 'standard',
      name: 'Standard Shipping',
      feeKobo: 250_000,
      freeAboveKobo: 2_500_000,
    }),
    method('zone-lagos', {
      id: 'lagos-express',
      code: 'express',
      name: 'Express Shipping',
      feeKobo: 500_000,
      minDays: 1,
      maxDays: 1,
      isActive: false,
    }),
    method('zone-lagos', {
      id: 'lagos-pickup',
      code: 'pickup',
      kind: 'pickup',
      name: 'Pick up in store',
      feeKobo: 0,
      minDays: 0,
      maxDays: 1,
    }),
  ],
};
const SOUTH_WEST: AdminShippingZone = {
  id: 'zone-south-west',
  name: 'South-West',
  states: ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'],
  payOnDeliveryMaxKobo: null,
  displayOrder: 2,
  updatedAt: UPDATED,
  methods: [
    method('zone-south-west', {
      id: 'sw-standard',
      code: 'standard',
      name: 'Standard Shipping',
      feeKobo: 350_000,
      minDays: 2,
      maxDays: 4,
    }),
  ],
};
const UNZONED = NIGERIAN_STATES.filter((state) => ![...LAGOS.states, ...SOUTH_WEST.states].includes(state));

function answerZones(zones: AdminShippingZone[] = [LAGOS, SOUTH_WEST]) {
  const taken = new Set(zones.flatMap((zone) => zone.states));
  api.answer('GET /api/admin/shipping-zones', () => ({
    body: { zones, unzonedStates: NIGERIAN_STATES.filter((state) => !taken.has(state)) },
  }));
  api.answer('GET /api/admin/settings/pickup', () => ({
    body: {
      pickup: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
    },
  }));
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ShippingPanel />
        <Toasts />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const zoneCard = (name: string) => screen.findByRole('region', { name });
const sent = (method: string) => api.requests.filter((asked) => asked.method === method);

describe('Settings → Shipping: delivery zones', () => {
  it('shows each zone with its states, pay on delivery and methods, and the states in none', async () => {
    answerZones();
    renderPanel();
    const lagos = await zoneCard('Lagos');
    expect(lagos.textContent).toContain('States (1): Lagos');
    expect(lagos.textContent).toContain('Pay on delivery: Up to ₦100,000.00');
    const table = within(lagos).getByRole('table', { name: 'Lagos methods' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Standard Shipping', '₦2,500.00', '₦25,000.00', '1-3', 'Status: Active', 'Edit'],
      ['Express Shipping', '₦5,000.00', '—', '1', 'Status: Inactive', 'Edit'],
      ['Pick up in storePick up in store', 'Free', '—', '0-1', 'Status: Active', 'Edit'],
    ]);
    // On a phone: the same methods as cards.
    const cards = within(lagos).getByRole('list', { name: 'Lagos methods' });
    expect(within(cards).getAllByRole('listitem')[0]!.textContent).toContain(
      '₦2,500.00 · free above ₦25,000.00 · 1-3 days',
    );

    const southWest = await zoneCard('South-West');
    expect(southWest.textContent).toContain('States (5): Ogun, Oyo, Osun, Ondo, Ekiti');
    expect(southWest.textContent).toContain('Pay on delivery: Not offered');
    expect(screen.getByText('Not delivered to:').parentElement!.textContent).toBe(
      `Not delivered to: ${UNZONED.join(', ')}`,
    );
  });

  it('adds a zone: checks it as the server would, states in other zones cannot be ticked, and shows the server refusal', async () => {
    answerZones();
    let asks = 0;
    api.answer('POST /api/admin/shipping-zones', ({ body }) => {
      asks += 1;
      if (asks === 1) {
        const message = 'Kano is in Rest of Nigeria already';
        return {
          status: 409,
          body: { error: { code: 'state_in_other_zone', message, fields: { states: message } } },
        };
      }
      const request = body as { name: string; states: string[]; payOnDeliveryMaxKobo: number | null };
      return {
        status: 201,
        body: { zone: { ...SOUTH_WEST, ...request, id: 'zone-north', methods: [], displayOrder: 3 } },
      };
    });
    renderPanel();
    await zoneCard('Lagos');
    fireEvent.click(screen.getByRole('button', { name: 'Add zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add zone' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));
    expect(await within(dialog).findByText('Zone name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one state')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    const lagosBox = within(dialog).getByRole('checkbox', { name: 'Lagos (in Lagos)' }) as HTMLInputElement;
    expect(lagosBox.disabled).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Ogun (in South-West)' }) as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Find a state' }), {
      target: { value: 'ka' },
    });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Kaduna', 'Kano', 'Katsina']);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Kano' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Kaduna' }));
    fireEvent.change(within(dialog).getByLabelText('Zone name'), { target: { value: 'North' } });
    fireEvent.change(within(dialog).getByLabelText('Pay on delivery up to (optional)'), {
      target: { value: '50,000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toEqual({
      method: 'POST',
      url: '/api/admin/shipping-zones',
      body: { name: 'North', states: ['Kaduna', 'Kano'], payOnDeliveryMaxKobo: 5_000_000 },
    });
    // Once in the alert, once by the states.
    await waitFor(() =>
      expect(within(dialog).getAllByText('Kano is in Rest of Nigeria already')).toHaveLength(2),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Kano is in Rest of Nigeria already');

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Kano' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add zone' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(2));
    expect(sent('POST')[1]!.body).toEqual({
      name: 'North',
      states: ['Kaduna'],
      payOnDeliveryMaxKobo: 5_000_000,
    });
    expect((await findToast('North saved')).type).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add zone' })).toBeNull());
  });

  it("edits a zone's name and pay-on-delivery maximum, with the server's field message by its input", async () => {
    answerZones();
    const message = 'There is already a zone called South-West';
    api.answer('PATCH /api/admin/shipping-zones/:id', ({ body }) =>
      (body as { name: string }).name === 'South-West'
        ? { status: 409, body: { error: { code: 'duplicate_zone', message, fields: { name: message } } } }
        : { body: { zone: { ...LAGOS, ...(body as object) } } },
    );
    renderPanel();
    const lagos = await zoneCard('Lagos');
    fireEvent.click(within(lagos).getByRole('button', { name: 'Edit Lagos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lagos' });
    expect(
      (within(dialog).getByLabelText('Pay on delivery up to (optional)') as HTMLInputElement).value,
    ).toBe('100000');
    expect((within(dialog).getByRole('checkbox', { name: 'Lagos' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Zone name'), { target: { value: 'South-West' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save zone' }));
    const name = within(dialog).getByLabelText('Zone name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(message);

    fireEvent.change(name, { target: { value: 'Lagos Island' } });
    fireEvent.change(within(dialog).getByLabelText('Pay on delivery up to (optional)'), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(sent('PATCH')).toHaveLength(2));
    expect(sent('PATCH')[1]).toEqual({
      method: 'PATCH',
      url: '/api/admin/shipping-zones/zone-lagos',
      body: { name: 'Lagos Island', states: ['Lagos'], payOnDeliveryMaxKobo: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Lagos' })).toBeNull());
  });

  it('deletes a zone after asking', async () => {
    answerZones();
    api.answer('DELETE /api/admin/shipping-zones/:id', () => ({ body: { deleted: true } }));
    renderPanel();
    const southWest = await zoneCard('South-West');
    fireEvent.click(within(southWest).getByRole('button', { name: 'Delete South-West' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete South-West?' });
    expect(sent('DELETE')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete zone' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]!.url).toBe('/api/admin/shipping-zones/zone-south-west');
    expect((await findToast('South-West deleted')).type).toBe('success');
  });
});

describe('Settings → Shipping: methods and pickup', () => {
  it('adds a pickup method: no fee asked, none sent', async () => {
    answerZones();
    api.answer('POST /api/admin/shipping-zones/:id/methods', () => ({
      status: 201,
      body: {
        shippingMethod: { ...SOUTH_WEST.methods[0]!, id: 'sw-pickup', kind: 'pickup', name: 'Ibadan pickup' },
      },
    }));
    renderPanel();
    const southWest = await zoneCard('South-West');
    fireEvent.click(within(southWest).getByRole('button', { name: 'Add a method to South-West' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a method to South-West' });
    expect(within(dialog).getByLabelText('Fee')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pick up in store' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Fee')).toBeNull());
    expect(within(dialog).queryByLabelText('Free above (optional)')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Ibadan pickup' } });
    fireEvent.change(within(dialog).getByLabelText('Ready in at least'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Ready in at most'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toEqual({
      method: 'POST',
      url: '/api/admin/shipping-zones/zone-south-west/methods',
      body: {
        kind: 'pickup',
        name: 'Ibadan pickup',
        feeKobo: 0,
        freeAboveKobo: null,
        minDays: 0,
        maxDays: 2,
        isActive: true,
      },
    });
    expect((await findToast('Ibadan pickup saved')).type).toBe('success');
  });

  it("edits a delivery method, with the form's and the server's messages by their inputs", async () => {
    answerZones();
    const message = 'Fee must be ₦1,000,000 or less';
    api.answer('PATCH /api/admin/shipping-methods/:id', () => ({
      status: 400,
      body: {
        error: { code: 'validation_error', message: 'Please check the form', fields: { feeKobo: message } },
      },
    }));
    renderPanel();
    const lagos = await zoneCard('Lagos');
    fireEvent.click(
      within(within(lagos).getByRole('table')).getByRole('button', {
        name: 'Edit Express Shipping in Lagos',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Express Shipping' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Shortest delivery'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save method' }));
    expect(await within(dialog).findByText('Longest delivery must be at least the shortest')).toBeTruthy();
    expect(sent('PATCH')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Shortest delivery'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Fee'), { target: { value: '6,000' } });
    fireEvent.click(within(dialog).getByLabelText('Active'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save method' }));
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]).toEqual({
      method: 'PATCH',
      url: '/api/admin/shipping-methods/lagos-express',
      body: {
        name: 'Express Shipping',
        feeKobo: 600_000,
        freeAboveKobo: null,
        minDays: 1,
        maxDays: 1,
        isActive: true,
      },
    });
    const fee = within(dialog).getByLabelText('Fee');
    await waitFor(() => expect(fee.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(fee.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
      message,
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Please check the form');
  });

  it('saves the pickup location, showing a refused field by its input', async () => {
    answerZones();
    let asks = 0;
    api.answer('PUT /api/admin/settings/pickup', ({ body }) => {
      asks += 1;
      return asks === 1
        ? {
            status: 400,
            body: {
              error: {
                code: 'validation_error',
                message: 'Please check the form',
                fields: { openingHours: 'Opening hours cannot contain control characters' },
              },
            },
          }
        : { body: { pickup: body as { address: string; openingHours: string } } };
    });
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Pickup location' });
    const address = (await within(form).findByLabelText('Pickup address')) as HTMLInputElement;
    expect(address.value).toBe('12 Admiralty Way, Lekki Phase 1, Lagos');
    fireEvent.change(address, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save pickup location' }));
    expect(await within(form).findByText('Pickup address is required')).toBeTruthy();
    expect(sent('PUT')).toEqual([]);

    fireEvent.change(address, { target: { value: '3 Awolowo Road, Ikoyi, Lagos' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save pickup location' }));
    expect(await within(form).findByText('Opening hours cannot contain control characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save pickup location' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(sent('PUT')[1]!.body).toEqual({
      address: '3 Awolowo Road, Ikoyi, Lagos',
      openingHours: 'Mon–Sat, 10am–6pm',
    });
    expect((await findToast('Pickup location saved')).type).toBe('success');
  });
});
