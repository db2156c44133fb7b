// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/schemas/accounts';
import type { AdminProfile } from '#shared/schemas/admin';
import { SessionProvider, type SessionUser } from '../../lib/session';
import { startFakeApi } from '../../test/fake-api';
import { getAdminQueryClient } from './admin-query-client';
import { AdminShell } from './admin-shell';
import { adminKeys } from './query-keys';

const api = startFakeApi();

const admin: SessionUser = {
  id: 'u1',
  email: 'ngozi@example.test',
  firstName: 'Ngozi',
  lastName: 'Okafor',
  displayName: null,
  phone: null,
  role: 'super_admin',
  isAdmin: true,
  idleTimeoutMinutes: 15,
};
const profile: AdminProfile = {
  user: { id: 'u1', email: 'ngozi@example.test', role: 'super_admin', displayName: 'Ngozi O.' },
  isAdmin: true,
};

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderShell(tab: 'orders' | 'settings' = 'orders') {
  const client = new QueryClient();
  client.setQueryData(adminKeys.profile(), profile);
  render(
    <MemoryRouter initialEntries={[`/admin/dashboard?tab=${tab}`]}>
      <SessionProvider initialUser={admin}>
        <QueryClientProvider client={client}>
          <AdminShell tab={tab}>
            <h1>Section</h1>
          </AdminShell>
          <Where />
        </QueryClientProvider>
      </SessionProvider>
    </MemoryRouter>,
  );
  return client;
}

const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

describe('AdminShell', () => {
  afterEach(() => {
    cleanup();
  });

  it('marks the section shown in the sidebar and in the phone strip', () => {
    renderShell('orders');
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    const strip = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Products', 'Orders', 'Payments', 'Discounts', 'Customers', 'Settings']);
    expect(current(sidebar)).toEqual(['Orders']);
    expect(current(strip)).toEqual(['Orders']);
    expect(within(strip).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/admin/dashboard?tab=dashboard',
    );
  });

  it('keeps Settings out of the four-tab strip', () => {
    renderShell('settings');
    const strip = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(strip).getAllByRole('link')).toHaveLength(4);
    expect(current(strip)).toEqual([]);
    expect(current(screen.getByRole('navigation', { name: 'Admin' }))).toEqual(['Settings']);
  });

  it("welcomes the admin by the admin API's profile, with their email", () => {
    renderShell();
    const aside = screen.getByRole('complementary');
    expect(within(aside).getByText('Welcome back, Ngozi O.')).toBeTruthy();
    expect(within(aside).getByText(/ngozi@example\.test/).textContent).toContain('(Super admin)');
  });

  it('signs out to /admin and forgets the admin data', async () => {
    api.answer('POST /api/auth/sign-out', () => ({ body: { message: MESSAGES.signedOut } }));
    const before = getAdminQueryClient(admin.id);
    before.setQueryData(adminKeys.profile(), profile);
    renderShell();
    const aside = screen.getByRole('complementary');
    await act(async () => {
      fireEvent.click(within(aside).getByRole('button', { name: 'Sign Out' }));
    });
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/admin'));
    expect(api.requests).toEqual([{ method: 'POST', url: '/api/auth/sign-out', body: {} }]);
    const after = getAdminQueryClient(admin.id);
    expect(after).not.toBe(before);
    expect(after.getQueryData(adminKeys.profile())).toBeUndefined();
  });
});
