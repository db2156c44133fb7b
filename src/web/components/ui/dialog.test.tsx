// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

/** An opener button and the dialog it controls, as a page would have them. */
function Harness({
  onClose = () => {},
  dismissible,
  mountOnlyWhileOpen = false,
}: {
  onClose?: () => void;
  dismissible?: boolean;
  mountOnlyWhileOpen?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  const dialog = (
    <Dialog
      open={open}
      onClose={close}
      title="Size Guide"
      closeLabel="Close Size Guide"
      dismissible={dismissible}
    >
      <p>Measurements</p>
      <button type="button" data-autofocus>
        Inside
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Done
      </button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open guide
      </button>
      {mountOnlyWhileOpen ? (open ? dialog : null) : dialog}
    </>
  );
}

const dialogElement = () => document.querySelector('dialog') as HTMLDialogElement;

function openIt() {
  const opener = screen.getByRole('button', { name: 'Open guide' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('opens as a modal labelled by its title, with the focus on the marked control', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    expect(dialogElement().open).toBe(false);
    openIt();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Size Guide' })).toBe(dialogElement());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    showModal.mockRestore();
  });

  it('closes from its close button, tells its owner, and gives the focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = openIt();
    fireEvent.click(screen.getByRole('button', { name: 'Close Size Guide' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('does not call onClose when its owner closes it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = openIt();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialogElement().open).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a press on the backdrop, not on a press inside its box', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    openIt();
    const box = { left: 100, right: 300, top: 100, bottom: 300 } as DOMRect;
    vi.spyOn(dialogElement(), 'getBoundingClientRect').mockReturnValue(box);
    fireEvent.click(dialogElement(), { clientX: 150, clientY: 150 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialogElement(), { clientX: 20, clientY: 150 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while not dismissible, Escape (cancel), the backdrop and the close button do nothing', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} dismissible={false} />);
    openIt();
    const cancel = new Event('cancel', { cancelable: true });
    dialogElement().dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    vi.spyOn(dialogElement(), 'getBoundingClientRect').mockReturnValue({
      left: 100,
      right: 300,
      top: 100,
      bottom: 300,
    } as DOMRect);
    fireEvent.click(dialogElement(), { clientX: 20, clientY: 20 });
    expect(screen.getByRole('button', { name: 'Close Size Guide' })).toHaveProperty('disabled', true);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialogElement().open).toBe(true);
  });

  it('gives the focus back when it is unmounted while open', () => {
    render(<Harness mountOnlyWhileOpen />);
    const opener = openIt();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('reads its description after the title, and can hide the title from sight only', () => {
    render(
      <Dialog open onClose={() => {}} title="Search" hideTitle description="Type a product name">
        <input aria-label="Query" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Type a product name',
    );
    expect(screen.getByRole('heading', { name: 'Search' }).parentElement?.className).toContain('sr-only');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('stays open when a dialog inside it (a confirmation) closes', () => {
    const outerClosed = vi.fn();
    function Nested() {
      const [asking, setAsking] = useState(false);
      return (
        <Dialog open onClose={outerClosed} title="Customer">
          <button type="button" onClick={() => setAsking(true)}>
            Ask
          </button>
          <Dialog open={asking} onClose={() => setAsking(false)} title="Sure?">
            <button type="button" onClick={() => setAsking(false)}>
              Yes
            </button>
          </Dialog>
        </Dialog>
      );
    }
    render(<Nested />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const [outer, inner] = [...document.querySelectorAll('dialog')] as HTMLDialogElement[];
    expect(inner!.open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(inner!.open).toBe(false);
    inner!.dispatchEvent(new Event('close'));
    expect(outerClosed).not.toHaveBeenCalled();
    expect(outer!.open).toBe(true);
  });
});
