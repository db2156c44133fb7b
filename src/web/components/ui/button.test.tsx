// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';

describe('Button', () => {
  afterEach(cleanup);

  it('is a plain button unless told to submit, so it never submits a form by accident', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button>Add size</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Add size' }).getAttribute('type')).toBe('button');
    fireEvent.click(screen.getByRole('button', { name: 'Add size' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
  });

  it('while busy is disabled, marked busy and says what it is doing', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button busy busyLabel="Saving..." onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps its words while busy when no busy label is given', () => {
    render(<Button busy>Pay Now</Button>);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toHaveProperty('disabled', true);
  });

  it('gives links the same look by variant and width', () => {
    expect(buttonClass()).toContain('bg-brand');
    expect(buttonClass({ variant: 'secondary' })).toContain('border-neutral-900');
    expect(buttonClass({ variant: 'danger' })).toContain('bg-red-700');
    expect(buttonClass({ block: true })).toMatch(/\bw-full\b/);
    expect(buttonClass()).not.toMatch(/\bw-full\b/);
  });
});
