// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const props = {
  open: true,
  title: 'Delete this address?',
  message: 'Ada Bello, 1 Marina Road will be removed.',
  confirmLabel: 'Delete',
  busyLabel: 'Deleting...',
};

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('asks its question by title and message, with Cancel focused first', () => {
    render(<ConfirmDialog {...props} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(props.message);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('bg-red-700');
  });

  it('answers with onConfirm or onCancel', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...props} onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while busy says what it is doing and cannot be confirmed, cancelled or dismissed again', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...props} busy onConfirm={onConfirm} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: 'Deleting...' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    const pressEscape = new Event('cancel', { cancelable: true });
    screen.getByRole('dialog').dispatchEvent(pressEscape);
    expect(pressEscape.defaultPrevented).toBe(true);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('a question that destroys nothing confirms with the primary style', () => {
    render(
      <ConfirmDialog
        {...props}
        confirmLabel="Publish"
        tone="primary"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Publish' }).className).toContain('bg-brand');
  });
});
