// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderListResponse } from '#shared/schemas/admin-orders';
import OrdersSection from './orders-section';

const none: AdminOrderListResponse = { orders: [], page: 1, pageSize: 20, total: 0 };

function renderSection() {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      urls.push(url);
      return new Response(JSON.stringify(none), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <MemoryRouter initialEntries={['/admin/dashboard?tab=orders']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OrdersSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return urls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Orders section's empty states (spec)", () => {
  it("says 'No orders found' and 'No orders yet' when the shop has none", async () => {
    renderSection();
    const empty = (await screen.findByText('No orders found')).parentElement!;
    expect(empty.getAttribute('role')).toBe('status');
    expect(empty.textContent).toContain('No orders yet');
    expect(empty.textContent).not.toContain('No orders match your search criteria');
  });

  it("says 'No orders match your search criteria' when a search finds nothing", async () => {
    const urls = renderSection();
    fireEvent.change(await screen.findByLabelText('Search orders'), { target: { value: 'zzz-nothing' } });
    expect(
      await screen.findByText('No orders match your search criteria', {}, { timeout: 2_000 }),
    ).toBeTruthy();
    expect(screen.getByText('No orders found')).toBeTruthy();
    expect(screen.queryByText('No orders yet')).toBeNull();
    expect(urls.some((url) => url.searchParams.get('q') === 'zzz-nothing')).toBe(true);
  });
});
