// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './badge';
import { Card } from './card';
import { Empty } from './empty';
import { LoadError } from './load-error';
import { Loading } from './loading';

afterEach(cleanup);

describe('Badge, Card, Loading, Empty and LoadError', () => {
  it('a badge says what it is about to screen readers, its colour only repeating the words', () => {
    render(
      <Badge tone="green" label="Order status: ">
        Delivered
      </Badge>,
    );
    const badge = screen.getByText('Delivered');
    expect(badge.textContent).toBe('Order status: Delivered');
    expect(badge.className).toContain('bg-green-100');
    expect(within(badge).getByText('Order status:').className).toBe('sr-only');
  });

  it('a card holds its content; loading and empty states are announced', () => {
    render(
      <>
        <Card>
          <p>Inside the card</p>
        </Card>
        <Loading what="emails" />
        <Empty>No emails yet.</Empty>
      </>,
    );
    expect(screen.getByText('Inside the card')).toBeTruthy();
    const [loading, empty] = screen.getAllByRole('status');
    expect(loading!.textContent).toBe('Loading emails...');
    expect(empty!.textContent).toBe('No emails yet.');
  });

  it('a failed read says so at once and offers to try again', () => {
    const onRetry = vi.fn();
    render(<LoadError message="Failed to load orders" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load orders');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
