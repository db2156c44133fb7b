// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEmailListResponse, FailedJobListResponse } from '#shared/schemas/emails';
import { EmailsPanel } from './emails-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const emails: AdminEmailListResponse = { emails: [], page: 1, pageSize: 20, total: 0 };
const failed: FailedJobListResponse = {
  jobs: [
    {
      id: '0b7e0f7e-2f7e-4a51-9c53-5d1b2b8a0c11',
      name: 'process-payment-event',
      title: 'Paystack webhook',
      data: { eventId: '7d6c1f7e-2f7e-4a51-9c53-5d1b2b8a0c99' },
      lastError: 'We could not reach the payment provider. Please try again in a moment.',
      attempts: 7,
      createdAt: '2026-11-25T10:00:00.000Z',
      failedAt: '2026-11-25T10:20:00.000Z',
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings → Emails', () => {
  it('lists background work that failed, with its last error and attempts, and retries it', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === '/api/admin/emails') return json(emails);
        if (url.pathname === '/api/admin/jobs/failed') return json(failed);
        return json({ retried: true });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EmailsPanel />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Background work that failed' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item!.textContent).toContain('Paystack webhook');
    expect(item!.textContent).toContain('Event id: 7d6c1f7e-2f7e-4a51-9c53-5d1b2b8a0c99');
    expect(item!.textContent).toContain('7 attempts');
    expect(item!.textContent).toContain(
      'Last error: We could not reach the payment provider. Please try again in a moment.',
    );
    fireEvent.click(within(item!).getByRole('button', { name: 'Retry Paystack webhook' }));
    await waitFor(() => expect(calls).toContain(`POST /api/admin/jobs/${failed.jobs[0]!.id}/retry`));
  });
});
