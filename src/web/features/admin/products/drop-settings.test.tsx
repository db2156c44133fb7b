// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../components/ui/toast';
import { startFakeApi } from '../../../test/fake-api';
import { findToast } from '../../../test/toasts';
import { adminKeys } from '../query-keys';
import { DropSettings, readDropForm } from './drop-settings';

const PRODUCT = '6d326ef3-310f-4b52-8959-1a7ea17a1b39';
const api = startFakeApi();
const calls = api.requests;

afterEach(() => {
  cleanup();
});

function renderForm(props: { releaseAt: string | null; limitPerCustomer: number | null }) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onSaved = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <DropSettings productId={PRODUCT} {...props} onSaved={onSaved} />
      <Toasts />
    </QueryClientProvider>,
  );
  /** The product read again with other drop settings (a change elsewhere). */
  const reloaded = (next: { releaseAt: string | null; limitPerCustomer: number | null }) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <DropSettings productId={PRODUCT} {...next} onSaved={onSaved} />
        <Toasts />
      </QueryClientProvider>,
    );
  return { invalidate, onSaved, reloaded };
}

const releaseInput = () => screen.getByLabelText('Release time (Lagos time)') as HTMLInputElement;
const limitInput = () => screen.getByLabelText('Limit per customer') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save drop' }));

describe('DropSettings', () => {
  it('shows the current release time on the Lagos clock and the limit', () => {
    renderForm({ releaseAt: '2026-11-24T17:00:00.000Z', limitPerCustomer: 2 });
    expect(screen.getByRole('form', { name: 'Drop' })).toBeTruthy();
    expect(releaseInput().type).toBe('datetime-local');
    expect(releaseInput().value).toBe('2026-11-24T18:00');
    expect(limitInput().value).toBe('2');
  });

  it('has one heading, "Drop", and says what a drop does', () => {
    renderForm({ releaseAt: null, limitPerCustomer: null });
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Drop' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Drop' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('follows the product when it is read again, except a field the admin is changing', () => {
    const { reloaded } = renderForm({ releaseAt: '2026-11-24T17:00:00.000Z', limitPerCustomer: 2 });
    reloaded({ releaseAt: '2026-11-25T09:15:00.000Z', limitPerCustomer: 3 });
    expect(releaseInput().value).toBe('2026-11-25T10:15');
    expect(limitInput().value).toBe('3');

    fireEvent.change(limitInput(), { target: { value: '5' } });
    reloaded({ releaseAt: null, limitPerCustomer: 4 });
    expect(releaseInput().value).toBe('');
    expect(limitInput().value).toBe('5');
  });

  it('saves the time read as Lagos time and the limit, then says so', async () => {
    const { invalidate, onSaved } = renderForm({ releaseAt: null, limitPerCustomer: null });
    const drop = { productId: PRODUCT, releaseAt: '2026-12-01T08:30:00.000Z', limitPerCustomer: 3 };
    api.answer('PUT /api/admin/products/:id/drop', () => ({ body: { drop } }));
    fireEvent.change(releaseInput(), { target: { value: '2026-12-01T09:30' } });
    fireEvent.change(limitInput(), { target: { value: '3' } });
    save();
    expect(await findToast('Drop settings saved')).toEqual({
      type: 'success',
      title: 'Drop settings saved',
      description: null,
    });
    expect(calls).toEqual([
      {
        url: `/api/admin/products/${PRODUCT}/drop`,
        method: 'PUT',
        body: { releaseAt: '2026-12-01T08:30:00.000Z', limitPerCustomer: 3 },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(drop);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: adminKeys.products.all() });
  });

  it('clears both with empty fields', async () => {
    renderForm({ releaseAt: '2026-11-24T17:00:00.000Z', limitPerCustomer: 2 });
    api.answer('PUT /api/admin/products/:id/drop', () => ({
      body: { drop: { productId: PRODUCT, releaseAt: null, limitPerCustomer: null } },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear the release time' }));
    expect(releaseInput().value).toBe('');
    fireEvent.change(limitInput(), { target: { value: '' } });
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ releaseAt: null, limitPerCustomer: null });
  });

  it('says what is wrong before sending anything', async () => {
    renderForm({ releaseAt: null, limitPerCustomer: null });
    fireEvent.change(limitInput(), { target: { value: '1.5' } });
    save();
    expect(await screen.findByText('Limit per customer must be a whole number')).toBeTruthy();
    expect(limitInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(limitInput(), { target: { value: '0' } });
    save();
    expect(await screen.findByText('Limit per customer must be at least 1')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal by the field and in a toast", async () => {
    renderForm({ releaseAt: null, limitPerCustomer: null });
    api.answer('PUT /api/admin/products/:id/drop', () => ({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'Limit per customer must be at most 999',
          fields: { limitPerCustomer: 'Limit per customer must be at most 999' },
        },
      },
    }));
    fireEvent.change(limitInput(), { target: { value: '5' } });
    save();
    expect(await findToast('Failed to save drop settings')).toEqual({
      type: 'error',
      title: 'Failed to save drop settings',
      description: 'Limit per customer must be at most 999',
    });
    expect(screen.getByText('Limit per customer must be at most 999', { selector: 'p' })).toBeTruthy();
  });
});

describe('readDropForm', () => {
  it('reads the fields as the API wants them', () => {
    expect(readDropForm('2027-01-01T00:30', '10')).toEqual({
      ok: true,
      value: { releaseAt: '2026-12-31T23:30:00.000Z', limitPerCustomer: 10 },
    });
    expect(readDropForm('', '')).toEqual({ ok: true, value: { releaseAt: null, limitPerCustomer: null } });
    expect(readDropForm('2026-13-01T10:00', '1000')).toEqual({
      ok: false,
      errors: {
        releaseAt: 'Please enter a valid release date and time',
        limitPerCustomer: 'Limit per customer must be at most 999',
      },
    });
  });
});
