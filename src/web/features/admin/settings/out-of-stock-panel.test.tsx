// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutOfStockPanel } from './out-of-stock-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The hint of a field: the text its aria-describedby points at. */
const hintOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Out of Stock Settings', () => {
  it("says the threshold is the dashboard's line for a product's total, and alerts are per size or colour", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              settings: {
                enabled: true,
                threshold: 5,
                notify_admin: true,
                auto_hide_product: false,
                show_customer_notification: true,
                notification_text: 'This item is currently out of stock.',
              },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutOfStockPanel />
      </QueryClientProvider>,
    );
    // dashboard.ts compares each product's stock (the sum of its variants') with the threshold;
    // inventory/low-stock.ts emails when one variant falls to it (product-decisions.md).
    expect(hintOf(await screen.findByLabelText('Low-stock threshold'))).toContain(
      'The dashboard counts a product as low on stock when its sizes and colours together have this many units or fewer.',
    );
    expect(
      hintOf(screen.getByLabelText('Email the admins when a size or colour falls to the threshold')),
    ).toContain('One email when a single size or colour has this many units or fewer left.');
  });
});
