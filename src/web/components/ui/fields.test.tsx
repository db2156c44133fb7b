// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField, NumberField, SelectField, TextareaField, TextField } from './fields';

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('form fields', () => {
  afterEach(cleanup);

  it('label every control and tie the hint and the error to it', () => {
    render(
      <>
        <TextField
          label="Email"
          type="email"
          hint="We send the receipt here."
          error="Please enter a valid email"
        />
        <NumberField label="Price" prefix="₦" error="Price must be positive" />
        <SelectField
          label="State"
          options={['Lagos', 'Oyo']}
          placeholder="Select a state"
          hint="Where it ships"
        />
        <TextareaField label="Notes" error="Too long" />
        <CheckboxField label="Same as shipping" hint="Billing copies shipping" />
      </>,
    );
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(describedBy(email)).toEqual(['Please enter a valid email', 'We send the receipt here.']);
    expect(describedBy(screen.getByLabelText('Price'))).toEqual(['Price must be positive']);
    const state = screen.getByLabelText('State');
    expect(state.getAttribute('aria-invalid')).toBe('false');
    expect(describedBy(state)).toEqual(['Where it ships']);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a state',
      'Lagos',
      'Oyo',
    ]);
    expect(describedBy(screen.getByLabelText('Notes'))).toEqual(['Too long']);
    expect(describedBy(screen.getByRole('checkbox', { name: 'Same as shipping' }))).toEqual([
      'Billing copies shipping',
    ]);
  });

  it('say nothing extra when there is no hint or error', () => {
    render(<TextField label="City" />);
    const city = screen.getByLabelText('City');
    expect(city.getAttribute('aria-describedby')).toBeNull();
    expect(city.getAttribute('aria-invalid')).toBe('false');
  });

  it('tell two fields with the same visible label apart for screen readers', () => {
    render(
      <>
        <TextField label="Full name" />
        <TextField label="Full name" hiddenLabel="billing" />
      </>,
    );
    expect(screen.getByLabelText('Full name', { exact: true })).toBeTruthy();
    expect(screen.getByLabelText('Full name (billing)')).toBeTruthy();
  });

  it('take the number keyboard for numbers, whole or not', () => {
    render(
      <>
        <NumberField label="Stock" integer suffix="units" />
        <NumberField label="Price" prefix="₦" />
      </>,
    );
    expect(screen.getByLabelText('Stock').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Price').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Price').getAttribute('type')).toBe('text');
  });

  it("take react-hook-form's register as it is", async () => {
    const submitted = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm({
        defaultValues: { name: 'Ada', state: 'Oyo', notes: '', gift: false, stock: '3' },
      });
      return (
        <form onSubmit={handleSubmit(submitted)}>
          <TextField label="Name" {...register('name')} />
          <SelectField label="State" options={['Lagos', 'Oyo']} {...register('state')} />
          <TextareaField label="Notes" {...register('notes')} />
          <CheckboxField label="Gift" {...register('gift')} />
          <NumberField label="Stock" integer {...register('stock')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada Bello' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Lagos' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Gate 2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gift' }));
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0]?.[0]).toEqual({
      name: 'Ada Bello',
      state: 'Lagos',
      notes: 'Gate 2',
      gift: true,
      stock: '12',
    });
  });
});
