// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminProfile } from '#shared/schemas/admin';
import type { AdminCustomerDetail, AdminCustomerListResponse } from '#shared/schemas/customers';
import { startFakeApi } from '../../../test/fake-api';
import { adminKeys } from '../query-keys';
import CustomersSection from './customers-section';

const api = startFakeApi();

const ngozi: AdminCustomerDetail = {
  id: '7d6c1f7e-2f7e-4a51-9c53-5d1b2b8a0c11',
  name: 'Ngozi Okafor',
  email: 'ngozi@example.test',
  role: 'customer',
  emailVerified: true,
  joinedAt: '2026-11-02T10:00:00.000Z',
  orderCount: 1,
  totalSpentKobo: 1_250_000,
  firstName: 'Ngozi',
  lastName: 'Okafor',
  displayName: null,
  phone: null,
  addresses: [],
  orders: [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      shortId: 'a1b2c3d4',
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'processing',
      paymentStatus: 'paid',
      totalKobo: 1_250_000,
      itemCount: 1,
    },
  ],
  messages: [],
};

function renderSection(role: AdminProfile['user']['role'] = 'super_admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(adminKeys.profile(), {
    user: { id: 'admin-1', email: 'owner@example.test', role, displayName: null },
    isAdmin: true,
  } satisfies AdminProfile);
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <CustomersSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The list of Ngozi and her details, as the server answers them. */
function answerNgozi() {
  api.answer('GET /api/admin/customers', () => ({ body: page([ngozi]) }));
  api.answer('GET /api/admin/customers/:id', ({ params }) =>
    params.id === ngozi.id
      ? { body: { customer: ngozi } }
      : { status: 404, body: { error: { code: 'not_found', message: 'Customer not found' } } },
  );
}

const page = (customers: AdminCustomerListResponse['customers']): AdminCustomerListResponse => ({
  customers,
  page: 1,
  pageSize: 20,
  total: customers.length,
});

describe('the admin Customers section', () => {
  afterEach(cleanup);

  it("says the spec's words when the customers cannot be loaded", async () => {
    api.answer('GET /api/admin/customers', () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'Something went wrong.' } },
    }));
    renderSection();
    expect(await screen.findByText('Error loading customers. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells an empty shop from a search that matches nobody', async () => {
    api.answer('GET /api/admin/customers', () => ({ body: page([]) }));
    renderSection();
    expect(await screen.findByText('No customers found')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: 'zz' },
    });
    // The words follow the search as typed; the list's request for it may leave a moment later.
    expect(await screen.findByText('No customers match your search')).toBeTruthy();
    await waitFor(() =>
      expect(
        api.requests.map((asked) => new URL(asked.url, 'http://shop.test').searchParams.get('search')),
      ).toContain('zz'),
    );
  });

  it('lets a super admin grant admin access after confirming, and sends it to the server', async () => {
    answerNgozi();
    api.answer('POST /api/admin/customers/:id/role', () => ({
      body: { customer: { ...ngozi, role: 'admin' } },
    }));
    renderSection();
    const details = await screen.findAllByRole('button', {
      name: `View details of Ngozi Okafor (${ngozi.email})`,
    });
    fireEvent.click(details[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ngozi Okafor' });
    const orderLink = await within(dialog).findByRole('link', { name: /^Order a1b2c3d4/ });
    expect(orderLink.getAttribute('href')).toBe(`/admin/dashboard?tab=orders&order=${ngozi.orders[0]!.id}`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant admin access' }));
    const confirm = await screen.findByRole('dialog', { name: 'Grant admin access?' });
    expect(api.requests.some((asked) => asked.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Grant admin access' }));
    await waitFor(() =>
      expect(api.requests.find((asked) => asked.method === 'POST')).toEqual({
        method: 'POST',
        url: `/api/admin/customers/${ngozi.id}/role`,
        body: { role: 'admin' },
      }),
    );
  });

  it('offers no role change to an admin who is not a super admin', async () => {
    answerNgozi();
    renderSection('admin');
    const details = await screen.findAllByRole('button', {
      name: `View details of Ngozi Okafor (${ngozi.email})`,
    });
    fireEvent.click(details[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ngozi Okafor' });
    expect(
      await within(dialog).findByText('Only a super admin can grant or revoke admin access.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Grant admin access' })).toBeNull();
  });
});
