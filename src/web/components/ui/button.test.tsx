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

  it('draws an icon button round, in the colour around it, and names it for screen readers', () => {
    render(
      <Button variant="icon" aria-label="Close search">
        <svg aria-hidden="true" />
      </Button>,
    );
    const close = screen.getByRole('button', { name: 'Close search' });
    expect(close.className).toMatch(/\brounded-full\b/);
    expect(close.className).toMatch(/\bh-11 w-11\b/);
    expect(close.className).toContain('focus-visible:outline-current');
    expect(close.className).not.toContain('bg-brand');
  });

  it('refuses an icon button without a name: the type says so, and the console too', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // @ts-expect-error an icon button needs aria-label or aria-labelledby
    render(<Button variant="icon">×</Button>);
    expect(error).toHaveBeenCalledWith('An icon Button needs a name: give it aria-label or aria-labelledby.');
    error.mockClear();
    render(
      <>
        <span id="dismiss-label">Dismiss</span>
        <Button variant="icon" aria-labelledby="dismiss-label">
          ×
        </Button>
      </>,
    );
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    error.mockRestore();
  });

  it('has words that read as a link or a small action, and a bare one whose content is the button', () => {
    render(
      <p className="text-red-700">
        Didn't get it?{' '}
        <Button variant="link" onClick={() => {}}>
          try again
        </Button>
        <Button variant="text" disabled>
          Set as default
        </Button>
        <Button variant="bare" aria-pressed aria-label="Show image 1 of 3">
          <img alt="" />
        </Button>
      </p>,
    );
    const link = screen.getByRole('button', { name: 'try again' });
    expect(link.getAttribute('type')).toBe('button');
    expect(link.className).toMatch(/\bunderline\b/);
    // Words take the colour of the text around them: no colour of their own, no box.
    expect(link.className).not.toMatch(/\btext-neutral-\d+\b|\bmin-h-/);
    const text = screen.getByRole('button', { name: 'Set as default' });
    expect(text).toHaveProperty('disabled', true);
    expect(text.className).toContain('px-3');
    const bare = screen.getByRole('button', { name: 'Show image 1 of 3', pressed: true });
    // No look of its own beyond the focus ring: no background, border, padding or shape.
    expect(bare.className).toContain('focus-visible:outline-2');
    expect(bare.className).not.toMatch(/(^|\s)(bg-|border|p[xy]?-|rounded|underline)/);
  });

  it('gives links the same look by variant and width', () => {
    expect(buttonClass()).toContain('bg-brand');
    expect(buttonClass({ variant: 'secondary' })).toContain('border-neutral-900');
    expect(buttonClass({ variant: 'danger' })).toContain('bg-red-700');
    expect(buttonClass({ block: true })).toMatch(/\bw-full\b/);
    expect(buttonClass()).not.toMatch(/\bw-full\b/);
    expect(buttonClass({ variant: 'icon', size: 'sm' })).toMatch(/\bh-10 w-10\b/);
    expect(buttonClass({ variant: 'link', size: 'sm' })).not.toContain('min-h-10');
  });
});
