// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

function Paged({ total, pageSize = 20, start = 1 }: { total: number; pageSize?: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pager page={page} pageSize={pageSize} total={total} onPage={setPage} what="orders" />;
}

describe('Pager', () => {
  afterEach(cleanup);

  it('says which part of the list is shown and where the reader is, as a named navigation', () => {
    render(<Paged total={45} />);
    const nav = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(within(nav).getByText('Showing 1–20 of 45 orders').getAttribute('aria-live')).toBe('polite');
    expect(within(nav).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(within(nav).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
  });

  it('moves a page at a time, and the last page shows what is left', () => {
    render(<Paged total={45} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 21–40 of 45 orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 41–45 of 45 orders')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('keeps the keyboard in place: at either end the focus goes to the button still usable', () => {
    render(<Paged total={45} start={2} />);
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    expect(next).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
  });

  it('has no buttons for one page, says one in the singular, and shows nothing for none', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager page={1} pageSize={20} total={1} onPage={onPage} what="entries" one="entry" />,
    );
    expect(screen.getByText('Showing 1–1 of 1 entry')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<Pager page={1} pageSize={20} total={0} onPage={onPage} what="entries" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
