// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettingsResponse } from '#shared/schemas/settings';
import { PaymentPanel } from './payment-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved: PaymentSettingsResponse = {
  mode: 'simulator',
  publicKey: null,
  webhookUrl: 'http://localhost:3000/api/payments/webhook',
  channels: ['card', 'bank_transfer', 'ussd'],
  payOnDelivery: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The panel against a server that answers GET with `saved` and PUT with `answer(body)`. */
function renderPanel(answer: (body: unknown) => Response) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return answer(body);
      }
      if (new URL(input, 'http://localhost').pathname === '/api/admin/settings/payment') return json(saved);
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentPanel />
    </QueryClientProvider>,
  );
  return puts;
}

describe('Settings → Payment', () => {
  it('shows the saved channels and pay on delivery, and saves the ones ticked', async () => {
    const puts = renderPanel((body) => json({ ...saved, ...(body as object) }));
    const ways = await screen.findByRole('group', { name: "Ways to pay in Paystack's window" });
    const box = (name: string) => within(ways).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(['Card', 'Bank transfer', 'USSD', 'Bank account'].map((name) => box(name).checked)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const switch_ = screen.getByRole('switch', { name: 'Pay on delivery' }) as HTMLInputElement;
    expect(switch_.checked).toBe(false);
    expect(switch_.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(switch_.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toContain('only in the zones that allow it');
    expect(hint?.textContent).toContain('Settings → Shipping');

    fireEvent.click(box('Card'));
    fireEvent.click(box('Bank account'));
    fireEvent.click(switch_);
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment Settings' }));
    await waitFor(() =>
      expect(puts).toEqual([{ channels: ['bank_transfer', 'ussd', 'bank'], payOnDelivery: true }]),
    );
  });

  it('asks for at least one channel before saving, and shows what the server refuses', async () => {
    const puts = renderPanel(() =>
      json(
        {
          error: {
            code: 'validation_error',
            message: 'Choose at least one way to pay',
            fields: { channels: 'Choose at least one way to pay' },
          },
        },
        400,
      ),
    );
    const ways = await screen.findByRole('group', { name: "Ways to pay in Paystack's window" });
    for (const name of ['Card', 'Bank transfer', 'USSD'])
      fireEvent.click(within(ways).getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one way to pay');
    expect(puts).toEqual([]);

    fireEvent.click(within(ways).getByRole('checkbox', { name: 'USSD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Payment Settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Choose at least one way to pay',
      ),
    );
  });
});
