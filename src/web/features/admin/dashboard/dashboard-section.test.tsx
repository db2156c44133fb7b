// @vitest-environment happy-dom
// The sales chart's canvas, which happy-dom lacks; the chart itself is drawn for real in tests/e2e.
import '../../../test/browser-apis';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '#shared/schemas/dashboard';
import { type Reply, startFakeApi } from '../../../test/fake-api';
import DashboardSection from './dashboard-section';

const api = startFakeApi();

const dashboard: Dashboard = {
  asOf: '2026-11-23T12:00:00.000Z',
  periods: {
    currentStart: '2026-10-31T23:00:00.000Z',
    previousStart: '2026-09-30T23:00:00.000Z',
    previousEnd: '2026-10-23T12:00:00.000Z',
  },
  sales: {
    totalKobo: 5_000_000,
    paidOrders: 3,
    month: { current: 1_250_000, previous: 2_500_000, changePercent: -50 },
    refundDueKobo: 0,
  },
  discounts: {
    revenueKobo: 1_250_000,
    beforeDiscountsKobo: 1_500_000,
    discountsGivenKobo: 250_000,
    discountedOrders: 1,
  },
  customers: { total: 3, month: { current: 2, previous: 0, changePercent: null } },
  inventory: {
    products: 4,
    lowStock: 0,
    threshold: 5,
    unitsSold: { current: 3, previous: 2, changePercent: 50 },
  },
  recentOrders: [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      shortId: 'a1b2c3d4',
      email: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'pending',
      paymentStatus: 'pending',
      totalKobo: 1_250_000,
    },
  ],
  products: { items: [], total: 0 },
  lowStock: [],
  salesByDay: [],
};

function renderWith(reply: Reply<'GET /api/admin/dashboard'>) {
  api.answer('GET /api/admin/dashboard', () => reply);
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DashboardSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the admin Dashboard section', () => {
  afterEach(() => {
    cleanup();
  });

  it("shows the server's changes against last month, never a fixed figure", async () => {
    renderWith({ body: dashboard });
    const summary = await screen.findByRole('list', { name: 'Summary' });
    const [sales, customers, inventory] = within(summary).getAllByRole('listitem');
    expect(sales!.textContent).toContain('₦50,000.00');
    expect(sales!.textContent).toContain('₦12,500.00 this month · ▼ down 50% vs the same days last month');
    expect(customers!.textContent).toContain('2 new this month · none in the same days last month');
    expect(inventory!.textContent).toContain(
      '3 units sold this month · ▲ up 50% vs the same days last month',
    );
    expect(inventory!.textContent).toContain('None at or below 5 in stock');
    expect(screen.getByText('All products are well stocked')).toBeTruthy();
    expect(screen.getByText(/^Guest ·/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('+12%');
  });

  it('shows the money waiting to go back apart from Total Sales, linking to Payments', async () => {
    renderWith({ body: { ...dashboard, sales: { ...dashboard.sales, refundDueKobo: 1_250_000 } } });
    const summary = await screen.findByRole('list', { name: 'Summary' });
    const [sales] = within(summary).getAllByRole('listitem');
    // The total stays the server's sales: the refund due is not taken from it nor added to it.
    expect(within(sales!).getByText('₦50,000.00')).toBeTruthy();
    const due = within(sales!).getByRole('link', { name: '₦12,500.00 to refund' });
    expect(due.getAttribute('href')).toBe('/admin/dashboard?tab=payments');
  });

  it("shows this month's revenue with and without discounts, as the server counted them", async () => {
    renderWith({ body: dashboard });
    const region = await screen.findByRole('region', { name: 'Discounts this month' });
    const figure = (term: string) =>
      within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Revenue')).toBe('₦12,500.00');
    expect(figure('Before discounts')).toBe('₦15,000.00');
    expect(figure('Discounts given')).toBe('₦2,500.00');
    expect(region.textContent).toContain('On 1 order');
    expect(within(region).getByRole('link', { name: 'Manage discounts' }).getAttribute('href')).toBe(
      '/admin/dashboard?tab=discounts',
    );
  });

  it('says nothing of refunds when no money is due back', async () => {
    renderWith({ body: dashboard });
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(summary.textContent).not.toContain('to refund');
  });

  it('says so when the figures cannot be loaded', async () => {
    renderWith({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    expect(await screen.findByText('Failed to load the dashboard. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
