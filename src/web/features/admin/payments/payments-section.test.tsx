// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRefundListResponse, ReconciliationRun } from '#shared/schemas/money';
import { fromShopLocalInput } from '#shared/shop-time-input';
import PaymentsSection from './payments-section';

const ORDER_A = 'a1b2c3d4-0000-4000-8000-000000000001';
const ORDER_B = 'b2c3d4e5-0000-4000-8000-000000000002';

const dueList: AdminRefundListResponse = {
  items: [
    {
      orderId: ORDER_A,
      shortId: 'a1b2c3d4',
      customerEmail: 'ada@example.test',
      orderStatus: 'cancelled',
      money: {
        receivedKobo: 1_250_000,
        appliedKobo: 1_250_000,
        refundedKobo: 250_000,
        refundPendingKobo: 1_000_000,
        keptKobo: 1_000_000,
        salesKobo: 0,
        refundDueKobo: 1_000_000,
      },
      refunds: [
        {
          id: 'r2',
          amountKobo: 1_000_000,
          kind: 'order_cancelled',
          status: 'pending',
          reason: 'The order was cancelled.',
          createdAt: '2026-11-21T10:00:00.000Z',
          automatic: true,
        },
        {
          id: 'r1',
          amountKobo: 250_000,
          kind: 'admin',
          status: 'processed',
          reason: 'Damaged sleeve',
          createdAt: '2026-11-20T10:00:00.000Z',
          automatic: false,
        },
      ],
      lastActivityAt: '2026-11-21T10:00:00.000Z',
    },
    {
      orderId: ORDER_B,
      shortId: 'b2c3d4e5',
      customerEmail: null,
      orderStatus: 'cancelled',
      money: {
        receivedKobo: 800_000,
        appliedKobo: 800_000,
        refundedKobo: 0,
        refundPendingKobo: 0,
        keptKobo: 800_000,
        salesKobo: 0,
        refundDueKobo: 800_000,
      },
      refunds: [],
      lastActivityAt: '2026-11-19T10:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 20,
  total: 2,
  refundDueKobo: 1_800_000,
};

const emptyList: AdminRefundListResponse = {
  items: [],
  page: 1,
  pageSize: 20,
  total: 0,
  refundDueKobo: 1_800_000,
};

function run(overrides: Partial<ReconciliationRun>): ReconciliationRun {
  return {
    id: 'run-1',
    periodStart: '2026-11-13T23:00:00.000Z',
    periodEnd: '2026-11-20T23:00:00.000Z',
    status: 'done',
    requestedBy: 'boss@example.test',
    summary: {
      providerCharges: 3,
      providerChargedKobo: 3_750_000,
      charges: 2,
      chargedKobo: 2_500_000,
      offlinePayments: 1,
      offlineKobo: 800_000,
      refunds: 1,
      refundedKobo: 250_000,
      netKobo: 3_050_000,
      verified: 2,
    },
    items: [
      {
        kind: 'recovered',
        reference: `${ORDER_A}-3`,
        orderId: ORDER_A,
        amountKobo: 1_250_000,
        currency: 'NGN',
        action: 'Applied to its order, which is now paid.',
      },
      {
        kind: 'unmatched',
        reference: 'PAYLINK-77',
        orderId: null,
        amountKobo: 500_000,
        currency: 'NGN',
        action: 'Kept in the book as unmatched: it names no order of this shop.',
      },
    ],
    error: null,
    createdAt: '2026-11-20T23:00:05.000Z',
    finishedAt: '2026-11-20T23:00:09.000Z',
    ...overrides,
  };
}

const failedRun = run({
  id: 'run-0',
  status: 'failed',
  requestedBy: 'Daily run (automatic)',
  summary: null,
  items: [],
  error: 'Paystack could not be reached.',
  createdAt: '2026-11-19T23:00:05.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; path: string; search: string; body: unknown };

/** The admin API the section reads; `runs` is what the server holds, changed by the test as it goes. */
function renderSection(state: { runs: ReconciliationRun[]; started?: ReconciliationRun }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        search: url.search,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname === '/api/admin/payments/refunds')
        return json(url.searchParams.get('filter') === 'due' ? dueList : emptyList);
      if (url.pathname === '/api/admin/payments/reconciliations') {
        if (method === 'POST') {
          state.runs = [state.started!, ...state.runs];
          return json({ run: state.started }, 202);
        }
        return json({ runs: state.runs });
      }
      const id = url.pathname.split('/').pop();
      const found = state.runs.find((item) => item.id === id);
      return found ? json({ run: found }) : json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PaymentsSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Payments section', () => {
  it('lists the orders the shop owes money to, with what the shop owes in all', async () => {
    const calls = renderSection({ runs: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Orders with money going back' });
    expect(screen.getByText(/The shop owes shoppers/).textContent).toBe(
      'The shop owes shoppers ₦18,000.00 now.',
    );
    // The orders are the list's own items (each holds a list of its refunds).
    const [first, second] = Array.from(list.children) as HTMLElement[];
    expect(list.children).toHaveLength(2);
    expect(within(first!).getByRole('link', { name: 'Order a1b2c3d4' }).getAttribute('href')).toBe(
      `/admin/dashboard?tab=orders&order=${ORDER_A}`,
    );
    expect(first!.textContent).toContain('ada@example.test');
    expect(first!.textContent).toContain('Order status: Cancelled');
    const figure = (item: HTMLElement, label: string) =>
      within(item).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure(first!, 'Paid')).toBe('₦12,500.00');
    expect(figure(first!, 'Refunded')).toBe('₦2,500.00');
    expect(figure(first!, 'Due back')).toBe('₦10,000.00');
    const refunds = within(
      within(first!).getByRole('list', { name: 'Refunds of order a1b2c3d4' }),
    ).getAllByRole('listitem');
    expect(refunds[0]!.textContent).toContain('₦10,000.00Being refundedAutomatic: Order cancelled');
    expect(refunds[0]!.textContent).toContain('The order was cancelled.');
    expect(refunds[1]!.textContent).toContain('₦2,500.00RefundedBy an admin');
    expect(refunds[1]!.textContent).toContain('Damaged sleeve');
    expect(second!.textContent).toContain('Guest');
    expect(second!.textContent).toContain('No refund asked of Paystack yet.');
    expect(calls.find((call) => call.path === '/api/admin/payments/refunds')?.search).toBe(
      '?filter=due&page=1&pageSize=20',
    );

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'automatic' } });
    expect(await screen.findByText('The shop has not refunded any payment by itself.')).toBeTruthy();
    expect(calls.some((call) => call.search === '?filter=automatic&page=1&pageSize=20')).toBe(true);
  });

  it("shows the newest reconciliation run's figures beside Paystack's, and every item", async () => {
    renderSection({ runs: [run({}), failedRun] });
    const runs = await screen.findByRole('list', { name: 'Reconciliation runs' });
    const [newest, older] = within(runs).getAllByRole('button');
    expect(newest!.getAttribute('aria-pressed')).toBe('true');
    expect(newest!.textContent).toContain('boss@example.test');
    expect(newest!.textContent).toContain('Done');
    expect(older!.textContent).toContain('Daily run');
    expect(older!.textContent).toContain('Failed');

    const paystack = await screen.findByLabelText('Paystack');
    expect(paystack.textContent).toBe('Successful charges (3)₦37,500.00');
    const book = screen.getByLabelText('The book');
    expect(book.textContent).toContain('Charges (2)₦25,000.00');
    expect(book.textContent).toContain('Offline payments (1)₦8,000.00');
    expect(book.textContent).toContain('Refunds (1)₦2,500.00');
    expect(book.textContent).toContain('Net₦30,500.00');
    expect(screen.getByText(/pending payments were verified/).textContent).toContain(
      "Paystack's charges and the book's differ by ₦12,500.00. 2 pending payments were verified with Paystack.",
    );
    const items = within(screen.getByRole('list', { name: 'What was found' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Recovered₦12,500.00');
    expect(items[0]!.textContent).toContain(`${ORDER_A}-3`);
    expect(within(items[0]!).getByRole('link', { name: 'Order a1b2c3d4' }).getAttribute('href')).toBe(
      `/admin/dashboard?tab=orders&order=${ORDER_A}`,
    );
    expect(items[0]!.textContent).toContain('Applied to its order, which is now paid.');
    expect(items[1]!.textContent).toContain('Unmatched₦5,000.00');
    expect(items[1]!.textContent).toContain('No order of this shop');

    // A failed run says why.
    fireEvent.click(older!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The reconciliation failed');
    expect(alert.textContent).toContain('Paystack could not be reached.');
  });

  it('starts a run for the period typed in Lagos time and follows it until it is done', async () => {
    const state = {
      runs: [] as ReconciliationRun[],
      started: run({ id: 'run-2', status: 'running', summary: null, items: [], finishedAt: null }),
    };
    const calls = renderSection(state);
    const form = screen.getByRole('form', { name: 'Reconcile a period' });
    const from = within(form).getByLabelText('From (Lagos time)') as HTMLInputElement;
    const to = within(form).getByLabelText('To (Lagos time)') as HTMLInputElement;
    // The last 7 days by default.
    const span = Date.parse(fromShopLocalInput(to.value)!) - Date.parse(fromShopLocalInput(from.value)!);
    expect(Math.round(span / 86_400_000)).toBe(7);

    // A period that ends before it starts is refused before anything is sent.
    fireEvent.change(from, { target: { value: '2026-11-08T00:00' } });
    fireEvent.change(to, { target: { value: '2026-11-01T00:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reconcile' }));
    expect(await within(form).findByText('The period must end after it starts')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(from, { target: { value: '2026-11-01T00:00' } });
    fireEvent.change(to, { target: { value: '2026-11-08T00:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reconcile' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/admin/payments/reconciliations',
          search: '',
          // Midnight in Lagos is 23:00 the day before in UTC.
          body: { from: '2026-10-31T23:00:00.000Z', to: '2026-11-07T23:00:00.000Z' },
        },
      ]),
    );
    expect(await screen.findByText('Checking with Paystack... this takes a few seconds.')).toBeTruthy();

    // The background job finishes; the running run is read again every 2 s until then.
    state.runs = [run({ id: 'run-2' })];
    expect(await screen.findByLabelText('Paystack', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('Checking with Paystack... this takes a few seconds.')).toBeNull();
    expect(
      calls.filter((call) => call.path === '/api/admin/payments/reconciliations/run-2').length,
    ).toBeGreaterThanOrEqual(1);
  }, 10_000);
});
